import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ErasureRequestAnswer, ErasureRequestRow, PersonAnswer, RetentionAnswer, RetentionPreview } from '../../../../src/shared/api/personal-data';
import { erasureChoices, erasurePage } from '../../../../src/renderer/features/personal-data/erasure-list';
import { json, stubApi } from '../api-stub';
import { DEMO_USERS } from '../demo-users';
import { openSignedIn, signOutAfterTest } from '../signed-in';

// The personal-data screens: the retention preview with a hold placed from it, and an erasure
// request's decision (what the form offers follows the assessment; the server's refusal lands on
// its field), over the pure paging and choice rules they use.

afterEach(signOutAfterTest);

const FIRST_RENDER = { timeout: 10_000 };

const hold = { reason: 'Court case before the Basic Court of Prishtina.', set_at: '2026-10-20T09:00:00Z', set_by: 'Vjosa Berisha' };
const preview: RetentionPreview = {
  on: '2026-12-01',
  applications: 1,
  documents: 2,
  due: [{ id: 4, reference: 'NARIC-2026-000004', applicant_name: 'Blerina Hoxha', service_type: 5, closed_on: '2019-08-07', years: 5, kept_until: '2024-08-07', documents: 2, hold_reason: null }],
  held: [{ id: 11, reference: 'NARIC-2026-000011', applicant_name: 'Endrit Llugaliu', service_type: 5, closed_on: '2019-01-27', years: 5, kept_until: '2024-01-27', documents: 1, hold_reason: hold.reason }],
};
const retention: RetentionAnswer = { personal_data_years: 5, services: [{ service_type: 1, service_name: 'University diploma recognition', years: 10, own_rule: true }], runs: [] };

const row = (id: number, outcome: ErasureRequestRow['outcome']): ErasureRequestRow => ({
  id,
  applicant_id: 7,
  name: 'Gentiana Rexhepi',
  received_on: '2026-11-23',
  recorded_by: 'Vjosa Berisha',
  outcome,
  decided_at: outcome ? '2026-11-25T10:00:00Z' : null,
  answer_sent_on: outcome ? '2026-11-25' : null,
});

describe('the rules the screens page and decide with', () => {
  it('pages the erasure requests, filtered by whether they wait for an answer', () => {
    const rows = [row(3, null), row(2, 'refused'), row(1, null)];
    expect(erasurePage(rows, null, 1, 2)).toEqual({ count: 3, results: [rows[0], rows[1]] });
    expect(erasurePage(rows, 'waiting', 1, 25).results.map((r) => r.id)).toEqual([3, 1]);
    expect(erasurePage(rows, 'answered', 1, 25)).toEqual({ count: 1, results: [rows[1]] });
    expect(erasurePage(rows, null, 2, 2).results.map((r) => r.id)).toEqual([1]);
  });

  it('offers erasing only when something may be erased, and asks for the legal basis whenever something is kept', () => {
    const item = (keep: ErasureRequestAnswer['items'][number]['keep']) => ({ application_id: 1, reference: 'R', status: 'approved', keep, hold_reason: null });
    const openOnly = erasureChoices([item('open_application')]);
    expect(openOnly).toMatchObject({ erasable: 0, kept: 1, mayErase: false });
    expect(openOnly.basisRequired('refuse')).toBe(true);
    const mixed = erasureChoices([item(null), item('legal_hold')]);
    expect(mixed).toMatchObject({ erasable: 1, kept: 1, mayErase: true });
    expect(mixed.basisRequired('erase')).toBe(true);
    const free = erasureChoices([item(null), item('already_anonymised')]);
    expect(free).toMatchObject({ erasable: 1, kept: 0, mayErase: true });
    expect(free.basisRequired('erase')).toBe(false);
    expect(free.basisRequired('refuse')).toBe(true);
  });
});

