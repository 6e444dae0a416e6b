import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_PATHS } from '../../src/shared/api/applications';
import { DEADLINE_PATHS } from '../../src/shared/api/deadlines';
import { actionPathSegment, type ActionName } from '../../src/shared/domain/application-workflow';
import { refreshPausedDueDates } from '../../src/server/application-deadlines';
import { runDeadlineJobs } from '../../src/server/jobs/deadline-jobs';
import { createLogger } from '../../src/server/logger';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// The reminder and escalation job on one instance with a controlled clock: a daily reminder in
// its window, once per day however often the job runs, never while the clock is stopped, and the
// escalation once after the due date. Three instances at once: deadlines-multi-instance.test.ts.

let server: ServerFixture;
let now = new Date('2026-05-04T08:00:00Z'); // a Monday
const clock = () => now;
const log = createLogger('silent');
const NAME = 'Information request answered (job test)';

beforeAll(async () => {
  server = await createServerFixture({ clock });
});
afterAll(async () => server.close());

async function call(method: 'GET' | 'POST', url: string, payload?: unknown) {
  return server.app.inject({ method, url: `/api${url}`, headers: await server.authorization('admin'), payload: payload as never });
}

async function act(id: number, action: ActionName, body: Record<string, unknown> = {}) {
  const { version } = (await call('GET', APPLICATION_PATHS.detail(id))).json() as { version: number };
  const answer = await call('POST', `/applications/${id}/${actionPathSegment(action)}/`, { version, ...body });
  expect(answer.statusCode, answer.body).toBe(200);
}

/** The job's e-mails about our configuration, by subject kind. */
async function mails() {
  const rows = await server.db
    .selectFrom('notification_outbox')
    .select(['subject', 'recipient_user_id'])
    .where('subject', 'like', `%${NAME}%`)
    .orderBy('id')
    .execute();
  return { reminders: rows.filter((row) => row.subject.startsWith('Reminder')), escalations: rows.filter((row) => row.subject.startsWith('Escalation')) };
}

async function runOn(date: string, times = 1) {
  now = new Date(`${date}T07:30:00Z`);
  for (let i = 0; i < times; i += 1) await runDeadlineJobs(server.db, { clock, log });
}

