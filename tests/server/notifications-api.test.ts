import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sqServer from '../../locales/sq/server.json';
import {
  NOTIFICATION_MESSAGES,
  NOTIFICATION_PATHS,
  inboxAnswer,
  notificationDetail,
  notificationListAnswer,
  staffRecipientAnswer,
} from '../../src/shared/api/notifications';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// The notifications list, one message, resend, send and the bell (spec §2 "Notifications").

let server: ServerFixture;
const ids: Record<string, number> = {};

async function call(username: string, method: 'GET' | 'POST', path: string, payload?: object, headers: Record<string, string> = {}) {
  return server.app.inject({ method, url: `/api${path}`, headers: { ...(await server.authorization(username)), ...headers }, ...(payload ? { payload } : {}) });
}
const list = async (query: string) => {
  const answer = await call('officer', 'GET', `${NOTIFICATION_PATHS.list}?${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return notificationListAnswer.parse(answer.json());
};

/** An application of the demo whose applicant writes in `language`. */
async function applicationIn(language: 'en' | 'sq' | 'sr') {
  return server.db
    .selectFrom('applications')
    .innerJoin('applicants', 'applicants.id', 'applications.applicant_id')
    .select(['applications.id', 'applications.reference', 'applicants.email', 'applicants.first_name'])
    .where('applicants.preferred_language', '=', language)
    .orderBy('applications.id')
    .executeTakeFirstOrThrow();
}

beforeAll(async () => {
  server = await createServerFixture();
  for (const username of ['admin', 'officer', 'payments', 'content', 'council', 'inspector']) {
    ids[username] = (await server.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  }
});
afterAll(async () => server?.close());

/** Gives a demo user notifications.view_notification (an administrator may grant it to anyone). */
async function grantView(username: string) {
  const permission = await server.db.selectFrom('permissions').select('id').where('app_label', '=', 'notifications').where('codename', '=', 'view_notification').executeTakeFirstOrThrow();
  const user = await server.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  await server.db.insertInto('user_permissions').values({ user_id: user.id, permission_id: permission.id }).onConflict((oc) => oc.doNothing()).execute();
}

describe('the list', () => {
  it('shows the demo history newest first, in every status, with recipients and applications', async () => {
    const page = await list('page_size=100');
    expect(page.count).toBeGreaterThan(40);
    const times = page.results.map((item) => Date.parse(item.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const status of ['sent', 'pending', 'failed'] as const) expect((await list(`status=${status}`)).count).toBeGreaterThan(0);
    const failed = await list('status=failed');
    expect(failed.results.every((item) => item.status === 'failed' && item.attempts === 5)).toBe(true);
    const inApp = await list('kind=system');
    expect(inApp.results.every((item) => item.kind === 'system' && item.recipient_user !== null && item.recipient === item.recipient_user.full_name)).toBe(true);
    const email = page.results.find((item) => item.kind === 'email' && item.application !== null)!;
    expect(email.recipient).toMatch(/@/);
  });

  it('filters by event, application, search and days', async () => {
    const decided = await list('event=decision_made');
    expect(decided.results.every((item) => item.event === 'decision_made')).toBe(true);
    const some = decided.results[0] ?? (await list('kind=email')).results.find((item) => item.application)!;
    const byApplication = await list(`application_id=${some.application!.id}`);
    expect(byApplication.results.length).toBeGreaterThan(0);
    expect(byApplication.results.every((item) => item.application?.id === some.application!.id)).toBe(true);
    const bySearch = await list(`search=${encodeURIComponent(some.application!.reference)}`);
    expect(bySearch.results.map((item) => item.id)).toContain(some.id);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list('date_from=2000-01-01&date_to=2000-01-31')).count).toBe(0);
    expect((await list(`date_from=${today}`)).count).toBeGreaterThan(0);
    expect((await call('officer', 'GET', `${NOTIFICATION_PATHS.list}?status=lost`)).statusCode).toBe(400);
  });

  it('never shows the subject nor the text of a message carrying a secret, nor finds it by its subject', async () => {
    const secret = await server.db
      .selectFrom('notification_outbox')
      .select(['id', 'subject', 'recipient_email'])
      .where('confidential', '=', true)
      .where('subject', 'ilike', '%sign-in code%')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(secret.subject).toBeTruthy();
    const detail = notificationDetail.parse((await call('officer', 'GET', NOTIFICATION_PATHS.detail(secret.id))).json());
    expect(detail).toMatchObject({ id: secret.id, confidential: true, subject: null, message: null });
    // Listed, by its recipient, with the subject withheld; its subject finds nothing.
    const byRecipient = await list(`search=${encodeURIComponent(secret.recipient_email!)}&page_size=200`);
    expect(byRecipient.results.find((item) => item.id === secret.id)).toMatchObject({ confidential: true, subject: null });
    expect((await list(`search=${encodeURIComponent(secret.subject)}&page_size=200`)).results.some((item) => item.confidential)).toBe(false);
    // A temporary password sent by e-mail: its subject is withheld as well, for administrators too.
    const reset = await call('admin', 'POST', `/users/${ids.inspector}/reset-password/`, { delivery: 'email' });
    expect(reset.statusCode, reset.body).toBeLessThan(300);
    const sentReset = await server.db.selectFrom('notification_outbox').select('id').where('event', '=', 'password_reset').where('recipient_user_id', '=', ids.inspector).orderBy('id', 'desc').executeTakeFirstOrThrow();
    for (const reader of ['admin', 'officer']) {
      const answer = notificationDetail.parse((await call(reader, 'GET', NOTIFICATION_PATHS.detail(sentReset.id))).json());
      expect(answer).toMatchObject({ event: 'password_reset', confidential: true, subject: null, message: null });
      const listed = notificationListAnswer.parse((await call(reader, 'GET', `${NOTIFICATION_PATHS.list}?event=password_reset&page_size=200`)).json());
      expect(listed.results.length).toBeGreaterThan(0);
      expect(listed.results.every((item) => item.subject === null)).toBe(true);
    }
    const plain = (await list('status=sent&kind=email')).results.find((item) => !item.confidential)!;
    const plainDetail = notificationDetail.parse((await call('officer', 'GET', NOTIFICATION_PATHS.detail(plain.id))).json());
    expect(plainDetail.message).toBeTruthy();
    expect(plainDetail.subject).toBeTruthy();
    expect((await call('officer', 'GET', NOTIFICATION_PATHS.detail(999_999))).statusCode).toBe(404);
  });

  it('an in-app message’s subject and text are only its recipient’s and its sender’s', async () => {
    const answer = await call('officer', 'POST', NOTIFICATION_PATHS.list, {
      kind: 'system',
      recipient: { type: 'staff', user_id: ids.payments },
      subject: 'Between us: the refund of Mr Hoxha',
      message: 'Please handle it quietly.',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const sent = notificationDetail.parse(answer.json());
    expect(sent).toMatchObject({ subject: 'Between us: the refund of Mr Hoxha', message: 'Please handle it quietly.', private: false });
    // The recipient and the sender read it (the recipient also holds view_notification here).
    await grantView('payments');
    for (const reader of ['officer', 'payments']) {
      expect(notificationDetail.parse((await call(reader, 'GET', NOTIFICATION_PATHS.detail(sent.id))).json())).toMatchObject({ subject: sent.subject, message: sent.message, private: false });
    }
    // A third member of staff who may read the outbox sees that it exists, not what it says.
    for (const reader of ['admin', 'naric.admin']) {
      const detail = notificationDetail.parse((await call(reader, 'GET', NOTIFICATION_PATHS.detail(sent.id))).json());
      expect(detail).toMatchObject({ id: sent.id, kind: 'system', private: true, subject: null, message: null, sender: { id: ids.officer }, recipient_user: { id: ids.payments } });
      const listed = notificationListAnswer.parse((await call(reader, 'GET', `${NOTIFICATION_PATHS.list}?kind=system&page_size=200`)).json());
      expect(listed.results.find((item) => item.id === sent.id)).toMatchObject({ private: true, subject: null });
      const bySubject = notificationListAnswer.parse((await call(reader, 'GET', `${NOTIFICATION_PATHS.list}?search=${encodeURIComponent('refund of Mr Hoxha')}`)).json());
      expect(bySubject.results.map((item) => item.id)).not.toContain(sent.id);
    }
  });
});

describe('resend', () => {
  it('copies a failed message as a new pending one, audited; refuses others and secrets', async () => {
    const failed = (await list('status=failed')).results[0]!;
    const answer = await call('officer', 'POST', NOTIFICATION_PATHS.resend(failed.id), {});
    expect(answer.statusCode, answer.body).toBe(201);
    const copy = notificationDetail.parse(answer.json());
    expect(copy).toMatchObject({ status: 'pending', attempts: 0, resent_from_id: failed.id, subject: failed.subject, recipient: failed.recipient });
    const original = notificationDetail.parse((await call('officer', 'GET', NOTIFICATION_PATHS.detail(failed.id))).json());
    expect(original.resent_as_ids).toEqual([copy.id]);
    const audit = await server.db.selectFrom('audit_log').select(['actor_id', 'details']).where('action', '=', 'notification.resent').where('entity_id', '=', String(copy.id)).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_id).toBe(ids.officer);

    const sent = (await list('status=sent&kind=email')).results.find((item) => !item.confidential)!;
    const refused = await call('officer', 'POST', NOTIFICATION_PATHS.resend(sent.id), {}, { 'accept-language': 'sq' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(sqServer.notifications.messages.notResendable);

    const secret = await server.db.selectFrom('notification_outbox').select('id').where('confidential', '=', true).orderBy('id').executeTakeFirstOrThrow();
    await server.db.updateTable('notification_outbox').set({ status: 'failed' }).where('id', '=', secret.id).execute();
    const refusedSecret = await call('officer', 'POST', NOTIFICATION_PATHS.resend(secret.id), {});
    expect(refusedSecret.statusCode).toBe(409);
    expect(refusedSecret.json().detail).toBe(NOTIFICATION_MESSAGES.confidential);
    expect((await server.db.selectFrom('notification_outbox').select('id').where('resent_from_id', '=', secret.id).execute())).toHaveLength(0);
  });
});

describe('send', () => {
  it('fills a manual template in the applicant’s language, with Albanian and Serbian letters', async () => {
    for (const [language, expected] of [
      ['sq', { subject: 'Nevojiten dokumente për aplikacionin tuaj', letters: 'ë' }],
      ['sr', { subject: 'Potrebna dokumenta za vaš zahtev', letters: 'š' }],
      ['en', { subject: 'Documents needed for your application', letters: 'Dear' }],
    ] as const) {
      const application = await applicationIn(language);
      const answer = await call('officer', 'POST', NOTIFICATION_PATHS.list, {
        kind: 'email',
        recipient: { type: 'applicant', application_id: application.id },
        event: 'documents_missing',
        notes: 'Diploma – certified copy; çështje; đak; žalba.',
      });
      expect(answer.statusCode, answer.body).toBe(201);
      const sent = notificationDetail.parse(answer.json());
      expect(sent).toMatchObject({ kind: 'email', status: 'pending', event: 'documents_missing', language, recipient: application.email, application: { id: application.id }, sender: { id: ids.officer } });
      expect(sent.subject).toBe(`${expected.subject} ${application.reference}`);
      expect(sent.message).toContain(expected.letters);
      expect(sent.message).toContain(application.first_name);
      expect(sent.message).toContain('Diploma – certified copy; çështje; đak; žalba.');
      expect(sent.message).not.toMatch(/\{\{/);
    }
    const audit = await server.db.selectFrom('audit_log').select('id').where('action', '=', 'notification.sent').execute();
    expect(audit.length).toBeGreaterThanOrEqual(3);
  });

  it('sends free text as written', async () => {
    const application = await applicationIn('sq');
    const answer = await call('officer', 'POST', NOTIFICATION_PATHS.list, {
      kind: 'email',
      recipient: { type: 'applicant', application_id: application.id },
      subject: 'Orari i zyrës',
      message: 'Zyra është e mbyllur të premten.',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(notificationDetail.parse(answer.json())).toMatchObject({ event: null, subject: 'Orari i zyrës', message: 'Zyra është e mbyllur të premten.' });
  });

  it('refuses what does not fit the recipient, translated', async () => {
    const application = await applicationIn('en');
    const refusals = [
      [{ kind: 'system', recipient: { type: 'applicant', application_id: application.id }, subject: 'Hi', message: 'x' }, 'kind', NOTIFICATION_MESSAGES.wrongAudience],
      [{ kind: 'email', recipient: { type: 'applicant', application_id: application.id }, event: 'decision_made' }, 'event', NOTIFICATION_MESSAGES.notManual],
      [{ kind: 'email', recipient: { type: 'applicant', application_id: application.id }, event: 'staff_message' }, 'event', NOTIFICATION_MESSAGES.wrongAudience],
      [{ kind: 'system', recipient: { type: 'staff', user_id: ids.payments }, event: 'documents_missing' }, 'event', NOTIFICATION_MESSAGES.wrongAudience],
      [{ kind: 'email', recipient: { type: 'applicant', application_id: 999_999 }, subject: 'Hi', message: 'x' }, 'recipient', NOTIFICATION_MESSAGES.unknownApplication],
      [{ kind: 'email', recipient: { type: 'staff', user_id: 999_999 }, subject: 'Hi', message: 'x' }, 'recipient', NOTIFICATION_MESSAGES.unknownUser],
      [{ kind: 'email', recipient: { type: 'staff', user_id: ids.payments } }, 'subject', NOTIFICATION_MESSAGES.subjectOrTemplate],
    ] as const;
    const before = await server.db.selectFrom('notification_outbox').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    for (const [payload, field, message] of refusals) {
      const answer = await call('officer', 'POST', NOTIFICATION_PATHS.list, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json()[field]).toEqual([message]);
    }
    const translated = await call('officer', 'POST', NOTIFICATION_PATHS.list, refusals[1][0], { 'accept-language': 'sr' });
    expect(translated.json().event).toEqual(['Ovaj šablon šalje samo sistem kada se njegov događaj desi.']);
    const after = await server.db.selectFrom('notification_outbox').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('an in-app staff message lands in that user’s bell, unread, and is marked read by them alone', async () => {
    const staff = staffRecipientAnswer.parse((await call('officer', 'GET', `${NOTIFICATION_PATHS.staffRecipients}?search=Kelmendi`)).json());
    const content = staff.find((person) => person.username === 'content')!;
    expect(content).toMatchObject({ id: ids.content, full_name: 'Liridona Kelmendi' });

    const bellBefore = inboxAnswer.parse((await call('content', 'GET', NOTIFICATION_PATHS.inbox)).json());
    const application = await applicationIn('sq');
    const answer = await call('officer', 'POST', NOTIFICATION_PATHS.list, {
      kind: 'system',
      recipient: { type: 'staff', user_id: content.id },
      event: 'staff_message',
      notes: 'Please check the payment request text.',
      application_id: application.id,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const sent = notificationDetail.parse(answer.json());
    expect(sent).toMatchObject({ kind: 'system', status: 'sent', recipient: 'Liridona Kelmendi', subject: 'Message from Blerta Gashi', read_at: null });
    expect(sent.message).toContain('Please check the payment request text.');

    const bell = inboxAnswer.parse((await call('content', 'GET', NOTIFICATION_PATHS.inbox)).json());
    expect(bell.unread).toBe(bellBefore.unread + 1);
    expect(bell.results[0]).toMatchObject({ id: sent.id, subject: 'Message from Blerta Gashi', read_at: null, sender: { id: ids.officer }, application: { id: application.id, reference: application.reference } });
    const unreadOnly = inboxAnswer.parse((await call('content', 'GET', `${NOTIFICATION_PATHS.inbox}?unread=true`)).json());
    expect(unreadOnly.results.every((item) => item.read_at === null)).toBe(true);
    expect(unreadOnly.count).toBe(bell.unread);

    // Someone else's message does not exist for them.
    expect((await call('officer', 'POST', NOTIFICATION_PATHS.markRead(sent.id), {})).statusCode).toBe(404);
    const read = await call('content', 'POST', NOTIFICATION_PATHS.markRead(sent.id), {});
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ unread: bell.unread - 1 });
    const detail = notificationDetail.parse((await call('officer', 'GET', NOTIFICATION_PATHS.detail(sent.id))).json());
    expect(detail.read_at).not.toBeNull();

    // Other people's messages stay unread when one marks all of theirs read.
    const officerUnread = inboxAnswer.parse((await call('officer', 'GET', NOTIFICATION_PATHS.inbox)).json()).unread;
    expect(officerUnread).toBeGreaterThan(0);
    expect((await call('content', 'POST', NOTIFICATION_PATHS.markAllRead, {})).json()).toEqual({ unread: 0 });
    expect(inboxAnswer.parse((await call('officer', 'GET', NOTIFICATION_PATHS.inbox)).json()).unread).toBe(officerUnread);
  });

  it('an applicant never has an inbox: e-mails are not in anyone’s bell', async () => {
    const bell = inboxAnswer.parse((await call('admin', 'GET', `${NOTIFICATION_PATHS.inbox}?page_size=100`)).json());
    const rows = await server.db.selectFrom('notification_outbox').select('id').where('kind', '=', 'email').where('recipient_user_id', '=', ids.admin).execute();
    const emailIds = new Set(rows.map((row) => row.id));
    expect(bell.results.some((item) => emailIds.has(item.id))).toBe(false);
  });
});
