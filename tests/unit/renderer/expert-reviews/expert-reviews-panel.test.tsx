import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ExpertReviewsPanel } from '../../../../src/renderer/features/applications/expert-reviews-panel';
import { appStore, beginSession } from '../../../../src/renderer/lib/session';
import type { ApplicationReview } from '../../../../src/shared/api/experts';
import { GROUPS } from '../../../../src/shared/auth/permissions';
import { json, stubApi } from '../api-stub';
import { chooseOption } from '../choose-option';
import { fakeBridge, makeSession, makeUser } from '../fixtures';
import { renderRoutes } from '../render';
import { WEB_INFO, signOutAfterTest } from '../signed-in';

afterEach(signOutAfterTest);

const officer = makeUser({ id: 3, username: 'officer', groups: [GROUPS.naricOfficers], permissions: ['applications.view_application', 'applications.change_status'] });

const submitted: ApplicationReview = {
  id: 40,
  commission_id: 4,
  commission_names: { name_en: 'Expert Commission for Medicine', name_sq: '', name_sr: '' },
  reviewer_id: 21,
  reviewer_name: 'Besnik Ahmeti',
  requested_at: '2026-01-01T09:00:00Z',
  due_date: '2026-01-20',
  overdue: false,
  status: 'submitted',
  submitted_at: '2026-01-15T09:00:00Z',
  assessment: 'Comparable.',
  recommendation: 'recognise',
  comments: 'No further documents needed.',
  report: null,
};
const open: ApplicationReview = { ...submitted, id: 41, reviewer_id: 6, reviewer_name: 'Jelena Petrović', status: 'requested', overdue: true, submitted_at: null, assessment: null, recommendation: null, comments: null };

function openPanel() {
  window.naric = fakeBridge({ app: { info: async () => WEB_INFO }, auth: { logout: async () => {} } });
  beginSession(appStore, makeSession(officer, 'access'));
  return renderRoutes([{ path: '/', element: <ExpertReviewsPanel applicationId={120} /> }], { store: appStore });
}

describe('the application’s expert reviews', () => {
  it('lists the reviews: the recommendation once submitted, the overdue one in words', async () => {
    stubApi({ 'GET /api/applications/120/expert-reviews/': json(200, { can_request: false, results: [open, submitted] }) });
    openPanel();
    const table = await screen.findByRole('grid', { name: 'Expert reviews of this application' }, { timeout: 10_000 });
    expect(within(table).getByText(/Recognise — No further documents needed\./)).toBeTruthy();
    expect(within(table).getByText('Not submitted yet')).toBeTruthy();
    expect(within(table).getByText(/\(overdue\)/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request an expert review' })).toBeNull();
  });

  it('requests a review: commission, one of its evaluators, a due date', async () => {
    const calls = stubApi({
      'GET /api/applications/120/expert-reviews/': json(200, { can_request: true, results: [] }),
      'GET /api/applications/120/expert-reviews/options/': json(200, [
        { id: 4, name_en: 'Expert Commission for Medicine', name_sq: '', name_sr: '', academic_field_category: 'medical_health', members: [{ id: 6, full_name: 'Jelena Petrović', username: 'evaluator', is_chair: true }, { id: 21, full_name: 'Besnik Ahmeti', username: 'evaluator.ahmeti', is_chair: false }] },
      ]),
      'POST /api/applications/120/expert-reviews/': json(400, { due_date: ['The due date cannot be in the past.'] }),
    });
    openPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Request an expert review' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Request an expert review' });
    await waitFor(() => expect(within(dialog).queryByRole('progressbar')).toBeNull());
    await chooseOption('Commission', 'Expert Commission for Medicine (Medical and health sciences)', dialog);
    await chooseOption('Evaluator', 'Besnik Ahmeti', dialog);
    const send = within(dialog).getByRole('button', { name: 'Send request' });
    expect(send.hasAttribute('disabled')).toBe(true);
    // Each segment of the date field stepped once from its placeholder (today's date).
    for (const segment of within(dialog).getAllByRole('spinbutton')) fireEvent.keyDown(segment, { key: 'ArrowUp' });
    await waitFor(() => expect(send.hasAttribute('disabled')).toBe(false));
    fireEvent.click(send);
    expect(await within(dialog).findByText('The due date cannot be in the past.')).toBeTruthy();
    const body = JSON.parse(calls.find((call) => call.method === 'POST')!.body);
    expect(body).toMatchObject({ commission_id: 4, reviewer_id: 21 });
    expect(body.due_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
