import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExpertReview, ReviewListItem } from '../../../../src/shared/api/experts';
import type { NaricBridge } from '../../../../src/shared/bridge';
import { GROUPS } from '../../../../src/shared/auth/permissions';
import { json, stubApi } from '../api-stub';
import { chooseOption } from '../choose-option';
import { makeUser } from '../fixtures';
import { openSignedIn, signOutAfterTest } from '../signed-in';

afterEach(signOutAfterTest);

const evaluator = makeUser({ id: 6, username: 'evaluator', groups: [GROUPS.evaluators], permissions: ['expert.view_commission', 'expert.submit_review', 'applications.view_application'] });
const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
const requests = () => vi.mocked(globalThis.fetch).mock.calls.map(([input, init]) => (input instanceof Request ? input : new Request(input, init)));

const rows: ReviewListItem[] = [
  { id: 31, application_id: 120, application_reference: 'NARIC-2026-000120', applicant_name: 'Liridon Basha', commission_id: 4, commission_names: { name_en: 'Expert Commission for Medicine', name_sq: '', name_sr: '' }, reviewer_name: 'Jelena Petrović', due_date: '2026-01-10', overdue: true, status: 'requested', submitted_at: null },
  { id: 32, application_id: 121, application_reference: 'NARIC-2026-000121', applicant_name: 'Gentrit Maloku', commission_id: 4, commission_names: { name_en: 'Expert Commission for Medicine', name_sq: '', name_sr: '' }, reviewer_name: 'Jelena Petrović', due_date: '2026-12-10', overdue: false, status: 'submitted', submitted_at: '2026-02-01T10:00:00Z' },
];

function makeReview(overrides: Partial<ExpertReview> = {}): ExpertReview {
  return {
    id: 31,
    status: 'requested',
    locked: false,
    commission_id: 4,
    commission_names: { name_en: 'Expert Commission for Medicine', name_sq: '', name_sr: '' },
    reviewer_id: 6,
    reviewer_name: 'Jelena Petrović',
    requested_by_name: 'Blerta Gashi',
    requested_at: '2026-01-01T09:00:00Z',
    due_date: '2026-01-10',
    overdue: true,
    submitted_at: null,
    assessment: 'First notes.',
    recommendation: null,
    comments: '',
    report: null,
    application: {
      id: 120,
      reference: 'NARIC-2026-000120',
      status: 'council_review',
      service_type: 1,
      service_name_en: 'Recognition of a foreign university diploma',
      service_name_sq: 'Njohja e diplomës universitare të huaj',
      service_name_sr: 'Priznavanje strane univerzitetske diplome',
      applicant_name: 'Liridon Basha',
      institution_name: 'University of Vienna',
      institution_country: 'AT',
      academic_field_category: 'medical_health',
      submitted_at: '2025-12-01T09:00:00Z',
      education: {
        institution_name: 'University of Vienna',
        institution_country: 'AT',
        institution_type: 'public',
        institution: null,
        program_name: 'Human Medicine',
        original_title: 'Doktor der gesamten Heilkunde (Dr. med. univ.)',
        degree_level: 'master',
        eqf_level: 7,
        nqf_level: 7,
        duration: '6 years',
        graduation_date: '2025-06-30',
        ects_credits: 360,
        language_of_instruction: 'de',
        study_mode: 'full_time',
        study_start: '2019-10-01',
        study_end: '2025-06-30',
        grading_scale: '1–5 (1 best), pass 4',
        final_grade: '1,9',
      },
    },
    documents: [
      { id: 501, file_name: 'diploma.pdf', document_type: 'original_diploma', kind: 'original', media_type: 'application/pdf', size: 20480, status: 'verified', uploaded_at: '2025-12-01T09:00:00Z', has_file: true },
      { id: 502, file_name: 'transcript.pdf', document_type: 'original_transcript', kind: 'original', media_type: 'application/pdf', size: 10240, status: 'pending', uploaded_at: '2025-12-01T09:00:00Z', has_file: false },
    ],
    version: 2,
    ...overrides,
  };
}

