import { sql, type ExpressionBuilder, type Insertable, type Selectable } from 'kysely';
import type { ApplicationDeadline } from '../shared/api/deadlines';
import { holidaySettings } from '../shared/api/settings';
import type { ServiceCategory } from '../shared/constants';
import type { ApplicationStatus } from '../shared/domain/application-status';
import { computeDeadline, type ClockHoliday, type ClockPause } from '../shared/domain/deadline-clock';
import { KOSOVO_TIME_ZONE, kosovoDate } from '../shared/domain/deadline-dates';
import { escalationDay, nextReminderDay } from '../shared/domain/deadline-reminders';
import {
  APPLICATION_DEADLINE_TYPE,
  DEADLINE_STAGES,
  REVIEW_DUE_DEADLINE_TYPE,
  conditionHolds,
  deadlineMove,
  runsIn,
} from '../shared/domain/deadline-stages';
import type { AppDatabase } from './db/database';
import type { ApplicationDeadlinesTable, Database, DeadlineConfigurationsTable, StoredPause } from './db/schema';

// An application's running deadlines. The applications module calls
// syncApplicationDeadlines in the transaction of every status change: deadlines whose stage the
// application enters start from their configuration, those it leaves end, and a centre's clock
// stops while the application waits on the applicant and resumes where it stopped
// (shared/domain/deadline-stages.ts says which). The application's `deadline` and
// `review_due_date` follow the service-completion and council-review deadlines. Outside the
// modules folder because the applications and deadlines modules both use it.

type DeadlineRow = Selectable<ApplicationDeadlinesTable>;
type ConfigurationRow = Selectable<DeadlineConfigurationsTable>;

/**
 * The holiday calendar from a day on (the table holds a few dozen rows a year), with the office's
 * extra closed days of the system settings: read here at each computation, so a day an
 * administrator adds counts for every deadline computed from then on, with no restart.
 */
export async function holidaysFrom(db: AppDatabase, from: string): Promise<ClockHoliday[]> {
  const [holidays, closed] = await Promise.all([
    db.selectFrom('holidays').select(['date', 'name_en', 'name_sq', 'name_sr']).where('date', '>=', from).orderBy('date').execute(),
    db.selectFrom('system_setting_groups').select('values').where('name', '=', 'holidays').executeTakeFirst(),
  ]);
  const parsed = holidaySettings.safeParse(closed?.values ?? { closed_days: [] });
  const known = new Set(holidays.map((holiday) => holiday.date));
  const extra = (parsed.success ? parsed.data.closed_days : [])
    .filter((day) => day.date >= from && !known.has(day.date))
    .map((day) => ({ date: day.date, name_en: day.reason, name_sq: day.reason, name_sr: day.reason }));
  return extra.length === 0 ? holidays : [...holidays, ...extra].sort((a, b) => a.date.localeCompare(b.date));
}

function clockPauses(pauses: readonly StoredPause[]): ClockPause[] {
  return pauses.map((pause) => ({
    from: kosovoDate(new Date(pause.from)),
    to: pause.to === null ? null : kosovoDate(new Date(pause.to)),
    status: pause.status,
    ...(pause.waiting_on ? { waiting_on: pause.waiting_on } : {}),
  }));
}

/** When the clock stopped for the pauses still open (the earliest), or null when it runs. */
function pausedSinceOf(pauses: readonly StoredPause[]): Date | null {
  const open = pauses.filter((pause) => pause.to === null).map((pause) => pause.from).sort();
  return open.length === 0 ? null : new Date(open[0]!);
}

/** The pauses with those `which` selects closed at `nowIso`. */
function closePauses(pauses: readonly StoredPause[], nowIso: string, which: (pause: StoredPause) => boolean): StoredPause[] {
  return pauses.map((pause) => (pause.to === null && which(pause) ? { ...pause, to: nowIso } : pause));
}
const heldByApplicant = (pause: StoredPause) => !pause.waiting_on;

/** The due date and its explanation for a stored deadline, as of `now`. */
export function clockOf(row: Pick<DeadlineRow, 'start_date' | 'days' | 'working_days' | 'pauses'>, holidays: readonly ClockHoliday[], now: Date) {
  return computeDeadline({
    start: row.start_date,
    days: row.days,
    workingDays: row.working_days,
    holidays,
    pauses: clockPauses(row.pauses),
    today: kosovoDate(now),
  });
}

