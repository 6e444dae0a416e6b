import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi, type StubbedCall } from '../api-stub';
import { openSignedIn, signOutAfterTest } from '../signed-in';
import { administrator, makeLegalReason, page } from './reference-fixtures';

afterEach(signOutAfterTest);

const FIRST_RENDER = { timeout: 10_000 };
const REASONS = '/api/reference-data/legal-reasons/';
const LRC = makeLegalReason();
const OLD = makeLegalReason({ id: 32, article: 'Old Act, Art. 9', text_en: 'An old provision.', services: [2], outcomes: ['conditional'], active: false, version: 5 });

function lastQuery(path: string): Record<string, string> {
  const requests = vi.mocked(globalThis.fetch).mock.calls.map(([input, init]) => (input instanceof Request ? input : new Request(input, init)));
  const last = requests.filter((request) => new URL(request.url).pathname === path).at(-1)!;
  return Object.fromEntries(new URL(last.url).searchParams);
}
const bodyOf = (calls: StubbedCall[], method: string, path: string) => JSON.parse(calls.filter((call) => call.method === method && call.path === path).at(-1)!.body) as Record<string, unknown>;
const errorOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

async function openReasons(path = '/reference/legal-reasons', answers: Parameters<typeof stubApi>[0] = {}) {
  const calls = stubApi({ [`GET ${REASONS}`]: json(200, page([LRC, OLD], 2)), ...answers });
  openSignedIn(administrator, path);
  const table = await screen.findByRole('grid', { name: 'Legal reasons' }, FIRST_RENDER);
  return { calls, table };
}

describe('reference data: legal reasons', { timeout: 60_000 }, () => {
  it('lists each reason with its text in the reader’s language, services, outcomes and status, and sends the address filters', async () => {
    const { table } = await openReasons('/reference/legal-reasons?service=1&outcome=partial&active=true&search=lisbon&ordering=-article&bogus=1');
    const row = within(table).getByRole('row', { name: /Art\. VI\.1/ });
    expect(within(row).getByText(LRC.text_en)).toBeTruthy();
    expect(within(row).getByText('Full recognition, Partial recognition, Non-recognition')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    const old = within(table).getByRole('row', { name: /Old Act/ });
    expect(within(old).getByText('Inactive')).toBeTruthy();
    expect(within(old).getByRole('button', { name: 'Activate Old Act, Art. 9' })).toBeTruthy();
    expect(screen.getByText('2 legal reasons')).toBeTruthy();
    expect(lastQuery(REASONS)).toEqual({ service: '1', outcome: 'partial', active: 'true', search: 'lisbon', ordering: '-article', page: '1', page_size: '25' });
  });

  it('checks a new reason before sending it: article, the three texts, at least one service and outcome', async () => {
    const created = makeLegalReason({ id: 40, article: 'Test Act, Art. 2', services: [1, 2], outcomes: ['partial', 'alternative'], version: 0 });
    const { calls } = await openReasons('/reference/legal-reasons', { [`POST ${REASONS}`]: json(201, created) });
    fireEvent.click(screen.getByRole('button', { name: 'Add legal reason' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add legal reason' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    const article = within(dialog).getByRole('textbox', { name: /^Article/ });
    await waitFor(() => expect(errorOf(article)).toContain('This field is required'));
    expect(errorOf(within(dialog).getByRole('textbox', { name: /^Text in Serbian/ }))).toContain('This field is required');
    expect(within(dialog).getAllByText('This field is required').length).toBeGreaterThanOrEqual(6);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(article, { target: { value: '  Test Act, Art. 2 ' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Text in English/ }), { target: { value: 'First line.\nSecond line.' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Text in Albanian/ }), { target: { value: 'Rreshti i parë.' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Text in Serbian/ }), { target: { value: 'x'.repeat(2001) } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Pre-university education (service 2)' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Higher education (service 1)' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Alternative recognition' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Partial recognition' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(errorOf(within(dialog).getByRole('textbox', { name: /^Text in Serbian/ }))).toMatch(/2[,.]?000/));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Text in Serbian/ }), { target: { value: 'Prvi red.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add legal reason' })).toBeNull());
    expect(bodyOf(calls, 'POST', REASONS)).toEqual({
      article: 'Test Act, Art. 2',
      text_en: 'First line.\nSecond line.',
      text_sq: 'Rreshti i parë.',
      text_sr: 'Prvi red.',
      services: [1, 2],
      outcomes: ['partial', 'alternative'],
      active: true,
    });
  });

  it('puts a taken article on its field, and saves an edit with the version read', async () => {
    const taken = json(400, { article: ['A legal reason with this article already exists.'], field_codes: { article: [{ code: 'legal_reason_article_taken', params: {} }] } });
    const { calls } = await openReasons('/reference/legal-reasons', { [`PATCH ${REASONS}31/`]: [taken, json(200, makeLegalReason({ article: 'LRC Art. VI.1', version: 3 }))] });
    fireEvent.click(screen.getByRole('button', { name: `Edit ${LRC.article}` }));
    const dialog = await screen.findByRole('dialog', { name: `Edit ${LRC.article}` });
    const article = within(dialog).getByRole('textbox', { name: /^Article/ });
    expect(within(dialog).getByRole('checkbox', { name: 'Higher education (service 1)' })).toHaveProperty('checked', true);
    fireEvent.change(article, { target: { value: 'Old Act, Art. 9' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf(article)).toContain('A legal reason with this article already exists.'));
    expect(article).toHaveProperty('value', 'Old Act, Art. 9');

    fireEvent.change(article, { target: { value: 'LRC Art. VI.1' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Full recognition' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf(calls, 'PATCH', `${REASONS}31/`)).toMatchObject({ version: 2, article: 'LRC Art. VI.1', services: [1], outcomes: ['partial', 'non_recognition'] });
  });

  it('deactivates with the version read, and says why a cited reason cannot be deleted', async () => {
    const inUse = json(409, { detail: 'A decision cites this legal reason, so it cannot be deleted. Deactivate it instead.', code: 'legal_reason_in_use' });
    const { calls } = await openReasons('/reference/legal-reasons', {
      [`PATCH ${REASONS}31/`]: json(200, makeLegalReason({ active: false, version: 3 })),
      [`DELETE ${REASONS}31/`]: inUse,
    });
    fireEvent.click(screen.getByRole('button', { name: `Deactivate ${LRC.article}` }));
    const confirm = await screen.findByRole('alertdialog', { name: `Deactivate ${LRC.article}?` });
    expect(within(confirm).getByText(/new decisions can no longer choose it/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { name: `Deactivate ${LRC.article}?` })).toBeNull());
    expect(bodyOf(calls, 'PATCH', `${REASONS}31/`)).toEqual({ active: false, version: 2 });

    // Deleting is rare: it is offered in the edit form, and refused for a reason a decision cites.
    fireEvent.click(screen.getByRole('button', { name: `Edit ${LRC.article}` }));
    const form = await screen.findByRole('dialog', { name: `Edit ${LRC.article}` });
    fireEvent.click(within(form).getByRole('button', { name: `Delete ${LRC.article}` }));
    const remove = await screen.findByRole('alertdialog', { name: `Delete ${LRC.article}?` });
    fireEvent.click(within(remove).getByRole('button', { name: 'Delete' }));
    expect(await within(remove).findByText('A decision cites this legal reason, so it cannot be deleted. Deactivate it instead.')).toBeTruthy();
    expect(screen.getByRole('alertdialog', { name: `Delete ${LRC.article}?` })).toBeTruthy();
  });
});
