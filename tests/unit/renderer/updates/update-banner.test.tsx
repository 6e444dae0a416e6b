import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UpdateBanner } from '../../../../src/renderer/features/updates/update-banner';
import { disabledUpdateState, type RestartOutcome } from '../../../../src/shared/ipc/update-contract';
import { renderRoutes } from '../render';
import { deferred, makeUpdateState, updatesBridge } from './updates-bridge';

const NBSP = '\u00a0';
const MB = 1024 * 1024;
const URL_BY_HAND = 'https://updates.naric.example/install/2.0.0';

afterEach(() => {
  cleanup();
  delete window.naric;
});

function renderBanner() {
  return renderRoutes([{ path: '/', element: <UpdateBanner /> }]);
}

describe('the update banner', () => {
  it('shows the download with a real progress bar, and announces it only at each quarter', async () => {
    const { emit } = updatesBridge({
      state: async () =>
        makeUpdateState({ phase: 'downloading', available_version: '1.5.0', progress: { percent: 43.4, transferred: 43 * MB, total: 100 * MB, bytes_per_second: 2 * MB } }),
    });
    renderBanner();

    const bar = await screen.findByRole('progressbar', { name: 'Downloading version 1.5.0…' });
    expect(bar.getAttribute('aria-valuenow')).toBe('43');
    expect(bar.getAttribute('aria-valuetext')).toBe(`43% · 43${NBSP}MB of 100${NBSP}MB`);
    expect(bar.textContent).toContain(`43% · 43${NBSP}MB of 100${NBSP}MB`);
    const live = screen.getByRole('status');
    expect(live.textContent).toBe('Downloading version 1.5.0: 25% done');
    // The bar is not inside a live region: its text changes at every event.
    expect(bar.closest('[role="status"],[role="alert"],[aria-live]')).toBeNull();

    const announced: string[] = [];
    const observer = new MutationObserver(() => announced.push(live.textContent ?? ''));
    observer.observe(live, { childList: true, characterData: true, subtree: true });
    for (const percent of [44, 46, 49.9]) {
      emit('updates:state', makeUpdateState({ phase: 'downloading', available_version: '1.5.0', progress: { percent, transferred: Math.round(percent * MB), total: 100 * MB, bytes_per_second: MB } }));
    }
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('49'));
    expect(announced).toEqual([]);
    emit('updates:state', makeUpdateState({ phase: 'downloading', available_version: '1.5.0', progress: { percent: 51, transferred: 51 * MB, total: 100 * MB, bytes_per_second: MB } }));
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe(`51% · 51${NBSP}MB of 100${NBSP}MB`));
    expect(live.textContent).toBe('Downloading version 1.5.0: 50% done');
    expect(announced.at(-1)).toBe('Downloading version 1.5.0: 50% done');
    observer.disconnect();
  });

  it('shows an indeterminate bar before the first progress event', async () => {
    updatesBridge({ state: async () => makeUpdateState({ phase: 'downloading', available_version: '1.5.0', progress: null }) });
    renderBanner();
    const bar = await screen.findByRole('progressbar', { name: 'Downloading version 1.5.0…' });
    expect(bar.hasAttribute('aria-valuenow')).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('Downloading version 1.5.0…');
  });

  it('writes the sizes and the percentage in the reader’s language', async () => {
    updatesBridge({
      state: async () => makeUpdateState({ phase: 'downloading', available_version: '1.5.0', progress: { percent: 12.5, transferred: 12.5 * MB, total: 100 * MB, bytes_per_second: MB } }),
    });
    const { i18n } = renderBanner();
    await act(() => i18n.changeLanguage('sr'));
    const bar = await screen.findByRole('progressbar', { name: 'Preuzimanje verzije 1.5.0…' });
    expect(bar.getAttribute('aria-valuetext')).toBe(`12% · 12,5${NBSP}MB od 100${NBSP}MB`);
  });

  it('offers Restart to update once downloaded; Later hides it until the state changes', async () => {
    const ready = makeUpdateState({ phase: 'downloaded', available_version: '1.5.0', last_check: { at: '2026-11-22T19:25:00Z', outcome: 'update_available', manual: false } });
    const { emit } = updatesBridge({ state: async () => ready });
    renderBanner();

    expect(await screen.findByText('Version 1.5.0 is ready.')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByText('Version 1.5.0 is ready.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Restart to update' })).toBeNull();

    // The same state again (main repeats itself): still hidden.
    emit('updates:state', { ...ready });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByText('Version 1.5.0 is ready.')).toBeNull();
    // The next check: shown again.
    emit('updates:state', { ...ready, last_check: { at: '2026-11-23T01:25:00Z', outcome: 'update_available', manual: false } });
    expect(await screen.findByRole('button', { name: 'Restart to update' })).toBeTruthy();
  });

  it('restarts through main, and says why when a transfer makes the update wait', async () => {
    const answers: RestartOutcome[] = [{ outcome: 'transfer_in_progress' }, { outcome: 'declined' }];
    const pending = deferred<RestartOutcome>();
    const restart = vi.fn(() => (answers.length > 0 ? Promise.resolve(answers.shift()!) : pending.promise));
    updatesBridge({ state: async () => makeUpdateState({ phase: 'downloaded', available_version: '1.5.0' }), restart });
    renderBanner();

    fireEvent.click(await screen.findByRole('button', { name: 'Restart to update' }));
    expect(await screen.findByText('A file transfer is running; the update will wait until it finishes.')).toBeTruthy();
    expect(restart).toHaveBeenCalledTimes(1);

    // Declined: the person chose to keep working; nothing more is said.
    fireEvent.click(screen.getByRole('button', { name: 'Restart to update' }));
    await waitFor(() => expect(restart).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByText(/file transfer is running/)).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();

    // While main asks the page, the button is busy and Later waits.
    fireEvent.click(screen.getByRole('button', { name: 'Restart to update' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Later' }).hasAttribute('disabled')).toBe(true));
    pending.resolve({ outcome: 'restarting' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Later' }).hasAttribute('disabled')).toBe(false));
  });

  it('tells the person to install by hand when the kill switch asks, with its page', async () => {
    const open = vi.fn(async () => {});
    updatesBridge(
      {
        state: async () =>
          makeUpdateState({
            available_version: '2.0.0',
            last_check: { at: '2026-11-22T19:25:00Z', outcome: 'manual_update_required', manual: false },
            manual_update_url: URL_BY_HAND,
          }),
      },
      { external: { open } },
    );
    renderBanner();
    const warning = await screen.findByRole('alert');
    expect(warning.textContent).toContain('Version 2.0.0 must be installed by hand');
    expect(warning.textContent).toContain('cannot be installed automatically');
    fireEvent.click(screen.getByRole('button', { name: 'Open the update page' }));
    expect(open).toHaveBeenCalledWith(URL_BY_HAND);
  });

  it('says nothing when there is nothing to say, or in the web shell', async () => {
    const state = vi.fn(async () => makeUpdateState({ last_check: { at: '2026-11-22T19:25:00Z', outcome: 'up_to_date', manual: false } }));
    updatesBridge({ state });
    const first = renderBanner();
    await waitFor(() => expect(state).toHaveBeenCalled());
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(first.container.textContent).toBe('');
    cleanup();

    // The web shell's state, even with a version it would never download.
    const web = vi.fn(async () => ({ ...disabledUpdateState('1.4.0', 'browser'), phase: 'downloaded' as const, available_version: '1.5.0' }));
    updatesBridge({ state: web });
    const second = renderBanner();
    await waitFor(() => expect(web).toHaveBeenCalled());
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(second.container.textContent).toBe('');
  });
});
