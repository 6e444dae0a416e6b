import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NaricBridge } from '../../../../src/shared/bridge';
import { json, stubApi } from '../api-stub';
import { chooseOption } from '../choose-option';
import { openSignedIn, signOutAfterTest } from '../signed-in';
import { admin, councilMember, makeCouncil, makeCouncilDetail, makeMeeting, page } from './council-fixtures';

afterEach(signOutAfterTest);

const sentRequests = () =>
  vi.mocked(globalThis.fetch).mock.calls.map(([input, init]) => (input instanceof Request ? input : new Request(input, init)));
const fill = (label: string, value: string) => fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
const fieldError = (label: string) => {
  const input = screen.getByRole('textbox', { name: label });
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
};
/** Opens the multi-select field named `label` and checks each option. */
async function pick(label: string, options: string[]) {
  fireEvent.click(screen.getByRole('button', { name: new RegExp(`^${label}`) }));
  const menu = await screen.findByRole('menu');
  for (const option of options) fireEvent.click(within(menu).getByRole('menuitemcheckbox', { name: option }));
  fireEvent.keyDown(menu, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
}

const memberOptions = [
  { id: 5, name: 'Driton Hoxha', username: 'council' },
  { id: 21, name: 'Arben Krasniqi', username: 'council.krasniqi' },
  { id: 22, name: 'Milica Jovanović', username: 'council.jovanovic' },
];

describe('council list', () => {
  it('asks for active councils by default, sends the filters and links each council to its details', async () => {
    stubApi({ 'GET /api/councils/': json(200, page([makeCouncil()])) });
    openSignedIn(admin, '/councils?field=medical_health&search=Medical');
    const table = await screen.findByRole('grid', { name: 'Councils' }, { timeout: 10_000 });
    expect(within(table).getByRole('link', { name: 'Council for Medical and Health Sciences' }).getAttribute('href')).toBe('/councils/4');
    expect(within(table).getByText('Medical and health sciences')).toBeTruthy();
    expect(within(table).getByText('Driton Hoxha')).toBeTruthy();
    expect(screen.getByText('1 council')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New council' }).getAttribute('href')).toBe('/councils/create');
    // The list's own request (a screen of the app shell may ask for something else meanwhile).
    const listRequest = sentRequests().filter((request) => new URL(request.url).pathname === '/api/councils/').at(-1)!;
    expect(Object.fromEntries(new URL(listRequest.url).searchParams)).toEqual({ page: '1', page_size: '25', search: 'Medical', field: 'medical_health', active: 'true' });
  });

  it('lists every council when asked, and offers no "New council" to a council member', async () => {
    stubApi({ 'GET /api/councils/': json(200, page([makeCouncil({ active: false, name_en: 'Council for Agricultural Sciences (2019–2024)', name_sq: '', name_sr: '' })])) });
    openSignedIn(councilMember, '/councils?state=all');
    const table = await screen.findByRole('grid', { name: 'Councils' }, { timeout: 10_000 });
    expect(within(table).getByText('Inactive')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'New council' })).toBeNull();
    expect(new URL(sentRequests().at(-1)!.url).searchParams.has('active')).toBe(false);
  });
});

