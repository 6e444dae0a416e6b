import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DecisionConsistency, SimilarDecision } from '../../../../src/shared/api/decision-precedents';
import type { ApplicationDecisions, DecisionOptions } from '../../../../src/shared/api/recognition-decisions';
import { GROUPS } from '../../../../src/shared/auth/permissions';
import { json, stubApi } from '../api-stub';
import { chooseOption } from '../choose-option';
import { makeApplicationDetail, makeUser } from '../fixtures';
import { openSignedIn, signOutAfterTest } from '../signed-in';

// The builder's precedents: the consistency line for the outcome chosen ("consistent with N of M
// earlier decisions on this programme", plural by M), the departure reason asked for only when the
// outcome departs from a clear majority, and a similar decision cited with the decision.

const FIRST_RENDER = { timeout: 20_000 };
const officer = makeUser({ id: 3, username: 'officer', groups: [GROUPS.naricOfficers], permissions: ['applications.view_application', 'applications.prepare_decision'] });

const options: DecisionOptions = {
  foreign: { institution_name: 'University of Tirana', accreditation: 'accredited', programme: 'Master of Economics', degree_level: 'master', eqf_level: 7, nqf_level: 7, duration: '1 year', ects: 60 },
  national_qualifications: [
    { id: 21, name_en: 'Master degree', name_sq: 'Diplomë master', name_sr: 'Diploma master studija', degree_level: 'master', eqf_level: 7, nqf_level: 7, ects_credits: 120, duration_years: '2.0', profile: 'academic' },
  ],
  legal_reasons: [
    { id: 31, article: 'Law 04/L-037 Art. 29', text_en: 'Recognised unless a substantial difference is shown.', text_sq: 'Njihet.', text_sr: 'Priznaje se.', outcomes: ['full', 'partial', 'alternative', 'conditional', 'non_recognition'] },
  ],
  appeal: { body_en: 'Appeals Commission of the Ministry', body_sq: 'Komisioni i Ankesave', body_sr: 'Komisija za žalbe', period_days: 15, last_day: '2027-03-17' },
};
const assessed = makeApplicationDetail({ id: 42, service_type: 1, status: 'assessment_completed', version: 9, allowed_actions: [{ action: 'prepare_decision', to: 'decision_pending', notes: 'optional' }] });
const none: ApplicationDecisions = { current: null, history: [] };
const consistency: DecisionConsistency = { total: 15, outcomes: { full: 14, partial: 1 }, majority: 'full' };
const precedent: SimilarDecision = {
  id: 501,
  application_id: 77,
  reference: 'NARIC-2026-00077',
  may_open: true,
  outcome: 'full',
  outcome_detail: null,
  state: 'approved',
  institution_name: 'University of Tirana',
  programme: 'Master of Economics',
  degree_level: 'master',
  country: 'AL',
  differences: [],
  legal_bases: [{ id: 31, article: 'Law 04/L-037 Art. 29', text_en: 'Recognised.', text_sq: 'Njihet.', text_sr: 'Priznaje se.' }],
  decided_at: '2026-11-02T10:00:00Z',
  same: { institution: true, programme: true, level: true, country: true },
};

function stubBuilder(extra: Record<string, Response | Response[]> = {}) {
  return stubApi({
    'GET /api/applications/42/': json(200, assessed),
    'GET /api/applications/42/decision/': json(200, none),
    'GET /api/applications/42/decision/options/': json(200, options),
    'GET /api/applications/42/decision/consistency/': json(200, consistency),
    'GET /api/applications/42/decision/similar/': json(200, { count: 1, next: null, previous: null, results: [precedent] }),
    ...extra,
  });
}

afterEach(signOutAfterTest);

describe('the builder’s precedents', () => {
  it('says how consistent the chosen outcome is, and asks the departure reason only when it departs from the majority', { timeout: 60_000 }, async () => {
    stubBuilder();
    openSignedIn(officer, '/applications/42/decision');
    const form = await screen.findByRole('form', { name: 'Recognition decision' }, FIRST_RENDER);
    const section = await within(form).findByRole('region', { name: 'Precedents and consistency' });
    expect(await within(section).findByText('15 earlier decisions on this programme; choose an outcome to compare.')).toBeTruthy();

    fireEvent.click(within(form).getByRole('radio', { name: 'Full recognition' }));
    expect(within(section).getByRole('status').textContent).toBe('Consistent with 14 of 15 earlier decisions on this programme');
    expect(within(section).queryByLabelText(/Why this decision departs/)).toBeNull();

    fireEvent.click(within(form).getByRole('radio', { name: 'Partial recognition' }));
    expect(within(section).getByRole('status').textContent).toBe('Consistent with 1 of 15 earlier decisions on this programme');
    expect(within(section).getByLabelText(/Why this decision departs/)).toBeTruthy();
  });

  it('sends the departure reason and the cited precedent with the decision', { timeout: 60_000 }, async () => {
    const calls = stubBuilder({
      'POST /api/applications/42/prepare-decision/': json(200, makeApplicationDetail({ id: 42, service_type: 1, status: 'decision_pending', version: 10, allowed_actions: [] })),
    });
    openSignedIn(officer, '/applications/42/decision');
    const form = await screen.findByRole('form', { name: 'Recognition decision' }, FIRST_RENDER);
    fireEvent.click(within(form).getByRole('radio', { name: 'Partial recognition' }));
    fireEvent.change(within(form).getByLabelText(/Recognised for these purposes or parts/), { target: { value: 'Access to employment.' } });
    await chooseOption('Profile of the foreign qualification', 'Academic', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Add a difference' }));
    await chooseOption('Element of difference 1', 'Workload', form);
    fireEvent.change(within(form).getByLabelText(/Why difference 1 is substantial/), { target: { value: '60 ECTS against 120.' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: /Law 04\/L-037 Art\. 29/ }));
    fireEvent.change(within(form).getByLabelText(/Why this decision departs/), { target: { value: 'The programme was shortened since.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Show similar decisions' }));
    fireEvent.click(await within(form).findByRole('button', { name: 'Cite NARIC-2026-00077' }));
    expect(within(form).getByRole('button', { name: 'Cited: NARIC-2026-00077' })).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Prepare decision' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    const { decision } = JSON.parse(calls.find((call) => call.method === 'POST')!.body);
    expect(decision).toMatchObject({ outcome: 'partial', departure_reason: 'The programme was shortened since.', precedent_ids: [501] });
  });
});