describe('reminder and escalation job', () => {
  it('reminds daily within the window, once a day, and escalates once after the due date', async () => {
    const officer = await server.db.selectFrom('users').select('id').where('username', '=', 'officer').executeTakeFirstOrThrow();
    const created = await call('POST', DEADLINE_PATHS.configurations, {
      name_en: NAME,
      name_sq: 'Përgjigja e kërkesës (test)',
      name_sr: 'Odgovor na zahtev (test)',
      deadline_type: 'administrative_review',
      service_category: 'academic_information',
      days_from_start: 10,
      reminder_enabled: true,
      reminder_days_before: 3,
      reminder_frequency: 'daily',
      escalation_enabled: true,
      escalation_days_after: 2,
      escalation_recipients: [{ kind: 'user', id: officer.id }],
    });
    expect(created.statusCode, created.body).toBe(201);

    const application = await server.db
      .selectFrom('applications')
      .select(['id'])
      .where('service_type', '=', 5)
      .where('status', 'in', ['payment_completed', 'payment_exempted'])
      .where('archived', '=', false)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await server.db.updateTable('applications').set({ assigned_officer_id: null, assigned_officer_name: null }).where('id', '=', application.id).execute();
    now = new Date('2026-05-04T08:00:00Z');
    await act(application.id, 'start_work'); // → processing: the administrative review starts, due 2026-05-14

    const deadline = await server.db
      .selectFrom('application_deadlines')
      .innerJoin('deadline_configurations', 'deadline_configurations.id', 'application_deadlines.configuration_id')
      .select(['application_deadlines.id', 'application_deadlines.due_date', 'application_deadlines.next_reminder_on', 'application_deadlines.escalate_on'])
      .where('deadline_configurations.name_en', '=', NAME)
      .executeTakeFirstOrThrow();
    expect(deadline).toMatchObject({ due_date: '2026-05-14', next_reminder_on: '2026-05-11', escalate_on: '2026-05-16' });

    await runOn('2026-05-10', 2);
    expect((await mails()).reminders).toHaveLength(0);
    await runOn('2026-05-11', 3);
    expect((await mails()).reminders).toHaveLength(1);
    // Nobody is assigned: the reminder goes to the escalation's people.
    expect((await mails()).reminders[0]!.recipient_user_id).toBe(officer.id);
    for (const day of ['2026-05-12', '2026-05-13', '2026-05-14']) await runOn(day, 2);
    expect((await mails()).reminders).toHaveLength(4);
    await runOn('2026-05-15', 2);
    expect((await mails()).reminders).toHaveLength(4);
    expect((await mails()).escalations).toHaveLength(0);
    await runOn('2026-05-16', 3);
    await runOn('2026-05-17');
    expect((await mails()).escalations).toHaveLength(1);

    const sent = await server.db.selectFrom('deadline_notifications').select(['kind', 'occurrence']).where('application_deadline_id', '=', deadline.id).orderBy('id').execute();
    expect(sent).toEqual([
      { kind: 'reminder', occurrence: '2026-05-11' },
      { kind: 'reminder', occurrence: '2026-05-12' },
      { kind: 'reminder', occurrence: '2026-05-13' },
      { kind: 'reminder', occurrence: '2026-05-14' },
      { kind: 'escalation', occurrence: '2026-05-16' },
    ]);
  });

  it('sends nothing while the clock stands still, and plans afresh when it resumes', async () => {
    // A service-1 application in document verification: its verification clock pauses while it needs clarification.
    const application = await server.db
      .selectFrom('applications')
      .select('id')
      .where('service_type', '=', 1)
      .where('status', '=', 'payment_completed')
      .where('archived', '=', false)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const configuration = await call('POST', DEADLINE_PATHS.configurations, {
      name_en: `${NAME} (paused)`,
      name_sq: 'Verifikimi (test)',
      name_sr: 'Verifikacija (test)',
      deadline_type: 'document_verification',
      service_category: 'higher_education',
      days_from_start: 5,
      reminder_enabled: true,
      reminder_days_before: 5,
      reminder_frequency: 'once',
    });
    expect(configuration.statusCode).toBe(201);
    now = new Date('2026-06-01T08:00:00Z');
    await act(application.id, 'start_work');
    now = new Date('2026-06-01T09:00:00Z');
    await act(application.id, 'update_status', { to: 'needs_clarification' });
    const paused = await server.db
      .selectFrom('application_deadlines')
      .select(['id', 'next_reminder_on', 'paused_since'])
      .where('configuration_id', '=', configuration.json().id)
      .executeTakeFirstOrThrow();
    expect(paused.paused_since).not.toBeNull();
    expect(paused.next_reminder_on).toBeNull();
    await runOn('2026-06-03', 2);
    expect(await server.db.selectFrom('deadline_notifications').select('id').where('application_deadline_id', '=', paused.id).execute()).toEqual([]);
    // Waiting past the date it would have had: the job moves the provisional date on (never shown overdue while waiting).
    expect(await refreshPausedDueDates(server.db, new Date('2026-06-07T08:00:00Z'))).toBeGreaterThan(0);
    expect(await server.db.selectFrom('application_deadlines').select('due_date').where('id', '=', paused.id).executeTakeFirstOrThrow()).toEqual({
      due_date: '2026-06-12',
    });

    now = new Date('2026-06-08T08:00:00Z');
    await act(application.id, 'update_status', { to: 'document_verification' });
    const resumed = await server.db.selectFrom('application_deadlines').select(['due_date', 'next_reminder_on']).where('id', '=', paused.id).executeTakeFirstOrThrow();
    // Stopped on the day it started (the 1st), resumed on the 8th: five calendar days counted from the 9th.
    expect(resumed).toEqual({ due_date: '2026-06-13', next_reminder_on: '2026-06-08' });
    await runOn('2026-06-08', 2);
    await runOn('2026-06-09');
    const sent = await server.db.selectFrom('deadline_notifications').select(['kind', 'occurrence']).where('application_deadline_id', '=', paused.id).execute();
    expect(sent).toEqual([{ kind: 'reminder', occurrence: '2026-06-08' }]);
  });
});
