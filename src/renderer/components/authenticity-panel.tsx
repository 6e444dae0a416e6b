import { useTranslation } from 'react-i18next';
import type { ApplicationAuthenticity, InstitutionCheck } from '../../shared/api/authenticity';
import { dayNumber, kosovoDate } from '../../shared/domain/deadline-dates';
import { useApplicationAuthenticity } from '../lib/authenticity-api';
import { useFormat } from '../lib/format';
import { DetailsList } from './details-list';
import { Spinner } from './spinner';
import './authenticity-panel.css';

// The application's institution as its authenticity stands, from the institution's dossier: the
// watch-list entry that flags it, whether the institution was accredited on the diploma's date,
// its latest checks ("Accreditation confirmed 41 days ago by …") and, for those who verify, the
// verification contacts. Shown on the application detail's institution tab.

/** Whole days from a check's day to today (Kosovo's calendar day, as the dossier's days are). */
export function daysSince(day: string, today: string = kosovoDate(new Date())): number {
  return Math.max(0, dayNumber(today) - dayNumber(day));
}

export function CheckLine({ check, today }: { check: InstitutionCheck; today?: string }) {
  const { t } = useTranslation('authenticity');
  const format = useFormat();
  return (
    <li>
      <span className={`check-finding check-finding--${check.finding}`}>
        {t(`checkLine.${check.finding}`, {
          subject: t(`checkSubject.${check.subject}`),
          count: daysSince(check.checked_on, today),
          name: check.checked_by ?? t('unknownPerson'),
        })}
      </span>
      <span className="check-line__meta"> · {format.date(check.checked_on)}</span>
      <p>{check.details}</p>
      {check.evidence ? <p className="check-line__evidence">{t('fields.evidence')}: {check.evidence}</p> : null}
    </li>
  );
}

function AccreditationLine({ answer }: { answer: ApplicationAuthenticity }) {
  const { t } = useTranslation('authenticity');
  const format = useFormat();
  if (!answer.diploma_date || !answer.accreditation) return <>{t('panel.noDiplomaDate')}</>;
  const period = answer.accreditation.period;
  return (
    <>
      {t(`accreditationAnswer.${answer.accreditation.answer}`, { date: format.date(answer.diploma_date) })}
      {period ? ` (${t(`periodStatus.${period.status}`)}, ${period.accrediting_body}, ${format.date(period.valid_from)} – ${period.valid_to ? format.date(period.valid_to) : t('periodOpen')})` : ''}
    </>
  );
}

export function AuthenticityPanel({ applicationId }: { applicationId: number }) {
  const { t } = useTranslation('authenticity');
  const format = useFormat();
  const query = useApplicationAuthenticity(applicationId);
  if (query.isPending) return <Spinner />;
  if (query.isError) return <p>{t('panel.loadError')}</p>;
  const answer = query.data;
  return (
    <section className="authenticity-panel" aria-labelledby="authenticity-panel-title">
      <h2 id="authenticity-panel-title">{t('panel.title')}</h2>
      <DetailsList
        rows={[
          [t('panel.institution'), answer.institution ? `${format.name(answer.institution)} (${answer.institution.country})` : t('panel.noInstitution')],
          [t('panel.accreditation'), answer.institution ? <AccreditationLine key="accreditation" answer={answer} /> : null],
          ...(answer.watch_flag
            ? ([
                [
                  t('panel.watchList'),
                  t(`watchMatch.${answer.watch_flag.matched_by}`, { category: t(`watchCategory.${answer.watch_flag.category}`), name: answer.watch_flag.matched_name }),
                ],
                ...(answer.watch_flag.source !== undefined ? [[t('fields.source'), answer.watch_flag.source] as [string, string]] : []),
                ...(answer.watch_flag.note ? [[t('fields.note'), answer.watch_flag.note] as [string, string]] : []),
              ] as [string, React.ReactNode][])
            : []),
        ]}
      />
      <h3>{t('panel.latestChecks')}</h3>
      {answer.latest_checks.length === 0 ? (
        <p>{t('panel.noChecks')}</p>
      ) : (
        <ul className="check-lines">
          {answer.latest_checks.map((check) => (
            <CheckLine key={check.id} check={check} />
          ))}
        </ul>
      )}
      {answer.contacts ? (
        <>
          <h3>{t('panel.contacts')}</h3>
          {answer.contacts.length === 0 ? (
            <p>{t('panel.noContacts')}</p>
          ) : (
            <ul className="contact-lines">
              {answer.contacts.map((contact) => (
                <li key={contact.id}>
                  {[contact.registrar_email, contact.postal_address].filter(Boolean).join(' · ')}
                  <span className="check-line__meta">
                    {' '}
                    · {t('contactSource', { source: contact.source, date: format.date(contact.checked_on), language: t(`language.${contact.language}`) })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </section>
  );
}
