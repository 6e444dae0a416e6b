import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CouncilApplicationReview, CouncilDashboard } from '../../../../src/shared/api/council-review';
import { json, stubApi } from '../api-stub';
import { USER_KINDS, makeApplicationDetail } from '../fixtures';
import { openSignedIn, signOutAfterTest } from '../signed-in';

// The council dashboard and the council application review, with the API faked at fetch level.

const FIRST_RENDER = { timeout: 20_000 };
const member = { ...USER_KINDS.councilMember, id: 11, full_name: 'Driton Hoxha' };

const dashboard = (overrides: Partial<CouncilDashboard> = {}): CouncilDashboard => ({
  councils: [{ id: 1, name_en: 'Council for Medical and Health Sciences', name_sq: '', name_sr: '', quorum: 2 }],
  queue: [
    {
      id: 42,
      reference: 'NARIC-2026-900002',
      applicant_name: 'Liridon Basha',
      academic_field_category: 'medical_health',
      council: { id: 1, name_en: 'Council for Medical and Health Sciences', name_sq: '', name_sr: '' },
      status: 'council_review',
      review_status: 'in_review',
      assigned_at: '2026-03-01T09:00:00Z',
      review_due_date: '2026-03-20',
      overdue: true,
      conflict_declared: false,
    },
    {
      id: 43,
      reference: 'NARIC-2026-000120',
      applicant_name: 'Arta Morina',
      academic_field_category: 'medical_health',
      council: { id: 1, name_en: 'Council for Medical and Health Sciences', name_sq: '', name_sr: '' },
      status: 'council_assigned',
      review_status: 'pending_review',
      assigned_at: '2026-03-05T09:00:00Z',
      review_due_date: '2099-04-01',
      overdue: false,
      conflict_declared: true,
    },
  ],
  next_meetings: [{ id: 5, council: { id: 1, name_en: 'Council for Medical and Health Sciences', name_sq: '', name_sr: '' }, scheduled_at: '2099-04-02T10:00:00Z', place: 'Room 12', agenda_count: 3 }],
  recent_decisions: [{ id: 9, application_id: 40, reference: 'NARIC-2026-000100', council: { id: 1, name_en: 'Council for Medical and Health Sciences', name_sq: '', name_sr: '' }, outcome: 'approved', recorded_at: '2026-02-10T12:00:00Z' }],
  ...overrides,
});

