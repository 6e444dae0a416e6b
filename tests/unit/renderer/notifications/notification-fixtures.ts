import type { NotificationDetail, NotificationListItem } from '../../../../src/shared/api/notifications';

export function makeItem(overrides: Partial<NotificationListItem> = {}): NotificationListItem {
  return {
    id: 7,
    kind: 'email',
    status: 'failed',
    event: 'payment_requested',
    recipient: 'arta.krasniqi@example.org',
    recipient_user: null,
    subject: 'Payment requested for NARIC-2026-900001',
    language: 'en',
    application: { id: 901, reference: 'NARIC-2026-900001' },
    attempts: 3,
    created_at: '2026-11-20T09:15:00Z',
    sent_at: null,
    confidential: false,
    private: false,
    ...overrides,
  };
}

export function makeDetail(overrides: Partial<NotificationDetail> = {}): NotificationDetail {
  return {
    ...makeItem(),
    message: 'Dear Arta Krasniqi,\n\nplease pay €40.00.\nReference: NARIC-2026-900001',
    last_error: 'SMTP 550: mailbox unavailable',
    next_attempt_at: null,
    sender: { id: 3, full_name: 'Blerta Gashi' },
    read_at: null,
    resent_from_id: null,
    resent_as_ids: [],
    ...overrides,
  };
}

export const page = <T>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
export const emptyInbox = { ...page([]), unread: 0 };
