import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type SmtpSettings } from '../../src/server/config';
import { createSmtpTransport, type MailTransport } from '../../src/server/jobs/mail-transport';
import { deliverPendingEmails, queueEmail, retryDelayMs, startOutboxWorker, type DeliveryOptions } from '../../src/server/jobs/outbox';
import { createLogger } from '../../src/server/logger';
import { logLines } from '../support/log-lines';
import { startTestMailServer, type TestMailServer } from '../support/smtp-server';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Delivery of the outbox through a real SMTP server (smtp-server on a free local port, every
// message parsed back with mailparser): the text arrives exactly as queued, refusals and an
// unreachable server are retried with backoff and end as 'failed', and a row's outcome is
// always recorded.

const ALBANIAN = 'Kërkesa juaj për njohjen e diplomës është pranuar. Faleminderit, ç’ështëqë';
const SERBIAN = 'Vaš zahtev je primljen: čekamo ćirilicu? Ne — đak, šuma, žuto. ČĆĐŠŽ';

function smtpSettings(url: string, overrides: Partial<SmtpSettings> = {}): SmtpSettings {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: Number(parsed.port),
    tls: 'none',
    user: null,
    password: null,
    from: 'NARIC Kosova <no-reply@naric.example>',
    ca: null,
    maxAttempts: 3,
    timeoutMs: 2_000,
    ...overrides,
  };
}