describe('my reviews', () => {
  it('lists the reviews with the overdue one marked in words and sends the status filter', async () => {
    stubApi({ 'GET /api/expert-reviews/': json(200, page(rows)) });
    openSignedIn(evaluator, '/expert-reviews?status=requested');
    const table = await screen.findByRole('grid', { name: 'Expert reviews' }, { timeout: 10_000 });
    expect(within(table).getByRole('link', { name: 'NARIC-2026-000120' }).getAttribute('href')).toBe('/expert-reviews/31');
    expect(within(table).getByText(/\(overdue\)/)).toBeTruthy();
    expect(within(table).getAllByText(/\(overdue\)/)).toHaveLength(1);
    expect(screen.getByText('2 reviews')).toBeTruthy();
    // The list's own request (the signed-in layout asks other things of the server meanwhile).
    const listRequest = requests().filter((request) => new URL(request.url).pathname === '/api/expert-reviews/').at(-1)!;
    expect(new URL(listRequest.url).searchParams.get('status')).toBe('requested');
  });

  it('speaks Serbian', async () => {
    stubApi({ 'GET /api/expert-reviews/': json(200, page(rows)) });
    const view = openSignedIn(evaluator, '/expert-reviews');
    await screen.findByRole('grid', { name: 'Expert reviews' }, { timeout: 10_000 });
    await view.i18n.changeLanguage('sr');
    const table = await screen.findByRole('grid', { name: 'Ekspertske ocene' });
    expect(within(table).getByText(/\(kasni\)/)).toBeTruthy();
    expect(screen.getByText('2 ocene')).toBeTruthy();
  });
});

