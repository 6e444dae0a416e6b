import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { afterFirstScreen } from './lib/after-first-screen';
import { i18n, loadLanguage, loadScreenTexts } from './lib/i18n';
import { fetchOfficeLanguage, initialiseLanguage, readSavedLanguage } from './lib/language';
import { appStore, followSessionEvents, restoreSession } from './lib/session';
import { getBridge, prefetchBridge } from './platform/bridge';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/screens.css';

const bridge = getBridge();
// The office's default language where nobody chose one.
void initialiseLanguage(i18n, bridge, undefined, () => fetchOfficeLanguage());
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
};
// The first screen is drawn without the other screens' texts and the web shell's bridge
// (platform/bridge.ts). Fetched once it is on display: before, they held up the sign-in form
// (the bridge brings zod and every API contract); after, signing in need not wait for them.
afterFirstScreen(() => {
  loadScreenTexts(i18n).catch((error: unknown) => console.warn('Could not load the texts of the screens', error));
  prefetchBridge();
});
// The texts are lazy chunks: the first screen is drawn once the saved language's (and en's) are
// in, never in keys. It resolves on a failed fetch too: en's defaults are better than a blank page.
void loadLanguage(i18n, readSavedLanguage()).then(render, render);