const review = (overrides: Partial<CouncilApplicationReview> = {}): CouncilApplicationReview => ({
  application: {
    id: 42,
    reference: 'NARIC-2026-900002',
    service: { id: 1, name_en: 'Recognition of higher education', name_sq: '', name_sr: '' },
    status: 'council_review',
    review_status: 'in_review',
    review_due_date: '2026-03-20',
    overdue: true,
    applicant_name: 'Liridon Basha',
    institution_name: 'University of Zagreb',
    institution_country: 'HR',
    program_name: 'Medicine',
    academic_field_category: 'medical_health',
    council_outcome: null,
    council_comments: null,
    review_notes: null,
    version: 7,
    allowed_actions: [{ action: 'record_council_decision', to: 'assessment_completed', notes: 'required' }],
  },
  qualification: {
    institution_name: 'University of Zagreb',
    institution_country: 'HR',
    institution_type: 'public',
    institution: { id: 4, name_en: 'University of Zagreb', name_sq: 'Universiteti i Zagrebit', name_sr: 'Univerzitet u Zagrebu', country: 'HR', accreditation_status: 'expired', diploma_register_url: null },
    program_name: 'Medicine',
    original_title: 'Diploma o završenom sveučilišnom integriranom studiju',
    degree_level: 'master',
    eqf_level: 7,
    nqf_level: 7,
    duration: '6 years',
    graduation_date: '2024-09-30',
    ects_credits: 360,
    language_of_instruction: 'hr',
    study_mode: 'full_time',
    study_start: '2018-10-01',
    study_end: '2024-07-15',
    grading_scale: '1–5, pass 2',
    final_grade: '4.2',
  },
  missing_documents: [],
  documents: [
    { id: 3, file_name: 'diploma.pdf', document_type: 'original_diploma', kind: 'original', size: 20480, uploaded_at: '2026-02-01T09:00:00Z', status: 'verified', review_notes: null, reviewed_by: null, reviewed_at: null, has_file: true, sha256: null, active_content: [] },
  ],
  council: {
    id: 1,
    name_en: 'Council for Medical and Health Sciences', name_sq: '', name_sr: '',
    active: true,
    quorum: 2,
    members: [
      { id: 11, full_name: 'Driton Hoxha', is_chair: true, conflict: false },
      { id: 12, full_name: 'Mimoza Leka', is_chair: false, conflict: false },
      { id: 13, full_name: 'Petrit Gashi', is_chair: false, conflict: true },
    ],
  },
  conflicts: [{ member: { id: 13, full_name: 'Petrit Gashi' }, reason: 'Taught on the programme.', declared_at: '2026-03-02T08:00:00Z' }],
  expert_reviews: [
    {
      id: 8,
      commission: { name_en: 'Medical expert commission', name_sq: '', name_sr: '' },
      reviewer: 'Besa Krasniqi',
      status: 'submitted',
      due_date: '2026-03-10',
      recommendation: 'recognise_with_conditions',
      assessment: 'Comparable curriculum.',
      comments: 'Clinical hours short.',
      submitted_at: '2026-03-09T15:00:00Z',
      report_present: true,
    },
    { id: 9, commission: { name_en: 'Medical expert commission', name_sq: '', name_sr: '' }, reviewer: 'Ilir Dema', status: 'requested', due_date: '2026-03-25', recommendation: null, assessment: null, comments: null, submitted_at: null, report_present: false },
  ],
  decisions: [],
  meetings: [{ id: 5, scheduled_at: '2026-03-15T10:00:00Z', place: 'Room 12', status: 'held' }],
  participation: { member: true, conflict_declared: false, may_decide: true, refusal: null },
  ...overrides,
});

beforeEach(() => localStorage.clear());
afterEach(signOutAfterTest);

describe('council dashboard', () => {
  it('lists the waiting applications with due dates and the overdue marker in words, the next meeting and recent decisions', async () => {
    stubApi({ 'GET /api/councils/dashboard/': json(200, dashboard()) });
    openSignedIn(member, '/councils/dashboard');
    const table = await screen.findByRole('grid', { name: 'Waiting for review' }, FIRST_RENDER);
    const [, first, second] = within(table).getAllByRole('row');
    expect(first!.textContent).toContain('NARIC-2026-900002');
    expect(first!.textContent).toContain('Overdue');
    expect(first!.textContent).toContain('Under review');
    expect(second!.textContent).not.toContain('Overdue');
    expect(second!.textContent).toContain('You declared a conflict');
    expect(within(first!).getByRole('link', { name: 'NARIC-2026-900002' }).getAttribute('href')).toBe('/councils/applications/42');
    expect(screen.getByText('2 applications waiting for review. 1 is overdue.')).toBeTruthy();
    const meetings = screen.getByRole('region', { name: 'Next meetings' });
    expect(meetings.textContent).toContain('Room 12');
    expect(meetings.textContent).toContain('3 applications on the agenda');
    expect(screen.getByRole('grid', { name: 'Recent decisions' }).textContent).toContain('Approved');
  });

  it('says so when nothing is waiting and no meeting or decision exists', async () => {
    stubApi({ 'GET /api/councils/dashboard/': json(200, dashboard({ queue: [], next_meetings: [], recent_decisions: [] })) });
    openSignedIn(member, '/councils/dashboard');
    expect(await screen.findByText('Nothing is waiting for review', undefined, FIRST_RENDER)).toBeTruthy();
    expect(screen.getByText('No meeting is scheduled.')).toBeTruthy();
    expect(screen.getByText('No decision has been recorded yet.')).toBeTruthy();
  });

  it('is in Albanian for an Albanian reader', async () => {
    stubApi({ 'GET /api/councils/dashboard/': json(200, dashboard()) });
    const { i18n } = openSignedIn(member, '/councils/dashboard');
    await screen.findByRole('grid', { name: 'Waiting for review' }, FIRST_RENDER);
    await i18n.changeLanguage('sq');
    expect(await screen.findByRole('grid', { name: 'Në pritje të shqyrtimit' })).toBeTruthy();
    expect(screen.getAllByText('Me vonesë').length).toBeGreaterThan(0);
  });
});

