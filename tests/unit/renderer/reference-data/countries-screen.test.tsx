import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, stubApi } from '../api-stub';
import { openSignedIn, signOutAfterTest } from '../signed-in';
import { administrator, makeCountry, page } from './reference-fixtures';

afterEach(signOutAfterTest);

const COUNTRIES = '/api/reference/countries/';

describe('reference data: countries', { timeout: 60_000 }, () => {
  it('lists countries with their flags in words and saves an edit of names and flags with the version read', async () => {
    const germany = makeCountry({ code: 'DE', alpha3: 'DEU', name_en: 'Germany', name_sq: 'Gjermania', name_sr: 'Nemačka', eu_eea: true, bologna_member: true, version: 4 });
    const calls = stubApi({
      [`GET ${COUNTRIES}`]: json(200, page([makeCountry(), germany], 2)),
      [`PATCH ${COUNTRIES}AL/`]: json(200, makeCountry({ active_for_applications: false, version: 2 })),
      'GET /api/countries/': json(200, page([])),
    });
    openSignedIn(administrator, '/reference/countries');
    const table = await screen.findByRole('grid', { name: 'Countries' }, { timeout: 10_000 });
    const row = within(table).getByRole('row', { name: /Germany/ });
    expect(within(row).getAllByText('Yes')).toHaveLength(2);
    expect(within(within(table).getByRole('row', { name: /Albania/ })).getByText('No')).toBeTruthy();
    expect(screen.getByText('2 countries')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Edit Albania' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Albania (AL)' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name in Serbian/ }), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name in Serbian/ }), { target: { value: 'Albanija' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Applications may name this country' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(calls.find((call) => call.method === 'PATCH')!.body)).toEqual({
      version: 1,
      name_en: 'Albania',
      name_sq: 'Shqipëria',
      name_sr: 'Albanija',
      eu_eea: false,
      bologna_member: true,
      active_for_applications: false,
    });
  });
});
