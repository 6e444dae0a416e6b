import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_PATHS } from '../../src/shared/api/applications';
import { composeNotice } from '../../src/server/notices/compose';
import { DEFAULT_NOTICE_TEXTS } from '../../src/server/notices/default-templates';
import { noticeAmount, noticeDate, noticeMoment } from '../../src/server/notices/notice-values';
import { queueNotice } from '../../src/server/notices/queue-notice';
import { applicantNoticeEvent } from '../../src/server/workflow/applicant-messages';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Composing notices: the active template wins over the built-in text, values are
// written for the language, and each workflow action writes its event in the applicant's language.

let server: ServerFixture;

beforeAll(async () => {
  server = await createServerFixture();
});
afterAll(async () => server?.close());

describe('values', () => {
  it('writes dates and money as each language does', () => {
    expect(noticeAmount('en', '1234.5')).toBe('€1,234.50');
    expect(noticeAmount('sq', '40')).toBe('40,00 €');
    expect(noticeAmount('sr', '1234.5')).toBe('1.234,50 €');
    expect(noticeDate('en', '2026-11-24')).toBe('24 November 2026');
    expect(noticeDate('sq', '2026-11-24')).toBe('24 nëntor 2026');
    expect(noticeDate('sr', '2026-12-01')).toBe('1. decembar 2026.');
    // Kosovo's clock (UTC+1 in winter).
    expect(noticeMoment('sr', new Date('2026-11-27T13:00:00Z'))).toBe('27. novembar 2026. u 14:00');
  });
});

describe('composing', () => {
  it('the active template wins over the built-in text; without one the built-in text is used', async () => {
    const values = { applicant_name: 'Arta Krasniqi', reference: 'NARIC-2026-000123', service: 'S', status: 'X', notes: '' };
    const seeded = await composeNotice(server.db, 'status_changed', 'sq', values);
    expect(seeded.subject).toBe('Aplikacioni juaj NARIC-2026-000123: X');
    await server.db.updateTable('notification_templates').set({ active: false }).where('event', '=', 'status_changed').where('language', '=', 'sq').execute();
    await server.db.insertInto('notification_templates').values({ event: 'status_changed', language: 'sq', version: 2, subject: 'Ndryshim: {{reference}}', body: 'Tani: {{status}}\n\n{{notes}}\n\nNARIC' }).execute();
    const edited = await composeNotice(server.db, 'status_changed', 'sq', values);
    // An empty value leaves no empty paragraph.
    expect(edited).toEqual({ subject: 'Ndryshim: NARIC-2026-000123', message: 'Tani: X\n\nNARIC' });
    await server.db.deleteFrom('notification_templates').where('event', '=', 'status_changed').where('language', '=', 'sq').execute();
    const fallback = await composeNotice(server.db, 'status_changed', 'sq', values);
    expect(fallback.subject).toBe(DEFAULT_NOTICE_TEXTS.status_changed.sq.subject.replace('{{reference}}', 'NARIC-2026-000123').replace('{{status}}', 'X'));
  });

  it('marks a confidential event’s row, and delivers an in-app message at once', async () => {
    const user = await server.db.selectFrom('users').select(['id', 'email']).where('username', '=', 'evaluator').executeTakeFirstOrThrow();
    const secret = await queueNotice(server.db, { event: 'password_reset', language: 'en', recipient: { email: user.email, userId: user.id }, values: { temporary_password: 'x' } });
    const inApp = await queueNotice(server.db, { event: 'staff_message', language: 'en', recipient: { email: user.email, userId: user.id }, values: { notes: 'Hi' }, kind: 'system' });
    const rows = await server.db.selectFrom('notification_outbox').select(['id', 'confidential', 'status', 'sent_at', 'recipient_email']).where('id', 'in', [secret, inApp]).orderBy('id').execute();
    expect(rows[0]).toMatchObject({ confidential: true, status: 'pending', sent_at: null, recipient_email: user.email });
    expect(rows[1]).toMatchObject({ confidential: false, status: 'sent', recipient_email: null });
    expect(rows[1]!.sent_at).not.toBeNull();
  });
});

describe('the workflow writes the expected event', () => {
  it('maps actions to events', () => {
    expect(applicantNoticeEvent('request_payment', 'payment_pending')).toBe('payment_requested');
    expect(applicantNoticeEvent('mark_paid', 'payment_completed')).toBe('payment_received');
    expect(applicantNoticeEvent('approve_exemption', 'payment_exempted')).toBe('exemption_approved');
    expect(applicantNoticeEvent('reject_exemption', 'payment_pending')).toBe('exemption_rejected');
    expect(applicantNoticeEvent('update_status', 'needs_clarification')).toBe('documents_missing');
    expect(applicantNoticeEvent('update_status', 'additional_info_required')).toBe('documents_missing');
    expect(applicantNoticeEvent('update_status', 'processing')).toBe('status_changed');
    // Service 1's structured decisions have their own event, which states the appeal notice; the other services' decisions keep theirs.
    for (const action of ['approve', 'reject'] as const) expect(applicantNoticeEvent(action, 'approved')).toBe('recognition_decision_made');
    for (const action of ['answer_request', 'decline_request', 'reject_suspicious'] as const) expect(applicantNoticeEvent(action, 'approved')).toBe('decision_made');
    expect(applicantNoticeEvent('grant_recognition', 'pre_university_recognition')).toBe('recognition_certificate_issued');
    expect(applicantNoticeEvent('deny_recognition', 'pre_university_non_recognition')).toBe('pre_university_recognition_denied');
    expect(applicantNoticeEvent('invalidate', 'approved')).toBe('status_changed');
  });

  it('an action queues its event in the applicant’s language, about the application', async () => {
    const application = await server.db
      .selectFrom('applications')
      .select(['id', 'applicant_id', 'reference'])
      .where('status', '=', 'document_verification')
      .where('service_type', '=', 1)
      .where('archived', '=', false)
      .where('invalidated', '=', false)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await server.db.updateTable('applicants').set({ preferred_language: 'sr' }).where('id', '=', application.applicant_id).execute();
    const headers = await server.authorization('admin');
    const { version } = (await server.app.inject({ url: `/api${APPLICATION_PATHS.detail(application.id)}`, headers })).json() as { version: number };
    const answer = await server.app.inject({
      method: 'POST',
      url: `/api${APPLICATION_PATHS.action(application.id, 'update_status')}`,
      headers,
      payload: { version, to: 'needs_clarification', notes: 'Nedostaje overen prevod diplome.' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const mail = await server.db.selectFrom('notification_outbox').select(['event', 'language', 'subject', 'message', 'kind', 'status']).where('application_id', '=', application.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ event: 'documents_missing', language: 'sr', kind: 'email', status: 'pending', subject: `Potrebna dokumenta za vaš zahtev ${application.reference}` });
    expect(mail.message).toContain('Nedostaje overen prevod diplome.');
  });
});
