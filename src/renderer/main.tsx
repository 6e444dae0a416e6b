import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { i18n } from './lib/i18n';
import { initialiseLanguage } from './lib/language';
import { queryClient } from './lib/query-client';
import { appStore, followSessionEvents, restoreSession } from './lib/session';
import { getBridge } from './platform/bridge';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/screens.css';

const bridge = getBridge();
void initialiseLanguage(i18n, bridge);
followSessionEvents(appStore, bridge);
// The guards wait (at most 5 s) for this before any signed-in screen is shown.
void restoreSession(appStore, bridge);

const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');

createRoot(container).render(
  <StrictMode>
    <Providers store={appStore} queryClient={queryClient} i18n={i18n} navigate={(path) => void router.navigate(path)}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
