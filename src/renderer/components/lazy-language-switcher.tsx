import { lazy, Suspense } from 'react';

// The switcher is a select with a popover and a list box, the largest part of the sign-in page's
// code: it is fetched right after the form is drawn, so the form is usable without waiting for it.
const LanguageSwitcher = lazy(() => import('./language-switcher').then((m) => ({ default: m.LanguageSwitcher })));

export function LazyLanguageSwitcher() {
  return (
    <Suspense fallback={<span className="language-switcher" />}>
      <LanguageSwitcher />
    </Suspense>
  );
}
