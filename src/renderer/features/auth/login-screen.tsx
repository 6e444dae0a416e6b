import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Heading } from 'react-aria-components';
import type { TwoFactorMethod } from '../../../shared/api/auth';
import type { Session } from '../../../shared/ipc/contract';
import { Alert } from '../../components/alert';
import { LazyLanguageSwitcher as LanguageSwitcher } from '../../components/lazy-language-switcher';
import { LazyTwoFactorEnrolment as TwoFactorEnrolment } from '../../components/lazy-two-factor-enrolment';
import { useAfterCommit } from '../../lib/after-first-screen';
import { beginSession, pendingSetupChallengeAtom, sessionEndReasonAtom } from '../../lib/session';
import { confirmTwoFactorSetup, startTwoFactorSetup } from './api';
import { SignInForm, type Credentials } from './sign-in-form';
import { TwoFactorCodeForm } from './two-factor-code-form';

// Demo mode only, and its accounts table is the largest code on this page: it follows the form.
const DemoAccountsBanner = lazy(() => import('./demo-accounts-banner').then((m) => ({ default: m.DemoAccountsBanner })));

type Step =
  | { kind: 'credentials' }
  | { kind: 'two_factor'; method: TwoFactorMethod; username: string; challenge: string }
  | { kind: 'setup'; challenge: string };

/**
 * Sign-in (spec §2, §4): credentials, then a two-factor code or the two-factor setup. Once a
 * session begins, the route guard sends the person on (redirect parameter or landing screen).
 */
export function LoginScreen() {
  const { t } = useTranslation(['auth', 'common']);
  const store = useStore();
  const endReason = useAtomValue(sessionEndReasonAtom);
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  // A refresh that found a 2FA set-up owed hands its challenge over (also when it arrives after
  // this screen, e.g. while a stored sign-in was being restored): the set-up comes first.
  const pendingSetup = useAtomValue(pendingSetupChallengeAtom);
  useEffect(() => {
    if (!pendingSetup) return;
    store.set(pendingSetupChallengeAtom, null);
    setStep({ kind: 'setup', challenge: pendingSetup });
  }, [pendingSetup, store]);
  const [credentials, setCredentials] = useState<Credentials>({ username: '', password: '' });
  // Held until the backup codes are acknowledged: beginning the session leaves this screen.
  const sessionAfterSetup = useRef<Session | null>(null);
  // The demo banner follows the form onto the page: its chunk is requested once the form is on display.
  const formDrawn = useAfterCommit();

  const backToCredentials = () => {
    setCredentials((current) => ({ ...current, password: '' }));
    setStep({ kind: 'credentials' });
  };

  return (
    <div className="sign-in-page">
      <header className="sign-in-page__tools">
        <LanguageSwitcher />
      </header>
      <main id="main" className="sign-in-card">
        <p className="sign-in-card__brand">{t('common:appName')}</p>
        {step.kind === 'credentials' ? (
          <>
            <Heading level={1} className="sign-in-card__title">
              {t('auth:signIn.title')}
            </Heading>
            {endReason === 'expired' ? (
              <Alert tone="warning" title={t('errors:session_expired')}>
                {t('auth:signIn.signInAgain')}
              </Alert>
            ) : null}
            {endReason === 'timed_out' ? (
              <Alert tone="warning" title={t('auth:signIn.sessionEnded')}>
                {t('auth:signIn.sessionEndedReason')}
              </Alert>
            ) : null}
            {endReason === 'logged_out' ? <Alert tone="info">{t('auth:signIn.signedOut')}</Alert> : null}
            <SignInForm
              credentials={credentials}
              onCredentialsChange={setCredentials}
              onSignedIn={(session) => beginSession(store, session)}
              onTwoFactorRequired={(method, username, challenge) => setStep({ kind: 'two_factor', method, username, challenge })}
              onSetupRequired={(challenge) => setStep({ kind: 'setup', challenge })}
            />
            {formDrawn ? (
              <Suspense fallback={null}>
                <DemoAccountsBanner onUse={(account) => setCredentials(account)} />
              </Suspense>
            ) : null}
          </>
        ) : null}

        {step.kind === 'two_factor' ? (
          <TwoFactorCodeForm
            method={step.method}
            username={step.username}
            challenge={step.challenge}
            onSignedIn={(session) => beginSession(store, session)}
            onBack={backToCredentials}
          />
        ) : null}

        {step.kind === 'setup' ? (
          <>
            <Heading level={1} className="sign-in-card__title">
              {t('auth:setup.title')}
            </Heading>
            <p>{t('auth:setup.required')}</p>
            <TwoFactorEnrolment
              start={(method) => startTwoFactorSetup({ method, challenge: step.challenge })}
              confirm={async (code) => {
                const confirmed = await confirmTwoFactorSetup({ code, challenge: step.challenge });
                sessionAfterSetup.current = confirmed.session;
                return confirmed.backup_codes;
              }}
              onFinished={() => {
                if (sessionAfterSetup.current) beginSession(store, sessionAfterSetup.current);
              }}
              onCancel={backToCredentials}
            />
          </>
        ) : null}
      </main>
    </div>
  );
}
