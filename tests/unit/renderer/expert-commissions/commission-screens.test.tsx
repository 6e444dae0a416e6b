import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Commission, CommissionListItem } from '../../../../src/shared/api/experts';
import { GROUPS } from '../../../../src/shared/auth/permissions';
import { json, stubApi } from '../api-stub';
import { chooseOption } from '../choose-option';
import { makeUser } from '../fixtures';
import { openSignedIn, signOutAfterTest } from '../signed-in';

afterEach(signOutAfterTest);

const admin = makeUser({ id: 1, username: 'admin', groups: [GROUPS.administrators], is_superuser: true });
const evaluator = makeUser({ id: 6, username: 'evaluator', groups: [GROUPS.evaluators], permissions: ['expert.view_commission', 'expert.submit_review', 'applications.view_application'] });
const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

const listItem: CommissionListItem = { id: 4, name_en: 'Expert Commission for Medicine', name_sq: '', name_sr: '', academic_field_category: 'medical_health', active: true, member_count: 3, chair_name: 'Jelena Petrović', open_review_count: 2 };

function makeCommission(overrides: Partial<Commission> = {}): Commission {
  return {
    id: 4,
    name_en: 'Expert Commission for Medicine', name_sq: '', name_sr: '',
    description: 'Reviews medical programmes.',
    academic_field_category: 'medical_health',
    active: true,
    members: [
      { id: 6, full_name: 'Jelena Petrović', username: 'evaluator', is_chair: true },
      { id: 21, full_name: 'Besnik Ahmeti', username: 'evaluator.ahmeti', is_chair: false },
    ],
    chair_id: 6,
    reviews: [{ id: 9, application_id: 120, application_reference: 'NARIC-2026-000120', reviewer_id: 6, reviewer_name: 'Jelena Petrović', status: 'requested', due_date: '2026-01-10', overdue: true }],
    version: 3,
    created_at: '2026-01-01T09:00:00Z',
    updated_at: '2026-01-02T09:00:00Z',
    ...overrides,
  };
}

const options = [
  { id: 6, full_name: 'Jelena Petrović', username: 'evaluator' },
  { id: 21, full_name: 'Besnik Ahmeti', username: 'evaluator.ahmeti' },
  { id: 22, full_name: 'Ana Nikolić', username: 'evaluator.nikolic' },
];

const requests = () => vi.mocked(globalThis.fetch).mock.calls.map(([input, init]) => (input instanceof Request ? input : new Request(input, init)));