describe('the review screen', () => {
  it('shows the application, its documents, and saves a draft with the version', async () => {
    const calls = stubApi({
      'GET /api/expert-reviews/31/': json(200, makeReview()),
      'PATCH /api/expert-reviews/31/': json(200, makeReview({ assessment: 'Comparable programme.', recommendation: 'recognise', version: 3 })),
    });
    openSignedIn(evaluator, '/expert-reviews/31');
    await screen.findByRole('heading', { level: 1, name: /NARIC-2026-000120/ }, { timeout: 10_000 });
    const summary = screen.getByRole('region', { name: 'Application' });
    expect(within(summary).getByText('Recognition of a foreign university diploma')).toBeTruthy();
    // The qualification as the council reads it: level with EQF/NQF, original title, language, mode, dates, grades.
    const qualification = screen.getByRole('region', { name: 'Qualification' });
    expect(within(qualification).getByText('Human Medicine')).toBeTruthy();
    for (const expected of ['Not found in the reference data', 'Master · EQF 7 · NQF 7', 'Doktor der gesamten Heilkunde (Dr. med. univ.)', 'German', 'Full-time', '01/10/2019 – 30/06/2025', '360', '1–5 (1 best), pass 4', '1,9']) {
      expect(qualification.textContent).toContain(expected);
    }
    const documents = screen.getByRole('region', { name: 'Documents' });
    expect(within(documents).getAllByRole('button', { name: 'Preview' })).toHaveLength(1);
    expect(within(documents).getByText('Not stored (metadata only)')).toBeTruthy();
    expect(screen.getByText(/^Overdue/)).toBeTruthy();
    // No report yet: the form offers to attach one (the transfer bridge uploads it).
    expect(screen.getByText('No report attached.')).toBeTruthy();
    expect(screen.getByText('Attach a PDF report (optional)')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Assessment' }), { target: { value: 'Comparable programme.' } });
    await chooseOption('Recommendation', 'Recognise');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(JSON.parse(calls.find((call) => call.method === 'PATCH')!.body)).toEqual({ version: 2, assessment: 'Comparable programme.', recommendation: 'recognise', comments: '' });
  });

  it('submits only after the confirmation, then shows the review read-only', async () => {
    const submitted = makeReview({ status: 'submitted', locked: true, assessment: 'Comparable programme.', recommendation: 'recognise_with_conditions', submitted_at: '2026-01-05T10:00:00Z', version: 3, report: { file_name: 'assessment.pdf', size: 2048 } });
    const calls = stubApi({ 'GET /api/expert-reviews/31/': [json(200, makeReview({ recommendation: 'recognise_with_conditions' })), json(200, submitted)], 'POST /api/expert-reviews/31/submit/': json(200, submitted) });
    openSignedIn(evaluator, '/expert-reviews/31');
    await screen.findByRole('heading', { level: 1, name: /NARIC-2026-000120/ }, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Submit the review?' });
    expect(within(dialog).getByText(/you cannot change it afterwards/)).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(JSON.parse(calls.find((call) => call.method === 'POST')!.body)).toEqual({ version: 2, assessment: 'First notes.', recommendation: 'recognise_with_conditions', comments: '' });
    expect((await screen.findAllByText(/Submitted on/)).length).toBeGreaterThan(0);
    expect(screen.queryByRole('textbox', { name: 'Assessment' })).toBeNull();
    expect(screen.getByText('Recognise with conditions')).toBeTruthy();
    // The locked review's report is there to open or save, and nothing can be attached any more.
    expect(screen.getByText('Report: assessment.pdf (2 KB)')).toBeTruthy();
    expect(screen.queryByText('Replace the PDF report')).toBeNull();
  });

  it('keeps what the evaluator typed when a report is attached, and submits it with the new version', async () => {
    const blank = makeReview({ assessment: '', version: 2 });
    // The server's answer to the upload: the report on a new version, the texts as last saved (none).
    const withReport = makeReview({ assessment: '', report: { file_name: 'report.pdf', size: 2048 }, version: 3 });
    const calls = stubApi({ 'GET /api/expert-reviews/31/': [json(200, blank), json(200, withReport)], 'POST /api/expert-reviews/31/submit/': json(200, { ...withReport, locked: true, status: 'submitted' }) });
    const upload = vi.fn<NaricBridge['transfer']['upload']>(async () => ({ outcome: 'uploaded_review_report', review: withReport }));
    openSignedIn(evaluator, '/expert-reviews/31', {
      transfer: { limits: async () => ({ max_upload_bytes: 25 * 1024 * 1024, accepted_media_types: ['application/pdf'] }), choosePdf: async () => ({ selection: 'sel-1', file_name: 'report.pdf', size: 2048 }), upload },
    });
    await screen.findByRole('heading', { level: 1, name: /NARIC-2026-000120/ }, { timeout: 10_000 });
    fireEvent.change(screen.getByRole('textbox', { name: /Assessment/ }), { target: { value: 'Comparable programme.' } });
    await chooseOption('Recommendation', 'Recognise with conditions');
    fireEvent.change(screen.getByRole('textbox', { name: 'Comments' }), { target: { value: 'A bridging course in pharmacology.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Choose PDF' }));
    expect(await screen.findByText('Report: report.pdf (2 KB)')).toBeTruthy();
    expect(upload.mock.calls[0]![0].target).toEqual({ type: 'expert_review_report', review_id: 31, version: 2 });
    expect((screen.getByRole('textbox', { name: /Assessment/ }) as HTMLTextAreaElement).value).toBe('Comparable programme.');
    expect((screen.getByRole('textbox', { name: 'Comments' }) as HTMLTextAreaElement).value).toBe('A bridging course in pharmacology.');
    expect(screen.getAllByText('Recognise with conditions').length).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Submit the review?' });
    expect(screen.queryByText('This field is required')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(JSON.parse(calls.find((call) => call.method === 'POST')!.body)).toEqual({ version: 3, assessment: 'Comparable programme.', recommendation: 'recognise_with_conditions', comments: 'A bridging course in pharmacology.' });
  });

  it('marks the required texts before anything is sent, and says what is missing on Submit', async () => {
    stubApi({ 'GET /api/expert-reviews/31/': json(200, makeReview({ assessment: '' })) });
    openSignedIn(evaluator, '/expert-reviews/31');
    await screen.findByRole('heading', { level: 1, name: /NARIC-2026-000120/ }, { timeout: 10_000 });
    expect(screen.getByRole('textbox', { name: /Assessment/ }).getAttribute('aria-required')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Comments' }).getAttribute('aria-required')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    expect((await screen.findAllByText('This field is required')).length).toBe(2);
    expect(screen.queryByRole('alertdialog', { name: 'Submit the review?' })).toBeNull();
  });

  it('tells a stale save apart and offers a reload', async () => {
    stubApi({
      'GET /api/expert-reviews/31/': json(200, makeReview()),
      'PATCH /api/expert-reviews/31/': json(412, { detail: 'The review was changed by someone else. Reload it and apply your changes again.', code: 'precondition_failed' }),
    });
    openSignedIn(evaluator, '/expert-reviews/31');
    await screen.findByRole('heading', { level: 1, name: /NARIC-2026-000120/ }, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(/The review was changed elsewhere/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('says so for a review that is not the caller’s', async () => {
    stubApi({});
    openSignedIn(evaluator, '/expert-reviews/77');
    expect(await screen.findByText('Review not found', {}, { timeout: 10_000 })).toBeTruthy();
  });
});
