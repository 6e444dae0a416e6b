import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { i18n, loadLanguage, loadScreenTexts } from './lib/i18n';
import { initialiseLanguage, readSavedLanguage } from './lib/language';
import { appStore, followSessionEvents, restoreSession } from './lib/session';
import { getBridge, prefetchBridge } from './platform/bridge';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/screens.css';

const bridge = getBridge();
// The office's default language where nobody chose one (its API call loads with its own chunk).
void initialiseLanguage(i18n, bridge, undefined, () => import('./lib/office-language').then((module) => module.fetchOfficeLanguage()));
followSessionEvents(appStore, bridge);
// The guards wait (at most 5 s) for this before any signed-in screen is shown.
void restoreSession(appStore, bridge);

const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');

const render = () => {
  createRoot(container).render(
    <StrictMode>
      <Providers store={appStore} i18n={i18n} navigate={(path) => void router.navigate(path)}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
  // Drawn without the other screens' texts and the web shell's bridge (platform/bridge.ts):
  // fetch them now, so signing in does not wait for them.
  loadScreenTexts(i18n).catch((error: unknown) => console.warn('Could not load the texts of the screens', error));
  prefetchBridge();
};
// The texts are lazy chunks: the first screen is drawn once the saved language's (and en's) are
// in, never in keys. It resolves on a failed fetch too: en's defaults are better than a blank page.
void loadLanguage(i18n, readSavedLanguage()).then(render, render);
