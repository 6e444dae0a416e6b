import { describe, expect, it, vi } from 'vitest';

// The app's own loading (setup.ts hands every language in up front, so this test takes a fresh
// copy of lib/i18n.ts that has not been given them).
async function freshI18nModule() {
  vi.resetModules();
  return import('../../../src/renderer/lib/i18n');
}

describe('texts load in two steps', () => {
  it("loads the first screen's namespaces of the language and en, then the other screens' once asked", async () => {
    const { createI18n, loadLanguage, loadScreenTexts } = await freshI18nModule();
    const { FIRST_SCREEN_NAMESPACES } = await import('../../../src/renderer/lib/first-screen-namespaces');
    const i18n = createI18n('sq');

    await loadLanguage(i18n, 'sq');
    for (const language of ['sq', 'en']) {
      for (const namespace of FIRST_SCREEN_NAMESPACES) expect(i18n.hasResourceBundle(language, namespace), `${language}/${namespace}`).toBe(true);
      expect(i18n.hasResourceBundle(language, 'applications')).toBe(false);
    }
    expect(i18n.t('auth:signIn.title')).not.toBe('signIn.title');

    await loadScreenTexts(i18n);
    expect(i18n.hasResourceBundle('sq', 'applications')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'applications')).toBe(true);
    expect(i18n.hasResourceBundle('sr', 'applications')).toBe(false);

    // From then on a language that is chosen comes with every namespace.
    await i18n.changeLanguage('sr');
    expect(i18n.hasResourceBundle('sr', 'auth')).toBe(true);
    expect(i18n.hasResourceBundle('sr', 'applications')).toBe(true);
  });
});
