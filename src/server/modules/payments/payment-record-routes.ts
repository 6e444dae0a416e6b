import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HTTP_STATUS, detailError, fieldErrors } from '../../../shared/api/drf';
import { PAYMENT_PATHS, paymentDetail, paymentIdParams, paymentListAnswer, paymentListQuery, refundRequest } from '../../../shared/api/payments';
import { applicationScope } from '../../application-scope';
import { currentUser, requirePermission } from '../../auth-context';
import { notFound } from '../../errors';
import { pageAnswer, pageWindow } from '../../pagination';
import { translateRefusals } from '../../refusal-texts';
import { requestLanguage } from '../../request-language';
import { findPaymentDetail, listPayments } from './payment-queries';
import { translatePaymentRefusal } from './payment-texts';
import { refundPayment } from './refunds';

// The payments' records (spec §2 "Payments", §6): the list with the totals of what the
// filter matches, one payment's details, and refunds. Readers need payments.view_payment and see
// the payments of applications they may see; refunds need payments.process_refund. Refusals come
// in the caller's language.

const tags = ['payments'];
const refusal = z.union([detailError, fieldErrors]);
const PAYMENT_ROUTE = '/payments/:id/';
const canView = requirePermission('payments.view_payment');

export const paymentRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  translateRefusals(app, translatePaymentRefusal);

  app.get(
    PAYMENT_PATHS.list,
    {
      preHandler: canView,
      schema: {
        tags,
        summary:
          'Payments: filter by status, service, method, day (paid, else asked for; the office’s calendar), amount due, words in reference, transaction ID or applicant; sort; page; totals of the whole filter',
        querystring: paymentListQuery,
        response: { [HTTP_STATUS.ok]: paymentListAnswer, [HTTP_STATUS.notFound]: detailError },
      },
    },
    async (request) => {
      const { page, page_size } = request.query;
      const { totals, rows } = await listPayments(db, applicationScope(currentUser(request)), request.query, pageWindow({ page, page_size }));
      return { ...pageAnswer(request, { page, page_size }, totals.count, rows), totals };
    },
  );

  app.get(
    PAYMENT_ROUTE,
    {
      preHandler: canView,
      schema: {
        tags,
        summary: 'One payment: the application, who asked for and recorded it, its statement line, refunds, what may still be refunded, the exemption request and its review',
        params: paymentIdParams,
        response: { [HTTP_STATUS.ok]: paymentDetail, [HTTP_STATUS.notFound]: detailError },
      },
    },
    async (request) => {
      const found = await findPaymentDetail(db, applicationScope(currentUser(request)), request.params.id, requestLanguage(request));
      if (!found) throw notFound();
      return found;
    },
  );

  app.post(
    '/payments/:id/refunds/',
    {
      preHandler: requirePermission('payments.process_refund'),
      schema: {
        tags,
        summary:
          'Refund part or all of a paid payment with a reason (version read, 412 when stale; 409 when not paid; 400 above what was paid and not yet refunded); the application’s history and the audit log record it and the applicant is e-mailed',
        params: paymentIdParams,
        body: refundRequest,
        response: {
          [HTTP_STATUS.ok]: paymentDetail,
          [HTTP_STATUS.badRequest]: refusal,
          [HTTP_STATUS.notFound]: detailError,
          [HTTP_STATUS.conflict]: detailError,
          [HTTP_STATUS.preconditionFailed]: detailError,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const scope = applicationScope(user);
      await refundPayment({ db, user, scope, ip: request.ip ?? null }, request.params.id, request.body);
      const found = await findPaymentDetail(db, scope, request.params.id, requestLanguage(request));
      if (!found) throw notFound();
      return found;
    },
  );
};
