import { lazy, Suspense } from 'react';
import { Spinner } from './spinner';
import type { TwoFactorEnrolmentProps } from './two-factor-enrolment';

// The enrolment (with the QR code library) is a chunk of its own, fetched when someone sets up
// two-factor sign-in: the sign-in page and the profile screen stay small without it.
const TwoFactorEnrolment = lazy(() => import('./two-factor-enrolment').then((m) => ({ default: m.TwoFactorEnrolment })));

export function LazyTwoFactorEnrolment(props: TwoFactorEnrolmentProps) {
  return (
    <Suspense fallback={<Spinner />}>
      <TwoFactorEnrolment {...props} />
    </Suspense>
  );
}