type ReminderSettings = Pick<ConfigurationRow, 'reminder_enabled' | 'reminder_days_before' | 'reminder_frequency' | 'escalation_enabled' | 'escalation_days_after'>;

/** When the next reminder and the escalation fall for a running (not paused) deadline. */
export function notificationDays(
  configuration: ReminderSettings,
  due: string,
  today: string,
  sent: { reminded: boolean; escalated: boolean },
): { next_reminder_on: string | null; escalate_on: string | null } {
  const reminder =
    configuration.reminder_enabled && configuration.reminder_days_before !== null && configuration.reminder_frequency !== null
      ? nextReminderDay(due, { daysBefore: configuration.reminder_days_before, frequency: configuration.reminder_frequency }, today, sent.reminded)
      : null;
  const escalation =
    configuration.escalation_enabled && configuration.escalation_days_after !== null
      ? escalationDay(due, configuration.escalation_days_after, sent.escalated)
      : null;
  return { next_reminder_on: reminder, escalate_on: escalation };
}

export interface DeadlineSync {
  applicationId: number;
  /** The status the application now has. */
  status: ApplicationStatus;
  now: Date;
}

export interface SyncedDates {
  /** The service-completion due date when one runs (the application's `deadline`), else undefined: keep. */
  deadline?: string;
  /** The council-review due date when one runs (the application's `review_due_date`), else undefined: keep. */
  review_due_date?: string;
}

/** What the planner needs of an application and its service. */
export interface ApplicationFacts {
  submitted_at: Date;
  incomplete: boolean;
  category: ServiceCategory;
  fee_enabled: boolean;
  fee_exemption_allowed: boolean;
  council_required: boolean;
}

/** A deadline as the planner tracks it: a stored row (with `id`) or a new one, and whether it changed. */
export interface TrackedDeadline extends Omit<DeadlineRow, 'id' | 'application_id'>, ReminderSettings {
  id: number | null;
  reminded: boolean;
  escalated: boolean;
  changed: boolean;
}

/**
 * Pure: the application's open deadlines after it moved to `status` at `now`. Deadlines of a stage
 * it leaves end, a centre's clock pauses while the application waits on the applicant and resumes
 * when it is back, and each active configuration whose stage it enters (and whose condition holds)
 * starts a deadline. `open` is changed in place; new deadlines are appended.
 */
export function planDeadlines(
  open: TrackedDeadline[],
  configurations: readonly ConfigurationRow[],
  facts: ApplicationFacts,
  status: ApplicationStatus,
  now: Date,
  holidays: readonly ClockHoliday[],
): void {
  const today = kosovoDate(now);
  const nowIso = now.toISOString();
  for (const deadline of open) {
    if (deadline.completed_at !== null) continue;
    const move = deadlineMove(deadline.deadline_type, facts.category, status);
    if (move === 'keep') continue;
    deadline.changed = true;
    if (move === 'end') {
      // Ended while waiting: the pause ends with it, so the explanation shows a closed span.
      const pauses = deadline.pauses.map((pause) => (pause.to === null ? { ...pause, to: nowIso } : pause));
      Object.assign(deadline, { completed_at: now, paused_since: null, pauses, next_reminder_on: null, escalate_on: null });
      continue;
    }
    // A wait on the applicant and one on a third party are kept apart: the applicant's answer
    // resumes the clock only if no issuing institution is still being asked, and the reverse.
    if (move === 'pause' && !deadline.pauses.some((pause) => pause.to === null && heldByApplicant(pause))) {
      deadline.pauses = [...deadline.pauses, { from: nowIso, to: null, status }];
    } else if (move === 'run') {
      deadline.pauses = closePauses(deadline.pauses, nowIso, heldByApplicant);
    }
    deadline.paused_since = pausedSinceOf(deadline.pauses);
    deadline.due_date = clockOf(deadline, holidays, now).due;
    // No reminder or escalation while the clock stands still; resumed, they are planned afresh.
    Object.assign(
      deadline,
      deadline.paused_since === null ? notificationDays(deadline, deadline.due_date, today, deadline) : { next_reminder_on: null, escalate_on: null },
    );
  }

  const conditionFacts = { ...facts, status };
  for (const configuration of configurations) {
    if (!configuration.active || configuration.service_category !== facts.category) continue;
    if (!runsIn(configuration.deadline_type, facts.category, status)) continue;
    if (open.some((deadline) => deadline.completed_at === null && deadline.configuration_id === configuration.id)) continue;
    if (configuration.conditional && configuration.condition && !conditionHolds(configuration.condition, conditionFacts)) continue;
    const startedAt = DEADLINE_STAGES[configuration.deadline_type].countsFromSubmission ? facts.submitted_at : now;
    const start = { start_date: kosovoDate(startedAt), days: configuration.days_from_start, working_days: configuration.working_days, pauses: [] };
    const due = clockOf(start, holidays, now).due;
    open.push({
      ...start,
      id: null,
      configuration_id: configuration.id,
      deadline_type: configuration.deadline_type,
      started_at: startedAt,
      due_date: due,
      paused_since: null,
      completed_at: null,
      reminder_enabled: configuration.reminder_enabled,
      reminder_days_before: configuration.reminder_days_before,
      reminder_frequency: configuration.reminder_frequency,
      escalation_enabled: configuration.escalation_enabled,
      escalation_days_after: configuration.escalation_days_after,
      reminded: false,
      escalated: false,
      changed: true,
      ...notificationDays(configuration, due, today, { reminded: false, escalated: false }),
    });
  }
}

