import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type UpdateObject } from 'kysely';
import type { Database, TemplateLanguage } from '../db/schema';
import type { MailTransport, MailTransportSource, OutgoingAttachment } from './mail-transport';

// The notification outbox: whoever needs to tell someone something inserts a row in the same
// transaction as the change, and this worker delivers it later, so a mail failure never loses
// the change.
//
// With a mail server (NARIC_SMTP_URL, mail-transport.ts) every instance of the server runs this
// worker on the same table. An instance claims a batch in a short transaction (SKIP LOCKED, then
// claimed_until = now + lease), sends outside any transaction, and records each outcome only
// while its claim still stands, so two instances never send one message twice; an instance that
// dies mid-send leaves its claim to expire and another one sends again (the Message-ID, built
// from the row id, lets a mail server or a reader recognise that rare duplicate). A refused or
// unreachable send is retried with backoff and marked failed after the last attempt.
//
// Without a mail server: in demo mode a message is written to the log (subject and body, so a
// one-time code can be read there) and marked sent; outside demo mode messages wait in the
// outbox, because logging a sign-in code in production would leak it.

type OutboxDatabase = Kysely<Database>;

export interface QueuedEmail {
  recipientUserId: number | null;
  recipientEmail: string;
  subject: string;
  message: string;
  /** The language the text is written in (sent as Content-Language); English when absent. */
  language?: TemplateLanguage;
  /** Carries a secret (a sign-in code, a temporary password): never shown or resent from the list. */
  confidential?: boolean;
}

/** The file of an application's document, read when an e-mail carrying it is sent; null: it has no file. */
export type AttachmentSource = (documentId: number) => Promise<OutgoingAttachment | null>;

export async function queueEmail(db: OutboxDatabase, email: QueuedEmail): Promise<number> {
  const row = await db
    .insertInto('notification_outbox')
    .values({
      recipient_user_id: email.recipientUserId,
      recipient_email: email.recipientEmail,
      kind: 'email',
      subject: email.subject,
      message: email.message,
      ...(email.language === undefined ? {} : { language: email.language }),
      ...(email.confidential === undefined ? {} : { confidential: email.confidential }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const DEFAULT_MAX_ATTEMPTS = 5;
/** A claimed message is ours this long; a crashed instance's claim expires after it. */
export const DEFAULT_LEASE_MS = 2 * 60 * 1000;
const FIRST_RETRY_MS = 30 * 1000;
const LONGEST_RETRY_MS = 60 * 60 * 1000;
/** Parallel sends within a batch (the transport keeps as many connections). */
const SENDS_AT_ONCE = 3;

/**
 * How long to wait before the next try after `attempts` failed ones: 30 s, 1 min, 2 min, … up to
 * an hour, less up to a tenth at random, so messages that failed together do not all come back
 * in the same second.
 */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const delay = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(delay * (1 - 0.1 * random()));
}

export interface DeliveryOptions {
  demo: boolean;
  log: FastifyBaseLogger;
  batchSize?: number;
  /** The mail server; absent or null: none is configured. */
  transport?: MailTransport | null;
  /** Without a fixed transport: the one of the mail server in force at each run (the system settings'). */
  transportSource?: MailTransportSource | null;
  /** A message is marked failed after this many failed sends (default 5). */
  maxAttempts?: number;
  /** How long a claimed batch stays ours (default 2 min). */
  leaseMs?: number;
  /** Reads the document an e-mail carries (notification_outbox.attachment_document_id); absent: sent without it. */
  attachments?: AttachmentSource;
}

export interface DeliveryResult {
  sent: number;
  /** Due e-mails left for lack of a transport (always 0 in demo mode or with a transport). */
  waiting: number;
  /** With a transport: failed sends that will be tried again later. */
  retrying?: number;
  /** With a transport: messages given up on (status failed) in this run. */
  failed?: number;
  /** A whole batch was due: more may be waiting, run again. */
  more?: boolean;
}

/** Delivers one batch of due e-mails; several instances may run it at once. */
export async function deliverPendingEmails(db: OutboxDatabase, options: DeliveryOptions): Promise<DeliveryResult> {
  const batchSize = options.batchSize ?? 50;
  const transport = options.transport ?? (options.transportSource ? await options.transportSource.current() : null);
  if (transport) return sendThroughTransport(db, transport, { ...options, batchSize });
  if (!options.demo) {
    const { waiting } = await db
      .selectFrom('notification_outbox')
      .select((eb) => eb.fn.countAll<number>().as('waiting'))
      .where('status', '=', 'pending')
      .where('kind', '=', 'email')
      .where('next_attempt_at', '<=', sql<Date>`now()`)
      .executeTakeFirstOrThrow();
    return { sent: 0, waiting: Number(waiting) };
  }
  return db.transaction().execute(async (trx) => {
    const pending = await trx
      .selectFrom('notification_outbox')
      .select(['id', 'recipient_email', 'recipient_user_id', 'subject', 'message'])
      .where('status', '=', 'pending')
      .where('kind', '=', 'email')
      // A message waiting for its next try (from a time with a mail server) keeps waiting.
      .where('next_attempt_at', '<=', sql<Date>`now()`)
      .orderBy('next_attempt_at')
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
        .set((eb) => ({ status: 'sent', sent_at: new Date(), attempts: eb('attempts', '+', 1), claimed_until: null }))
        .where(
          'id',
          'in',
          pending.map((email) => email.id),
        )
        .execute();
    }
    return { sent: pending.length, waiting: 0, more: pending.length === batchSize };
  });
}

interface ClaimedEmail {
  id: number;
  recipient_email: string | null;
  subject: string;
  message: string;
  language: TemplateLanguage;
  attempts: number;
  claimed_until: Date;
  attachment_document_id: number | null;
}

type Outcome = 'sent' | 'retrying' | 'failed' | 'skipped';

async function sendThroughTransport(
  db: OutboxDatabase,
  transport: MailTransport,
  options: DeliveryOptions & { batchSize: number },
): Promise<DeliveryResult> {
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const claimedAt = Date.now();
  const claimed = await claimDueEmails(db, options.batchSize, leaseMs);
  const outcomes: Outcome[] = [];
  let next = 0;
  const sendNext = async (): Promise<void> => {
    while (next < claimed.length) {
      const email = claimed[next]!;
      next += 1;
      // Past half the lease, the rest is handed back rather than risk sending what another
      // instance may claim meanwhile.
      if (Date.now() - claimedAt > leaseMs / 2) {
        await releaseClaim(db, email, options.log);
        outcomes.push('skipped');
        continue;
      }
      outcomes.push(await sendOne(db, transport, email, maxAttempts, options.log, options.attachments));
    }
  };
  await Promise.all(Array.from({ length: Math.min(SENDS_AT_ONCE, claimed.length) }, sendNext));
  const count = (outcome: Outcome) => outcomes.filter((each) => each === outcome).length;
  return {
    sent: count('sent'),
    waiting: 0,
    retrying: count('retrying'),
    failed: count('failed'),
    more: claimed.length === options.batchSize,
  };
}

/** One short transaction: the due rows nobody holds become ours until now + lease. */
async function claimDueEmails(db: OutboxDatabase, batchSize: number, leaseMs: number): Promise<ClaimedEmail[]> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('notification_outbox')
      .select('id')
      .where('status', '=', 'pending')
      .where('kind', '=', 'email')
      .where('next_attempt_at', '<=', sql<Date>`now()`)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', sql<Date>`now()`)]))
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(batchSize)
      .forUpdate()
      .skipLocked()
      .execute();
    if (due.length === 0) return [];
    // Whole milliseconds, so the claim read back into a JS Date compares equal in the updates below.
    const rows = await trx
      .updateTable('notification_outbox')
      .set({ claimed_until: sql<Date>`date_trunc('milliseconds', now() + ${leaseMs} * interval '1 millisecond')` })
      .where(
        'id',
        'in',
        due.map((row) => row.id),
      )
      .returning(['id', 'recipient_email', 'subject', 'message', 'language', 'attempts', 'claimed_until', 'attachment_document_id'])
      .execute();
    return (rows as ClaimedEmail[]).sort((a, b) => a.id - b.id);
  });
}

