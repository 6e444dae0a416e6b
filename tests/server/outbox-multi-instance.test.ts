import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SmtpSettings } from '../../src/server/config';
import { openPostgres, type AppDatabase } from '../../src/server/db/database';
import { createSmtpTransport, type MailTransport, type OutgoingEmail } from '../../src/server/jobs/mail-transport';
import { deliverPendingEmails, startOutboxWorker, type OutboxWorker } from '../../src/server/jobs/outbox';
import { createLogger } from '../../src/server/logger';
import { startServer, type StartedServer } from '../../src/server/start';
import { logLines } from '../support/log-lines';
import { testConfig } from '../support/server-fixture';
import { startTestMailServer, type TestMailServer } from '../support/smtp-server';
import { copyTemplateDatabase, type DatabaseCopy } from '../support/test-database';

// Several server instances deliver the same outbox: every message reaches the mail
// server exactly once, counted by its Message-ID at a real SMTP server. Two API instances
// (startServer, configured with the SMTP server as in production) and two more outbox workers on
// their own connection pools all run at once on ONE PostgreSQL database; then a claim whose
// instance hangs mid-send expires and another instance sends the message.
// PostgreSQL only (PGlite cannot be shared by processes); skipped, saying so, without it.

const reachable = inject('naricTestTemplate').driver === 'postgres';
if (!reachable) console.warn('outbox-multi-instance.test.ts skipped: no PostgreSQL (set NARIC_TEST_DATABASE_URL to a reachable admin URL)');

const MESSAGES = 200;

