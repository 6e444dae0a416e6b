import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DeadlineConfiguration, DeadlineConfigurationChange, Holiday } from '../../../../src/shared/api/deadlines';
import { json, stubApi } from '../api-stub';
import { chooseOption } from '../choose-option';
import { makeUser, USER_KINDS } from '../fixtures';
import { openSignedIn, signOutAfterTest } from '../signed-in';

const admin = makeUser({ id: 1, username: 'admin', is_superuser: true, full_name: 'Arben Rexhepi' });

const configuration = (overrides: Partial<DeadlineConfiguration> = {}): DeadlineConfiguration => ({
  id: 4,
  name_en: 'Council review',
  name_sq: 'Shqyrtimi nga këshilli',
  name_sr: 'Razmatranje u savetu',
  deadline_type: 'council_review',
  service_category: 'higher_education',
  days_from_start: 30,
  working_days: true,
  conditional: false,
  condition: null,
  mandatory: true,
  mandatory_by_law: false,
  legal_basis: null,
  reminder_enabled: true,
  reminder_days_before: 5,
  reminder_frequency: 'daily',
  escalation_enabled: false,
  escalation_days_after: null,
  escalation_recipients: [],
  active: true,
  applications_count: 12,
  version: 3,
  created_at: '2026-01-05T09:00:00Z',
  updated_at: '2026-02-01T09:00:00Z',
  ...overrides,
});

const page = (results: DeadlineConfiguration[]) => json(200, { count: results.length, next: null, previous: null, results });
const recipients = json(200, { users: [{ id: 7, full_name: 'Blerta Gashi', username: 'officer' }], groups: [{ id: 2, name: 'NARIC Administrators' }] });

/** The query string of the last list request (the stub only records paths). */
function lastListQuery(): URLSearchParams {
  const fetchMock = globalThis.fetch as unknown as { mock: { calls: [RequestInfo | URL, RequestInit?][] } };
  const urls = fetchMock.mock.calls.map(([request]) => new URL(request instanceof Request ? request.url : String(request)));
  return urls.filter((url) => url.pathname === '/api/deadlines/').at(-1)!.searchParams;
}

// The screen is a lazy chunk transformed on first import: on the shared two-core machine that
// alone can take longer than the usual wait.
const FIRST_RENDER = { timeout: 20_000 };

const field = (dialog: HTMLElement, name: string) => within(dialog).getByRole('textbox', { name: new RegExp(`^${name}`) });

beforeEach(() => localStorage.clear());
afterEach(signOutAfterTest);

