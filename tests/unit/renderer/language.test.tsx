import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { LanguageSwitcher } from '../../../src/renderer/components/language-switcher';
import { createI18n } from '../../../src/renderer/lib/i18n';
import { chooseLanguage, followPageLanguage, initialiseLanguage, readSavedLanguage } from '../../../src/renderer/lib/language';
import type { NaricBridge } from '../../../src/shared/bridge';
import { LANGUAGE_STORAGE_KEY } from '../../../src/shared/constants';
import { fakeBridge } from './fixtures';
import { renderRoutes } from './render';

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  delete window.naric;
});

describe('language switcher', () => {
  it('switches the interface and saves the choice locally and in the settings', async () => {
    const set = vi.fn<NaricBridge['settings']['set']>(async (patch) => ({ serverUrl: null, language: patch.language ?? 'en' }));
    window.naric = fakeBridge({ settings: { set } });
    const { i18n } = renderRoutes([{ path: '/', element: <LanguageSwitcher /> }]);

    fireEvent.click(await screen.findByRole('button', { name: /Language/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Shqip' }));

    await waitFor(() => expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('sq'));
    expect(set).toHaveBeenCalledWith({ language: 'sq' });
    expect(i18n.language).toBe('sq');
    expect(document.documentElement.lang).toBe('sq');
    expect(await screen.findByText('Gjuha')).toBeTruthy();
  });

  it('keeps the choice even when the settings cannot be written', async () => {
    window.naric = fakeBridge({ settings: { set: () => Promise.reject(new Error('settings store is read-only')) } });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { i18n } = renderRoutes([{ path: '/', element: <LanguageSwitcher /> }]);

    fireEvent.click(await screen.findByRole('button', { name: /Language/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Srpski' }));

    await waitFor(() => expect(i18n.language).toBe('sr'));
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('sr');
    // Serbian is written in Latin script here; screen readers and Intl read the tag.
    expect(document.documentElement.lang).toBe('sr-Latn');
    await waitFor(() => expect(warn).toHaveBeenCalled());
    warn.mockRestore();
  });
});

describe('the page’s language', () => {
  it('changes when i18next has switched (its texts are in), not when a language is asked for', async () => {
    document.documentElement.lang = 'en';
    const listeners: ((language: string) => void)[] = [];
    let textsIn: () => void = () => {};
    const i18n = {
      on: (_event: string, listener: (language: string) => void) => listeners.push(listener),
      changeLanguage: (language: string) =>
        new Promise<void>((resolve) => {
          textsIn = () => {
            for (const listener of listeners) listener(language);
            resolve();
          };
        }),
    };
    followPageLanguage(i18n as never);
    const chosen = chooseLanguage('sr', i18n as never, fakeBridge({ settings: { set: async () => ({ serverUrl: null, language: 'sr' }) } }), localStorage);
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Still loading: the page shows English and says so.
    expect(document.documentElement.lang).toBe('en');
    textsIn();
    await chosen;
    expect(document.documentElement.lang).toBe('sr-Latn');
  });
});

describe('language at startup', () => {
  it('reads the saved language, and falls back to en for anything else', () => {
    expect(readSavedLanguage(localStorage)).toBe('en');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'sr');
    expect(readSavedLanguage(localStorage)).toBe('sr');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    expect(readSavedLanguage(localStorage)).toBe('en');
  });

  it('applies the saved language, then the settings of the shell when they differ', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'sq');
    const i18n = createI18n('en');
    const bridge = fakeBridge({ settings: { get: async () => ({ serverUrl: null, language: 'sr' }) } });
    await initialiseLanguage(i18n, bridge, localStorage);
    expect(i18n.language).toBe('sr');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('sr');
  });

  it('keeps the saved language when the settings cannot be read', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'sq');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const i18n = createI18n('en');
    await initialiseLanguage(i18n, fakeBridge(), localStorage);
    expect(i18n.language).toBe('sq');
    expect(i18n.t('common:cancel')).toBe('Anulo');
    warn.mockRestore();
  });

  it('falls back to en for a key a language lacks', () => {
    const i18n = createI18n('sr');
    i18n.addResource('en', 'common', 'onlyInEnglish', 'Only in English');
    expect(i18n.t('common:cancel')).toBe('Otkaži');
    expect(i18n.t('common:onlyInEnglish')).toBe('Only in English');
  });
});
