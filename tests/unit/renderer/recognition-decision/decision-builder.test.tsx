import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApplicationDecisions, DecisionOptions, RecognitionDecision } from '../../../../src/shared/api/recognition-decisions';
import { GROUPS } from '../../../../src/shared/auth/permissions';
import { json, stubApi } from '../api-stub';
import { chooseOption } from '../choose-option';
import { makeApplicationDetail, makeUser } from '../fixtures';
import { openSignedIn, signOutAfterTest } from '../signed-in';
import { builderValuesOf } from '../../../../src/renderer/features/recognition-decision/decision-builder';

// The decision builder and the agency officer's review, with the API faked at fetch level: the
// builder's rules (a difference for anything short of full recognition, none with full
// recognition, the outcome's detail, a legal basis that applies to the outcome) said before
// anything is sent, a server refusal on its field with nothing typed lost, the request sent, and
// the review's approval matching the outcome.

const FIRST_RENDER = { timeout: 20_000 };
const officer = makeUser({ id: 3, username: 'officer', groups: [GROUPS.naricOfficers], permissions: ['applications.view_application', 'applications.prepare_decision'] });
const agency = makeUser({ id: 4, username: 'agency', groups: [GROUPS.agencyOfficers], permissions: ['applications.view_application', 'applications.decide_application'] });

const options: DecisionOptions = {
  foreign: { institution_name: 'University of Tirana', accreditation: 'accredited', programme: 'Master of Economics', degree_level: 'master', eqf_level: 7, nqf_level: 7, duration: '1 year', ects: 60 },
  national_qualifications: [
    { id: 21, name_en: 'Master degree', name_sq: 'Diplomë master', name_sr: 'Diploma master studija', degree_level: 'master', eqf_level: 7, nqf_level: 7, ects_credits: 120, duration_years: '2.0', profile: 'academic' },
    { id: 22, name_en: 'Bachelor degree', name_sq: 'Diplomë bachelor', name_sr: 'Diploma osnovnih studija', degree_level: 'bachelor', eqf_level: 6, nqf_level: 6, ects_credits: 180, duration_years: '3.0', profile: 'academic' },
  ],
  legal_reasons: [
    { id: 31, article: 'Law 04/L-037 Art. 29', text_en: 'Recognised unless a substantial difference is shown.', text_sq: 'Njihet përveç nëse tregohet dallim thelbësor.', text_sr: 'Priznaje se osim ako se pokaže suštinska razlika.', outcomes: ['full', 'partial', 'alternative', 'conditional', 'non_recognition'] },
    { id: 32, article: 'AI 2/2021 Art. 12', text_en: 'Partial recognition for stated purposes.', text_sq: 'Njohje e pjesshme.', text_sr: 'Delimično priznavanje.', outcomes: ['partial'] },
  ],
  appeal: { body_en: 'Appeals Commission of the Ministry', body_sq: 'Komisioni i Ankesave', body_sr: 'Komisija za žalbe', period_days: 15, last_day: '2027-03-17' },
};

const assessed = makeApplicationDetail({ id: 42, service_type: 1, status: 'assessment_completed', version: 9, allowed_actions: [{ action: 'prepare_decision', to: 'decision_pending', notes: 'optional' }] });
const none: ApplicationDecisions = { current: null, history: [] };

function preparedDecision(overrides: Partial<RecognitionDecision> = {}): RecognitionDecision {
  return {
    id: 7,
    application_id: 42,
    outcome: 'partial',
    outcome_detail: 'Access to employment, not to doctoral studies.',
    foreign: { ...options.foreign, profile: 'academic' },
    national: options.national_qualifications[0]!,
    differences: [{ element: 'workload', explanation: '60 ECTS against 120.' }],
    legal_bases: [{ id: 32, article: 'AI 2/2021 Art. 12', text_en: 'Partial recognition for stated purposes.', text_sq: 'Njohje e pjesshme.', text_sr: 'Delimično priznavanje.' }],
    precedent_ids: [],
    appeal: options.appeal!,
    departure_reason: null,
    state: 'prepared',
    superseded_by: null,
    prepared_by: { id: 3, full_name: 'Blerta Gashi' },
    prepared_at: '2027-03-01T09:00:00Z',
    approved_by: null,
    approved_at: null,
    version: 0,
    pdf: null,
    ...overrides,
  };
}