async function until(condition: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!reachable)('outbox delivery across instances', () => {
  let database: DatabaseCopy;
  let pool: pg.Pool;
  let mail: TestMailServer;
  let settings: SmtpSettings;
  const servers: StartedServer[] = [];
  const workers: { db: AppDatabase; transport: MailTransport; log: FastifyBaseLogger; lines: Record<string, unknown>[]; worker?: OutboxWorker }[] = [];

  beforeAll(async () => {
    database = await copyTemplateDatabase();
    pool = new pg.Pool({ connectionString: database.location.databaseUrl!, max: 2 });
    // The demo's own queued e-mails are not this file's concern.
    await pool.query(`update notification_outbox set status = 'sent' where status = 'pending'`);
    // A little slowness at the mail server, so the instances' sends overlap.
    mail = await startTestMailServer({ dataDelayMs: 3 });
    settings = {
      host: '127.0.0.1',
      port: mail.port,
      tls: 'none',
      user: null,
      password: null,
      from: 'NARIC <no-reply@naric.example>',
      ca: null,
      maxAttempts: 5,
      timeoutMs: 5_000,
    };
    const config = testConfig({ ...database.location, jwtSecret: randomBytes(32).toString('base64url'), demo: true, port: 0, smtp: settings });
    for (let i = 0; i < 2; i += 1) servers.push(await startServer(config, { logger: createLogger('silent') }));
    for (let i = 0; i < 2; i += 1) {
      const { stream, lines } = logLines();
      workers.push({ db: openPostgres(database.location.databaseUrl!), transport: createSmtpTransport(settings), log: createLogger('debug', stream), lines });
    }
  }, 120_000);

  afterAll(async () => {
    for (const each of workers) {
      await each.worker?.stop();
      each.transport.close();
      await each.db.destroy();
    }
    for (const server of servers) await server.close();
    await mail?.close();
    await pool?.end();
    await database?.dispose();
  });

  it(`${MESSAGES} messages queued at once are each received exactly once while four workers deliver`, async () => {
    // One statement: all become due in the same instant.
    const { rows } = await pool.query<{ id: string }>(
      `insert into notification_outbox (recipient_user_id, recipient_email, kind, subject, message, language)
       select null, 'multi-' || n || '@naric.example', 'email', 'Mesazh ' || n || ' – poruka č ć đ š ž ë ç', 'Body ' || n, 'sq'
       from generate_series(1, ${MESSAGES}) as n returning id`,
    );
    const ids = rows.map((row) => Number(row.id));
    // Small batches so the claims interleave; the two API instances tick on their own every 5 s.
    for (const each of workers) {
      each.worker = startOutboxWorker(each.db, { demo: true, log: each.log, transport: each.transport, batchSize: 10, intervalMs: 40 });
    }
    workers.forEach((each) => each.worker!.nudge());

    const expectedIds = new Set(ids.map((id) => `<naric-outbox-${id}@naric.example>`));
    await until(() => mail.messages.filter((message) => expectedIds.has(message.messageId ?? '')).length >= MESSAGES, 60_000, 'all messages');
    await until(
      async () => Number((await pool.query(`select count(*) as n from notification_outbox where id = any($1) and status = 'sent'`, [ids])).rows[0].n) === MESSAGES,
      10_000,
      'every row marked sent',
    );
    // Late duplicates would arrive now.
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    const ours = mail.messages.filter((message) => expectedIds.has(message.messageId ?? ''));
    const perMessageId = new Map<string, number>();
    for (const message of ours) perMessageId.set(message.messageId!, (perMessageId.get(message.messageId!) ?? 0) + 1);
    expect(perMessageId.size).toBe(MESSAGES);
    expect([...perMessageId.values()].filter((count) => count !== 1)).toEqual([]);
    // Each message went to its own recipient with its own text.
    for (const message of ours) {
      const n = /^multi-(\d+)@/.exec(message.envelopeTo[0]!)![1];
      expect(message.subject).toBe(`Mesazh ${n} – poruka č ć đ š ž ë ç`);
    }

    const states = await pool.query<{ status: string; attempts: number; claimed_until: Date | null }>(
      `select status, attempts, claimed_until from notification_outbox where id = any($1)`,
      [ids],
    );
    expect(states.rows.filter((row) => row.status !== 'sent' || row.attempts !== 1 || row.claimed_until !== null)).toEqual([]);

    // Both standalone workers took part (the API instances may have too).
    const sentBy = workers.map(({ lines }) => new Set(lines.filter((line) => line.msg === 'e-mail sent').map((line) => Number(line.outbox_id))));
    expect(sentBy[0]!.size).toBeGreaterThan(0);
    expect(sentBy[1]!.size).toBeGreaterThan(0);
    expect([...sentBy[0]!].filter((id) => sentBy[1]!.has(id))).toEqual([]);
    for (const each of workers) await each.worker!.stop();
  }, 90_000);

  it('an instance that hangs mid-send loses its expired claim: another instance sends, and the late outcome is not recorded', async () => {
    const { rows } = await pool.query<{ id: string }>(
      `insert into notification_outbox (recipient_user_id, recipient_email, kind, subject, message) values (null, 'claimed@naric.example', 'email', 'Claimed', 'Body') returning id`,
    );
    const id = Number(rows[0]!.id);
    const rowOf = async () =>
      (await pool.query<{ status: string; attempts: number; claimed_until: Date | null }>(`select status, attempts, claimed_until from notification_outbox where id = $1`, [id]))
        .rows[0]!;

    // Instance A claims it and then hangs in the middle of the send.
    let releaseHungSend: () => void = () => undefined;
    let hungOn: OutgoingEmail | null = null;
    const hanging: MailTransport = {
      description: 'hangs',
      send: (email) =>
        new Promise<void>((resolve) => {
          hungOn = email;
          releaseHungSend = resolve;
        }),
      describeFailure: String,
      close: () => undefined,
    };
    const { stream, lines } = logLines();
    const hungDelivery = deliverPendingEmails(workers[0]!.db, { demo: false, log: createLogger('info', stream), transport: hanging, leaseMs: 1_500 });
    await until(() => hungOn !== null, 5_000, 'the hung send');
    expect(hungOn!.outboxId).toBe(id);
    expect((await rowOf()).claimed_until).not.toBeNull();

    // Instance B leaves it alone while the claim stands…
    const b = { demo: false, log: createLogger('silent'), transport: workers[1]!.transport };
    expect((await deliverPendingEmails(workers[1]!.db, b)).sent).toBe(0);
    // …and sends it once the claim has expired.
    await until(async () => (await pool.query(`select claimed_until < now() as expired from notification_outbox where id = $1`, [id])).rows[0].expired === true, 5_000, 'the claim to expire');
    expect((await deliverPendingEmails(workers[1]!.db, b)).sent).toBe(1);
    expect(await rowOf()).toMatchObject({ status: 'sent', attempts: 1, claimed_until: null });

    // A wakes up: its outcome no longer counts.
    releaseHungSend();
    await hungDelivery;
    expect(await rowOf()).toMatchObject({ status: 'sent', attempts: 1 });
    expect(lines.some((line) => line.outbox_id === id && String(line.msg).startsWith('e-mail claim had expired'))).toBe(true);
    await until(() => mail.messages.some((message) => message.messageId === `<naric-outbox-${id}@naric.example>`), 5_000, 'the message');
    expect(mail.messages.filter((message) => message.messageId === `<naric-outbox-${id}@naric.example>`)).toHaveLength(1);
  }, 30_000);

  it('a claim left by an instance that died is picked up once it expires', async () => {
    const { rows } = await pool.query<{ id: string }>(
      `insert into notification_outbox (recipient_user_id, recipient_email, kind, subject, message, claimed_until)
       values (null, 'orphan@naric.example', 'email', 'Orphaned', 'Body', now() + interval '1 second'), (null, 'held@naric.example', 'email', 'Held', 'Body', now() + interval '1 hour')
       returning id`,
    );
    const [orphan, held] = rows.map((row) => Number(row.id));
    const b = { demo: false, log: createLogger('silent'), transport: workers[1]!.transport };
    expect((await deliverPendingEmails(workers[1]!.db, b)).sent).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    // Once the claim has expired an instance sends it: this worker, asked now, or one of the two
    // server instances on its own tick, whichever comes first; but only one of them.
    await deliverPendingEmails(workers[1]!.db, b);
    const states = async () =>
      (await pool.query<{ id: string; status: string }>(`select id, status from notification_outbox where id = any($1) order by id`, [[orphan, held]])).rows.map(
        (row) => [Number(row.id), row.status],
      );
    await until(async () => (await states())[0]![1] === 'sent', 10_000, 'the orphaned message sent');
    expect(await states()).toEqual([
      [orphan, 'sent'],
      [held, 'pending'],
    ]);
    await until(() => mail.messages.some((message) => message.subject === 'Orphaned'), 5_000, 'the orphaned message');
    expect(mail.messages.filter((message) => message.subject === 'Orphaned')).toHaveLength(1);
    expect(mail.messages.filter((message) => message.subject === 'Held')).toEqual([]);
  });
});