describe('personal data screens', { timeout: 60_000 }, () => {
  it('shows the next run’s preview and places a hold on a due application with its reason', async () => {
    const held: RetentionPreview = { ...preview, applications: 0, documents: 0, due: [], held: [...preview.held, { ...preview.due[0]!, hold_reason: 'Appeal pending.' }] };
    const calls = stubApi({
      'GET /api/personal-data/retention/preview/': [json(200, preview), json(200, held)],
      'GET /api/personal-data/retention/': json(200, retention),
      'PUT /api/personal-data/applications/4/legal-hold/': json(200, { application_id: 4, hold: { ...hold, reason: 'Appeal pending.' }, person_hold: null, anonymised_at: null }),
    });
    openSignedIn(DEMO_USERS.admin!, '/personal-data');
    expect(await screen.findByText(/^1 application will be anonymised on /, undefined, FIRST_RENDER)).toBeTruthy();
    const due = screen.getByRole('grid', { name: 'Applications the next run will anonymise' });
    expect(within(due).getByText('NARIC-2026-000004')).toBeTruthy();
    expect(within(screen.getByRole('grid', { name: 'Applications due but kept by a legal hold' })).getByText(hold.reason)).toBeTruthy();
    // The service's own rule and the general one.
    expect(await screen.findByText('The service\'s own rule')).toBeTruthy();

    fireEvent.click(within(due).getByRole('button', { name: 'Place a legal hold on NARIC-2026-000004' }));
    const dialog = await screen.findByRole('dialog', { name: 'Legal hold on NARIC-2026-000004' });
    // The shared schema wants a reason: nothing is sent without one.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Place a legal hold' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Reason/ }), { target: { value: 'Appeal pending.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Place a legal hold' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(calls.find((call) => call.method === 'PUT')!.body)).toEqual({ reason: 'Appeal pending.' });
    // The preview is read again: the application is now kept.
    expect(await screen.findByText(/^0 applications will be anonymised on /)).toBeTruthy();
    expect(within(screen.getByRole('grid', { name: 'Applications due but kept by a legal hold' })).getByText('Appeal pending.')).toBeTruthy();
  });

  it('decides an erasure request: only refusal when everything is kept, the legal basis refused on its field', async () => {
    const request: ErasureRequestAnswer = {
      ...row(5, null),
      legal_basis: null,
      answer: null,
      decided_by: null,
      items: [{ application_id: 9, reference: 'NARIC-2025-000001', status: 'approved', keep: 'open_application', hold_reason: null }],
    };
    const person: PersonAnswer = {
      person: { id: 7, name: 'Gentiana Rexhepi', personal_id: 'MK85858821', date_of_birth: '1963-03-06', applications: 1, anonymised_at: null, email: 'g@mail.example', phone: null, hold: null },
      applications: [{ id: 9, reference: 'NARIC-2025-000001', status: 'approved', service_type: 1, closed_on: null, kept_until: null, hold: null, anonymised_at: null }],
      erasure_requests: [row(5, null)],
    };
    const calls = stubApi({
      'GET /api/personal-data/people/7/': json(200, person),
      'GET /api/personal-data/erasure-requests/5/': json(200, request),
      'POST /api/personal-data/erasure-requests/5/decision/': json(400, {
        legal_basis: ['Name the legal basis for what is kept.'],
        field_codes: { legal_basis: [{ code: 'erasure_legal_basis_required', params: {} }] },
      }),
    });
    openSignedIn(DEMO_USERS.admin!, '/personal-data/people/7?request=5');
    const panel = await screen.findByRole('region', { name: 'Erasure request received on 23/11/2026' }, FIRST_RENDER);
    expect(await within(panel).findByText('Kept: the application is still open and must be decided')).toBeTruthy();
    const decision = within(panel).getByRole('radiogroup', { name: /^Decision/ });
    expect(within(decision).queryByRole('radio', { name: 'Erase what may be erased' })).toBeNull();
    expect((within(decision).getByRole('radio', { name: 'Refuse the request' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(within(panel).getByRole('textbox', { name: /^Answer sent to the person/ }), { target: { value: 'Your application is still being decided.' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Refuse and record the answer' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(JSON.parse(calls.find((call) => call.method === 'POST')!.body)).toMatchObject({ decision: 'refuse', legal_basis: null, answer: 'Your application is still being decided.' });
    const basis = within(panel).getByRole('textbox', { name: /^Legal basis/ });
    await waitFor(() => expect(basis.getAttribute('aria-invalid')).toBe('true'));
    expect(within(panel).getByText(/legal basis/i, { selector: '.field__error, [slot="errorMessage"]' })).toBeTruthy();
  });
});