function stubBuilder(extra: Record<string, Response | Response[]> = {}) {
  return stubApi({
    'GET /api/applications/42/': json(200, assessed),
    'GET /api/applications/42/decision/': json(200, none),
    'GET /api/applications/42/decision/options/': json(200, options),
    ...extra,
  });
}

afterEach(signOutAfterTest);

describe('the decision builder', () => {
  it('starts a decision sent back for changes from the one prepared before, its cited precedents included', () => {
    const values = builderValuesOf(preparedDecision({ precedent_ids: [501, 502], departure_reason: 'Two earlier decisions were on the old curriculum.' }), options);
    expect(values).toMatchObject({ outcome: 'partial', national_qualification_id: '21', legal_reason_ids: [32], precedent_ids: [501, 502], departure_reason: 'Two earlier decisions were on the old curriculum.', notes: '' });
    expect(builderValuesOf(null, options)).toMatchObject({ outcome: '', precedent_ids: [], national_qualification_id: '21' });
  });

  it('says every missing part of a partial recognition before sending anything', async () => {
    const calls = stubBuilder();
    openSignedIn(officer, '/applications/42/decision');
    const form = await screen.findByRole('form', { name: 'Recognition decision' }, FIRST_RENDER);
    // The one national qualification of the application's level is chosen for the officer.
    expect(within(form).getByRole('table').textContent).toContain('Master degree');
    fireEvent.click(within(form).getByRole('radio', { name: 'Partial recognition' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Prepare decision' }));
    expect(await within(form).findByText('An outcome short of full recognition needs at least one substantial difference, explained.')).toBeTruthy();
    expect(within(form).getByText('Cite at least one legal basis.')).toBeTruthy();
    expect(within(form).getByText(/Say what the outcome covers/)).toBeTruthy();
    expect(within(form).getByText('Choose the profile of the foreign qualification.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('refuses a difference with full recognition and offers only the reasons of the chosen outcome', async () => {
    const calls = stubBuilder();
    openSignedIn(officer, '/applications/42/decision');
    const form = await screen.findByRole('form', { name: 'Recognition decision' }, FIRST_RENDER);
    fireEvent.click(within(form).getByRole('radio', { name: 'Full recognition' }));
    expect(within(form).queryByRole('checkbox', { name: /AI 2\/2021 Art\. 12/ })).toBeNull();
    expect(within(form).getByRole('checkbox', { name: /Law 04\/L-037 Art\. 29/ })).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Add a difference' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Prepare decision' }));
    expect(await within(form).findByText('A full recognition cannot record a substantial difference: the two contradict each other.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('sends the structured decision with the version it saw, and keeps what was typed when the server refuses', async () => {
    const calls = stubBuilder({
      'POST /api/applications/42/prepare-decision/': [
        json(400, {
          'decision.legal_reason_ids': ['Cite only active legal reasons that apply to this service and to the chosen outcome.'],
          field_codes: { 'decision.legal_reason_ids': [{ code: 'decision_legal_basis_not_applicable', params: {} }] },
        }),
        json(200, makeApplicationDetail({ id: 42, service_type: 1, status: 'decision_pending', version: 10, allowed_actions: [] })),
      ],
    });
    openSignedIn(officer, '/applications/42/decision');
    const form = await screen.findByRole('form', { name: 'Recognition decision' }, FIRST_RENDER);
    fireEvent.click(within(form).getByRole('radio', { name: 'Partial recognition' }));
    fireEvent.change(within(form).getByLabelText(/Recognised for these purposes or parts/), { target: { value: 'Access to employment.' } });
    await chooseOption('Profile of the foreign qualification', 'Academic', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Add a difference' }));
    await chooseOption('Element of difference 1', 'Workload', form);
    fireEvent.change(within(form).getByLabelText(/Why difference 1 is substantial/), { target: { value: '60 ECTS against 120.' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: /AI 2\/2021 Art\. 12/ }));
    expect(within(form).getByText(/within 15 days of the decision/).textContent).toContain('Appeals Commission of the Ministry');
    fireEvent.click(within(form).getByRole('button', { name: 'Prepare decision' }));

    expect(await within(form).findByText('Cite only active legal reasons that apply to this service and to the chosen outcome.', undefined, FIRST_RENDER)).toBeTruthy();
    const first = calls.find((call) => call.method === 'POST')!;
    expect(JSON.parse(first.body)).toEqual({
      version: 9,
      decision: {
        outcome: 'partial',
        outcome_detail: 'Access to employment.',
        foreign_profile: 'academic',
        national_qualification_id: 21,
        differences: [{ element: 'workload', explanation: '60 ECTS against 120.' }],
        legal_reason_ids: [32],
        departure_reason: null,
        precedent_ids: [],
      },
    });
    // Nothing typed is lost: the officer cites another reason and sends again.
    expect((within(form).getByLabelText(/Why difference 1 is substantial/) as HTMLTextAreaElement).value).toBe('60 ECTS against 120.');
    fireEvent.click(within(form).getByRole('checkbox', { name: /Law 04\/L-037 Art\. 29/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Prepare decision' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2));
    expect(JSON.parse(calls.filter((call) => call.method === 'POST')[1]!.body).decision.legal_reason_ids).toEqual([32, 31]);
  });
});

describe('the agency officer’s review', () => {
  it('shows the prepared decision in its parts and approves a non-recognition as a rejection', async () => {
    const pending = makeApplicationDetail({
      id: 42,
      service_type: 1,
      status: 'decision_pending',
      version: 10,
      allowed_actions: [
        { action: 'approve', to: 'approved', notes: 'optional' },
        { action: 'reject', to: 'rejected', notes: 'optional' },
        { action: 'send_back', to: 'assessment_completed', notes: 'required' },
      ],
    });
    const decision = preparedDecision({ outcome: 'non_recognition', outcome_detail: null, differences: [{ element: 'quality', explanation: 'Not accredited when issued.' }] });
    const calls = stubApi({
      'GET /api/applications/42/': json(200, pending),
      'GET /api/applications/42/decision/': json(200, { current: decision, history: [] }),
      'POST /api/applications/42/reject/': json(200, makeApplicationDetail({ id: 42, status: 'rejected', version: 11, allowed_actions: [] })),
    });
    openSignedIn(agency, '/applications/42/decision');
    const view = await screen.findByRole('region', { name: 'Prepared decision' }, FIRST_RENDER);
    expect(view.textContent).toContain('Non-recognition');
    expect(view.textContent).toContain('Quality (accreditation)');
    expect(view.textContent).toContain('Not accredited when issued.');
    expect(view.textContent).toContain('AI 2/2021 Art. 12');
    expect(within(view).getByRole('table').textContent).toContain('University of Tirana');
    const review = screen.getByRole('region', { name: 'Approval' });
    // Sending back needs the reason.
    fireEvent.click(within(review).getByRole('button', { name: 'Send back' }));
    expect(await within(review).findByText('Give the reason for sending the decision back.')).toBeTruthy();
    fireEvent.click(within(review).getByRole('button', { name: 'Approve non-recognition' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.path).toBe('/api/applications/42/reject/');
    expect(JSON.parse(post.body)).toEqual({ version: 10 });
  });
  it('sends a decision back with its reason and, with nothing left for the officer on it, returns to the list', async () => {
    const pending = makeApplicationDetail({
      id: 42,
      service_type: 1,
      status: 'decision_pending',
      version: 10,
      allowed_actions: [
        { action: 'approve', to: 'approved', notes: 'optional' },
        { action: 'send_back', to: 'assessment_completed', notes: 'required' },
      ],
    });
    const calls = stubApi({
      'GET /api/applications/42/': json(200, pending),
      'GET /api/applications/42/decision/': json(200, { current: preparedDecision({}), history: [] }),
      'POST /api/applications/42/send-back/': json(200, makeApplicationDetail({ id: 42, status: 'assessment_completed', version: 11, allowed_actions: [] })),
    });
    const { router } = openSignedIn(agency, '/applications/42/decision');
    const review = await screen.findByRole('region', { name: 'Approval' }, FIRST_RENDER);
    fireEvent.change(within(review).getByRole('textbox'), { target: { value: 'The grounds cite the wrong qualification.' } });
    fireEvent.click(within(review).getByRole('button', { name: 'Send back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/applications'));
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.path).toBe('/api/applications/42/send-back/');
    expect(JSON.parse(post.body)).toEqual({ version: 10, notes: 'The grounds cite the wrong qualification.' });
  });
});
