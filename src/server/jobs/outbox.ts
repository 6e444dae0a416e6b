import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

// The notification outbox: whoever needs to tell someone something inserts a row in the same
// transaction as the change, and this worker delivers it later, so a mail failure never loses
// the change. There is no mail transport yet: in demo mode a message is written to the log
// (subject and body, so a one-time code can be read there) and marked sent; outside demo mode
// messages wait in the outbox, because logging a sign-in code in production would leak it.

type OutboxDatabase = Kysely<Database>;

export interface QueuedEmail {
  recipientUserId: number | null;
  recipientEmail: string;
  subject: string;
  message: string;
}

export async function queueEmail(db: OutboxDatabase, email: QueuedEmail): Promise<number> {
  const row = await db
    .insertInto('notification_outbox')
    .values({
      recipient_user_id: email.recipientUserId,
      recipient_email: email.recipientEmail,
      kind: 'email',
      subject: email.subject,
      message: email.message,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface DeliveryOptions {
  demo: boolean;
  log: FastifyBaseLogger;
  batchSize?: number;
}

export interface DeliveryResult {
  sent: number;
  /** Pending e-mails left for lack of a transport (always 0 in demo mode). */
  waiting: number;
}

/** Delivers one batch of pending e-mails; several instances may run it at once (SKIP LOCKED). */
export async function deliverPendingEmails(db: OutboxDatabase, options: DeliveryOptions): Promise<DeliveryResult> {
  const batchSize = options.batchSize ?? 50;
  if (!options.demo) {
    const { waiting } = await db
      .selectFrom('notification_outbox')
      .select((eb) => eb.fn.countAll<number>().as('waiting'))
      .where('status', '=', 'pending')
      .where('kind', '=', 'email')
      .executeTakeFirstOrThrow();
    return { sent: 0, waiting: Number(waiting) };
  }
  return db.transaction().execute(async (trx) => {
    const pending = await trx
      .selectFrom('notification_outbox')
      .select(['id', 'recipient_email', 'recipient_user_id', 'subject', 'message'])
      .where('status', '=', 'pending')
      .where('kind', '=', 'email')
      .orderBy('created_at')
      .orderBy('id')
      .limit(batchSize)
      .forUpdate()
      .skipLocked()
      .execute();
    for (const email of pending) {
      options.log.info(
        { outbox_id: email.id, to: email.recipient_email, subject: email.subject, body: email.message },
        `demo e-mail to ${email.recipient_email ?? `user ${email.recipient_user_id}`}: ${email.subject}`,
      );
    }
    if (pending.length > 0) {
      await trx
        .updateTable('notification_outbox')
        .set((eb) => ({ status: 'sent', sent_at: new Date(), attempts: eb('attempts', '+', 1) }))
        .where(
          'id',
          'in',
          pending.map((email) => email.id),
        )
        .execute();
    }
    return { sent: pending.length, waiting: 0 };
  });
}

export interface OutboxWorker {
  /** Deliver soon, without waiting for the next tick (a sign-in code is being waited for). */
  nudge(): void;
  /** Runs one delivery now; resolves when it is done. */
  runOnce(): Promise<DeliveryResult>;
  stop(): Promise<void>;
}

export interface OutboxWorkerOptions extends DeliveryOptions {
  intervalMs?: number;
}

export function startOutboxWorker(db: OutboxDatabase, options: OutboxWorkerOptions): OutboxWorker {
  const intervalMs = options.intervalMs ?? 5_000;
  let running: Promise<DeliveryResult> | null = null;
  let again = false;
  let stopped = false;
  let warnedWaiting = false;

  const run = (): Promise<DeliveryResult> => {
    if (running) {
      again = true;
      return running;
    }
    running = deliverPendingEmails(db, options)
      .then((result) => {
        if (result.waiting > 0 && !warnedWaiting) {
          warnedWaiting = true;
          options.log.warn({ waiting: result.waiting }, 'no e-mail transport is configured: e-mails wait in the outbox');
        }
        return result;
      })
      .catch((error: unknown) => {
        options.log.error({ err: error }, 'outbox delivery failed');
        return { sent: 0, waiting: 0 };
      })
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void run();
        }
      });
    return running;
  };

  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();

  return {
    nudge: () => {
      setImmediate(() => {
        if (!stopped) void run();
      });
    },
    runOnce: run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
