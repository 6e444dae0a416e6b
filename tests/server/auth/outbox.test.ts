import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverPendingEmails, queueEmail, startOutboxWorker } from '../../../src/server/jobs/outbox';
import { createLogger } from '../../../src/server/logger';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { log: createLogger('info', sink), lines };
}

describe('notification outbox (e-mail)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  const statusOf = async (id: number) =>
    database.db.selectFrom('notification_outbox').select(['status', 'sent_at', 'attempts']).where('id', '=', id).executeTakeFirstOrThrow();

  it('outside demo mode, with no mail transport, e-mails wait in the outbox and nothing is logged', async () => {
    const { log, lines } = capturedLogger();
    const id = await queueEmail(database.db, {
      recipientUserId: null,
      recipientEmail: 'someone@naric.example',
      subject: 'Your code',
      message: 'Your code is 654321',
    });
    const result = await deliverPendingEmails(database.db, { demo: false, log });
    expect(result).toEqual({ sent: 0, waiting: 1 });
    expect((await statusOf(id)).status).toBe('pending');
    expect(JSON.stringify(lines)).not.toContain('654321');
  });

  it('in demo mode, each pending e-mail is logged at info level (subject and body) and marked sent', async () => {
    const { log, lines } = capturedLogger();
    const id = await queueEmail(database.db, {
      recipientUserId: null,
      recipientEmail: 'officer@naric.example',
      subject: 'Your NARIC Back-office sign-in code',
      message: 'Your code to sign in to the NARIC Back-office is: 123456',
    });
    const result = await deliverPendingEmails(database.db, { demo: true, log });
    expect(result.sent).toBe(2);
    const row = await statusOf(id);
    expect(row.status).toBe('sent');
    expect(row.sent_at).not.toBeNull();
    expect(row.attempts).toBe(1);
    const logged = lines.find((line) => line.outbox_id === id);
    expect(logged).toMatchObject({
      level: 30,
      to: 'officer@naric.example',
      subject: 'Your NARIC Back-office sign-in code',
      body: 'Your code to sign in to the NARIC Back-office is: 123456',
    });
    // Already sent: a second run delivers nothing again.
    expect((await deliverPendingEmails(database.db, { demo: true, log })).sent).toBe(0);
  });

  it('the worker delivers when nudged and stops cleanly', async () => {
    const { log, lines } = capturedLogger();
    const worker = startOutboxWorker(database.db, { demo: true, log, intervalMs: 60_000 });
    try {
      const id = await queueEmail(database.db, {
        recipientUserId: null,
        recipientEmail: 'payments@naric.example',
        subject: 'Nudged',
        message: 'Delivered without waiting a minute',
      });
      worker.nudge();
      for (let i = 0; i < 50 && (await statusOf(id)).status !== 'sent'; i += 1) await new Promise((r) => setTimeout(r, 20));
      expect((await statusOf(id)).status).toBe('sent');
      expect(lines.some((line) => line.subject === 'Nudged')).toBe(true);
    } finally {
      await worker.stop();
    }
  });
});
