import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert';
import { PageHeader } from '../../components/page-header';
import { currentUserAtom } from '../../lib/session';
import { ChangePasswordForm } from './change-password-form';
import { PersonalDetails } from './personal-details';
import { TwoFactorSection } from './two-factor-section';

export function ProfileScreen() {
  const { t } = useTranslation('profile');
  const user = useAtomValue(currentUserAtom);
  if (!user) return null;
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <div className="profile-grid">
        <PersonalDetails user={user} />
        <div className="profile-grid__column">
          <TwoFactorSection />
          {user.auth_source === 'ldap' ? (
            <section className="card" aria-label={t('password.title')}>
              <Alert tone="info" title={t('password.title')}>
                {t('password.directoryManaged')}
              </Alert>
            </section>
          ) : (
            <ChangePasswordForm />
          )}
        </div>
      </div>
    </>
  );
}
