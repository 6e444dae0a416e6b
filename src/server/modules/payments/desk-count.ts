import { paymentListQuery, statementLineListQuery } from '../../../shared/api/payments';
import { applicationScope } from '../../application-scope';
import { ONE_ROW, type DeskCounters } from '../../desk-counts';
import { listPayments } from './payment-queries';
import { listStatementLines } from './statement-queries';

/** The payment list's and the statement lines' totals under a filter, as GET /payments/ and GET /payments/statement-lines/ read them. */
export const paymentDeskCounters: Pick<DeskCounters, 'payments' | 'statementLines'> = {
  payments: async (db, user, query) => (await listPayments(db, applicationScope(user), paymentListQuery.parse(query), ONE_ROW)).totals.count,
  statementLines: async (db, _user, query) => (await listStatementLines(db, statementLineListQuery.parse(query), ONE_ROW)).count,
};
