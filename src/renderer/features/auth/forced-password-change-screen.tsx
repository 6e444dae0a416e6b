import { useState } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Form, Heading } from 'react-aria-components';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { FormError } from '../../components/form-error';
import { LazyLanguageSwitcher as LanguageSwitcher } from '../../components/lazy-language-switcher';
import { PasswordField } from '../../components/password-field';
import { translateError, type TranslatedError } from '../../lib/error-translator';
import { currentUserAtom, reloadCurrentUser, replaceAccessToken, replaceUser, signOut } from '../../lib/session';
import { getBridge } from '../../platform/bridge';
import { changeTemporaryPassword, fetchSignedInUser } from './forced-password-change-api';

const MIN_LENGTH = 12;

/**
 * Issue 15: someone signed in with a temporary password an administrator set sees only this
 * screen until they choose their own (the server refuses every other call meanwhile). The
 * current password is the temporary one; afterwards the user object is reloaded without the flag
 * and the app opens where they were going.
 */
export function ForcedPasswordChangeScreen() {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const store = useStore();
  const user = useAtomValue(currentUserAtom);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeated, setRepeated] = useState('');
  const [failure, setFailure] = useState<TranslatedError | null>(null);
  const [pending, setPending] = useState(false);
  const [signingOut, setSigningOut] = useState(false);

  const submit = async () => {
    setFailure(null);
    setPending(true);
    try {
      const { access } = await changeTemporaryPassword({ current_password: current, new_password: next });
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
          <PasswordField
            label={t('auth:forcedChange.temporary')}
            name="current_password"
            autoComplete="current-password"
            value={current}
            onChange={setCurrent}
            isRequired
          />
          <PasswordField
            label={t('auth:forcedChange.new')}
            description={t('auth:forcedChange.rules', { min: MIN_LENGTH })}
            name="new_password"
            autoComplete="new-password"
            value={next}
            onChange={setNext}
            isRequired
            validate={(value) => (value.length > 0 && value.length < MIN_LENGTH ? t('auth:forcedChange.tooShort', { min: MIN_LENGTH }) : null)}
          />
          <PasswordField
            label={t('auth:forcedChange.repeat')}
            name="repeat_password"
            autoComplete="new-password"
            value={repeated}
            onChange={setRepeated}
            isRequired
            validate={(value) => (value.length > 0 && value !== next ? t('auth:forcedChange.mismatch') : null)}
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
