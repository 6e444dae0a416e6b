import type { FastifyBaseLogger } from 'fastify';
import type { RecipientRef } from '../../shared/api/deadlines';
import { kosovoDate } from '../../shared/domain/deadline-dates';
import { reminderAfter } from '../../shared/domain/deadline-reminders';
import { DEADLINE_STAGES } from '../../shared/domain/deadline-stages';
import { refreshPausedDueDates } from '../application-deadlines';
import type { AppDatabase } from '../db/database';
import type { TemplateLanguage } from '../../shared/domain/notification-events';
import { daysBetween, noticeDate } from '../notices/notice-values';
import { queueNotice } from '../notices/queue-notice';
import { startPeriodicJob } from './periodic-job';
import { displayName } from '../shared/display-name';

// Reminders and escalations of running deadlines, sent through the notification outbox.
//
// Why not pg-boss or graphile-worker: both need a real PostgreSQL connection (LISTEN/NOTIFY,
// advisory locks, their own schema and long-lived pools) and do not run on the embedded PGlite the
// desktop uses. So, like the outbox, one jobs module on our own tables: each instance's tick claims
// the due deadlines with `SELECT … FOR UPDATE SKIP LOCKED` (another instance skips them instead of
// waiting), and every sent reminder or escalation is a row of deadline_notifications, unique per
// (deadline, kind, occurrence), inserted in the same transaction as its outbox e-mails. A second
// instance that reaches the same deadline after the first committed finds the row and sends
// nothing, so each occurrence goes out exactly once (tests/server/deadlines-multi-instance.test.ts).
// The date is the injected clock's (Kosovo calendar day), so tests control time.

export interface DeadlineJobOptions {
  clock: () => Date;
  log: FastifyBaseLogger;
  batchSize?: number;
}

export interface DeadlineJobResult {
  reminders: number;
  escalations: number;
}

interface Mail {
  userId: number | null;
  email: string;
  name: string;
  /** The recipient's language: the message is written in it. */
  language: TemplateLanguage;
}

const fullName = (row: { first_name: string; last_name: string; username?: string }) => displayName(row.first_name, row.last_name, row.username);

/** Active users named directly or through a group, each once. */
async function escalationRecipients(db: AppDatabase, refs: readonly RecipientRef[]): Promise<Mail[]> {
  const userIds = refs.filter((ref) => ref.kind === 'user').map((ref) => ref.id);
  const groupIds = refs.filter((ref) => ref.kind === 'group').map((ref) => ref.id);
  if (userIds.length === 0 && groupIds.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'username', 'preferred_language'])
    .where('is_active', '=', true)
    .where((eb) =>
      eb.or([
        ...(userIds.length > 0 ? [eb('id', 'in', userIds)] : []),
        ...(groupIds.length > 0 ? [eb('id', 'in', eb.selectFrom('user_groups').select('user_id').where('group_id', 'in', groupIds))] : []),
      ]),
    )
    .orderBy('id')
    .execute();
  return rows.filter((row) => row.email).map((row) => ({ userId: row.id, email: row.email, name: fullName(row), language: row.preferred_language }));
}

interface DueDeadline {
  id: number;
  application_id: number;
  reference: string;
  deadline_type: keyof typeof DEADLINE_STAGES;
  due_date: string;
  next_reminder_on: string | null;
  escalate_on: string | null;
  name_en: string;
  name_sq: string;
  name_sr: string;
  reminder_enabled: boolean;
  reminder_frequency: 'once' | 'daily' | 'weekly' | null;
  escalation_enabled: boolean;
  escalation_recipients: RecipientRef[];
  assigned_officer_id: number | null;
  applicant_email: string;
  applicant_first_name: string;
  applicant_last_name: string;
  applicant_language: TemplateLanguage;
}

/** Who a reminder goes to: the applicant for their own deadlines; else the assigned officer, else the escalation's people. */
async function reminderRecipients(db: AppDatabase, deadline: DueDeadline): Promise<Mail[]> {
  if (DEADLINE_STAGES[deadline.deadline_type].owner === 'applicant') {
    const name = `${deadline.applicant_first_name} ${deadline.applicant_last_name}`.trim();
    return [{ userId: null, email: deadline.applicant_email, name, language: deadline.applicant_language }];
  }
  if (deadline.assigned_officer_id !== null) {
    const officer = await db
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'last_name', 'username', 'preferred_language'])
      .where('id', '=', deadline.assigned_officer_id)
      .where('is_active', '=', true)
      .executeTakeFirst();
    if (officer?.email) return [{ userId: officer.id, email: officer.email, name: fullName(officer), language: officer.preferred_language }];
  }
  return escalationRecipients(db, deadline.escalation_recipients);
}

