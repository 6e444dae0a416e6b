import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppealDetail } from '../../../../src/shared/api/appeals';
import type { DecisionOptions } from '../../../../src/shared/api/recognition-decisions';
import { GROUPS } from '../../../../src/shared/auth/permissions';
import { json, stubApi } from '../api-stub';
import { chooseOption } from '../choose-option';
import { makeUser } from '../fixtures';
import { openSignedIn, signOutAfterTest } from '../signed-in';

// The appeal's outcome, with the API faked at fetch level: only the outcomes the server offers
// the caller, the reason required before anything is sent, a confirmation that names the outcome,
// the request with the version seen; a changed decision goes through the builder with the reason
// and a confirmation naming the new outcome.

const FIRST_RENDER = { timeout: 20_000 };
const member = makeUser({ id: 5, username: 'council', groups: [GROUPS.councilMembers], permissions: ['applications.view_application', 'councils.review_application', 'councils.view_council'] });

function appeal(overrides: Partial<AppealDetail> = {}): AppealDetail {
  return {
    id: 11,
    application: { id: 42, reference: 'NARIC-2027-000042', service_type: 2, applicant_name: 'Arta Krasniqi' },
    decision_id: 7,
    decision_outcome: 'non_recognition',
    received_on: '2027-03-10',
    late: false,
    state: 'under_review',
    outcome: null,
    council: { id: 2, name_en: 'Council of Medical Sciences', name_sq: 'Këshilli i Shkencave Mjekësore', name_sr: 'Veće medicinskih nauka' },
    officer: null,
    due_date: '2027-04-09',
    decided_at: null,
    grounds: 'The workload was counted wrongly.',
    letter: { id: 90, file_name: 'appeal-letter.pdf' },
    appeal_last_day: '2027-03-16',
    late_acceptance_reason: null,
    outcome_reason: null,
    decided_by: null,
    new_decision_id: null,
    registered_by: { id: 3, full_name: 'Blerta Gashi' },
    created_at: '2027-03-10T09:00:00Z',
    may_assign: false,
    may_decide: ['upheld', 'changed'],
    version: 3,
    ...overrides,
  };
}

const options: DecisionOptions = {
  foreign: { institution_name: 'Gymnasium Sami Frashëri', accreditation: 'accredited', programme: 'General upper secondary', degree_level: 'high_school', eqf_level: 4, nqf_level: 4, duration: '4 years', ects: null },
  national_qualifications: [{ id: 21, name_en: 'Matura', name_sq: 'Matura', name_sr: 'Matura', degree_level: 'high_school', eqf_level: 4, nqf_level: 4, ects_credits: null, duration_years: '4.0', profile: 'academic' }],
  legal_reasons: [{ id: 31, article: 'Law 04/L-037 Art. 29', text_en: 'Recognised unless a substantial difference is shown.', text_sq: 'Njihet.', text_sr: 'Priznaje se.', outcomes: ['full', 'partial', 'alternative', 'conditional', 'non_recognition'] }],
  appeal: { body_en: 'Appeals Commission of the Ministry', body_sq: 'Komisioni i Ankesave', body_sr: 'Komisija za žalbe', period_days: 15, last_day: '2027-03-31' },
};

afterEach(signOutAfterTest);

describe('the appeal’s outcome form', () => {
  it('needs the reason, then asks for a confirmation naming the outcome and sends it with the version seen', async () => {
    const calls = stubApi({
      'GET /api/appeals/11/': json(200, appeal()),
      'POST /api/appeals/11/outcome/': json(200, appeal({ state: 'decided', outcome: 'upheld', outcome_reason: 'The workload was counted right.', may_decide: [], version: 4 })),
    });
    openSignedIn(member, '/appeals/11');
    const section = (await screen.findByRole('heading', { name: 'Decide the appeal' }, FIRST_RENDER)).closest('section')!;
    // A changed decision is made in the builder; the form offers the others the server allows.
    expect(within(section).getByRole('link', { name: 'Change the decision' }).getAttribute('href')).toBe('/appeals/11/decision');
    await chooseOption('Outcome', 'Decision upheld', section);
    fireEvent.click(within(section).getByRole('button', { name: 'Record the outcome' }));
    expect(await within(section).findByText('This field is required')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    fireEvent.change(within(section).getByLabelText(/Reason \(the applicant is told\)/), { target: { value: 'The workload was counted right.' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Record the outcome' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Record the outcome?' });
    expect(dialog.textContent).toContain('will be decided: Decision upheld');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record “Decision upheld”' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(JSON.parse(calls.find((call) => call.method === 'POST')!.body)).toEqual({ outcome: 'upheld', reason: 'The workload was counted right.', version: 3 });
    expect(await screen.findByText('The appeal was decided: Decision upheld.')).toBeTruthy();
  });

  it('offers only rejection as late for a late appeal not accepted, and says the server’s refusal', async () => {
    stubApi({
      'GET /api/appeals/11/': json(200, appeal({ late: true, state: 'registered', council: null, received_on: '2027-03-20', may_decide: ['rejected_late'] })),
      'POST /api/appeals/11/outcome/': json(409, { detail: 'This appeal has already been decided.', code: 'appeal_decided', params: {} }),
    });
    openSignedIn(member, '/appeals/11');
    const section = (await screen.findByRole('heading', { name: 'Decide the appeal' }, FIRST_RENDER)).closest('section')!;
    expect(screen.getByText(/It can only be rejected as late/)).toBeTruthy();
    expect(within(section).queryByRole('link', { name: 'Change the decision' })).toBeNull();
    fireEvent.change(within(section).getByLabelText(/Reason \(the applicant is told\)/), { target: { value: 'Received four days late.' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Record the outcome' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Record the outcome?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record “Rejected as late”' }));
    expect(await within(section).findByText('This appeal has already been decided.')).toBeTruthy();
  });

  it('changes the decision through the builder: the reason and the new decision, after a confirmation naming the new outcome', async () => {
    const calls = stubApi({
      'GET /api/appeals/11/': json(200, appeal()),
      'GET /api/appeals/11/decision-options/': json(200, options),
      'POST /api/appeals/11/outcome/': json(200, appeal({ state: 'decided', outcome: 'changed', new_decision_id: 8, may_decide: [], version: 4 })),
    });
    openSignedIn(member, '/appeals/11/decision');
    const form = await screen.findByRole('form', { name: 'Recognition decision' }, FIRST_RENDER);
    fireEvent.click(within(form).getByRole('radio', { name: 'Full recognition' }));
    await chooseOption('Profile of the foreign qualification', 'Academic', form);
    fireEvent.click(within(form).getByRole('checkbox', { name: /Law 04\/L-037 Art\. 29/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Change the decision' }));
    expect(await within(form).findByText('This field is required')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/Reason for changing the decision/), { target: { value: 'The matura is equivalent.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Change the decision' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Change the decision on appeal?' });
    expect(dialog.textContent).toContain('replaced by a new decision: Full recognition');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change to “Full recognition”' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(JSON.parse(calls.find((call) => call.method === 'POST')!.body)).toEqual({
      outcome: 'changed',
      reason: 'The matura is equivalent.',
      decision: { outcome: 'full', outcome_detail: null, foreign_profile: 'academic', national_qualification_id: 21, differences: [], legal_reason_ids: [31], departure_reason: null, precedent_ids: [] },
      version: 3,
    });
  });
});
