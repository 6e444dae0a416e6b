import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApplicationDeadline } from '../../../../src/shared/api/deadlines';
import { json, stubApi } from '../api-stub';
import { makeApplicationDetail, makeUser } from '../fixtures';
import { openSignedIn, signOutAfterTest } from '../signed-in';

const officer = makeUser({ id: 7, groups: ['NARIC Officers'], permissions: ['applications.view_application'] });

// Started Thursday 12 Feb 2026; 10 working days skip two weekends and Independence Day (Tue 17
// Feb); the clock stood still 6 days while the applicant owed the fee.
const serviceCompletion: ApplicationDeadline = {
  id: 51,
  configuration_id: 4,
  name_en: 'Service completion',
  name_sq: 'Përfundimi i shërbimit',
  name_sr: 'Završetak usluge',
  deadline_type: 'service_completion',
  days: 10,
  working_days: true,
  mandatory: true,
  mandatory_by_law: true,
  legal_basis: 'Law No. 04/L-037, art. 9',
  started_at: '2026-02-12T08:00:00Z',
  due_date: '2026-03-05',
  state: 'running',
  completed_at: null,
  overdue: false,
  steps: [
    { kind: 'start', date: '2026-02-12' },
    { kind: 'add_days', days: 10, working_days: true },
    { kind: 'skipped_weekends', days: 4 },
    { kind: 'skipped_holiday', date: '2026-02-17', name_en: 'Independence Day', name_sq: 'Dita e Pavarësisë', name_sr: 'Dan nezavisnosti' },
    { kind: 'paused', from: '2026-02-20', to: '2026-02-26', days: 6, status: 'payment_pending' },
    { kind: 'due', date: '2026-03-05', provisional: false },
  ],
};

afterEach(signOutAfterTest);

describe('how an application deadline was computed', () => {
  it('words every step of the computation on the overview, in the reader language', async () => {
    stubApi({
      'GET /api/applications/42/': json(200, makeApplicationDetail({ id: 42, deadlines: [serviceCompletion] })),
      'GET /api/applications/councils/': json(200, []),
    });
    const { i18n } = openSignedIn(officer, '/applications/42');
    const section = await screen.findByRole('region', { name: 'How the deadlines were computed' }, { timeout: 20_000 });
    const summary = within(section).getByText('Service completion: due 05/03/2026 (running)');
    fireEvent.click(summary);
    const steps = within(section).getByRole('list', { name: 'How “Service completion” was computed' });
    expect(within(steps).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'The clock started on 12/02/2026 (that day is not counted).',
      '10 working days added.',
      '4 weekend days skipped.',
      '17/02/2026 skipped: Independence Day (holiday).',
      'Paused from 20/02/2026 to 26/02/2026 while “Payment pending”: 6 days not counted.',
      'Due on 05/03/2026.',
    ]);
    expect(section.textContent).toContain('mandatory by law: Law No. 04/L-037, art. 9');

    await i18n.changeLanguage('sr');
    const serbian = await screen.findByRole('list', { name: 'Kako je izračunat rok „Završetak usluge”' });
    expect(within(serbian).getAllByRole('listitem')[3]!.textContent).toBe('Preskočen je 17. 2. 2026.: Dan nezavisnosti (praznik).');
    expect(within(serbian).getAllByRole('listitem')[4]!.textContent).toBe('Zaustavljen od 20. 2. 2026. do 26. 2. 2026. dok je status bio „Čeka se uplata”: 6 dana se ne računa.');
  });

  it('says a paused deadline is provisional, and shows nothing for an application without deadlines', async () => {
    const paused: ApplicationDeadline = {
      ...serviceCompletion,
      state: 'paused',
      steps: [
        { kind: 'start', date: '2026-02-12' },
        { kind: 'add_days', days: 1, working_days: false },
        { kind: 'paused', from: '2026-02-13', to: null, days: 1, status: 'needs_clarification' },
        { kind: 'due', date: '2026-02-14', provisional: true },
      ],
    };
    stubApi({
      'GET /api/applications/42/': json(200, makeApplicationDetail({ id: 42, deadlines: [paused] })),
      'GET /api/applications/43/': json(200, makeApplicationDetail({ id: 43, reference: 'NARIC-2026-000043', deadlines: [] })),
      'GET /api/applications/councils/': json(200, []),
    });
    const { router } = openSignedIn(officer, '/applications/42');
    const section = await screen.findByRole('region', { name: 'How the deadlines were computed' }, { timeout: 20_000 });
    expect(section.textContent).toContain('(paused)');
    expect(section.textContent).toContain('1 calendar day added.');
    expect(section.textContent).toContain('Paused since 13/02/2026 while “Needs clarification” (1 day so far); it resumes when the applicant answers.');
    expect(section.textContent).toContain('Due on 14/02/2026 if the clock resumes today.');

    await router.navigate('/applications/43');
    await screen.findByRole('heading', { level: 1, name: /NARIC-2026-000043/ });
    expect(screen.queryByRole('region', { name: 'How the deadlines were computed' })).toBeNull();
  });
});
