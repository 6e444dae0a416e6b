import { useTranslation } from 'react-i18next';
import { Heading } from 'react-aria-components';
import type { User } from '../../../shared/api/auth';
import { localeTag } from '../../lib/language';

function formatDate(value: string | null, locale: string, withTime: boolean): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(locale, withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' }).format(date);
}

/** What the server holds about the signed-in person (spec §3). */
export function PersonalDetails({ user }: { user: User }) {
  const { t, i18n } = useTranslation('profile');
  const locale = localeTag(i18n.resolvedLanguage);
  const rows: [string, string | null][] = [
    [t('details.fullName'), user.full_name.trim() || null],
    [t('details.username'), user.username],
    [t('details.email'), user.email],
    [t('details.emailVerified'), user.email_verified ? t('yes') : t('no')],
    [t('details.phone'), user.phone],
    [t('details.country'), user.country],
    [t('details.address'), user.address],
    [t('details.personalId'), user.personal_id],
    [t('details.dateOfBirth'), formatDate(user.date_of_birth, locale, false)],
    [t('details.gender'), t(`genders.${user.gender}`)],
    [t('details.roles'), user.groups.length > 0 ? user.groups.join(', ') : null],
    [t('details.accountSource'), user.auth_source === 'ldap' ? t('details.sourceDirectory') : t('details.sourceLocal')],
    [t('details.lastLogin'), formatDate(user.last_login, locale, true)],
    [t('details.dateJoined'), formatDate(user.date_joined, locale, true)],
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