describe('outbox delivery over SMTP', () => {
  let database: TestDatabase;
  let mail: TestMailServer;
  let transport: MailTransport;
  const { stream, lines } = logLines();
  const log = createLogger('debug', stream);

  beforeAll(async () => {
    database = await createTestDatabase();
    mail = await startTestMailServer();
    transport = createSmtpTransport(smtpSettings(mail.url));
    // The demo's own queued messages are not this file's concern.
    await database.db.updateTable('notification_outbox').set({ status: 'sent' }).where('status', '=', 'pending').execute();
  });
  afterAll(async () => {
    transport?.close();
    await mail?.close();
    await database?.destroy();
  });
  afterEach(async () => {
    mail.messages.length = 0;
    await database.db.updateTable('notification_outbox').set({ status: 'sent' }).where('status', '=', 'pending').execute();
  });

  const options = (overrides: Partial<DeliveryOptions> = {}): DeliveryOptions => ({ demo: false, log, transport, maxAttempts: 3, ...overrides });
  const rowOf = (id: number) =>
    database.db
      .selectFrom('notification_outbox')
      .select(['status', 'attempts', 'last_error', 'sent_at', 'next_attempt_at', 'claimed_until'])
      .select((eb) => eb.fn<Date>('now').as('now'))
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  /** As if the backoff had passed. */
  const makeDue = (id: number) => database.db.updateTable('notification_outbox').set({ next_attempt_at: new Date(Date.now() - 1000) }).where('id', '=', id).execute();

  it('sends subject and body exactly as queued, Albanian and Serbian letters intact, from the configured sender', async () => {
    const subject = `Njoftim – obaveštenje: ë ç č ć đ š ž Ë Ç Č Ć Đ Š Ž`;
    const message = `${ALBANIAN}\n\n${SERBIAN}\nKodi/Kod: 482913`;
    const sq = await queueEmail(database.db, { recipientUserId: null, recipientEmail: 'aplikant@naric.example', subject, message, language: 'sq' });
    const plain = await queueEmail(database.db, { recipientUserId: null, recipientEmail: 'officer@naric.example', subject: 'Plain', message: 'Line one\nLine two' });

    const result = await deliverPendingEmails(database.db, options());
    expect(result).toMatchObject({ sent: 2, retrying: 0, failed: 0, waiting: 0 });
    await mail.waitForMessages(2);

    const received = mail.messages.find((each) => each.envelopeTo.includes('aplikant@naric.example'))!;
    expect(received.subject).toBe(subject);
    expect(received.text.replace(/\n$/, '')).toBe(message);
    expect(received.from).toEqual({ name: 'NARIC Kosova', address: 'no-reply@naric.example' });
    expect(received.to).toBe('aplikant@naric.example');
    expect(received.messageId).toBe(`<naric-outbox-${sq}@naric.example>`);
    expect(received.headers.get('content-language')).toBe('sq');
    const other = mail.messages.find((each) => each.envelopeTo.includes('officer@naric.example'))!;
    expect(other.text.replace(/\n$/, '')).toBe('Line one\nLine two');
    expect(other.messageId).toBe(`<naric-outbox-${plain}@naric.example>`);
    expect(other.headers.get('content-language')).toBe('en');

    const row = await rowOf(sq);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null, claimed_until: null });
    expect(row.sent_at).not.toBeNull();
    // Sent once: a second run finds nothing due.
    expect((await deliverPendingEmails(database.db, options())).sent).toBe(0);
    expect(mail.messages).toHaveLength(2);
  });

  it('never e-mails in-app (system) messages', async () => {
    const inApp = await database.db
      .insertInto('notification_outbox')
      .values({ recipient_user_id: null, recipient_email: 'system@naric.example', kind: 'system', subject: 'In-app only', message: 'Bell' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await deliverPendingEmails(database.db, options());
    expect(mail.messages).toEqual([]);
    expect((await rowOf(inApp.id)).attempts).toBe(0);
  });

  it('SMTP down: retried later with the error kept, then failed after the last attempt; delivered once it is back', async () => {
    await mail.stop();
    try {
      const id = await queueEmail(database.db, { recipientUserId: null, recipientEmail: 'down@naric.example', subject: 'Retry me', message: 'Body' });
      const later = await queueEmail(database.db, { recipientUserId: null, recipientEmail: 'back@naric.example', subject: 'Later', message: 'Body' });

      expect(await deliverPendingEmails(database.db, options())).toMatchObject({ sent: 0, retrying: 2, failed: 0 });
      let row = await rowOf(id);
      expect(row).toMatchObject({ status: 'pending', attempts: 1, claimed_until: null, sent_at: null });
      expect(row.last_error).toMatch(/ECONNREFUSED/);
      // First retry after about 30 s (less a little jitter).
      const firstWait = row.next_attempt_at.getTime() - row.now.getTime();
      expect(firstWait).toBeGreaterThan(26_000);
      expect(firstWait).toBeLessThanOrEqual(30_000);
      // Not due yet: nothing is tried.
      expect(await deliverPendingEmails(database.db, options())).toMatchObject({ sent: 0, retrying: 0, failed: 0 });
      expect((await rowOf(id)).attempts).toBe(1);

      await makeDue(id);
      expect(await deliverPendingEmails(database.db, options())).toMatchObject({ retrying: 1 });
      row = await rowOf(id);
      expect(row).toMatchObject({ status: 'pending', attempts: 2 });
      // The wait doubles.
      expect(row.next_attempt_at.getTime() - row.now.getTime()).toBeGreaterThan(53_000);

      await makeDue(id);
      expect(await deliverPendingEmails(database.db, options())).toMatchObject({ failed: 1 });
      row = await rowOf(id);
      expect(row).toMatchObject({ status: 'failed', attempts: 3, claimed_until: null, sent_at: null });
      expect(row.last_error).toMatch(/ECONNREFUSED/);
      expect(lines.some((line) => line.outbox_id === id && line.msg === 'e-mail failed: no more attempts')).toBe(true);

      await mail.start();
      await makeDue(id);
      await makeDue(later);
      expect(await deliverPendingEmails(database.db, options())).toMatchObject({ sent: 1 });
      // The failed one stays failed; the other went out on its second attempt.
      expect((await rowOf(id)).status).toBe('failed');
      expect(await rowOf(later)).toMatchObject({ status: 'sent', attempts: 2 });
      expect(mail.messages.map((each) => each.subject)).toEqual(['Later']);
    } finally {
      await mail.start().catch(() => undefined);
    }
  });

  it('a recipient refused with 5xx is retried and then failed; the others are sent', async () => {
    mail.refuse('gone@naric.example');
    const ids = await Promise.all(
      ['one@naric.example', 'gone@naric.example', 'two@naric.example'].map((to) =>
        queueEmail(database.db, { recipientUserId: null, recipientEmail: to, subject: `To ${to}`, message: 'Body' }),
      ),
    );
    expect(await deliverPendingEmails(database.db, options())).toMatchObject({ sent: 2, retrying: 1 });
    expect(mail.messages.map((each) => each.envelopeTo[0]).sort()).toEqual(['one@naric.example', 'two@naric.example']);
    const refused = await rowOf(ids[1]!);
    expect(refused).toMatchObject({ status: 'pending', attempts: 1 });
    expect(refused.last_error).toMatch(/^EENVELOPE: .*550 5\.1\.1 <gone@naric\.example>: mailbox unavailable/);
    for (let attempt = 2; attempt <= 3; attempt += 1) {
      await makeDue(ids[1]!);
      await deliverPendingEmails(database.db, options());
    }
    expect(await rowOf(ids[1]!)).toMatchObject({ status: 'failed', attempts: 3 });
    expect(await rowOf(ids[0]!)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(mail.messages).toHaveLength(2);
  });

  it('the outcome is recorded whatever the send throws, and a message without an address fails rather than waits forever', async () => {
    const throwing: MailTransport = {
      description: 'broken',
      send: () => Promise.reject(Object.assign(new Error('unexpected\n  multi-line   failure'), { code: 'EWEIRD' })),
      describeFailure: (error) => transport.describeFailure(error),
      close: () => undefined,
    };
    const id = await queueEmail(database.db, { recipientUserId: null, recipientEmail: 'x@naric.example', subject: 'S', message: 'M' });
    await deliverPendingEmails(database.db, options({ transport: throwing, maxAttempts: 1 }));
    expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: 1, last_error: 'EWEIRD: unexpected multi-line failure', claimed_until: null });

    // A user's message whose address was never filled in.
    const user = await database.db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow();
    const noAddress = await database.db
      .insertInto('notification_outbox')
      .values({ recipient_user_id: user.id, recipient_email: null, kind: 'email', subject: 'Nobody', message: 'M' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await deliverPendingEmails(database.db, options({ maxAttempts: 1 }));
    expect(await rowOf(noAddress.id)).toMatchObject({ status: 'failed', last_error: 'the message has no recipient address' });
  });

  it('the worker sends soon when nudged, with a transport', async () => {
    const worker = startOutboxWorker(database.db, { ...options(), intervalMs: 60_000 });
    try {
      const id = await queueEmail(database.db, { recipientUserId: null, recipientEmail: 'nudged@naric.example', subject: 'Nudged', message: 'Now' });
      worker.nudge();
      await mail.waitForMessages(1, 5_000);
      for (let i = 0; i < 50 && (await rowOf(id)).status !== 'sent'; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await rowOf(id)).status).toBe('sent');
    } finally {
      await worker.stop();
    }
  });

  it('backs off 30 s, 1 min, 2 min … up to an hour, with a little jitter downwards', () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts, () => 0))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(12, () => 0)).toBe(3_600_000);
    expect(retryDelayMs(1, () => 1)).toBe(27_000);
  });
});

