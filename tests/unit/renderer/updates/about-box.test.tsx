import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AboutBox } from '../../../../src/renderer/features/updates/about-box';
import { createI18n } from '../../../../src/renderer/lib/i18n';
import { LANGUAGES } from '../../../../src/shared/constants';
import { ERROR_CODES } from '../../../../src/shared/errors';
import { BridgeError } from '../../../../src/shared/bridge';
import { disabledUpdateState, updateCheckOutcome, updatesDisabledReason, type UpdateChannel, type UpdateState } from '../../../../src/shared/ipc/update-contract';
import { chooseOption } from '../choose-option';
import { renderRoutes } from '../render';
import { deferred, makeUpdateState, updatesBridge } from './updates-bridge';

const DESKTOP = { version: '1.4.0', shell: 'desktop' as const, os: 'Linux', apiBaseUrl: '/api', embeddedServer: false, sessionPersistence: 'keychain' as const };
const CHECKED = '2026-11-22T19:25:00Z';

afterEach(() => {
  cleanup();
  delete window.naric;
});

function openAbout(state: UpdateState, updates: Parameters<typeof updatesBridge>[0] = {}, shell: 'desktop' | 'web' = 'desktop') {
  const bridge = updatesBridge({ state: async () => state, ...updates }, { app: { info: async () => ({ ...DESKTOP, shell }) } });
  const view = renderRoutes([{ path: '/', element: <AboutBox isOpen onOpenChange={() => {}} /> }]);
  return { ...bridge, ...view };
}