describe('council application review', () => {
  it('shows the summary, documents, the locked and pending expert reviews, conflicts and the quorum', async () => {
    stubApi({ 'GET /api/councils/applications/42/review/': json(200, review()) });
    openSignedIn(member, '/councils/applications/42');
    expect((await screen.findByRole('grid', { name: 'Documents' }, FIRST_RENDER)).textContent).toContain('diploma.pdf');
    expect(screen.getByRole('heading', { level: 1, name: 'Council application review' })).toBeTruthy();
    const submitted = screen.getByRole('article', { name: 'Expert review by Besa Krasniqi, Medical expert commission' });
    expect(submitted.textContent).toContain('Recognise with conditions');
    expect(submitted.textContent).toContain('(locked)');
    expect(screen.getByRole('article', { name: 'Expert review by Ilir Dema, Medical expert commission' }).textContent).toContain('Not submitted yet');
    expect(screen.getByRole('link', { name: /Request an expert review/ }).getAttribute('href')).toBe('/applications/42');
    const conflicts = screen.getByRole('region', { name: 'Conflicts of interest' });
    expect(conflicts.textContent).toContain('Petrit Gashi');
    expect(conflicts.textContent).toContain('Taught on the programme.');
    expect(screen.getByText(/2 of 3 members without a conflict of interest; quorum 2\./)).toBeTruthy();
    // Participants: the non-conflicted members, all ticked; the conflicted one is not offered.
    const participants = screen.getByRole('group', { name: /Members who took part/ });
    expect(within(participants).getAllByRole('checkbox').map((box) => (box as HTMLInputElement).checked)).toEqual([true, true]);
    expect(participants.textContent).not.toContain('Petrit Gashi');
  });

  it('shows the qualification: institution with its country and standing, level with EQF/NQF, original title, language, mode, dates, workload and grades', async () => {
    stubApi({ 'GET /api/councils/applications/42/review/': json(200, review()) });
    const { i18n } = openSignedIn(member, '/councils/applications/42');
    const qualification = await screen.findByRole('region', { name: 'Qualification' }, FIRST_RENDER);
    const text = qualification.textContent!;
    for (const expected of [
      'University of Zagreb',
      'Accreditation expired',
      'Master · EQF 7 · NQF 7',
      'Medicine',
      'Diploma o završenom sveučilišnom integriranom studiju',
      'Croatian',
      'Full-time',
      '01/10/2018 – 15/07/2024',
      '6 years',
      '360',
      '1–5, pass 2',
      '4.2',
    ]) {
      expect(text).toContain(expected);
    }
    // The documents are beside the form, each with its in-app preview.
    expect(within(screen.getByRole('region', { name: 'Documents' })).getByRole('button', { name: 'Preview: diploma.pdf' })).toBeTruthy();
    await i18n.changeLanguage('sq');
    const inAlbanian = (await screen.findByRole('region', { name: 'Kualifikimi' })).textContent!;
    expect(inAlbanian).toContain('Universiteti i Zagrebit');
    expect(inAlbanian).toContain('Akreditimi ka skaduar');
    expect(inAlbanian).toContain('KEK 7 · KKK 7');
    expect(inAlbanian).toContain('Kroatisht');
    expect(inAlbanian).toContain('Me kohë të plotë');
  });

  it('says which required documents are missing before the member tries, and offers no decision meanwhile', async () => {
    stubApi({ 'GET /api/councils/applications/42/review/': json(200, review({ missing_documents: ['original_diploma', 'diploma_translation'] })) });
    openSignedIn(member, '/councils/applications/42');
    const form = await screen.findByRole('form', { name: 'Council decision' }, FIRST_RENDER);
    const warning = screen.getByRole('alert');
    expect(warning.textContent).toContain('The council cannot decide yet');
    expect(within(warning).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Original diploma', 'Diploma translation']);
    expect(within(warning).getByRole('link', { name: "Open the application's documents" }).getAttribute('href')).toBe('/applications/42');
    expect((within(form).getByRole('button', { name: 'Record the decision' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("words the server's missing-documents refusal with the documents' names", async () => {
    stubApi({
      'GET /api/councils/applications/42/review/': json(200, review()),
      'POST /api/applications/42/record-council-decision/': json(409, { detail: 'x', code: 'council_review_documents_missing', params: { documents: 'original_diploma,id_document' } }),
    });
    openSignedIn(member, '/councils/applications/42');
    const form = await screen.findByRole('form', { name: 'Council decision' }, FIRST_RENDER);
    fireEvent.change(within(form).getByRole('textbox', { name: 'Council comments' }), { target: { value: 'Equivalent.' } });
    fireEvent.click(within(form).getByRole('radio', { name: 'Rejected' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Record the decision' }));
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Record the decision: Rejected?' })).getByRole('button', { name: 'Record the decision' }));
    expect(await within(form).findByText('The council cannot decide yet: required documents are missing (Original diploma, Identity document).')).toBeTruthy();
  });

  it('records the decision with comments, outcome, participants and meeting, with the version it saw', async () => {
    const calls = stubApi({
      'GET /api/councils/applications/42/review/': json(200, review()),
      'POST /api/applications/42/record-council-decision/': json(200, makeApplicationDetail({ id: 42, status: 'assessment_completed', review_status: 'completed', version: 8 })),
    });
    openSignedIn(member, '/councils/applications/42');
    const form = await screen.findByRole('form', { name: 'Council decision' }, FIRST_RENDER);
    fireEvent.click(within(form).getByRole('button', { name: 'Record the decision' }));
    expect(await within(form).findByText("The council's comments are required to record its decision.")).toBeTruthy();
    expect(within(form).getByText("Choose the council's decision: approved or rejected.")).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(within(form).getByRole('textbox', { name: 'Council comments' }), { target: { value: 'Equivalent to a Kosovo doctor of medicine.' } });
    fireEvent.click(within(form).getByRole('radio', { name: 'Approved' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Mimoza Leka' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Record the decision' }));
    expect(await within(form).findByText('The council needs 2 members without a conflict of interest to decide; 1 took part.')).toBeTruthy();
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Mimoza Leka' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Record the decision' }));
    // Nothing is sent before the member confirms the decision, named by its outcome.
    const confirmation = await screen.findByRole('alertdialog', { name: 'Record the decision: Approved?' });
    expect(confirmation.textContent).toContain('the 2 members who took part');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.click(within(form).getByRole('radio', { name: 'Rejected' }));
    fireEvent.click(within(form).getByRole('radio', { name: 'Approved' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Record the decision' }));
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Record the decision: Approved?' })).getByRole('button', { name: 'Record the decision' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/api/applications/42/record-council-decision/');
    expect(JSON.parse(post.body)).toEqual({ version: 7, notes: 'Equivalent to a Kosovo doctor of medicine.', outcome: 'approved', participant_ids: [11, 12], meeting_id: null });
  });

  it("words the server's quorum refusal and a stale version", async () => {
    stubApi({
      'GET /api/councils/applications/42/review/': json(200, review()),
      'POST /api/applications/42/record-council-decision/': [
        json(409, { detail: 'The council needs 3 members without a conflict of interest to decide; 2 took part.', code: 'council_review_quorum_not_met', params: { quorum: 3, count: 2 } }),
        json(412, { detail: 'Precondition failed.', code: 'precondition_failed' }),
      ],
    });
    const { i18n } = openSignedIn(member, '/councils/applications/42');
    const form = await screen.findByRole('form', { name: 'Council decision' }, FIRST_RENDER);
    await i18n.changeLanguage('sr');
    fireEvent.change(within(form).getByRole('textbox', { name: 'Komentari veća' }), { target: { value: 'Ekvivalentno.' } });
    fireEvent.click(within(form).getByRole('radio', { name: 'Odbijeno' }));
    const recordConfirmed = async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Evidentiraj odluku' }));
      fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Evidentirati odluku: Odbijeno?' })).getByRole('button', { name: 'Evidentiraj odluku' }));
    };
    await recordConfirmed();
    expect(await within(form).findByText('Veću je za odluku potrebno 3 članova bez sukoba interesa; učestvovalo je 2.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await recordConfirmed();
    expect(await within(form).findByText(/Neko drugi je izmenio ovaj zahtev/)).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Ponovo učitaj' })).toBeTruthy();
  });

  it('declares a conflict of interest with a required reason; then the form is closed to the member with the reason', async () => {
    const declared = review({
      application: { ...review().application, allowed_actions: [] },
      council: { ...review().council!, members: review().council!.members.map((m) => (m.id === 11 ? { ...m, conflict: true } : m)) },
      conflicts: [...review().conflicts, { member: { id: 11, full_name: 'Driton Hoxha' }, reason: 'My former student.', declared_at: '2026-03-03T08:00:00Z' }],
      participation: { member: true, conflict_declared: true, may_decide: false, refusal: 'conflict_declared' },
    });
    const calls = stubApi({
      'GET /api/councils/applications/42/review/': json(200, review()),
      'POST /api/councils/applications/42/conflicts/': json(201, declared),
    });
    openSignedIn(member, '/councils/applications/42');
    fireEvent.click(await screen.findByRole('button', { name: 'Declare a conflict of interest' }, FIRST_RENDER));
    const dialog = await screen.findByRole('dialog', { name: 'Declare a conflict of interest' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Declare the conflict' }));
    expect(await within(dialog).findByText('Give the reason for the conflict of interest.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: 'My former student.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Declare the conflict' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(calls.find((c) => c.method === 'POST')!.body)).toEqual({ reason: 'My former student.' });
    expect(await screen.findByText('You declared a conflict of interest on this application: you take no part in its review or decision.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Council decision' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Declare a conflict of interest' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Conflicts of interest' }).textContent).toContain('My former student.');
  });

  it('starts the review when the application is assigned to the council', async () => {
    const assigned = review({ application: { ...review().application, status: 'council_assigned', review_status: 'pending_review', allowed_actions: [{ action: 'start_council_review', to: 'council_review', notes: 'optional' }] } });
    const calls = stubApi({
      'GET /api/councils/applications/42/review/': [json(200, assigned), json(200, review())],
      'POST /api/applications/42/start-council-review/': json(200, makeApplicationDetail({ id: 42, status: 'council_review', review_status: 'in_review', version: 8 })),
    });
    openSignedIn(member, '/councils/applications/42');
    fireEvent.click(await screen.findByRole('button', { name: 'Start review' }, FIRST_RENDER));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(JSON.parse(calls.find((c) => c.method === 'POST')!.body)).toEqual({ version: 7 });
    expect(await screen.findByRole('form', { name: 'Council decision' })).toBeTruthy();
  });

  it('says the application was not found (404) without a crash', async () => {
    stubApi({});
    openSignedIn(member, '/councils/applications/999');
    expect(await screen.findByText('This application does not exist or is not one your council reviews.', undefined, FIRST_RENDER)).toBeTruthy();
  });
});
