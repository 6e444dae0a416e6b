import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PAYMENT_LIMITS, PAYMENT_PATHS, paymentExportRequest } from '../../../shared/api/payments';
import { applicationScope } from '../../application-scope';
import { currentUser, requirePermission } from '../../auth-context';
import { contentDisposition } from '../../downloads';
import { conflict } from '../../errors';
import { translateRefusals } from '../../refusal-texts';
import { requestLanguage } from '../../request-language';
import { SPREADSHEET_MEDIA_TYPES, spreadsheetFileName } from '../../spreadsheet-export';
import { exportedPayments, paymentsFile } from './payment-export';
import { matchingPayments } from './payment-filter';
import { translatePaymentRefusal } from './payment-texts';

// POST /payments/export/ (issue 16, spec §2 "Payments"): every payment the filter matches for the
// reader, at most PAYMENT_LIMITS.exportCap (409 above it), as CSV or XLSX, streamed as it is
// written. Audited: a file of people's payments leaves the system.

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
      const { count } = await matchingPayments(db, scope, filter)
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .executeTakeFirstOrThrow();
      if (Number(count) > PAYMENT_LIMITS.exportCap) throw conflict('payment_export_too_large', {}, { count: Number(count), cap: PAYMENT_LIMITS.exportCap });

      await db
        .insertInto('audit_log')
        .values({
          actor_id: user.id,
          action: 'payment.export',
          entity_type: 'payment',
          entity_id: null,
          details: JSON.stringify({ format, count: Number(count), filter }),
          ip: request.ip ?? null,
        })
        .execute();

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