const rowValue = (box: HTMLElement, label: string) => within(box).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the about box', () => {
  it('shows the application, version, shell, channel and the last check with its outcome', async () => {
    openAbout(makeUpdateState({ last_check: { at: CHECKED, outcome: 'up_to_date', manual: true } }));
    const box = await screen.findByRole('dialog', { name: 'About NARIC Back-office' });
    await within(box).findByText('1.4.0');
    expect(rowValue(box, 'Application')).toBe('NARIC Back-office');
    expect(rowValue(box, 'Version')).toBe('1.4.0');
    await waitFor(() => expect(rowValue(box, 'Runs as')).toBe('Desktop application'));
    expect(rowValue(box, 'Update channel')).toBe('Stable');
    // en-GB, as read in Kosovo: day first, 24-hour clock (lib/format.ts).
    expect(rowValue(box, 'Last check')).toMatch(/^22\/11\/2026, \d\d:25, checked by hand$/);
    expect(within(box).getByText('This is the newest version.')).toBeTruthy();
    expect(within(box).getByRole('button', { name: 'Check for updates' })).toBeTruthy();
    // Only administrators choose the channel.
    expect(within(box).queryByRole('button', { name: /Update channel$/ })).toBeNull();
    expect(within(box).queryByText(/Beta receives new versions earlier/)).toBeNull();
  });

  it('says each check outcome in its own sentence', async () => {
    const i18n = createI18n('en');
    const sentences = new Set<string>();
    for (const outcome of updateCheckOutcome.options) {
      const sentence = i18n.t(`updates:outcomes.${outcome}`);
      expect(sentence).not.toContain('outcomes.');
      sentences.add(sentence);
      openAbout(makeUpdateState({ available_version: '1.5.0', last_check: { at: CHECKED, outcome, manual: false } }));
      const box = await screen.findByRole('dialog');
      expect(await within(box).findByText(sentence)).toBeTruthy();
      expect(rowValue(box, 'Last check')).toMatch(/automatic check$/);
      cleanup();
    }
    expect(sentences.size).toBe(updateCheckOutcome.options.length);
    expect(i18n.t('updates:outcomes.refused_downgrade')).toBe('The update server offered an older version than this one, so it was refused.');
  });

  it('says why updates are off, one sentence per reason, with no check button', async () => {
    const i18n = createI18n('en');
    for (const reason of updatesDisabledReason.options) {
      const sentence = i18n.t(`updates:disabled.${reason}`);
      expect(sentence).not.toContain('disabled.');
      openAbout(disabledUpdateState('1.4.0', reason), {}, reason === 'browser' ? 'web' : 'desktop');
      const box = await screen.findByRole('dialog');
      expect(await within(box).findByText(sentence)).toBeTruthy();
      expect(within(box).queryByRole('button', { name: 'Check for updates' })).toBeNull();
      cleanup();
    }
  });

  it('in the web shell: updates come with the server’s page', async () => {
    openAbout(disabledUpdateState('0.1.0', 'browser'), {}, 'web');
    const box = await screen.findByRole('dialog');
    expect(await within(box).findByText("Updates come with the server's page: reloading the page always gives the current version.")).toBeTruthy();
    await waitFor(() => expect(rowValue(box, 'Runs as')).toBe('In the browser'));
    expect(within(box).queryByText('Update channel')).toBeNull();
    expect(within(box).queryByText('Last check')).toBeNull();
  });

  it('Check for updates calls main, shows that it is checking, then the new outcome', async () => {
    const answer = deferred<UpdateState>();
    const check = vi.fn(() => answer.promise);
    openAbout(makeUpdateState(), { check });
    const box = await screen.findByRole('dialog');
    expect(await within(box).findByText('Not checked yet')).toBeTruthy();
    fireEvent.click(within(box).getByRole('button', { name: 'Check for updates' }));
    expect(await within(box).findByRole('button', { name: 'Checking for updates…' })).toBeTruthy();
    expect(check).toHaveBeenCalledTimes(1);
    answer.resolve(makeUpdateState({ available_version: '1.5.0', last_check: { at: CHECKED, outcome: 'update_available', manual: true } }));
    expect(await within(box).findByText('A newer version is available; it downloads in the background.')).toBeTruthy();
    expect(rowValue(box, 'Newest version found')).toBe('1.5.0');
    expect(within(box).getByRole('button', { name: 'Check for updates' })).toBeTruthy();
  });

  it('shows a check that main runs on its schedule as it happens (updates:state)', async () => {
    const { emit, listening } = openAbout(makeUpdateState());
    const box = await screen.findByRole('dialog');
    await waitFor(() => expect(listening('updates:state')).toBe(true));
    emit('updates:state', makeUpdateState({ phase: 'checking' }));
    expect(await within(box).findByRole('button', { name: 'Checking for updates…' })).toBeTruthy();
    emit('updates:state', makeUpdateState({ last_check: { at: CHECKED, outcome: 'feed_unreachable', manual: false } }));
    expect(await within(box).findByText('The update server could not be reached. The application will try again later.')).toBeTruthy();
  });

  it('lets an administrator choose the channel, and translates a refusal', async () => {
    const setChannel = vi
      .fn<(channel: UpdateChannel) => Promise<UpdateState>>()
      .mockResolvedValueOnce(makeUpdateState({ channel: 'beta', may_change_channel: true }))
      .mockRejectedValueOnce(new BridgeError({ code: ERROR_CODES.permissionDenied, message: 'Only administrators choose the update channel.' }));
    openAbout(makeUpdateState({ may_change_channel: true }), { setChannel });
    const box = await screen.findByRole('dialog');
    expect(await within(box).findByText(/Beta receives new versions earlier, before they reach everyone/)).toBeTruthy();
    await chooseOption('Update channel', 'Beta', box);
    await waitFor(() => expect(setChannel).toHaveBeenCalledWith('beta'));
    await waitFor(() => expect(rowValue(box, 'Update channel')).toBe('Beta'));

    await chooseOption('Update channel', 'Stable', box);
    await waitFor(() => expect(setChannel).toHaveBeenLastCalledWith('stable'));
    expect((await within(box).findByRole('alert')).textContent).toBe('Access denied');
    expect(rowValue(box, 'Update channel')).toBe('Beta');
  });

  it('speaks Albanian and Serbian', async () => {
    const { i18n } = openAbout(makeUpdateState({ last_check: { at: CHECKED, outcome: 'held_back', manual: false } }));
    await screen.findByRole('dialog');
    await act(() => i18n.changeLanguage('sq'));
    expect(await screen.findByText('Ka një version më të ri, por për momentin është mbajtur.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Kontrollo për përditësime' })).toBeTruthy();
    await act(() => i18n.changeLanguage('sr'));
    expect(await screen.findByText('Postoji novija verzija, ali je za sada zadržana.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Proveri ažuriranja' })).toBeTruthy();
  });
});

describe('the update texts', () => {
  it('every outcome, reason and channel has its sentence in en, sq and sr', () => {
    const keys = [
      ...updateCheckOutcome.options.map((outcome) => `updates:outcomes.${outcome}`),
      ...updatesDisabledReason.options.map((reason) => `updates:disabled.${reason}`),
      ...['stable', 'beta'].map((channel) => `updates:channels.${channel}`),
      ...['desktop', 'web'].map((shell) => `updates:about.shells.${shell}`),
    ];
    for (const language of LANGUAGES) {
      const i18n = createI18n(language);
      const missing = keys.filter((key) => !i18n.exists(key, { lng: language, fallbackLng: false } as never));
      expect(missing, language).toEqual([]);
    }
  });
});
