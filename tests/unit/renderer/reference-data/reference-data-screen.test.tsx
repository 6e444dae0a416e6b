import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi, type StubbedCall } from '../api-stub';
import { chooseOption } from '../choose-option';
import { openSignedIn, signOutAfterTest } from '../signed-in';
import { administrator, countryCatalogue, makeInstitution, makeValue, page } from './reference-fixtures';

afterEach(signOutAfterTest);

const FIRST_RENDER = { timeout: 10_000 };
const INSTITUTIONS = '/api/reference/institutions/';
const PRISHTINA = makeInstitution();
const DUPLICATE = makeInstitution({ id: 12, name_en: 'Univ. of Prishtina', name_sq: 'Univ. i Prishtinës', name_sr: 'Univ. u Prištini', accreditation_status: 'unknown', version: 1 });
const TIRANA = makeInstitution({ id: 13, name_en: 'University of Tirana', name_sq: 'Universiteti i Tiranës', name_sr: 'Univerzitet u Tirani', country: 'AL', type: 'public', version: 5 });
const OLD = makeInstitution({ id: 14, name_en: 'Old College', name_sq: 'Kolegji i Vjetër', name_sr: 'Stari koledž', type: 'private', active: false, accreditation_status: 'expired' });

/** The query of the latest request to `path`, read from the fetch the API client made. */
function lastQuery(path: string): Record<string, string> {
  const requests = vi.mocked(globalThis.fetch).mock.calls.map(([input, init]) => (input instanceof Request ? input : new Request(input, init)));
  const last = requests.filter((request) => new URL(request.url).pathname === path).at(-1)!;
  return Object.fromEntries(new URL(last.url).searchParams);
}
const bodyOf = (calls: StubbedCall[], method: string, path: string) => JSON.parse(calls.filter((call) => call.method === method && call.path === path).at(-1)!.body) as Record<string, unknown>;
const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const errorOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

async function openInstitutions(path = '/reference', answers: Parameters<typeof stubApi>[0] = {}) {
  const calls = stubApi({
    [`GET ${INSTITUTIONS}`]: json(200, page([PRISHTINA, DUPLICATE, TIRANA, OLD], 4)),
    'GET /api/countries/': json(200, countryCatalogue),
    ...answers,
  });
  openSignedIn(administrator, path);
  const table = await screen.findByRole('grid', { name: 'Institutions' }, FIRST_RENDER);
  return { calls, table };
}

