import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, stubApi, type StubbedCall } from '../api-stub';
import { chooseOption } from '../choose-option';
import { openSignedIn, signOutAfterTest } from '../signed-in';
import { administrator, makeNationalQualification, makeValue, page } from './reference-fixtures';

afterEach(signOutAfterTest);

const FIRST_RENDER = { timeout: 10_000 };
const QUALIFICATIONS = '/api/reference-data/national-qualifications/';
const DEGREE_LEVELS = {
  results: [
    makeValue({ code: 'bachelor', name_en: 'Bachelor', eqf_level: 6, nqf_level: 6, sort_order: 10 }),
    makeValue({ code: 'master', name_en: 'Master', sort_order: 20 }),
    makeValue({ code: 'diploma', name_en: 'Diploma', active: false, sort_order: 30 }),
  ],
};
const MASTER = makeNationalQualification();
const MATURA = makeNationalQualification({ id: 42, name_en: 'State Matura diploma', degree_level: 'high_school', eqf_level: 4, nqf_level: 4, ects_credits: null, duration_years: 3 });

const bodyOf = (calls: StubbedCall[], method: string, path: string) => JSON.parse(calls.filter((call) => call.method === method && call.path === path).at(-1)!.body) as Record<string, unknown>;
const errorOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

async function openQualifications(answers: Parameters<typeof stubApi>[0] = {}) {
  const calls = stubApi({
    [`GET ${QUALIFICATIONS}`]: json(200, page([MATURA, MASTER], 2)),
    'GET /api/reference/lists/degree_levels/': json(200, DEGREE_LEVELS),
    ...answers,
  });
  openSignedIn(administrator, '/reference/national-qualifications');
  const table = await screen.findByRole('grid', { name: 'National reference qualifications' }, FIRST_RENDER);
  return { calls, table };
}

describe('reference data: national reference qualifications', { timeout: 60_000 }, () => {
  it('lists each qualification with its degree level by name, levels, workload, duration and profile', async () => {
    const { table } = await openQualifications();
    const master = within(table).getByRole('row', { name: /Master \(120 ECTS\)/ });
    expect(within(master).getByText('Master')).toBeTruthy();
    expect(within(master).getByText('7 / 7')).toBeTruthy();
    expect(within(master).getByText('120 ECTS · 2 years')).toBeTruthy();
    const matura = within(table).getByRole('row', { name: /State Matura/ });
    expect(within(matura).getByText('3 years')).toBeTruthy();
    expect(screen.getByText('2 national qualifications')).toBeTruthy();
  });

  it('checks the typed numbers before sending: levels chosen, ECTS whole, duration in half years (a comma is a decimal point)', async () => {
    const created = makeNationalQualification({ id: 50, name_en: 'Master (90 ECTS)', ects_credits: 90, duration_years: 1.5, version: 0 });
    const { calls } = await openQualifications({ [`POST ${QUALIFICATIONS}`]: json(201, created) });
    fireEvent.click(screen.getByRole('button', { name: 'Add national qualification' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add national qualification' });
    const ects = within(dialog).getByRole('textbox', { name: /^ECTS credits/ });
    const duration = within(dialog).getByRole('textbox', { name: /^Duration in years/ });
    for (const [name, value] of [['Name in English', 'Master (90 ECTS)'], ['Name in Albanian', 'Master (90 ECTS)'], ['Name in Serbian', 'Master (90 ECTS)']]) {
      fireEvent.change(within(dialog).getByRole('textbox', { name: new RegExp(`^${name}`) }), { target: { value } });
    }
    fireEvent.change(ects, { target: { value: '90.5' } });
    fireEvent.change(duration, { target: { value: '1,3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(errorOf(ects)).not.toBe(''));
    expect(errorOf(duration)).not.toBe('');
    expect(within(dialog).getAllByText('This field is required').length).toBe(4);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    // Only active degree levels are offered.
    await chooseOption('Degree level', 'Master', dialog);
    expect(screen.queryByRole('option', { name: 'Diploma' })).toBeNull();
    await chooseOption('Profile', 'Academic', dialog);
    await chooseOption('EQF level', '7', dialog);
    await chooseOption('NQF level', '7', dialog);
    fireEvent.change(ects, { target: { value: '90' } });
    fireEvent.change(duration, { target: { value: '1,5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add national qualification' })).toBeNull());
    expect(bodyOf(calls, 'POST', QUALIFICATIONS)).toEqual({
      name_en: 'Master (90 ECTS)',
      name_sq: 'Master (90 ECTS)',
      name_sr: 'Master (90 ECTS)',
      degree_level: 'master',
      eqf_level: 7,
      nqf_level: 7,
      ects_credits: 90,
      duration_years: 1.5,
      profile: 'academic',
      active: true,
    });
  });

  it('shows the server’s refusal of a degree level on its field, and clears ECTS to null on an edit', async () => {
    const unknownLevel = json(400, { degree_level: ['There is no degree level with this code.'], field_codes: { degree_level: [{ code: 'national_qualification_unknown_degree_level', params: {} }] } });
    const { calls } = await openQualifications({
      [`PATCH ${QUALIFICATIONS}41/`]: [unknownLevel, json(200, makeNationalQualification({ ects_credits: null, version: 2 }))],
      [`DELETE ${QUALIFICATIONS}42/`]: new Response(null, { status: 204 }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Master (120 ECTS)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Master (120 ECTS)' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^ECTS credits/ }), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('There is no degree level with this code.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf(calls, 'PATCH', `${QUALIFICATIONS}41/`)).toMatchObject({ version: 1, degree_level: 'master', ects_credits: null, duration_years: 2, eqf_level: 7 });

    // One entered by mistake is deleted from its form, after a confirmation.
    fireEvent.click(screen.getByRole('button', { name: 'Edit State Matura diploma' }));
    const form = await screen.findByRole('dialog', { name: 'Edit State Matura diploma' });
    fireEvent.click(within(form).getByRole('button', { name: 'Delete State Matura diploma' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete State Matura diploma?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.path === `${QUALIFICATIONS}42/`)).toBe(true));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { name: 'Delete State Matura diploma?' })).toBeNull());
  });
});
