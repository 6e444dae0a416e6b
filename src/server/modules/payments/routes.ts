import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentExportRoutes } from './payment-export-routes';
import { paymentRecordRoutes } from './payment-record-routes';
import { receiptRoutes } from './receipt-routes';
import { statementRoutes } from './statement-routes';

// Payments (src/shared/api/payments.ts): the list and totals, one payment, refunds, the
// receipt and its public verification, the export, and the bank statement import. Each concern
// registers its own routes.
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(paymentRecordRoutes);
  await app.register(receiptRoutes);
  await app.register(paymentExportRoutes);
  await app.register(statementRoutes);
};
