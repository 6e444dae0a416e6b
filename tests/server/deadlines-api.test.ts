import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_PATHS } from '../../src/shared/api/applications';
import { DEADLINE_MESSAGES, DEADLINE_PATHS, type ApplicationDeadline, type DeadlineConfigurationCreate } from '../../src/shared/api/deadlines';
import { actionPathSegment } from '../../src/shared/domain/application-workflow';
import { kosovoDate } from '../../src/shared/domain/deadline-dates';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Deadline configurations, the holiday calendar and the deadline hook of the workflow,
// as an administrator. Access by every demo group: deadlines-access.test.ts.

let server: ServerFixture;
let now = new Date('2026-03-02T09:00:00Z');

beforeAll(async () => {
  server = await createServerFixture({ clock: () => now });
});
afterAll(async () => server.close());

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, username = 'admin') {
  return server.app.inject({ method, url: `/api${url}`, headers: await server.authorization(username), payload: payload as never });
}

const valid: DeadlineConfigurationCreate = {
  name_en: 'Translation check',
  name_sq: 'Kontrolli i përkthimit',
  name_sr: 'Provera prevoda',
  deadline_type: 'document_verification',
  service_category: 'abroad_verification',
  days_from_start: 7,
  working_days: true,
};

describe('deadline configurations', () => {
  it('refuses bad input field by field and saves nothing', async () => {
    const before = await server.db.selectFrom('deadline_configurations').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const cases: [Partial<DeadlineConfigurationCreate>, string, string][] = [
      [{ reminder_enabled: true, reminder_frequency: 'daily' }, 'reminder_days_before', DEADLINE_MESSAGES.reminderDaysRequired],
      [{ reminder_enabled: true, reminder_days_before: 2 }, 'reminder_frequency', DEADLINE_MESSAGES.reminderFrequencyRequired],
      [{ reminder_enabled: true, reminder_days_before: 9, reminder_frequency: 'once' }, 'reminder_days_before', DEADLINE_MESSAGES.reminderTooEarly],
      [{ escalation_enabled: true, escalation_days_after: 1 }, 'escalation_recipients', DEADLINE_MESSAGES.escalationRecipientsRequired],
      [{ escalation_enabled: true, escalation_recipients: [{ kind: 'group', id: 1 }] }, 'escalation_days_after', DEADLINE_MESSAGES.escalationDaysRequired],
      [{ mandatory_by_law: true }, 'legal_basis', DEADLINE_MESSAGES.legalBasisRequired],
      [{ conditional: true }, 'condition', DEADLINE_MESSAGES.conditionRequired],
      [{ name_sq: '' }, 'name_sq', 'This field is required'],
      [{ days_from_start: -3 }, 'days_from_start', 'Ensure this value is at least 1.'],
    ];
    for (const [change, field, message] of cases) {
      const answer = await call('POST', DEADLINE_PATHS.configurations, { ...valid, ...change });
      expect(answer.statusCode, field).toBe(400);
      expect(answer.json()[field], field).toContain(message);
    }
    const unknown = await call('POST', DEADLINE_PATHS.configurations, {
      ...valid,
      escalation_enabled: true,
      escalation_days_after: 1,
      escalation_recipients: [{ kind: 'user', id: 999_999 }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().escalation_recipients).toEqual([DEADLINE_MESSAGES.unknownRecipient]);
    const after = await server.db.selectFrom('deadline_configurations').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('creates, edits with the version it read, deactivates, and keeps the history', async () => {
    const group = await server.db.selectFrom('groups').select('id').where('name', '=', 'NARIC Administrators').executeTakeFirstOrThrow();
    const created = await call('POST', DEADLINE_PATHS.configurations, {
      ...valid,
      reminder_enabled: true,
      reminder_days_before: 2,
      reminder_frequency: 'daily',
      escalation_enabled: true,
      escalation_days_after: 1,
      escalation_recipients: [{ kind: 'group', id: group.id }],
    });
    expect(created.statusCode).toBe(201);
    const configuration = created.json();
    expect(configuration).toMatchObject({ name_sr: 'Provera prevoda', active: true, applications_count: 0, version: 1 });
    expect(configuration.escalation_recipients).toEqual([{ kind: 'group', id: group.id, name: 'NARIC Administrators' }]);

    const edit = { ...valid, days_from_start: 9, reminder_enabled: false, reminder_days_before: 2, reminder_frequency: 'daily' };
    const stale = await call('PUT', DEADLINE_PATHS.configuration(configuration.id), { ...edit, version: 0 });
    expect(stale.statusCode).toBe(412);
    const updated = await call('PUT', DEADLINE_PATHS.configuration(configuration.id), { ...edit, version: 1 });
    expect(updated.statusCode).toBe(200);
    // A switched-off reminder keeps no stale settings; the escalation is off too (not sent again).
    expect(updated.json()).toMatchObject({ days_from_start: 9, reminder_enabled: false, reminder_days_before: null, reminder_frequency: null, escalation_recipients: [], version: 2 });

    const deactivated = await call('POST', DEADLINE_PATHS.deactivate(configuration.id), { version: 2 });
    expect(deactivated.json()).toMatchObject({ active: false, version: 3 });

    const history = await call('GET', DEADLINE_PATHS.history(configuration.id));
    expect(history.statusCode).toBe(200);
    const entries = history.json().results as { action: string; actor: { full_name: string } | null; changes: { field: string; before: unknown; after: unknown }[] }[];
    expect(entries.map((entry) => entry.action)).toEqual(['deactivated', 'updated', 'created']);
    expect(entries[0].changes).toEqual([{ field: 'active', before: true, after: false }]);
    expect(entries[1].changes).toContainEqual({ field: 'days_from_start', before: 7, after: 9 });
    expect(entries.every((entry) => entry.actor !== null)).toBe(true);

    expect((await call('DELETE', DEADLINE_PATHS.configuration(configuration.id))).statusCode).toBe(204);
    expect((await call('GET', DEADLINE_PATHS.configuration(configuration.id))).statusCode).toBe(404);
  });

  it('lists with filters, search and paging', async () => {
    const councils = await call('GET', `${DEADLINE_PATHS.configurations}?deadline_type=council_review`);
    expect(councils.json().results.length).toBeGreaterThan(0);
    expect(councils.json().results.every((row: { deadline_type: string }) => row.deadline_type === 'council_review')).toBe(true);
    const category = await call('GET', `${DEADLINE_PATHS.configurations}?service_category=academic_information&page_size=2`);
    expect(category.json().count).toBeGreaterThan(2);
    expect(category.json().results).toHaveLength(2);
    expect(category.json().next).toContain('page=2');
    const search = await call('GET', `${DEADLINE_PATHS.configurations}?search=${encodeURIComponent('Shqyrtimi nga')}`);
    expect(search.json().results.map((row: { deadline_type: string }) => row.deadline_type)).toEqual(['council_review']);
    expect((await call('GET', `${DEADLINE_PATHS.configurations}?deadline_type=nonsense`)).statusCode).toBe(400);
  });

  it('a used configuration is deactivated, never deleted', async () => {
    const used = await server.db.selectFrom('application_deadlines').select('configuration_id').limit(1).executeTakeFirstOrThrow();
    const answer = await call('DELETE', DEADLINE_PATHS.configuration(used.configuration_id));
    expect(answer.statusCode).toBe(409);
    expect(answer.json().detail).toBe(DEADLINE_MESSAGES.configurationInUse);
    expect((await call('GET', DEADLINE_PATHS.configuration(used.configuration_id))).json().applications_count).toBeGreaterThan(0);
  });

  it('offers active staff and the groups as escalation recipients', async () => {
    const answer = await call('GET', DEADLINE_PATHS.recipients);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().groups.map((group: { name: string }) => group.name)).toContain('Administrators');
    expect(answer.json().users.map((user: { username: string }) => user.username)).toContain('officer');
  });
});

describe('holiday calendar', () => {
  it('holds Kosovo’s public holidays of 2026 and 2027 from the library, in three languages', async () => {
    const answer = await call('GET', `${DEADLINE_PATHS.holidays}?year=2026`);
    expect(answer.statusCode).toBe(200);
    const independence = answer.json().find((row: { date: string }) => row.date === '2026-02-17');
    expect(independence).toMatchObject({ name_en: 'Independence Day', name_sq: 'Dita e Pavarësisë', source: 'library' });
    expect(independence.name_sr).toMatch(/^[A-Za-zČčĆćŠšŽžĐđ ]+$/);
    expect((await call('GET', `${DEADLINE_PATHS.holidays}?year=2027`)).json().length).toBeGreaterThanOrEqual(10);
  });

  it('is edited by administrators: add, refuse a duplicate, remove, import a year', async () => {
    const added = await call('POST', DEADLINE_PATHS.holidays, { date: '2026-06-12', name_en: 'Peace Day', name_sq: 'Dita e Paqes', name_sr: 'Dan mira' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ date: '2026-06-12', source: 'manual' });
    const duplicate = await call('POST', DEADLINE_PATHS.holidays, { date: '2026-06-12', name_en: 'x', name_sq: 'x', name_sr: 'x' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().date).toEqual([DEADLINE_MESSAGES.holidayExists]);
    expect((await call('POST', DEADLINE_PATHS.holidays, { date: '2026-02-30', name_en: 'x', name_sq: 'x', name_sr: 'x' })).statusCode).toBe(400);
    expect((await call('DELETE', DEADLINE_PATHS.holiday(added.json().id))).statusCode).toBe(204);
    expect((await call('DELETE', DEADLINE_PATHS.holiday(added.json().id))).statusCode).toBe(404);
    const imported = await call('POST', DEADLINE_PATHS.holidayImport, { year: 2028 });
    expect(imported.statusCode).toBe(200);
    expect(imported.json().added).toBeGreaterThanOrEqual(10);
    expect((await call('POST', DEADLINE_PATHS.holidayImport, { year: 2028 })).json().added).toBe(0);
  });
});

describe('application deadlines follow the workflow', () => {
  async function act(id: number, action: string, body: Record<string, unknown>) {
    const detail = (await call('GET', APPLICATION_PATHS.detail(id))).json();
    const answer = await call('POST', `/applications/${id}/${actionPathSegment(action as never)}/`, { version: detail.version, ...body });
    expect(answer.statusCode, JSON.stringify(answer.json())).toBe(200);
    return answer.json() as { deadline: string | null; review_due_date: string | null; deadlines: ApplicationDeadline[] };
  }

  it('starts a stage’s deadline, stops it while waiting on the applicant, resumes where it stopped', async () => {
    const { id } = await server.db.selectFrom('applications').select('id').where('reference', '=', 'NARIC-2026-900001').executeTakeFirstOrThrow();
    now = new Date('2026-03-02T09:00:00Z'); // Monday
    const started = await act(id, 'start_work', {});
    const verification = started.deadlines.find((deadline) => deadline.deadline_type === 'document_verification')!;
    expect(verification).toMatchObject({ state: 'running', working_days: true, days: 10, due_date: '2026-03-16' });
    const completion = started.deadlines.find((deadline) => deadline.deadline_type === 'service_completion' && deadline.state !== 'completed')!;
    expect(started.deadline).toBe(completion.due_date);

    now = new Date('2026-03-04T10:00:00Z');
    const waiting = await act(id, 'update_status', { to: 'needs_clarification' });
    expect(waiting.deadlines.find((deadline) => deadline.id === verification.id)!.state).toBe('paused');
    // The applicant's own deadline runs meanwhile.
    expect(waiting.deadlines.find((deadline) => deadline.deadline_type === 'document_upload')).toMatchObject({ state: 'running', due_date: '2026-04-03' });

    now = new Date('2026-03-09T08:00:00Z');
    const resumed = await act(id, 'update_status', { to: 'document_verification' });
    const after = resumed.deadlines.find((deadline) => deadline.id === verification.id)!;
    // Counted: the 3rd and the 4th (the day it stopped), then from the 10th on: 8 more working days.
    expect(after.state).toBe('running');
    expect(after.steps).toContainEqual({ kind: 'paused', from: '2026-03-04', to: '2026-03-09', days: 5, status: 'needs_clarification' });
    expect(after.due_date).toBe('2026-03-19');
    expect(resumed.deadlines.find((deadline) => deadline.deadline_type === 'document_upload')!.state).toBe('completed');
    expect(kosovoDate(now)).toBe('2026-03-09');
  });

  it('the council review due date comes from its configuration', async () => {
    const { id } = await server.db.selectFrom('applications').select('id').where('reference', '=', 'NARIC-2026-900001').executeTakeFirstOrThrow();
    now = new Date('2026-03-10T09:00:00Z');
    await act(id, 'update_status', { to: 'originality_verified' });
    const council = await server.db.selectFrom('councils').select('id').where('active', '=', true).orderBy('id').executeTakeFirstOrThrow();
    const assigned = await act(id, 'move_to_council', { council_id: council.id });
    expect(assigned.review_due_date).toBe('2026-04-09');
    expect(assigned.deadlines.find((deadline) => deadline.deadline_type === 'council_review')).toMatchObject({ state: 'running', due_date: '2026-04-09' });
  });
});
