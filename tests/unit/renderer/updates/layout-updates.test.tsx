import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IpcEvent } from '../../../../src/shared/ipc/contract';
import type { RestartAnswer } from '../../../../src/shared/ipc/update-contract';
import { json, stubApi } from '../api-stub';
import { DEMO_USERS } from '../demo-users';
import { openSignedIn, signOutAfterTest, WEB_INFO } from '../signed-in';
import { makeUpdateState } from './updates-bridge';

afterEach(signOutAfterTest);

const FIRST_RENDER = { timeout: 10_000 };
const emptyInbox = { count: 0, next: null, previous: null, results: [], unread: 0 };

describe('updates in the signed-in layout', { timeout: 60_000 }, () => {
  it('web shell: no banner; the About button opens the about box, which says updates come with the page', async () => {
    stubApi({ 'GET /api/notifications/inbox/': json(200, emptyInbox), 'GET /api/countries/': json(200, []) });
    openSignedIn(DEMO_USERS.officer!, '/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'About' }, FIRST_RENDER));
    const box = await screen.findByRole('dialog', { name: 'About NARIC Back-office' });
    expect(await within(box).findByText(/Updates come with the server's page/)).toBeTruthy();
    expect(within(box).getByText('0.1.0')).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: /Downloading version/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Restart to update' })).toBeNull();
    fireEvent.click(within(box).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'About NARIC Back-office' })).toBeNull());
  });

  it('desktop: the banner above the screen, and main’s restart question answered for the whole app', async () => {
    stubApi({ 'GET /api/notifications/inbox/': json(200, emptyInbox), 'GET /api/countries/': json(200, []) });
    const listeners = new Map<string, (payload: unknown) => void>();
    const answers: RestartAnswer[] = [];
    const restart = vi.fn(async () => {
      listeners.get('updates:restart-query')?.({ query_id: '7b0e4a36-4b57-4c0e-9a53-1f1b5e0c2a01' });
      return { outcome: 'restarting' as const };
    });
    openSignedIn(DEMO_USERS.officer!, '/profile', {
      app: { info: async () => ({ ...WEB_INFO, shell: 'desktop' as const }) },
      updates: {
        state: async () => makeUpdateState({ phase: 'downloaded', available_version: '1.5.0' }),
        restart,
        answerRestart: async (answer) => {
          answers.push(answer);
        },
      },
      on: ((event: IpcEvent, listener: (payload: unknown) => void) => {
        listeners.set(event, listener);
        return () => listeners.delete(event);
      }) as never,
    });
    const main = await screen.findByRole('main', {}, FIRST_RENDER);
    expect(await within(main).findByText('Version 1.5.0 is ready.', {}, FIRST_RENDER)).toBeTruthy();
    await waitFor(() => expect(listeners.has('updates:restart-query')).toBe(true));
    fireEvent.click(within(main).getByRole('button', { name: 'Restart to update' }));
    await waitFor(() => expect(answers).toEqual([{ query_id: '7b0e4a36-4b57-4c0e-9a53-1f1b5e0c2a01', proceed: true }]));
    expect(restart).toHaveBeenCalledTimes(1);
  });
});