/** The application's deadlines still open, with their configuration's reminder and escalation and whether each was sent. */
function openDeadlinesOf(db: AppDatabase, applicationId: number) {
  return db
    .selectFrom('application_deadlines')
    .innerJoin('deadline_configurations', 'deadline_configurations.id', 'application_deadlines.configuration_id')
    .selectAll('application_deadlines')
    .select((eb) => [
      'deadline_configurations.reminder_enabled',
      'deadline_configurations.reminder_days_before',
      'deadline_configurations.reminder_frequency',
      'deadline_configurations.escalation_enabled',
      'deadline_configurations.escalation_days_after',
      eb.exists(sentOf(eb, 'reminder')).as('reminded'),
      eb.exists(sentOf(eb, 'escalation')).as('escalated'),
    ])
    .where('application_deadlines.application_id', '=', applicationId)
    .where('application_deadlines.completed_at', 'is', null)
    .orderBy('application_deadlines.id')
    .execute();
}

/**
 * Stops (`waiting` true) or resumes (false) the application's running centre clocks for a third
 * party, the issuing institution asked to confirm a document; `db` is the caller's transaction,
 * holding the application's row lock. The applicant's own clocks (a fee, documents) are theirs and
 * keep running. Answers the dates to copy onto the application row, as syncApplicationDeadlines does.
 */
export async function waitOnThirdParty(db: AppDatabase, applicationId: number, waiting: boolean, now: Date): Promise<SyncedDates> {
  const stored = await openDeadlinesOf(db, applicationId);
  const centre = stored.filter((row) => DEADLINE_STAGES[row.deadline_type].owner === 'centre' && DEADLINE_STAGES[row.deadline_type].pauses);
  if (centre.length === 0) return {};
  const today = kosovoDate(now);
  const nowIso = now.toISOString();
  const holidays = await holidaysFrom(db, centre.reduce((first, row) => (row.start_date < first ? row.start_date : first), today));
  const { status } = await db.selectFrom('applications').select('status').where('id', '=', applicationId).executeTakeFirstOrThrow();
  const tracked: TrackedDeadline[] = [];
  for (const { application_id: _application, reminded, escalated, ...row } of centre) {
    const deadline: TrackedDeadline = { ...row, reminded: Boolean(reminded), escalated: Boolean(escalated), changed: true };
    const open = deadline.pauses.some((pause) => pause.to === null && pause.waiting_on === 'issuing_institution');
    if (waiting === open) {
      tracked.push({ ...deadline, changed: false });
      continue;
    }
    deadline.pauses = waiting
      ? [...deadline.pauses, { from: nowIso, to: null, status, waiting_on: 'issuing_institution' }]
      : closePauses(deadline.pauses, nowIso, (pause) => pause.waiting_on === 'issuing_institution');
    deadline.paused_since = pausedSinceOf(deadline.pauses);
    deadline.due_date = clockOf(deadline, holidays, now).due;
    Object.assign(
      deadline,
      deadline.paused_since === null ? notificationDays(deadline, deadline.due_date, today, deadline) : { next_reminder_on: null, escalate_on: null },
    );
    tracked.push(deadline);
  }
  for (const deadline of tracked.filter((item) => item.changed)) {
    await db.updateTable('application_deadlines').set(deadlineRow(applicationId, deadline)).where('id', '=', deadline.id!).execute();
  }
  return applicationDates(tracked);
}