async function sendOne(
  db: OutboxDatabase,
  transport: MailTransport,
  email: ClaimedEmail,
  maxAttempts: number,
  log: FastifyBaseLogger,
  attachments?: AttachmentSource,
): Promise<Outcome> {
  let failure: string | null = null;
  try {
    if (!email.recipient_email) throw new Error('the message has no recipient address');
    // A file that cannot be read now fails this try like a refused send: it is tried again later.
    const attachment = email.attachment_document_id !== null && attachments ? await attachments(email.attachment_document_id) : null;
    await transport.send({
      outboxId: email.id,
      to: email.recipient_email,
      subject: email.subject,
      text: email.message,
      language: email.language,
      ...(attachment ? { attachments: [attachment] } : {}),
    });
  } catch (error) {
    failure = transport.describeFailure(error);
  }
  const attempts = email.attempts + 1;
  if (failure === null) {
    const recorded = await recordOutcome(db, email, log, { status: 'sent', sent_at: sql<Date>`now()`, attempts, claimed_until: null });
    if (recorded) log.debug({ outbox_id: email.id, attempts }, 'e-mail sent');
    return 'sent';
  }
  const givenUp = attempts >= maxAttempts;
  const delayMs = retryDelayMs(attempts);
  await recordOutcome(db, email, log, {
    status: givenUp ? 'failed' : 'pending',
    attempts,
    last_error: failure,
    next_attempt_at: sql<Date>`now() + ${delayMs} * interval '1 millisecond'`,
    claimed_until: null,
  });
  if (givenUp) log.error({ outbox_id: email.id, attempts, error: failure }, 'e-mail failed: no more attempts');
  else log.warn({ outbox_id: email.id, attempts, error: failure, retry_in_ms: delayMs }, 'e-mail not sent: will try again');
  return givenUp ? 'failed' : 'retrying';
}

/**
 * Writes a send's outcome while our claim stands. A database hiccup is retried a few times; if it
 * persists, the claim expires and the message is sent again by whoever claims it next.
 */
async function recordOutcome(
  db: OutboxDatabase,
  email: ClaimedEmail,
  log: FastifyBaseLogger,
  change: UpdateObject<Database, 'notification_outbox'>,
): Promise<boolean> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const result = await db
        .updateTable('notification_outbox')
        .set(change)
        .where('id', '=', email.id)
        .where('claimed_until', '=', email.claimed_until)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) {
        log.warn({ outbox_id: email.id }, 'e-mail claim had expired before its outcome was recorded: another instance may send it again');
        return false;
      }
      return true;
    } catch (error) {
      if (attempt >= 3) {
        log.error({ err: error, outbox_id: email.id }, 'e-mail outcome not recorded: it will be claimed again when the claim expires');
        return false;
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

async function releaseClaim(db: OutboxDatabase, email: ClaimedEmail, log: FastifyBaseLogger): Promise<void> {
  await recordOutcome(db, email, log, { claimed_until: null });
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
        // A full batch: the rest is sent now rather than at the next tick.
        if (result.more) again = true;
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
      // A run started meanwhile (again) is waited for too.
      while (running) await running;
    },
  };
}
