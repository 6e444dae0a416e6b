import { useTranslation } from 'react-i18next';
import { Heading } from 'react-aria-components';
import type { User } from '../../../shared/api/auth';
import { useCountryName } from '../../lib/country-names';
import { useFormat } from '../../lib/format';

/** What the server holds about the signed-in person (spec §3). */
export function PersonalDetails({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  const format = useFormat();
  const country = useCountryName();
  const rows: [string, string | null][] = [
    [t('details.fullName'), user.full_name.trim() || null],
    [t('details.username'), user.username],
    [t('details.email'), user.email],
    [t('details.emailVerified'), user.email_verified ? t('yes') : t('no')],
    [t('details.phone'), user.phone],
    [t('details.country'), user.country ? country(user.country) : null],
    [t('details.address'), user.address],
    [t('details.personalId'), user.personal_id],
    [t('details.dateOfBirth'), user.date_of_birth ? format.date(user.date_of_birth) : null],
    [t('details.gender'), t(`genders.${user.gender}`)],
    [t('details.roles'), user.groups.length > 0 ? user.groups.join(', ') : null],
    [t('details.accountSource'), user.auth_source === 'ldap' ? t('details.sourceDirectory') : t('details.sourceLocal')],
    [t('details.lastLogin'), user.last_login ? format.dateTime(user.last_login) : null],
    [t('details.dateJoined'), user.date_joined ? format.dateTime(user.date_joined) : null],
  ];
  return (
    <section className="card" aria-labelledby="personal-details-title">
      <Heading level={2} id="personal-details-title" className="card__title">
        {t('details.title')}
      </Heading>
      <dl className="details-list">
        {rows.map(([label, value]) => (
          <div key={label} className="details-list__row">
            <dt>{label}</dt>
            <dd>{value ?? <span className="muted">{t('details.notProvided')}</span>}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