describe('SMTP settings through NARIC_SMTP_* (STARTTLS, a private CA, a login)', () => {
  let folder: string;
  let mail: TestMailServer;
  let clearText: TestMailServer;
  let database: TestDatabase;
  const { stream } = logLines();
  const log = createLogger('info', stream);

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'naric-smtp-tls-'));
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost',
      '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout', join(folder, 'key.pem'), '-out', join(folder, 'cert.pem'),
    ], { stdio: 'ignore' });
    const tls = { key: readFileSync(join(folder, 'key.pem'), 'utf8'), cert: readFileSync(join(folder, 'cert.pem'), 'utf8') };
    mail = await startTestMailServer({ tls, login: { user: 'naric@naric.example', password: 'p@ss:wörd/1' } });
    clearText = await startTestMailServer();
    database = await createTestDatabase();
    await database.db.updateTable('notification_outbox').set({ status: 'sent' }).where('status', '=', 'pending').execute();
  });
  afterAll(async () => {
    await mail?.close();
    await clearText?.close();
    await database?.destroy();
    rmSync(folder, { recursive: true, force: true });
  });

  const configured = (env: Record<string, string>) => loadConfig({ NARIC_DATA_DIR: folder, ...env }, { cwd: folder }).smtp!;

  it('sends over required STARTTLS, trusting the CA file, logged in with the URL credentials', async () => {
    writeFileSync(join(folder, 'ca.pem'), readFileSync(join(folder, 'cert.pem')));
    const settings = configured({
      NARIC_SMTP_URL: `smtp://${encodeURIComponent('naric@naric.example')}:${encodeURIComponent('p@ss:wörd/1')}@127.0.0.1:${mail.port}`,
      NARIC_SMTP_CA_FILE: 'ca.pem',
      NARIC_SMTP_FROM: 'no-reply@naric.example',
    });
    expect(settings).toMatchObject({ tls: 'starttls', user: 'naric@naric.example', password: 'p@ss:wörd/1' });
    const transport = createSmtpTransport(settings);
    try {
      const id = await queueEmail(database.db, { recipientUserId: null, recipientEmail: 'tls@naric.example', subject: 'Over TLS', message: 'Encrypted' });
      expect(await deliverPendingEmails(database.db, { demo: false, log, transport })).toMatchObject({ sent: 1 });
      expect(mail.messages[0]).toMatchObject({ subject: 'Over TLS', user: 'naric@naric.example', from: { name: '', address: 'no-reply@naric.example' } });
      expect(mail.messages[0]!.messageId).toBe(`<naric-outbox-${id}@naric.example>`);
    } finally {
      transport.close();
    }
  });

  it('a wrong password is kept as the server answer, never the password itself', async () => {
    const settings = configured({
      NARIC_SMTP_URL: `smtp://naric%40naric.example:Wrong-Secret-123@127.0.0.1:${mail.port}`,
      NARIC_SMTP_CA_FILE: join(folder, 'cert.pem'),
    });
    const transport = createSmtpTransport(settings);
    try {
      const id = await queueEmail(database.db, { recipientUserId: null, recipientEmail: 'tls@naric.example', subject: 'Bad login', message: 'M' });
      await deliverPendingEmails(database.db, { demo: false, log, transport });
      const row = await database.db.selectFrom('notification_outbox').select(['status', 'last_error']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.status).toBe('pending');
      expect(row.last_error).toBe('EAUTH: Invalid login: 535 Invalid username or password');
      expect(row.last_error).not.toContain('Wrong-Secret-123');
    } finally {
      transport.close();
    }
  });

  it('without the CA the certificate is not trusted, and required STARTTLS refuses a server that does not offer it', async () => {
    for (const [url, expected] of [
      [`smtp://127.0.0.1:${mail.port}`, /certificate/i],
      [`smtp://127.0.0.1:${clearText.port}`, /STARTTLS/],
    ] as const) {
      const transport = createSmtpTransport(configured({ NARIC_SMTP_URL: url }));
      try {
        const id = await queueEmail(database.db, { recipientUserId: null, recipientEmail: 'x@naric.example', subject: 'Refused', message: 'M' });
        await deliverPendingEmails(database.db, { demo: false, log, transport });
        const row = await database.db.selectFrom('notification_outbox').select(['status', 'attempts', 'last_error']).where('id', '=', id).executeTakeFirstOrThrow();
        expect(row).toMatchObject({ status: 'pending', attempts: 1 });
        expect(row.last_error).toMatch(expected);
      } finally {
        transport.close();
      }
    }
    expect(clearText.messages).toEqual([]);
  });

  it('NARIC_SMTP_TLS=none sends to a relay without TLS', async () => {
    const transport = createSmtpTransport(configured({ NARIC_SMTP_URL: `smtp://127.0.0.1:${clearText.port}`, NARIC_SMTP_TLS: 'none' }));
    try {
      await database.db.updateTable('notification_outbox').set({ status: 'sent' }).where('status', '=', 'pending').execute();
      await queueEmail(database.db, { recipientUserId: null, recipientEmail: 'relay@naric.example', subject: 'Relayed', message: 'M' });
      expect(await deliverPendingEmails(database.db, { demo: false, log, transport })).toMatchObject({ sent: 1 });
      expect(clearText.messages.map((each) => each.subject)).toEqual(['Relayed']);
    } finally {
      transport.close();
    }
  });
});
