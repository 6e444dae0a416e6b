import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PAYMENT_PATHS, paymentExportRequest } from '../../../shared/api/payments';
import { applicationScope } from '../../application-scope';
import { currentUser, requirePermission } from '../../auth-context';
import { contentDisposition } from '../../downloads';
import { translateRefusals } from '../../refusal-texts';
import { requestLanguage } from '../../request-language';
import { SPREADSHEET_MEDIA_TYPES, spreadsheetFileName } from '../../spreadsheet-export';
import { exportedPayments, paymentsFile, startPaymentExport } from './payment-export';
import { translatePaymentRefusal } from './payment-texts';

// POST /payments/export/ (spec §2 "Payments"): every payment the filter matches for the reader
// (capped and audited by startPaymentExport), as CSV or XLSX, streamed as it is written.

const tags = ['payments'];

export const paymentExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  translateRefusals(app, translatePaymentRefusal);

  app.post(
    PAYMENT_PATHS.export,
    {
      preHandler: requirePermission('payments.view_payment'),
      schema: {
        tags,
        summary: 'The payments a filter matches as a CSV (UTF-8 with BOM) or XLSX file, header in the caller’s language (409 over the cap)',
        // No answer schema for 200: a file, not JSON (refusals are the usual error bodies).
        body: paymentExportRequest,
      },
    },
    async (request, reply) => {
      const { filter, format } = request.body;
      const user = currentUser(request);
      const scope = applicationScope(user);
      await startPaymentExport(db, scope, { filter, format }, { id: user.id, ip: request.ip ?? null });
      const language = requestLanguage(request);
      const rows = exportedPayments(db, scope, filter, language);
      return reply
        .header('content-type', SPREADSHEET_MEDIA_TYPES[format])
        .header('content-disposition', contentDisposition(spreadsheetFileName('payments', format, new Date()), 'attachment'))
        // Personal data: no cache keeps a copy.
        .header('cache-control', 'no-store')
        .send(paymentsFile(format, rows, language));
    },
  );
};
