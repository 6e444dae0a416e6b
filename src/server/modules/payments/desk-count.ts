import { paymentListQuery } from '../../../shared/api/payments';
import { applicationScope } from '../../application-scope';
import { ONE_ROW, type DeskCounters } from '../../desk-counts';
import { listPayments } from './payment-queries';

/** The payment list's total under a filter, as GET /payments/ reads it. */
export const paymentDeskCounters: Pick<DeskCounters, 'payments'> = {
  payments: async (db, user, query) => (await listPayments(db, applicationScope(user), paymentListQuery.parse(query), ONE_ROW)).totals.count,
};