describe('council details', () => {
  it('shows the members with the chair, meetings, decisions and the applications under review with overdue ones marked', async () => {
    stubApi({ 'GET /api/councils/4/': json(200, makeCouncilDetail()) });
    openSignedIn(admin, '/councils/4');
    await screen.findByRole('heading', { level: 1, name: 'Council for Medical and Health Sciences' }, { timeout: 10_000 });
    const members = screen.getByRole('region', { name: '3 members' });
    expect(within(members).getByText('Driton Hoxha').parentElement?.textContent).toContain('Chair');
    expect(within(members).getByText(/Arben Krasniqi/).textContent).not.toContain('Chair');
    const applications = screen.getByRole('grid', { name: 'Applications under review' });
    expect(within(applications).getByRole('link', { name: 'NARIC-2026-000102' }).getAttribute('href')).toBe('/councils/applications/102');
    expect(within(applications).getAllByText('Overdue')).toHaveLength(1);
    const decisions = screen.getByRole('grid', { name: 'Decisions' });
    expect(within(decisions).getByText('Equivalent to the Kosovo degree.')).toBeTruthy();
    expect(within(decisions).getByText('Approved')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/councils/4/edit');
    expect(screen.getByRole('button', { name: 'New meeting' })).toBeTruthy();
  });

  it('checks a new meeting by its request schema before sending, keeping what was typed', async () => {
    const calls = stubApi({ 'GET /api/councils/4/': json(200, makeCouncilDetail()) });
    openSignedIn(admin, '/councils/4');
    fireEvent.click(await screen.findByRole('button', { name: 'New meeting' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Time/ }), { target: { value: '25:00' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Notes/ }), { target: { value: 'Bring the files.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule the meeting' }));
    expect(await within(dialog).findByText('Choose a day and enter the time as HH:MM.')).toBeTruthy();
    expect(within(dialog).getByText('This field is required')).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: /^Notes/ }) as HTMLTextAreaElement).value).toBe('Bring the files.');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('opens a held meeting: agenda, attendance, minutes download, and saves the attendance with the version read', async () => {
    const saved = makeMeeting({ version: 3, attendance: makeMeeting().attendance.map((row) => ({ ...row, present: true })) });
    const calls = stubApi({
      'GET /api/councils/4/': json(200, makeCouncilDetail()),
      'GET /api/councils/meetings/30/': json(200, makeMeeting()),
      'PATCH /api/councils/meetings/30/': json(200, saved),
    });
    openSignedIn(admin, '/councils/4');
    await screen.findByRole('heading', { level: 1, name: 'Council for Medical and Health Sciences' }, { timeout: 10_000 });
    const meetings = screen.getByRole('grid', { name: 'Meetings' });
    fireEvent.click(within(meetings).getAllByRole('button')[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'Council meeting' });
    await within(dialog).findByRole('link', { name: 'NARIC-2026-000101' });
    expect(within(dialog).getByText(/minutes-2026-10-01\.pdf/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Download' })).toBeTruthy();
    const absent = within(dialog).getByRole('checkbox', { name: 'Arben Krasniqi' }) as HTMLInputElement;
    expect(absent.checked).toBe(false);
    fireEvent.click(absent);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the meeting' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    const body = JSON.parse(calls.find((call) => call.method === 'PATCH')!.body);
    expect(body).toMatchObject({ version: 2, status: 'held', agenda: [101] });
    expect(body.attendance).toEqual([
      { user_id: 5, present: true },
      { user_id: 21, present: true },
    ]);
  });

  it('keeps the meeting form as typed when minutes are uploaded, and saves it with the new version', async () => {
    const uploaded = makeMeeting({ version: 3, minutes: { file_name: 'minutes-new.pdf', size: 2048, uploaded_at: '2026-10-04T09:00:00Z', uploaded_by_name: 'Driton Hoxha' } });
    const calls = stubApi({
      'GET /api/councils/4/': json(200, makeCouncilDetail()),
      'GET /api/councils/meetings/30/': [json(200, makeMeeting()), json(200, uploaded)],
      'PATCH /api/councils/meetings/30/': json(200, makeMeeting({ version: 4 })),
    });
    const upload = vi.fn<NaricBridge['transfer']['upload']>(async () => ({ outcome: 'uploaded_minutes', meeting: uploaded }));
    openSignedIn(admin, '/councils/4', {
      transfer: { limits: async () => ({ max_upload_bytes: 25 * 1024 * 1024, accepted_media_types: ['application/pdf'] }), choosePdf: async () => ({ selection: 'sel-1', file_name: 'minutes-new.pdf', size: 2048 }), upload },
    });
    await screen.findByRole('heading', { level: 1, name: 'Council for Medical and Health Sciences' }, { timeout: 10_000 });
    fireEvent.click(within(screen.getByRole('grid', { name: 'Meetings' })).getAllByRole('button')[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'Council meeting' });
    await within(dialog).findByRole('link', { name: 'NARIC-2026-000101' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Place/ }), { target: { value: 'Prishtina, room 5' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Notes' }), { target: { value: 'Minutes read and approved.' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Arben Krasniqi' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose PDF' }));
    expect(await within(dialog).findByText(/minutes-new\.pdf/)).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: /^Place/ }) as HTMLInputElement).value).toBe('Prishtina, room 5');
    expect((within(dialog).getByRole('textbox', { name: 'Notes' }) as HTMLTextAreaElement).value).toBe('Minutes read and approved.');
    expect((within(dialog).getByRole('checkbox', { name: 'Arben Krasniqi' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the meeting' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(JSON.parse(calls.find((call) => call.method === 'PATCH')!.body)).toMatchObject({ version: 3, place: 'Prishtina, room 5', notes: 'Minutes read and approved.' });
  });

  it('shows a council member the meeting without the forms when they do not chair the council', async () => {
    stubApi({
      'GET /api/councils/4/': json(200, makeCouncilDetail({ can_edit: false, can_manage_meetings: false })),
      'GET /api/councils/meetings/30/': json(200, makeMeeting({ can_manage: false })),
    });
    openSignedIn(councilMember, '/councils/4');
    await screen.findByRole('heading', { level: 1, name: 'Council for Medical and Health Sciences' }, { timeout: 10_000 });
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New meeting' })).toBeNull();
    fireEvent.click(within(screen.getByRole('grid', { name: 'Meetings' })).getAllByRole('button')[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'Council meeting' });
    expect(await within(dialog).findByText('Arben Krasniqi: absent')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Save the meeting' })).toBeNull();
    expect(within(dialog).queryByTestId('pdf-upload')).toBeNull();
  });

  it('says when the council does not exist', async () => {
    stubApi({});
    openSignedIn(admin, '/councils/999');
    expect(await screen.findByText('Council not found', undefined, { timeout: 10_000 })).toBeTruthy();
  });
});

describe('council editor', () => {
  it('checks the form before sending, then sends the chosen members, chair, areas and quorum', async () => {
    const calls = stubApi({
      'GET /api/councils/member-options/': json(200, memberOptions),
      'POST /api/councils/': json(201, makeCouncil({ id: 12, name_en: 'Council for Law', name_sq: '', name_sr: '' })),
      'GET /api/councils/12/': json(200, makeCouncilDetail({ id: 12, name_en: 'Council for Law', name_sq: '', name_sr: '' })),
    });
    openSignedIn(admin, '/councils/create');
    await screen.findByRole('textbox', { name: 'Name in English' }, { timeout: 10_000 });
    fill('Quorum', '3');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fieldError('Name in English')).toContain('This field is required'));
    expect(screen.getByText('Choose at least one member.')).toBeTruthy();
    expect(screen.getByText('Choose at least one area of expertise.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fill('Name in English', 'Council for Law');
    await pick('Members', ['Arben Krasniqi', 'Milica Jovanović']);
    await pick('Areas of expertise', ['Law']);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fieldError('Quorum')).toContain('The quorum cannot be larger than the number of members.'));
    fill('Quorum', '2');
    await chooseOption('Chair', 'Milica Jovanović');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(JSON.parse(calls.find((call) => call.method === 'POST')!.body)).toEqual({
      name_en: 'Council for Law',
      name_sq: '',
      name_sr: '',
      description: '',
      members: [21, 22],
      chair: 22,
      academic_field_categories: ['law'],
      quorum: 2,
      active: true,
    });
    await screen.findByRole('heading', { level: 1, name: 'Council for Law' });
  });

  it("shows the server's field refusal on its field", async () => {
    stubApi({
      'GET /api/councils/4/': json(200, makeCouncilDetail()),
      'GET /api/councils/member-options/': json(200, memberOptions),
      'PATCH /api/councils/4/': json(400, { name_en: ['A council with this name already exists.'] }),
    });
    openSignedIn(admin, '/councils/4/edit');
    await screen.findByRole('textbox', { name: 'Name in English' }, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fieldError('Name in English')).toContain('A council with this name already exists.'));
  });

  it('on a stale version says so and reloads the council as it is stored now', async () => {
    const calls = stubApi({
      'GET /api/councils/4/': [json(200, makeCouncilDetail()), json(200, makeCouncilDetail({ version: 4, name_en: 'Council for Medicine', name_sq: '', name_sr: '' }))],
      'GET /api/councils/member-options/': json(200, memberOptions),
      'PATCH /api/councils/4/': json(412, { detail: 'The council was changed by someone else. Reload it and apply your changes again.', code: 'precondition_failed' }),
    });
    openSignedIn(admin, '/councils/4/edit');
    await screen.findByRole('textbox', { name: 'Name in English' }, { timeout: 10_000 });
    fill('Quorum', '3');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/changed by someone else/)).toBeTruthy();
    expect(JSON.parse(calls.find((call) => call.method === 'PATCH')!.body)).toMatchObject({ version: 3, quorum: 3, members: [5, 21, 22], chair: 5 });
    fireEvent.click(screen.getByRole('button', { name: 'Reload the latest version' }));
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Name in English' }) as HTMLInputElement).value).toBe('Council for Medicine'));
    expect((screen.getByRole('textbox', { name: 'Quorum' }) as HTMLInputElement).value).toBe('2');
  });
});