/** The dates the application row carries: its deadline and its review due date. */
export function applicationDates(deadlines: readonly TrackedDeadline[]): SyncedDates {
  const latestDue = (type: DeadlineRow['deadline_type']) =>
    deadlines
      .filter((deadline) => deadline.completed_at === null && deadline.deadline_type === type)
      .map((deadline) => deadline.due_date)
      .sort()
      .at(-1);
  const dates: SyncedDates = {};
  const deadline = latestDue(APPLICATION_DEADLINE_TYPE);
  if (deadline) dates.deadline = deadline;
  const reviewDue = latestDue(REVIEW_DUE_DEADLINE_TYPE);
  if (reviewDue) dates.review_due_date = reviewDue;
  return dates;
}

/** A tracked deadline as a row to insert (pauses as JSON text). */
export function deadlineRow(applicationId: number, deadline: TrackedDeadline): Insertable<ApplicationDeadlinesTable> {
  return {
    application_id: applicationId,
    configuration_id: deadline.configuration_id,
    deadline_type: deadline.deadline_type,
    days: deadline.days,
    working_days: deadline.working_days,
    started_at: deadline.started_at,
    start_date: deadline.start_date,
    due_date: deadline.due_date,
    pauses: JSON.stringify(deadline.pauses),
    paused_since: deadline.paused_since,
    completed_at: deadline.completed_at,
    next_reminder_on: deadline.next_reminder_on,
    escalate_on: deadline.escalate_on,
  };
}

export const FACT_COLUMNS = [
  'applications.submitted_at',
  'applications.incomplete',
  'services.category',
  'services.fee_enabled',
  'services.fee_exemption_allowed',
  'services.council_required',
] as const;

/**
 * Brings the application's deadlines in step with its new status; `db` is the transaction of the
 * status change, which already holds the application's row lock. Answers the dates to copy onto
 * the application row.
 */
export async function syncApplicationDeadlines(db: AppDatabase, { applicationId, status, now }: DeadlineSync): Promise<SyncedDates> {
  const [facts, stored, configurations] = await Promise.all([
    db
      .selectFrom('applications')
      .innerJoin('services', 'services.id', 'applications.service_id')
      .select(FACT_COLUMNS)
      .where('applications.id', '=', applicationId)
      .executeTakeFirstOrThrow(),
    openDeadlinesOf(db, applicationId),
    db.selectFrom('deadline_configurations').selectAll().where('active', '=', true).orderBy('id').execute(),
  ]);
  const today = kosovoDate(now);
  const earliest = [kosovoDate(facts.submitted_at), ...stored.map((row) => row.start_date)].reduce((first, date) => (date < first ? date : first), today);
  const holidays = await holidaysFrom(db, earliest);
  const tracked: TrackedDeadline[] = stored.map(({ application_id: _application, reminded, escalated, ...row }) => ({
    ...row,
    reminded: Boolean(reminded),
    escalated: Boolean(escalated),
    changed: false,
  }));
  planDeadlines(tracked, configurations, facts, status, now, holidays);
  // A clock started while an issuing institution is being asked waits with the others.
  const started = tracked.filter((deadline) => deadline.id === null && DEADLINE_STAGES[deadline.deadline_type].pauses);
  if (started.length > 0 && (await openConfirmationRequest(db, applicationId))) {
    for (const deadline of started) {
      deadline.pauses = [{ from: now.toISOString(), to: null, status, waiting_on: 'issuing_institution' }];
      deadline.paused_since = now;
      Object.assign(deadline, { due_date: clockOf(deadline, holidays, now).due, next_reminder_on: null, escalate_on: null });
    }
  }
  for (const deadline of tracked.filter((item) => item.changed)) {
    const row = deadlineRow(applicationId, deadline);
    if (deadline.id === null) await db.insertInto('application_deadlines').values(row).execute();
    else await db.updateTable('application_deadlines').set(row).where('id', '=', deadline.id).execute();
  }
  return applicationDates(tracked);
}

async function openConfirmationRequest(db: AppDatabase, applicationId: number): Promise<boolean> {
  const open = await db.selectFrom('confirmation_requests').select('id').where('application_id', '=', applicationId).where('state', '=', 'sent').limit(1).executeTakeFirst();
  return open !== undefined;
}

