import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Payments (issue 16, src/shared/api/payments.ts): the list and totals, one payment, refunds, the
// receipt and its public verification, the export, and the bank statement import. Each concern
// registers its own routes.
export const paymentRoutes: FastifyPluginAsyncZod = async () => {};