describe('reference data: institutions', { timeout: 60_000 }, () => {
  it('lists institutions with country, type, accreditation and status in words, and sends the address filters', async () => {
    const { table } = await openInstitutions('/reference?search=prish&country=XK&type=public&accreditation=accredited&active=true&page_size=50&bogus=1');
    const row = within(table).getByRole('row', { name: /University of Prishtina/ });
    expect(within(row).getByText('Kosovo')).toBeTruthy();
    expect(within(row).getByText('Public')).toBeTruthy();
    expect(within(row).getByText('Accredited')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    const old = within(table).getByRole('row', { name: /Old College/ });
    expect(within(old).getByText('Inactive')).toBeTruthy();
    expect(within(old).getByText('Accreditation expired')).toBeTruthy();
    expect(within(old).getByRole('button', { name: 'Activate Old College' })).toBeTruthy();
    expect(screen.getByText('4 institutions')).toBeTruthy();
    expect(lastQuery(INSTITUTIONS)).toEqual({ search: 'prish', country: 'XK', type: 'public', accreditation_status: 'accredited', active: 'true', page: '1', page_size: '50' });
  });

  it('a new institution is checked before it is sent, then sent with empty fields as null', async () => {
    const { calls } = await openInstitutions('/reference', { [`POST ${INSTITUTIONS}`]: json(201, makeInstitution({ id: 20, name_en: 'AAB College', name_sq: 'Kolegji AAB', name_sr: 'Koledž AAB', type: 'private' })) });
    fireEvent.click(screen.getByRole('button', { name: 'Add institution' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add institution' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Website/ }), { target: { value: 'aab-edu.net' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^E-mail/ }), { target: { value: 'not an address' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(errorOf(field('Name in English'))).toContain('This field is required'));
    expect(errorOf(within(dialog).getByRole('textbox', { name: /^Website/ }))).toContain('Enter an http:// or https:// address.');
    expect(errorOf(within(dialog).getByRole('textbox', { name: /^E-mail/ }))).toContain('Enter a valid e-mail address.');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(field('Name in English'), { target: { value: 'AAB College' } });
    fireEvent.change(field('Name in Albanian'), { target: { value: 'Kolegji AAB' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Website/ }), { target: { value: 'https://aab-edu.net' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^E-mail/ }), { target: { value: '' } });
    const country = within(dialog).getByRole('combobox', { name: /^Country/ });
    act(() => country.focus());
    fireEvent.change(country, { target: { value: 'Kos' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Kosovo' }));
    await chooseOption('Type', 'Private', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add institution' })).toBeNull());
    expect(bodyOf(calls, 'POST', INSTITUTIONS)).toEqual({
      name_en: 'AAB College',
      name_sq: 'Kolegji AAB',
      name_sr: '',
      country: 'XK',
      type: 'private',
      website: 'https://aab-edu.net',
      email: null,
      accreditation_status: 'unknown',
      diploma_register_url: null,
      active: true,
    });
  });

  it('an edit someone else saved first is refused with a reason in words', async () => {
    await openInstitutions('/reference', { [`PATCH ${INSTITUTIONS}11/`]: json(412, { detail: 'This record was changed by someone else. Reload and try again.', code: 'precondition_failed' }) });
    fireEvent.click(screen.getByRole('button', { name: 'Edit University of Prishtina' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit University of Prishtina' });
    fireEvent.change(field('Name in Serbian'), { target: { value: 'Univerzitet u Prištini (Kosovo)' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Someone changed this entry meanwhile/)).toBeTruthy();
  });

  it('merges a duplicate into the chosen institution after saying what happens', async () => {
    const { calls } = await openInstitutions('/reference', { [`POST ${INSTITUTIONS}11/merge/`]: json(200, PRISHTINA) });
    fireEvent.click(screen.getByRole('button', { name: 'Merge Univ. of Prishtina into another institution' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge Univ. of Prishtina into another institution' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Choose the institution that stays.')).toBeTruthy();

    const stays = within(dialog).getByRole('combobox', { name: /The institution that stays/ });
    act(() => stays.focus());
    fireEvent.change(stays, { target: { value: 'Prisht' } });
    // The duplicate itself is never offered as the one that stays.
    const option = await screen.findByRole('option', { name: 'University of Prishtina (Kosovo)' }, { timeout: 5_000 });
    expect(screen.queryByRole('option', { name: /Univ\. of Prishtina/ })).toBeNull();
    expect(lastQuery(INSTITUTIONS)).toMatchObject({ search: 'Prisht', active: 'true' });
    fireEvent.click(option);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));

    const confirm = await screen.findByRole('alertdialog', { name: 'Merge Univ. of Prishtina into University of Prishtina?' });
    expect(within(confirm).getByText(/This cannot be undone/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { name: /^Merge / })).toBeNull());
    expect(await screen.findByText('Univ. of Prishtina was merged into University of Prishtina.')).toBeTruthy();
    expect(bodyOf(calls, 'POST', `${INSTITUTIONS}11/merge/`)).toEqual({ duplicate_id: 12, version: 3 });
  });

  it('deactivates an institution after asking, with the version read', async () => {
    const { calls } = await openInstitutions('/reference', { [`PATCH ${INSTITUTIONS}13/`]: json(200, { ...TIRANA, active: false, version: 6 }) });
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate University of Tirana' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Deactivate University of Tirana?' });
    expect(within(confirm).getByText(/new applications can no longer choose it/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { name: /^Deactivate / })).toBeNull());
    expect(bodyOf(calls, 'PATCH', `${INSTITUTIONS}13/`)).toEqual({ active: false, version: 5 });
  });
});

describe('reference data: code lists', { timeout: 60_000 }, () => {
  const LEVELS = '/api/reference/lists/degree_levels/';
  const values = [makeValue(), makeValue({ code: 'bachelor', name_en: 'Bachelor', name_sq: 'Bachelor', name_sr: 'Osnovne studije', sort_order: 20, eqf_level: 6, nqf_level: 6 }), makeValue({ code: 'other', name_en: 'Other', name_sq: 'Tjetër', name_sr: 'Drugo', sort_order: 90, eqf_level: null, nqf_level: null, active: false })];

  it('shows degree levels with their EQF and NQF levels; an edit is checked, then sent with the version', async () => {
    const calls = stubApi({ [`GET ${LEVELS}`]: json(200, { results: values }), [`PATCH ${LEVELS}master/`]: json(200, makeValue({ nqf_level: 8, version: 3 })) });
    openSignedIn(administrator, '/reference?list=degree_levels');
    const table = await screen.findByRole('grid', { name: 'Degree levels' }, FIRST_RENDER);
    const master = within(table).getByRole('row', { name: /Master/ });
    expect(within(master).getAllByText('7')).toHaveLength(2);
    expect(within(within(table).getByRole('row', { name: /Other/ })).getByText('Inactive')).toBeTruthy();
    // The address's search narrows the list here.
    expect(screen.getByRole('tab', { name: 'Degree levels', selected: true })).toBeTruthy();

    fireEvent.click(within(master).getByRole('button', { name: 'Edit Master' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Master' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^NQF level/ }), { target: { value: '9' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name in Albanian/ }), { target: { value: ' ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf(within(dialog).getByRole('textbox', { name: /^NQF level/ }))).toContain('Enter a whole number from 1 to 8.'));
    // The spec's generic text, as every form checked by its schema says it.
    expect(errorOf(within(dialog).getByRole('textbox', { name: /^Name in Albanian/ }))).toContain('This field is required');
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /^NQF level/ }), { target: { value: '8' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name in Albanian/ }), { target: { value: 'Master' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Master' })).toBeNull());
    expect(bodyOf(calls, 'PATCH', `${LEVELS}master/`)).toEqual({ version: 2, name_en: 'Master', name_sq: 'Master', name_sr: 'Master', sort_order: 30, active: true, eqf_level: 7, nqf_level: 8 });
  });

  it('searches a list by code or any of its names', async () => {
    stubApi({ [`GET ${LEVELS}`]: json(200, { results: values }) });
    openSignedIn(administrator, '/reference?list=degree_levels&search=osnovne');
    const table = await screen.findByRole('grid', { name: 'Degree levels' }, FIRST_RENDER);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByRole('row', { name: /Bachelor/ })).toBeTruthy();
  });
});
