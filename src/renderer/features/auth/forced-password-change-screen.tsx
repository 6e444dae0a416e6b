import { useState } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Form, Heading } from 'react-aria-components';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { FormError } from '../../components/form-error';
import { LazyLanguageSwitcher as LanguageSwitcher } from '../../components/lazy-language-switcher';
import { PasswordChangeFields, type PasswordChangeValues } from '../../components/password-change-fields';
import { translateError, type TranslatedError } from '../../lib/error-translator';
import { currentUserAtom, reloadCurrentUser, replaceAccessToken, replaceUser, signOut } from '../../lib/session';
import { getBridge } from '../../platform/bridge';
import { changeTemporaryPassword, fetchSignedInUser } from './forced-password-change-api';

/**
 * Someone signed in with a temporary password an administrator set sees only this
 * screen until they choose their own (the server refuses every other call meanwhile). The
 * current password is the temporary one; afterwards the user object is reloaded without the flag
 * and the app opens where they were going.
 */
export function ForcedPasswordChangeScreen() {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const store = useStore();
  const user = useAtomValue(currentUserAtom);
  const [values, setValues] = useState<PasswordChangeValues>({ current: '', next: '', repeated: '' });
  const [failure, setFailure] = useState<TranslatedError | null>(null);
  const [pending, setPending] = useState(false);
  const [signingOut, setSigningOut] = useState(false);

  const submit = async () => {
    setFailure(null);
    setPending(true);
    try {
      const { access } = await changeTemporaryPassword({ current_password: values.current, new_password: values.next });
      replaceAccessToken(store, access);
      const reloaded = await reloadCurrentUser(store, getBridge(), fetchSignedInUser);
      // The change went through even if the reload did not: the flag is the server's to clear, and it has.
      if (!reloaded && user && store.get(currentUserAtom)) replaceUser(store, { ...user, password_change_required: false });
    } catch (error) {
      setFailure(translateError(error, t));
    } finally {
      setPending(false);
    }
  };

  const leave = async () => {
    setSigningOut(true);
    try {
      await signOut(store, getBridge());
    } finally {
      setSigningOut(false);
    }
  };

  return (
    <div className="sign-in-page">
      <header className="sign-in-page__tools">
        <LanguageSwitcher />
      </header>
      <main id="main" className="sign-in-card">
        <p className="sign-in-card__brand">{t('common:appName')}</p>
        <Heading level={1} className="sign-in-card__title">
          {t('auth:forcedChange.title')}
        </Heading>
        <Alert tone="info">{t('auth:forcedChange.explanation', { username: user?.username ?? '' })}</Alert>
        <Form
          className="form"
          validationErrors={failure?.fieldErrors}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <FormError message={failure?.message} details={failure?.formErrors} />
          <PasswordChangeFields
            values={values}
            onChange={setValues}
            texts={{
              current: t('auth:forcedChange.temporary'),
              next: t('auth:forcedChange.new'),
              rules: (min) => t('auth:forcedChange.rules', { min }),
              tooShort: (min) => t('auth:forcedChange.tooShort', { min }),
              repeat: t('auth:forcedChange.repeat'),
              mismatch: t('auth:forcedChange.mismatch'),
            }}
          />
          <div className="form-actions">
            <Button variant="primary" type="submit" isPending={pending}>
              {t('auth:forcedChange.submit')}
            </Button>
            <Button variant="secondary" onPress={() => void leave()} isPending={signingOut}>
              {t('auth:forcedChange.signOut')}
            </Button>
          </div>
        </Form>
      </main>
    </div>
  );
}
