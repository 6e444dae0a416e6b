import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { toastQueue } from '../../../src/renderer/components/toast';
import { i18n, provideBundledLocales } from '../../../src/renderer/lib/i18n';
import { queryClient } from '../../../src/renderer/lib/query-client';
import { appStore, sessionAtom, sessionStatusAtom } from '../../../src/renderer/lib/session';
import { DEFAULT_LANGUAGE } from '../../../src/shared/constants';

// Screens are lazy chunks transformed on first import: on a busy two-core machine the first
// render can take longer than testing-library's default second.
configure({ asyncUtilTimeout: 5000 });

// The app fetches each language's texts lazily; tests render at once and switch languages
// without waiting, so every language is handed in up front.
provideBundledLocales(import.meta.glob('../../../locales/*/*.json', { eager: true, import: 'default' }));

// The files of a worker share their modules (vitest.config.ts: the renderer project does not
// isolate them, which halves the step's CPU). What a file leaves in the app's singletons is reset
// after its last test, so no file sees another's toasts, cached answers, session or language
// (within a file they carry over from test to test, as they did with a module graph per file).
// Testing-library unmounts after each test by registering a hook when it is first imported, which
// happens once per worker now: registered here, it runs in every file.
afterEach(() => cleanup());

afterAll(async () => {
  cleanup();
  toastQueue.clear();
  queryClient.clear();
  appStore.set(sessionAtom, null);
  appStore.set(sessionStatusAtom, 'unknown');
  vi.unstubAllGlobals();
  // A few files run in Node's environment (no window).
  if (typeof window === 'undefined') return;
  delete window.naric;
  window.localStorage.clear();
  window.sessionStorage.clear();
  if (i18n.language !== DEFAULT_LANGUAGE) await i18n.changeLanguage(DEFAULT_LANGUAGE);
});
