import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CheckLine, daysSince } from '../../../../src/renderer/components/authenticity-panel';
import { WatchFlagBanner, WatchFlagMarker } from '../../../../src/renderer/components/watch-flag';
import { renderRoutes } from '../render';

afterEach(cleanup);

const check = { id: 1, subject: 'accreditation' as const, finding: 'confirmed' as const, details: 'Listed in the agency register.', checked_on: '2026-10-19', checked_by: 'Teuta Morina' };

describe('authenticity on the application', () => {
  it('counts whole days from a check’s day to today, never below zero', () => {
    expect(daysSince('2026-10-19', '2026-11-29')).toBe(41);
    expect(daysSince('2026-11-29', '2026-11-29')).toBe(0);
    expect(daysSince('2026-12-01', '2026-11-29')).toBe(0);
  });

  it('says a check as "accreditation confirmed 41 days ago by …", with the evidence only when the answer carries it, in each language', async () => {
    const { i18n } = renderRoutes([{ path: '/', element: <ul><CheckLine check={check} today="2026-11-29" /></ul> }], { path: '/' });
    expect(screen.getByText('Accreditation confirmed 41 days ago by Teuta Morina')).toBeTruthy();
    expect(screen.queryByText(/Evidence/)).toBeNull();
    await act(() => i18n.changeLanguage('sq'));
    expect(screen.getByText('Akreditimi: konfirmuar para 41 ditësh nga Teuta Morina')).toBeTruthy();
    await act(() => i18n.changeLanguage('sr'));
    expect(screen.getByText('Akreditacija: potvrđeno pre 41 dan, proverio/la Teuta Morina')).toBeTruthy();
  });

  it('shows the watch list’s category in words beside the reference and as a banner', () => {
    renderRoutes([{ path: '/', element: <><WatchFlagMarker category="diploma_mill" /><WatchFlagBanner category="under_investigation" /></> }], { path: '/' });
    expect(screen.getByText('Diploma mill')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Watch list: Under investigation');
  });
});