function sentOf(eb: ExpressionBuilder<Database, 'application_deadlines'>, kind: 'reminder' | 'escalation') {
  return eb
    .selectFrom('deadline_notifications')
    .select('deadline_notifications.id')
    .whereRef('deadline_notifications.application_deadline_id', '=', 'application_deadlines.id')
    .where('deadline_notifications.kind', '=', kind);
}

/** The application's deadlines with how each was computed, newest first (the detail answer). */
export async function explainApplicationDeadlines(db: AppDatabase, applicationId: number, now: Date): Promise<ApplicationDeadline[]> {
  const rows = await db
    .selectFrom('application_deadlines')
    .innerJoin('deadline_configurations', 'deadline_configurations.id', 'application_deadlines.configuration_id')
    .selectAll('application_deadlines')
    .select([
      'deadline_configurations.name_en',
      'deadline_configurations.name_sq',
      'deadline_configurations.name_sr',
      'deadline_configurations.mandatory',
      'deadline_configurations.mandatory_by_law',
      'deadline_configurations.legal_basis',
    ])
    .where('application_deadlines.application_id', '=', applicationId)
    .orderBy('application_deadlines.started_at', 'desc')
    .orderBy('application_deadlines.id', 'desc')
    .execute();
  if (rows.length === 0) return [];
  const earliest = rows.reduce((first, row) => (row.start_date < first ? row.start_date : first), rows[0].start_date);
  const holidays = await holidaysFrom(db, earliest);
  const today = kosovoDate(now);
  return rows.map((row) => {
    // A completed deadline is explained as it stood when it ended; an open one as of today.
    const asOf = row.completed_at ?? now;
    const clock = clockOf(row, holidays, asOf);
    const state = row.completed_at ? 'completed' : row.paused_since ? 'paused' : 'running';
    return {
      id: row.id,
      configuration_id: row.configuration_id,
      name_en: row.name_en,
      name_sq: row.name_sq,
      name_sr: row.name_sr,
      deadline_type: row.deadline_type,
      days: row.days,
      working_days: row.working_days,
      mandatory: row.mandatory,
      mandatory_by_law: row.mandatory_by_law,
      legal_basis: row.legal_basis,
      started_at: row.started_at.toISOString(),
      due_date: clock.due,
      state,
      completed_at: row.completed_at ? row.completed_at.toISOString() : null,
      overdue: state !== 'completed' && !clock.provisional && clock.due < today,
      steps: clock.steps,
    };
  });
}

/**
 * A paused deadline's due date is provisional: the date it would fall on if the clock resumed
 * today, so it moves with every day of waiting. The jobs call this daily-ish: paused deadlines
 * whose stored date has passed get today's provisional date (and the application its deadline or
 * review due date), so a list never shows as overdue an application the applicant is holding up.
 * Each refreshed date then lies after today, so repeated calls end.
 */
export async function refreshPausedDueDates(db: AppDatabase, now: Date, batchSize = 200): Promise<number> {
  const today = kosovoDate(now);
  return db.transaction().execute(async (trx) => {
    const stale = await trx
      .selectFrom('application_deadlines')
      .selectAll()
      .where('paused_since', 'is not', null)
      .where('completed_at', 'is', null)
      .where('due_date', '<', today)
      // Not those already overdue when the clock stopped: their date is final, not provisional.
      .where(sql<boolean>`due_date > (paused_since at time zone ${KOSOVO_TIME_ZONE})::date`)
      .orderBy('id')
      .limit(batchSize)
      .forUpdate()
      .skipLocked()
      .execute();
    if (stale.length === 0) return 0;
    const holidays = await holidaysFrom(trx, stale.reduce((first, row) => (row.start_date < first ? row.start_date : first), today));
    for (const row of stale) {
      const due = clockOf(row, holidays, now).due;
      await trx.updateTable('application_deadlines').set({ due_date: due }).where('id', '=', row.id).execute();
      const column = row.deadline_type === APPLICATION_DEADLINE_TYPE ? 'deadline' : row.deadline_type === REVIEW_DUE_DEADLINE_TYPE ? 'review_due_date' : null;
      if (column) {
        await trx
          .updateTable('applications')
          .set({ [column]: due })
          .where('id', '=', row.application_id)
          .where(column, '<', due)
          .execute();
      }
    }
    return stale.length;
  });
}
