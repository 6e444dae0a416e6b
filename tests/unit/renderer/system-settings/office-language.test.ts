import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../../src/renderer/lib/i18n';
import { fetchOfficeLanguage, initialiseLanguage, PUBLIC_SETTINGS_URL } from '../../../../src/renderer/lib/language';
import { SETTINGS_PATHS } from '../../../../src/shared/api/settings';
import { API_BASE_PATH, LANGUAGE_STORAGE_KEY, type Language } from '../../../../src/shared/constants';
import { fakeBridge } from '../fixtures';

// The office's default language (system settings) at startup: shown where nobody chose
// a language on this computer, never over a choice, and not saved as one (a later change of the
// default still applies).

const shell = (language: Language) => fakeBridge({ settings: { get: async () => ({ serverUrl: null, language }) } });

beforeEach(() => {
  localStorage.clear();
});

describe('the first language on a fresh computer', () => {
  it('is the office’s default, shown but not saved as a choice', async () => {
    const i18n = createI18n('en');
    const office = vi.fn(async () => 'sq' as const);
    await initialiseLanguage(i18n, shell('en'), localStorage, office);
    expect(office).toHaveBeenCalledOnce();
    expect(i18n.language).toBe('sq');
    expect(document.documentElement.lang).toBe('sq');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
  });

  it('is never asked for over a choice saved here or kept by the shell', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    const office = vi.fn(async () => 'sq' as const);
    const chosenHere = createI18n('en');
    await initialiseLanguage(chosenHere, shell('en'), localStorage, office);
    expect(chosenHere.language).toBe('en');

    localStorage.clear();
    const chosenInShell = createI18n('en');
    await initialiseLanguage(chosenInShell, shell('sr'), localStorage, office);
    expect(chosenInShell.language).toBe('sr');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('sr');
    expect(office).not.toHaveBeenCalled();
  });

  it('stays English when the server cannot be asked', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const i18n = createI18n('en');
    await initialiseLanguage(i18n, shell('en'), localStorage, async () => {
      throw new Error('offline');
    });
    expect(i18n.language).toBe('en');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('reading the office’s default language without the API client', () => {
  const answering = (status: number, body: unknown) =>
    vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

  it('asks the public settings’ address of the contract and answers its language', async () => {
    expect(PUBLIC_SETTINGS_URL).toBe(`${API_BASE_PATH}${SETTINGS_PATHS.public}`);
    const fetch = answering(200, { default_language: 'sr', session_idle_timeout_minutes: 30 });
    await expect(fetchOfficeLanguage(fetch)).resolves.toBe('sr');
    expect(fetch).toHaveBeenCalledWith(PUBLIC_SETTINGS_URL, expect.objectContaining({ credentials: 'same-origin' }));
  });

  it('rejects an answer that names no language of ours, or a refusal, like a failed call', async () => {
    await expect(fetchOfficeLanguage(answering(200, { default_language: 'de' }))).rejects.toThrow();
    await expect(fetchOfficeLanguage(answering(200, null))).rejects.toThrow();
    await expect(fetchOfficeLanguage(answering(503, { default_language: 'sq' }))).rejects.toThrow('503');
  });
});
