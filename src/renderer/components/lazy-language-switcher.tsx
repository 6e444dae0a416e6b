import { lazy, Suspense } from 'react';
import { useAfterCommit } from '../lib/after-first-screen';

// The switcher is a select with a popover and a list box, the largest part of the sign-in page's
// code: it is fetched right after the form is drawn, so the form is usable without waiting for it.
const LanguageSwitcher = lazy(() => import('./language-switcher').then((m) => ({ default: m.LanguageSwitcher })));

export function LazyLanguageSwitcher() {
  const placeholder = <span className="language-switcher" />;
  // Rendered lazily only after the first commit: rendering it at once would request its chunk
  // in the same instant as the form's, ahead of the form being on display.
  if (!useAfterCommit()) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LanguageSwitcher />
    </Suspense>
  );
}
