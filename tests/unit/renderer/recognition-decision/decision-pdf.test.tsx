import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecognitionDecision } from '../../../../src/shared/api/recognition-decisions';
import type { NaricBridge } from '../../../../src/shared/bridge';
import { GROUPS } from '../../../../src/shared/auth/permissions';
import { json, stubApi } from '../api-stub';
import { makeApplicationDetail, makeUser } from '../fixtures';
import { openSignedIn, signOutAfterTest } from '../signed-in';

// The decision PDF of an approved recognition decision: saved from the decision screen and from the
// application's detail through the bridge's download (the stored bytes' SHA-256 checked), and not
// offered while the decision waits for approval.

const FIRST_RENDER = { timeout: 20_000 };
const officer = makeUser({ id: 3, username: 'officer', groups: [GROUPS.naricOfficers], permissions: ['applications.view_application'] });
const SHA = 'c'.repeat(64);

const approved: RecognitionDecision = {
  id: 7,
  application_id: 42,
  outcome: 'full',
  outcome_detail: null,
  foreign: { institution_name: 'University of Tirana', accreditation: 'accredited', programme: 'Master of Economics', degree_level: 'master', eqf_level: 7, nqf_level: 7, duration: '2 years', ects: 120, profile: 'academic' },
  national: { id: 21, name_en: 'Master degree', name_sq: 'Diplomë master', name_sr: 'Diploma master studija', degree_level: 'master', eqf_level: 7, nqf_level: 7, ects_credits: 120, duration_years: '2.0', profile: 'academic' },
  differences: [],
  legal_bases: [{ id: 31, article: 'Law 04/L-037 Art. 29', text_en: 'Recognised unless a substantial difference is shown.', text_sq: 'Njihet.', text_sr: 'Priznaje se.' }],
  precedent_ids: [],
  appeal: { body_en: 'Appeals Commission of the Ministry', body_sq: 'Komisioni i Ankesave', body_sr: 'Komisija za žalbe', period_days: 15, last_day: '2027-03-16' },
  departure_reason: null,
  state: 'approved',
  superseded_by: null,
  prepared_by: { id: 3, full_name: 'Blerta Gashi' },
  prepared_at: '2027-02-26T09:00:00Z',
  approved_by: { id: 4, full_name: 'Milan Jovanović' },
  approved_at: '2027-03-01T09:00:00Z',
  version: 1,
  pdf: { sha256: SHA, size: 48_213, language: 'sq', rendered_at: '2027-03-01T09:00:01Z' },
};
const application = makeApplicationDetail({ id: 42, reference: 'NARIC-2026-900001', service_type: 1, status: 'approved', version: 12, allowed_actions: [] });

afterEach(signOutAfterTest);

function downloads() {
  return vi.fn<NaricBridge['transfer']['download']>(async (request) => ({ outcome: 'saved', file_name: request.file_name, size: 48_213 }));
}

describe('the decision PDF', () => {
  it('is saved from the decision screen as the stored file of the decision', async () => {
    stubApi({ 'GET /api/applications/42/': json(200, application), 'GET /api/applications/42/decision/': json(200, { current: approved, history: [] }) });
    const download = downloads();
    openSignedIn(officer, '/applications/42/decision', { transfer: { download } });
    const view = await screen.findByRole('region', { name: 'Decision' }, FIRST_RENDER);
    fireEvent.click(within(view).getByRole('button', { name: 'Save decision PDF' }));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    expect(download.mock.calls[0]![0]).toMatchObject({ source: 'decision_pdf', document_id: 7, application_id: 42, file_name: 'recognition-decision-NARIC-2026-900001.pdf', sha256: SHA });
    expect(await screen.findByText('recognition-decision-NARIC-2026-900001.pdf was saved.')).toBeTruthy();
  });

  it('is offered on the decided application’s detail', async () => {
    stubApi({ 'GET /api/applications/42/': json(200, application), 'GET /api/applications/42/decision/': json(200, { current: approved, history: [] }) });
    const download = downloads();
    openSignedIn(officer, '/applications/42', { transfer: { download } });
    fireEvent.click(await screen.findByRole('button', { name: 'Decision PDF' }, FIRST_RENDER));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    expect(download.mock.calls[0]![0]).toMatchObject({ source: 'decision_pdf', document_id: 7, application_id: 42, sha256: SHA });
  });

  it('is not offered before the decision is approved, and says when the server has not made it yet', async () => {
    const prepared = { ...approved, state: 'prepared' as const, approved_at: null, approved_by: null, pdf: null };
    stubApi({ 'GET /api/applications/42/': json(200, { ...application, status: 'decision_pending' }), 'GET /api/applications/42/decision/': json(200, { current: prepared, history: [] }) });
    openSignedIn(officer, '/applications/42/decision');
    const view = await screen.findByRole('region', { name: 'Prepared decision' }, FIRST_RENDER);
    expect(within(view).queryByRole('button', { name: /decision PDF/ })).toBeNull();
    expect(view.textContent).toContain('counted again from the day of approval');
    signOutAfterTest();

    stubApi({ 'GET /api/applications/42/': json(200, application), 'GET /api/applications/42/decision/': json(200, { current: { ...approved, pdf: null }, history: [] }) });
    openSignedIn(officer, '/applications/42/decision');
    const made = await screen.findByRole('region', { name: 'Decision' }, FIRST_RENDER);
    expect(made.textContent).toContain('The decision PDF is being made by the server');
    expect(within(made).queryByRole('button', { name: /decision PDF/ })).toBeNull();
  });
});