describe('commission list', () => {
  it('sends the filters, links each commission and offers creating one to who may', async () => {
    stubApi({ 'GET /api/expert-commissions/': json(200, page([listItem])) });
    openSignedIn(admin, '/expert-commissions?field=medical_health&active=true');
    const table = await screen.findByRole('grid', { name: 'Expert commissions' }, { timeout: 10_000 });
    expect(within(table).getByRole('link', { name: 'Expert Commission for Medicine' }).getAttribute('href')).toBe('/expert-commissions/4');
    expect(within(table).getByText('Medical and health sciences')).toBeTruthy();
    expect(within(table).getByText('Jelena Petrović')).toBeTruthy();
    expect(screen.getByText('1 commission')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New commission' })).toBeTruthy();
    // The list's own request (the signed-in layout asks other things of the server meanwhile).
    const query = new URL(requests().filter((request) => new URL(request.url).pathname === '/api/expert-commissions/').at(-1)!.url).searchParams;
    expect(Object.fromEntries(query)).toEqual({ page: '1', page_size: '25', field: 'medical_health', active: 'true' });
  });

  it('shows no create button to an evaluator, in Albanian', async () => {
    stubApi({ 'GET /api/expert-commissions/': json(200, page([listItem])) });
    const view = openSignedIn(evaluator, '/expert-commissions');
    await screen.findByRole('grid', { name: 'Expert commissions' }, { timeout: 10_000 });
    expect(screen.queryByRole('link', { name: 'New commission' })).toBeNull();
    await view.i18n.changeLanguage('sq');
    const table = await screen.findByRole('grid', { name: 'Komisionet e ekspertëve' });
    expect(within(table).getByText('Shkencat mjekësore dhe shëndetësore')).toBeTruthy();
  });
});

describe('commission detail', () => {
  it('shows the members with the chair and the reviews with the overdue marker in words', async () => {
    stubApi({ 'GET /api/expert-commissions/4/': json(200, makeCommission()) });
    openSignedIn(evaluator, '/expert-commissions/4');
    await screen.findByRole('heading', { level: 1, name: /Expert Commission for Medicine/ }, { timeout: 10_000 });
    const members = screen.getByRole('region', { name: 'Members' });
    expect(within(members).getByText('Jelena Petrović')).toBeTruthy();
    expect(within(members).getByText('Chair')).toBeTruthy();
    const reviews = screen.getByRole('grid', { name: 'Reviews of this commission' });
    expect(within(reviews).getByRole('link', { name: 'NARIC-2026-000120' }).getAttribute('href')).toBe('/applications/120');
    expect(within(reviews).getByText(/\(overdue\)/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  });

  it('says so when the commission does not exist', async () => {
    stubApi({});
    openSignedIn(admin, '/expert-commissions/99');
    expect(await screen.findByText('Commission not found', {}, { timeout: 10_000 })).toBeTruthy();
  });
});

describe('commission editor', () => {
  it('creates a commission with members and the chair among them', async () => {
    const calls = stubApi({
      'GET /api/expert-commissions/member-options/': json(200, options),
      'POST /api/expert-commissions/': json(201, makeCommission({ id: 8, name_en: 'Expert Commission for Economics', name_sq: '', name_sr: '' })),
      'GET /api/expert-commissions/8/': json(200, makeCommission({ id: 8, name_en: 'Expert Commission for Economics', name_sq: '', name_sr: '' })),
    });
    openSignedIn(admin, '/expert-commissions/create');
    await screen.findByRole('heading', { level: 1, name: 'Create expert commission' }, { timeout: 10_000 });
    fireEvent.change(screen.getByRole('textbox', { name: 'Name in English' }), { target: { value: 'Expert Commission for Economics' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Name in Albanian' }), { target: { value: 'Komisioni i Ekspertëve për Ekonomi' } });
    await chooseOption('Academic field', 'Economics and business');
    fireEvent.click(await screen.findByRole('button', { name: /Members/ }));
    const menu = await screen.findByRole('menu');
    fireEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'Besnik Ahmeti' }));
    fireEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'Ana Nikolić' }));
    fireEvent.keyDown(menu, { key: 'Escape' });
    await chooseOption('Chair', 'Ana Nikolić');
    fireEvent.click(screen.getByRole('button', { name: 'Create commission' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(JSON.parse(calls.find((call) => call.method === 'POST')!.body)).toEqual({
      name_en: 'Expert Commission for Economics',
      name_sq: 'Komisioni i Ekspertëve për Ekonomi',
      name_sr: '',
      description: '',
      academic_field_category: 'economics_business',
      member_ids: [21, 22],
      chair_id: 22,
      active: true,
    });
  });

  it('shows the server’s field errors and a stale version with a reload', async () => {
    const calls = stubApi({
      'GET /api/expert-commissions/4/': json(200, makeCommission()),
      'GET /api/expert-commissions/member-options/': json(200, options),
      'PATCH /api/expert-commissions/4/': [
        json(400, { member_ids: ['A member with open reviews of this commission cannot be removed.'] }),
        json(412, { detail: 'The commission was changed by someone else. Reload it and apply your changes again.', code: 'precondition_failed' }),
      ],
    });
    openSignedIn(admin, '/expert-commissions/4/edit');
    const name = await screen.findByRole('textbox', { name: 'Name in English' }, { timeout: 10_000 });
    expect((name as HTMLInputElement).value).toBe('Expert Commission for Medicine');
    // Saving waits for the evaluators to arrive (the chair is chosen among them).
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(await screen.findByText('A member with open reviews of this commission cannot be removed.')).toBeTruthy();
    const sent = JSON.parse(calls.find((call) => call.method === 'PATCH')!.body);
    expect(sent).toMatchObject({ version: 3, member_ids: [6, 21], chair_id: 6 });
    fireEvent.change(name, { target: { value: 'Expert Commission for Medicine and Dentistry' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Someone else changed this commission/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });
});
