import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays } from '../../src/shared/domain/deadline-dates';
import { createLogger } from '../../src/server/logger';
import { startServer, type StartedServer } from '../../src/server/start';
import { testConfig } from '../support/server-fixture';
import { copyTemplateDatabase, type DatabaseCopy } from '../support/test-database';
import { logLines } from '../support/log-lines';

// A configured reminder fires exactly once across three servers. Three
// API instances (startServer, as in production) on ONE PostgreSQL database share one controlled
// clock; each runs its own deadline job every 50 ms. The clock moves to the reminder day, then
// to the escalation day, while all three jobs run: every due reminder and escalation must be
// recorded once, queued once per recipient, and claimed by exactly one instance.
// PostgreSQL only (PGlite cannot be shared by processes); skipped, saying so, without it.

const reachable = inject('naricTestTemplate').driver === 'postgres';
if (!reachable) console.warn('deadlines-multi-instance.test.ts skipped: no PostgreSQL (set NARIC_TEST_DATABASE_URL to a reachable admin URL)');

const DEADLINES = 120;
const DUE = '2026-09-15';
const NAME = 'Multi-instance reminder';

async function until(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting for the deadline jobs');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!reachable)('deadline reminders across three API instances', () => {
  let database: DatabaseCopy;
  let pool: pg.Pool;
  const instances: { server: StartedServer; lines: Record<string, unknown>[] }[] = [];
  // The day before the reminder window opens.
  let now = new Date(`${addDays(DUE, -4)}T09:00:00Z`);
  const clock = () => now;
  let deadlineIds: number[] = [];

  beforeAll(async () => {
    database = await copyTemplateDatabase();
    pool = new pg.Pool({ connectionString: database.location.databaseUrl!, max: 2 });
    // The demo's own deadlines are put out of the way (nothing of theirs is owed), so the counts below are ours.
    await pool.query('update application_deadlines set next_reminder_on = null, escalate_on = null');
    const group = await pool.query<{ id: number }>(`select id from groups where name = 'NARIC Administrators'`);
    const recipients = await pool.query<{ n: number }>(
      `select count(*)::int as n from users u join user_groups ug on ug.user_id = u.id where ug.group_id = $1 and u.is_active`,
      [group.rows[0]!.id],
    );
    expect(recipients.rows[0]!.n).toBeGreaterThan(0);
    const configuration = await pool.query<{ id: number }>(
      `insert into deadline_configurations (name_en, name_sq, name_sr, deadline_type, service_category, days_from_start,
         reminder_enabled, reminder_days_before, reminder_frequency, escalation_enabled, escalation_days_after, escalation_recipients)
       values ($1, 'Kujtesë', 'Podsetnik', 'final_decision', 'higher_education', 10, true, 3, 'once', true, 1, $2) returning id`,
      [NAME, JSON.stringify([{ kind: 'group', id: group.rows[0]!.id }])],
    );
    // One running deadline on each of 120 applications, all due the same day, as the workflow hook would store them.
    const applications = await pool.query<{ id: number }>(`select id from applications order by id limit ${DEADLINES}`);
    const inserted = await pool.query<{ id: number }>(
      `insert into application_deadlines (application_id, configuration_id, deadline_type, days, working_days, started_at, start_date, due_date, next_reminder_on, escalate_on)
       select a, $1, 'final_decision', 10, false, $2::date, $2::date, $3::date, $4::date, $5::date from unnest($6::int[]) as a returning id`,
      [configuration.rows[0]!.id, addDays(DUE, -10), DUE, addDays(DUE, -3), addDays(DUE, 1), applications.rows.map((row) => row.id)],
    );
    deadlineIds = inserted.rows.map((row) => row.id);
    expect(deadlineIds).toHaveLength(DEADLINES);

    const config = testConfig({ ...database.location, jwtSecret: randomBytes(32).toString('base64url'), demo: true, port: 0, logLevel: 'info' });
    for (let i = 0; i < 3; i += 1) {
      const { stream, lines } = logLines();
      instances.push({ server: await startServer(config, { logger: createLogger('info', stream), clock, deadlineJobIntervalMs: 50 }), lines });
    }
  }, 180_000);

  afterAll(async () => {
    for (const { server } of instances) await server.close();
    await pool?.end();
    await database?.dispose();
  });

  const sent = async (kind: 'reminder' | 'escalation') =>
    (
      await pool.query<{ application_deadline_id: number; occurrence: string; recipients: number }>(
        `select application_deadline_id, occurrence::text, recipients from deadline_notifications where kind = $1 and application_deadline_id = any($2)`,
        [kind, deadlineIds],
      )
    ).rows;
  const queued = async (prefix: string) =>
    (await pool.query<{ n: number }>(`select count(*)::int as n from notification_outbox where subject like $1`, [`${prefix}: ${NAME}%`])).rows[0]!.n;
  const claimedBy = (message: string) =>
    instances.map(({ lines }) =>
      lines.filter((line) => line.msg === message && deadlineIds.includes(Number(line.application_deadline_id))).map((line) => Number(line.application_deadline_id)),
    );

  it('sends every due reminder exactly once, then every escalation exactly once', async () => {
    // Before the window nothing is owed, however long the jobs run.
    now = new Date(`${addDays(DUE, -4)}T09:00:00Z`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await sent('reminder')).toEqual([]);

    now = new Date(`${addDays(DUE, -3)}T09:00:00Z`);
    await until(async () => (await sent('reminder')).length === DEADLINES, 60_000);
    // Let the three jobs run on for a while: nothing more may go out.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const reminders = await sent('reminder');
    expect(reminders).toHaveLength(DEADLINES);
    expect(new Set(reminders.map((row) => row.application_deadline_id)).size).toBe(DEADLINES);
    expect(reminders.every((row) => row.occurrence === addDays(DUE, -3))).toBe(true);
    // One e-mail per recipient of each reminder (an assigned officer, or the escalation's group: the
    // counts differ between deadlines).
    const reminderMails = reminders.reduce((total, row) => total + row.recipients, 0);
    expect(reminderMails).toBeGreaterThanOrEqual(DEADLINES);
    expect(await queued('Reminder')).toBe(reminderMails);
    const reminderClaims = claimedBy('deadline reminder sent');
    // Each reminder in exactly one instance's log.
    expect(reminderClaims.flat().sort((a, b) => a - b)).toEqual([...deadlineIds].sort((a, b) => a - b));

    // The next days of the window: a 'once' reminder is not repeated.
    now = new Date(`${addDays(DUE, -1)}T09:00:00Z`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await sent('reminder')).toHaveLength(DEADLINES);

    now = new Date(`${addDays(DUE, 1)}T09:00:00Z`);
    await until(async () => (await sent('escalation')).length === DEADLINES, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const escalations = await sent('escalation');
    expect(new Set(escalations.map((row) => row.application_deadline_id)).size).toBe(DEADLINES);
    expect(await queued('Escalation')).toBe(escalations.reduce((total, row) => total + row.recipients, 0));
    expect(claimedBy('deadline escalation sent').flat()).toHaveLength(DEADLINES);
    expect(await queued('Reminder')).toBe(reminderMails);

    // Who did the work (printed, not asserted: the split depends on timing).
    console.info('reminders claimed per instance:', reminderClaims.map((claims) => claims.length).join(' / '));
  }, 150_000);
});
