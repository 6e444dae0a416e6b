import type { PaymentDetail, PaymentListAnswer, PaymentListItem } from '../../../../src/shared/api/payments';
import { GROUPS } from '../../../../src/shared/auth/permissions';
import { DEMO_USERS } from '../demo-users';
import { makeUser } from '../fixtures';

// Stubbed answers of the payments endpoints, shaped by the contract.

/** Payment Officers: every payments.* permission. */
export const paymentOfficer = DEMO_USERS.payments!;
/** NARIC Officers: view, mark paid, refund and review exemptions. */
export const naricOfficer = DEMO_USERS.officer!;
/** May read payments and nothing else. */
export const reader = makeUser({ id: 9, username: 'reader', full_name: 'Rina Reader', groups: [GROUPS.inspectorate], permissions: ['payments.view_payment'] });

export function makeListed(overrides: Partial<PaymentListItem> = {}): PaymentListItem {
  return {
    id: 7,
    status: 'paid',
    application: { id: 31, reference: 'NARIC-2026-00031', status: 'payment_completed', service_type: 1 },
    applicant_name: 'Drita Berisha',
    amount_due: '40.00',
    amount_paid: '40.00',
    amount_refunded: '0.00',
    currency: 'EUR',
    transaction_id: 'TRX-1001',
    method: 'bank_transfer',
    created_at: '2026-11-02T09:00:00Z',
    paid_at: '2026-11-03T10:30:00Z',
    ...overrides,
  };
}

export function listAnswer(results: PaymentListItem[], count = results.length): PaymentListAnswer {
  return {
    count,
    next: null,
    previous: null,
    results,
    totals: { count, amount_due: '1240.00', amount_paid: '1000.50', amount_refunded: '20.00', currency: 'EUR' },
  };
}

export function makePayment(overrides: Partial<PaymentDetail> = {}): PaymentDetail {
  return {
    ...makeListed(),
    status: 'pending',
    amount_paid: null,
    transaction_id: null,
    method: null,
    paid_at: null,
    application: { id: 31, reference: 'NARIC-2026-00031', status: 'payment_pending', service_type: 1, version: 4, service_name: 'University diploma recognition' },
    version: 2,
    recorded_by: null,
    requested_by: { id: 3, full_name: 'Arta Officer' },
    receipt_code: null,
    statement: null,
    refunds: [],
    refundable: '0.00',
    exemption: null,
    updated_at: '2026-11-02T09:00:00Z',
    ...overrides,
  };
}

/** A paid payment with a refund of 10.00 made, 30.00 still refundable. */
export const partlyRefunded = (): PaymentDetail =>
  makePayment({
    status: 'partially_refunded',
    amount_paid: '30.00',
    amount_refunded: '10.00',
    transaction_id: 'TRX-1001',
    method: 'bank_transfer',
    paid_at: '2026-11-03T10:30:00Z',
    recorded_by: { id: 5, full_name: 'Besa Cashier' },
    receipt_code: 'RC-7Q4K-22MX',
    statement: { id: 3, file_name: 'raiffeisen-2026-11-03.csv', line_number: 14 },
    refunds: [{ id: 1, amount: '10.00', reason: 'Charged twice by the bank', refunded_by: { id: 5, full_name: 'Besa Cashier' }, created_at: '2026-11-04T08:00:00Z' }],
    refundable: '30.00',
    application: { id: 31, reference: 'NARIC-2026-00031', status: 'payment_completed', service_type: 1, version: 6, service_name: 'University diploma recognition' },
    version: 5,
  });

/** A pending payment whose applicant asked for an exemption, waiting for review. */
export const awaitingExemption = (): PaymentDetail =>
  makePayment({
    exemption: {
      reason: 'Registered unemployed since March',
      proof_documents: [{ id: 88, file_name: 'unemployment-certificate.pdf', status: 'uploaded' }],
      review: null,
      awaiting_review: true,
    },
  });
