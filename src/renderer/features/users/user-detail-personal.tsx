import { useTranslation } from 'react-i18next';
import { DetailsList } from '../../components/details-list';
import { useCountryName } from '../../lib/country-names';
import { useFormat } from '../../lib/format';
import type { UserDetail } from '../../../shared/api/users';

/** The personal info tab: every field of spec §3 and the account's state. */
export function UserPersonalInfo({ user }: { user: UserDetail }) {
  const { t } = useTranslation(['users', 'common']);
  const format = useFormat();
  const country = useCountryName();
  const yesNo = (value: boolean) => t(value ? 'yes' : 'no');
  const twoFactor = user.two_factor_enabled
    ? t('personal.twoFactorOn', { method: user.two_factor_method ? t(`twoFactorMethods.${user.two_factor_method}`) : '' })
    : t('no');
  const source =
    user.auth_source === 'ldap' ? (
      <>
        {t('sources.ldap')}
        {user.directory_dn ? (
          <>
            <br />
            <span className="user-detail__note">{t('personal.directoryDn', { dn: user.directory_dn })}</span>
          </>
        ) : null}
        <br />
        <span className="user-detail__note">
          {user.directory_synced_at ? t('personal.directorySynced', { when: format.dateTime(user.directory_synced_at) }) : t('personal.neverSynced')}
        </span>
      </>
    ) : (
      t('sources.local')
    );
  return (
    <div className="user-detail__columns">
      <section aria-labelledby="user-person">
        <h2 id="user-person" className="user-detail__heading">
          {t('form.person')}
        </h2>
        <DetailsList
          rows={[
            [t('fields.first_name'), user.first_name],
            [t('fields.last_name'), user.last_name],
            [t('fields.email'), user.email],
            [t('fields.username'), user.username],
            [t('fields.phone'), user.phone],
            [t('fields.country'), user.country ? country(user.country) : null],
            [t('fields.address'), user.address],
            [t('fields.personal_id'), user.personal_id],
            [t('fields.date_of_birth'), user.date_of_birth ? format.date(user.date_of_birth) : null],
            [t('fields.gender'), t(`genders.${user.gender}`)],
          ]}
        />
      </section>
      <section aria-labelledby="user-account">
        <h2 id="user-account" className="user-detail__heading">
          {t('form.account')}
        </h2>
        <DetailsList
          rows={[
            [t('fields.is_active'), yesNo(user.is_active)],
            [t('fields.last_login'), user.last_login ? format.dateTime(user.last_login) : t('personal.never')],
            [t('fields.date_joined'), format.dateTime(user.date_joined)],
            [t('fields.email_verified'), yesNo(user.email_verified)],
            [t('fields.two_factor_enabled'), twoFactor],
            [t('fields.two_factor_required'), yesNo(user.two_factor_required)],
            [t('fields.backup_codes_remaining'), format.number(user.backup_codes_remaining)],
            [t('fields.auth_source'), source],
            [
              t('fields.temporary_password'),
              user.must_change_password
                ? user.temporary_password_expires_at
                  ? t('personal.temporaryUntil', { when: format.dateTime(user.temporary_password_expires_at) })
                  : t('personal.temporaryPending')
                : t('no'),
            ],
          ]}
        />
      </section>
    </div>
  );
}
