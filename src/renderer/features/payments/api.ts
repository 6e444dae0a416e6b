import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { APPLICATION_PATHS } from '../../../shared/api/applications';
import {
  PAYMENT_PATHS,
  paymentDetail,
  paymentListAnswer,
  type PaymentExportRequest,
  type PaymentMethod,
} from '../../../shared/api/payments';
import { apiClient } from '../../lib/app-api-client';
import { fileNameOf, type SavedFile } from '../../lib/save-file';
import type { PaymentListRequest } from './payment-list-query';
import { invalidate, queryKeys, STALE_AFTER } from '../../lib/query-keys';

// The payments calls the screens make. Writes name the reader's language: the server
// sends its refusals in it. Marking paid and the exemption review are the application's workflow
// actions; a refund is the payments module's own. After any of them every payment list and this
// payment's details are asked again (the totals and the application's status move with them).

export function usePaymentList(query: PaymentListRequest) {
  return useQuery({
    queryKey: queryKeys.payments.list(query),
    queryFn: () => apiClient.get(PAYMENT_PATHS.list, paymentListAnswer, query),
    placeholderData: keepPreviousData,
  });
}

export function usePaymentDetail(id: number) {
  return useQuery({ queryKey: queryKeys.payment(id), queryFn: () => apiClient.get(PAYMENT_PATHS.detail(id), paymentDetail), retry: false, enabled: id > 0 });
}

function useRefreshAfter(paymentId: number, applicationId: number) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: queryKeys.payment(paymentId) });
    void client.invalidateQueries({ queryKey: queryKeys.application.detail(applicationId) });
    invalidate(client, STALE_AFTER.paymentChange);
  };
}

export interface MarkPaidInput {
  version: number;
  /** As the server takes it: digits with a decimal point ("40.00"). */
  amount: string;
  transaction_id: string;
  method: PaymentMethod;
  notes?: string;
}

export type ExemptionOutcome = 'approve_exemption' | 'reject_exemption';

async function postAction(path: string, body: unknown, language: string): Promise<void> {
  await apiClient.send('post', path, { json: body, headers: { 'Accept-Language': language } });
}

/** mark_paid on the payment's application, with the application's version. */
export function useMarkPaid(paymentId: number, applicationId: number, language: string) {
  const refresh = useRefreshAfter(paymentId, applicationId);
  return useMutation({
    mutationFn: (input: MarkPaidInput) => postAction(APPLICATION_PATHS.action(applicationId, 'mark_paid'), input, language),
    onSuccess: refresh,
  });
}

/** approve_exemption or reject_exemption on the payment's application. */
export function useExemptionReview(paymentId: number, applicationId: number, language: string) {
  const refresh = useRefreshAfter(paymentId, applicationId);
  return useMutation({
    mutationFn: ({ outcome, version, notes }: { outcome: ExemptionOutcome; version: number; notes: string }) =>
      postAction(APPLICATION_PATHS.action(applicationId, outcome), { version, ...(notes ? { notes } : {}) }, language),
    onSuccess: refresh,
  });
}

/** A refund with the payment's version (412 when someone changed the payment meanwhile). */
export function useRefund(paymentId: number, applicationId: number, language: string) {
  const refresh = useRefreshAfter(paymentId, applicationId);
  return useMutation({
    mutationFn: (input: { version: number; amount: string; reason: string }) => postAction(PAYMENT_PATHS.refunds(paymentId), input, language),
    onSuccess: refresh,
  });
}

/** The filter's payments as a file (CSV or XLSX); the header row is in the reader's language. */
export async function exportPayments(request: PaymentExportRequest, language: string): Promise<SavedFile> {
  const response = await apiClient.send('post', PAYMENT_PATHS.export, { json: request, headers: { 'Accept-Language': language } });
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('Content-Disposition'), `payments.${request.format}`) };
}

/** A paid payment's receipt (PDF), in the reader's language. */
export async function fetchReceipt(id: number, reference: string, language: string): Promise<SavedFile> {
  const response = await apiClient.send('get', PAYMENT_PATHS.receipt(id), { headers: { 'Accept-Language': language } });
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('Content-Disposition'), `receipt-${reference}.pdf`) };
}