describe('deadline configurations', () => {
  it('lists the configurations and sends the filters in the address to the server', async () => {
    stubApi({ 'GET /api/deadlines/': page([configuration(), configuration({ id: 5, name_en: 'Fee payment', deadline_type: 'fee_payment', active: false, working_days: false, days_from_start: 1, reminder_enabled: false })]) });
    const { router } = openSignedIn(admin, '/deadlines?category=higher_education&status=active');
    const table = await screen.findByRole('grid', { name: 'Deadline configurations' }, FIRST_RENDER);
    const [, council, fee] = within(table).getAllByRole('row');
    expect(council!.textContent).toContain('30 working days');
    expect(council!.textContent).toContain('5 days before, Daily');
    expect(council!.textContent).toContain('Active');
    expect(fee!.textContent).toContain('1 calendar day');
    expect(within(fee!).getByRole('button', { name: 'Activate Fee payment' })).toBeTruthy();
    expect(screen.getByText('2 configurations')).toBeTruthy();
    expect(lastListQuery().get('service_category')).toBe('higher_education');
    expect(lastListQuery().get('active')).toBe('true');

    await chooseOption('Deadline type', 'Council review');
    await waitFor(() => expect(router.state.location.search).toContain('type=council_review'));
    await waitFor(() => expect(lastListQuery().get('deadline_type')).toBe('council_review'));
  });

  it('checks the form before sending: required fields, a reminder without days, an escalation without recipients, a legal basis', async () => {
    const calls = stubApi({
      'GET /api/deadlines/': page([]),
      'GET /api/deadlines/recipients/': recipients,
      'POST /api/deadlines/': json(201, configuration({ id: 9, name_en: 'Document upload', deadline_type: 'document_upload' })),
    });
    const { router } = openSignedIn(admin, '/deadlines');
    await screen.findByRole('grid', { name: 'Deadline configurations' }, FIRST_RENDER);
    fireEvent.click(screen.getByRole('button', { name: 'New configuration' }));
    const dialog = await screen.findByRole('dialog', { name: 'New deadline configuration' });
    expect(router.state.location.search).toBe('?create=1');

    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Send a reminder' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Escalate when the deadline is missed/ }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Mandatory by law' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create configuration' }));
    expect(await within(dialog).findByText('Give how many days before the deadline the reminder is sent.')).toBeTruthy();
    expect(within(dialog).getByText('Choose how often the reminder is sent.')).toBeTruthy();
    expect(within(dialog).getByText('Give how many days after the deadline the escalation is sent.')).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one person or group to escalate to.')).toBeTruthy();
    expect(within(dialog).getByText('Give the legal basis of a deadline that is mandatory by law.')).toBeTruthy();
    expect(within(dialog).getAllByText('This field is required')).toHaveLength(6);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(field(dialog, 'Name in English'), { target: { value: 'Document upload' } });
    fireEvent.change(field(dialog, 'Name in Albanian'), { target: { value: 'Ngarkimi i dokumenteve' } });
    fireEvent.change(field(dialog, 'Name in Serbian'), { target: { value: 'Otpremanje dokumenata' } });
    await chooseOption('Deadline type', 'Document upload', dialog);
    await chooseOption('Service category', 'Abroad verification', dialog);
    fireEvent.change(field(dialog, 'Days from start'), { target: { value: '20' } });
    fireEvent.change(field(dialog, 'Legal basis'), { target: { value: 'Law No. 04/L-037 on Higher Education, art. 9' } });
    fireEvent.change(field(dialog, 'Days before the deadline'), { target: { value: '3' } });
    await chooseOption('Frequency', 'Weekly', dialog);
    fireEvent.change(field(dialog, 'Days after the deadline'), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Escalate to/ }));
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Group: NARIC Administrators' }));
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create configuration' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = JSON.parse(calls.find((call) => call.method === 'POST')!.body);
    expect(sent).toEqual({
      name_en: 'Document upload',
      name_sq: 'Ngarkimi i dokumenteve',
      name_sr: 'Otpremanje dokumenata',
      deadline_type: 'document_upload',
      service_category: 'abroad_verification',
      days_from_start: 20,
      working_days: true,
      conditional: false,
      condition: null,
      mandatory: true,
      mandatory_by_law: true,
      legal_basis: 'Law No. 04/L-037 on Higher Education, art. 9',
      reminder_enabled: true,
      reminder_days_before: 3,
      reminder_frequency: 'weekly',
      escalation_enabled: true,
      escalation_days_after: 2,
      escalation_recipients: [{ kind: 'group', id: 2 }],
    });
    expect(router.state.location.search).toBe('');
  });

  it("edits the stored version and shows the server's field errors under their fields, translated", async () => {
    const calls = stubApi({
      'GET /api/deadlines/': page([configuration()]),
      'GET /api/deadlines/4/': json(200, configuration({ escalation_enabled: true, escalation_days_after: 1, escalation_recipients: [{ kind: 'user', id: 99, name: 'Former Officer' }] })),
      'GET /api/deadlines/recipients/': recipients,
      'PUT /api/deadlines/4/': json(400, {
        escalation_recipients: ['This person or group does not exist or cannot receive escalations.'],
        field_codes: { escalation_recipients: [{ code: 'deadline_unknown_recipient', params: {} }] },
      }),
    });
    const { i18n } = openSignedIn(admin, '/deadlines?edit=4');
    const dialog = await screen.findByRole('dialog', { name: 'Edit deadline configuration' }, FIRST_RENDER);
    expect(((await within(dialog).findByRole('textbox', { name: /^Days from start/ }, FIRST_RENDER)) as HTMLInputElement).value).toBe('30');
    expect(within(dialog).getByRole('button', { name: /Escalate to/ }).textContent).toContain('Former Officer');
    fireEvent.change(field(dialog, 'Days from start'), { target: { value: '25' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('This person or group does not exist or cannot receive escalations.')).toBeTruthy();
    const sent = JSON.parse(calls.find((call) => call.method === 'PUT')!.body);
    expect(sent).toMatchObject({ version: 3, days_from_start: 25, escalation_recipients: [{ kind: 'user', id: 99 }] });

    await i18n.changeLanguage('sq');
    expect(await within(dialog).findByText('Ky person ose grup nuk ekziston ose nuk mund të marrë përshkallëzime.')).toBeTruthy();
  });

  it('deactivates after confirming, with the version read, and says what happens to running deadlines', async () => {
    const calls = stubApi({
      'GET /api/deadlines/': page([configuration()]),
      'POST /api/deadlines/4/deactivate/': json(200, configuration({ active: false, version: 4 })),
    });
    openSignedIn(admin, '/deadlines');
    const table = await screen.findByRole('grid', { name: 'Deadline configurations' }, FIRST_RENDER);
    fireEvent.click(within(table).getByRole('button', { name: 'Deactivate Council review' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Deactivate “Council review”?' });
    expect(confirm.textContent).toContain('12 application deadlines were started from it: they keep running.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    // Closes once the list is read again (after the write).
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), FIRST_RENDER);
    const sent = calls.find((call) => call.path === '/api/deadlines/4/deactivate/')!;
    expect(JSON.parse(sent.body)).toEqual({ version: 3 });
  });

  it("shows a configuration's history: who, when, each field before and after, in words", async () => {
    const changes: DeadlineConfigurationChange[] = [
      {
        id: 31,
        action: 'updated',
        actor: { id: 1, full_name: 'Arben Rexhepi' },
        at: '2026-02-01T09:00:00Z',
        changes: [
          { field: 'days_from_start', before: 20, after: 30 },
          { field: 'reminder_frequency', before: 'once', after: 'daily' },
          { field: 'working_days', before: false, after: true },
          { field: 'escalation_recipients', before: [], after: [{ kind: 'group', id: 2 }, { kind: 'user', id: 7 }] },
        ],
      },
      { id: 30, action: 'created', actor: null, at: '2026-01-05T09:00:00Z', changes: [] },
    ];
    stubApi({
      'GET /api/deadlines/': page([configuration()]),
      'GET /api/deadlines/4/history/': json(200, { count: 2, next: null, previous: null, results: changes }),
      'GET /api/deadlines/recipients/': recipients,
    });
    openSignedIn(admin, '/deadlines');
    const table = await screen.findByRole('grid', { name: 'Deadline configurations' }, FIRST_RENDER);
    fireEvent.click(within(table).getByRole('button', { name: 'History of Council review' }));
    const history = await screen.findByRole('grid', { name: 'Changes' });
    const rows = within(history).getAllByRole('row').slice(1).map((row) => row.textContent);
    expect(rows[0]).toContain('Arben Rexhepi');
    expect(rows[0]).toContain('Edited');
    expect(rows[0]).toContain('Days from start2030');
    expect(rows[1]).toContain('FrequencyOnceDaily');
    expect(rows[2]).toMatch(/Count working days.*NoYes/);
    await waitFor(() => expect(within(history).getAllByRole('row')[4]!.textContent).toContain('Escalate to—Group: NARIC Administrators, Blerta Gashi'));
    expect(rows[4]).toContain('System');
    expect(rows[4]).toContain('Created');
  });

  it('refuses a non-administrator before anything is fetched', async () => {
    const calls = stubApi({});
    const { router } = openSignedIn(USER_KINDS.officer, '/deadlines');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe('?error=access_denied');
    expect(calls.some((call) => call.path.startsWith('/api/deadlines/'))).toBe(false);
  });
});

describe('holiday calendar', () => {
  const holidays: Holiday[] = [
    { id: 2, date: '2026-02-17', name_en: 'Independence Day', name_sq: 'Dita e Pavarësisë', name_sr: 'Dan nezavisnosti', source: 'library' },
    { id: 1, date: '2026-01-01', name_en: "New Year's Day", name_sq: 'Viti i Ri', name_sr: 'Nova godina', source: 'library' },
  ];

  it('lists a year, adds a day and removes one', async () => {
    const calls = stubApi({
      'GET /api/holidays/': json(200, holidays),
      'POST /api/holidays/': json(201, { id: 3, date: '2026-06-12', name_en: 'Peace Day', name_sq: 'Dita e Paqes', name_sr: 'Dan mira', source: 'manual' }),
      'DELETE /api/holidays/2/': new Response(null, { status: 204 }),
    });
    openSignedIn(admin, '/deadlines?tab=holidays&year=2026');
    const table = await screen.findByRole('grid', { name: 'Holidays of 2026' }, FIRST_RENDER);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([expect.stringContaining("New Year's Day"), expect.stringContaining('Independence Day')]);
    expect(rows[0]!.textContent).toContain('01/01/2026');

    fireEvent.click(screen.getByRole('button', { name: 'Add holiday' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(4);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Remove Independence Day, 17/02/2026' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove this holiday?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/holidays/2/')).toBe(true));
  });

  it("shows the server's refusal of a date that is already a holiday, translated", async () => {
    stubApi({
      'GET /api/holidays/': json(200, holidays),
      'POST /api/holidays/': json(400, { date: ['This date is already a holiday in the calendar.'], field_codes: { date: [{ code: 'deadline_holiday_exists', params: {} }] } }),
    });
    const { i18n } = openSignedIn(admin, '/deadlines?tab=holidays&year=2026');
    await screen.findByRole('grid', { name: 'Holidays of 2026' }, FIRST_RENDER);
    await i18n.changeLanguage('sr');
    const form = screen.getByRole('region', { name: 'Novi praznik' });
    // Arrow up on an empty segment takes today's value: a whole date without typing digits.
    for (const segment of within(form).getAllByRole('spinbutton')) fireEvent.keyDown(segment, { key: 'ArrowUp' });
    fireEvent.change(within(form).getByRole('textbox', { name: /Naziv na engleskom/ }), { target: { value: 'Independence Day' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /Naziv na albanskom/ }), { target: { value: 'Dita e Pavarësisë' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /Naziv na srpskom/ }), { target: { value: 'Dan nezavisnosti' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Dodaj praznik' }));
    expect(await within(form).findByText('Ovaj datum je već praznik u kalendaru.')).toBeTruthy();
  });
});