/** Records one occurrence; false when another instance (or an earlier tick) already sent it. */
async function claimOccurrence(db: AppDatabase, deadlineId: number, kind: 'reminder' | 'escalation', occurrence: string, recipients: number): Promise<boolean> {
  const inserted = await db
    .insertInto('deadline_notifications')
    .values({ application_deadline_id: deadlineId, kind, occurrence, recipients })
    .onConflict((conflict) => conflict.columns(['application_deadline_id', 'kind', 'occurrence']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Each recipient's e-mail of the event (deadline_reminder / deadline_escalation), in their language. */
async function queueAll(
  db: AppDatabase,
  recipients: readonly Mail[],
  event: 'deadline_reminder' | 'deadline_escalation',
  deadline: DueDeadline,
  today: string,
): Promise<void> {
  for (const recipient of recipients) {
    const { language } = recipient;
    const days = daysBetween(today, deadline.due_date);
    await queueNotice(db, {
      event,
      language,
      recipient: { email: recipient.email, userId: recipient.userId },
      applicationId: deadline.application_id,
      values: {
        recipient_name: recipient.name,
        reference: deadline.reference,
        deadline: { en: deadline.name_en, sq: deadline.name_sq, sr: deadline.name_sr }[language],
        due_date: noticeDate(language, deadline.due_date),
        ...(event === 'deadline_reminder' ? { days_left: String(Math.max(0, days)) } : { days_overdue: String(Math.max(0, -days)) }),
      },
    });
  }
}

/** Sends what is due today for one batch of deadlines; several instances may run it at once. */
export async function runDeadlineJobs(db: AppDatabase, options: DeadlineJobOptions): Promise<DeadlineJobResult> {
  const today = kosovoDate(options.clock());
  const batchSize = options.batchSize ?? 100;
  return db.transaction().execute(async (trx) => {
    const due = (await trx
      .selectFrom('application_deadlines')
      .innerJoin('deadline_configurations', 'deadline_configurations.id', 'application_deadlines.configuration_id')
      .innerJoin('applications', 'applications.id', 'application_deadlines.application_id')
      .innerJoin('applicants', 'applicants.id', 'applications.applicant_id')
      .select([
        'application_deadlines.id',
        'application_deadlines.application_id',
        'applications.reference',
        'application_deadlines.deadline_type',
        'application_deadlines.due_date',
        'application_deadlines.next_reminder_on',
        'application_deadlines.escalate_on',
        'deadline_configurations.name_en',
        'deadline_configurations.name_sq',
        'deadline_configurations.name_sr',
        'deadline_configurations.reminder_enabled',
        'deadline_configurations.reminder_frequency',
        'deadline_configurations.escalation_enabled',
        'deadline_configurations.escalation_recipients',
        'applications.assigned_officer_id',
        'applicants.email as applicant_email',
        'applicants.first_name as applicant_first_name',
        'applicants.last_name as applicant_last_name',
        'applicants.preferred_language as applicant_language',
      ])
      .where('application_deadlines.completed_at', 'is', null)
      .where('application_deadlines.paused_since', 'is', null)
      .where((eb) => eb.or([eb('application_deadlines.next_reminder_on', '<=', today), eb('application_deadlines.escalate_on', '<=', today)]))
      .orderBy('application_deadlines.id')
      .limit(batchSize)
      .forUpdate('application_deadlines')
      .skipLocked()
      .execute()) as DueDeadline[];

    const result: DeadlineJobResult = { reminders: 0, escalations: 0 };
    for (const deadline of due) {
      let nextReminder = deadline.next_reminder_on;
      let escalateOn = deadline.escalate_on;
      if (nextReminder !== null && nextReminder <= today) {
        if (deadline.reminder_enabled && deadline.reminder_frequency !== null) {
          // The occurrence is the day it is sent: a job that was down does not send the missed days at once.
          const recipients = await reminderRecipients(trx, deadline);
          if (await claimOccurrence(trx, deadline.id, 'reminder', today, recipients.length)) {
            await queueAll(trx, recipients, 'deadline_reminder', deadline, today);
            result.reminders += 1;
            options.log.info({ application_deadline_id: deadline.id, occurrence: today, recipients: recipients.length }, 'deadline reminder sent');
          }
          nextReminder = reminderAfter(today, deadline.due_date, deadline.reminder_frequency);
        } else nextReminder = null;
      }
      if (escalateOn !== null && escalateOn <= today) {
        if (deadline.escalation_enabled) {
          const recipients = await escalationRecipients(trx, deadline.escalation_recipients);
          if (await claimOccurrence(trx, deadline.id, 'escalation', escalateOn, recipients.length)) {
            await queueAll(trx, recipients, 'deadline_escalation', deadline, today);
            result.escalations += 1;
            options.log.info({ application_deadline_id: deadline.id, occurrence: escalateOn, recipients: recipients.length }, 'deadline escalation sent');
          }
        }
        escalateOn = null;
      }
      await trx
        .updateTable('application_deadlines')
        .set({ next_reminder_on: nextReminder, escalate_on: escalateOn })
        .where('id', '=', deadline.id)
        .execute();
    }
    return result;
  });
}

export interface DeadlineJobWorker {
  /** Runs one tick now (joins a tick in progress); resolves when it is done. */
  runOnce(): Promise<DeadlineJobResult>;
  stop(): Promise<void>;
}

export interface DeadlineWorkerOptions extends DeadlineJobOptions {
  intervalMs?: number;
  /** Called after a tick queued e-mails (the outbox worker delivers sooner). */
  onQueued?: () => void;
}

/** Ticks every `intervalMs` (60 s by default) until stopped; batches until nothing is due. */
export function startDeadlineJobs(db: AppDatabase, options: DeadlineWorkerOptions): DeadlineJobWorker {
  const batchSize = options.batchSize ?? 100;

  const tick = async (job: { readonly stopped: boolean }): Promise<DeadlineJobResult> => {
    const total: DeadlineJobResult = { reminders: 0, escalations: 0 };
    for (let batch = 0; batch < 50 && !job.stopped; batch += 1) {
      if ((await refreshPausedDueDates(db, options.clock())) === 0) break;
    }
    for (let batch = 0; batch < 50 && !job.stopped; batch += 1) {
      const result = await runDeadlineJobs(db, { ...options, batchSize });
      total.reminders += result.reminders;
      total.escalations += result.escalations;
      if (result.reminders + result.escalations === 0) break;
    }
    if (total.reminders + total.escalations > 0) options.onQueued?.();
    return total;
  };

  return startPeriodicJob(tick, { intervalMs: options.intervalMs ?? 60_000, log: options.log, failure: 'deadline job failed', failed: { reminders: 0, escalations: 0 } });
}
