import { useTranslation } from 'react-i18next';
import { Heading } from 'react-aria-components';
import type { ApplicationDeadline, DeadlineStep } from '../../../shared/api/deadlines';
import { useFormat } from '../../lib/format';

// "How this deadline was computed" on the application detail: the server sends each
// deadline with its steps (start, days added, weekends and holidays skipped, pauses while the
// application waited on the applicant or on an issuing institution, the due date); this words them in the reader's language.

type Format = ReturnType<typeof useFormat>;

function StepText({ step, format }: { step: DeadlineStep; format: Format }) {
  const { t } = useTranslation(['deadlines', 'applications']);
  switch (step.kind) {
    case 'start':
      return <>{t('computation.start', { date: format.date(step.date) })}</>;
    case 'add_days':
      return <>{t(step.working_days ? 'computation.addWorkingDays' : 'computation.addCalendarDays', { count: step.days })}</>;
    case 'skipped_weekends':
      return <>{t('computation.skippedWeekends', { count: step.days })}</>;
    case 'skipped_holiday':
      return <>{t('computation.skippedHoliday', { date: format.date(step.date), name: step[`name_${format.language}`] })}</>;
    case 'paused': {
      if (step.waiting_on) {
        // A third party held the case, not the applicant: said as such.
        return step.to === null ? (
          <>{t('computation.pausedThirdPartySince', { from: format.date(step.from), count: step.days })}</>
        ) : (
          <>{t('computation.pausedThirdParty', { from: format.date(step.from), to: format.date(step.to), count: step.days })}</>
        );
      }
      const status = t(`applications:status.${step.status}`);
      return step.to === null ? (
        <>{t('computation.pausedSince', { from: format.date(step.from), status, count: step.days })}</>
      ) : (
        <>{t('computation.paused', { from: format.date(step.from), to: format.date(step.to), status, count: step.days })}</>
      );
    }
    case 'due':
      return <>{t(step.provisional ? 'computation.dueProvisional' : 'computation.due', { date: format.date(step.date) })}</>;
  }
}

/** Each deadline of the application: what it is, when it falls due, and the steps that led there. */
export function DeadlineComputation({ deadlines }: { deadlines: readonly ApplicationDeadline[] }) {
  const { t } = useTranslation(['deadlines']);
  const format = useFormat();
  if (deadlines.length === 0) return null;
  return (
    <section className="deadline-computation" aria-labelledby="deadline-computation">
      <Heading level={3} id="deadline-computation">
        {t('computation.title')}
      </Heading>
      {deadlines.map((deadline) => (
        <details key={deadline.id} className="deadline-computation__item">
          <summary>
            {t('computation.summary', {
              name: deadline[`name_${format.language}`],
              date: format.date(deadline.due_date),
              state: t(`computation.states.${deadline.overdue && deadline.state !== 'completed' ? 'overdue' : deadline.state}`),
            })}
          </summary>
          <p>
            {t(`types.${deadline.deadline_type}`)}
            {' · '}
            {t(deadline.working_days ? 'list.workingDays' : 'list.calendarDays', { count: deadline.days })}
            {deadline.mandatory_by_law ? ` · ${t('computation.byLaw', { basis: deadline.legal_basis ?? '—' })}` : deadline.mandatory ? ` · ${t('list.mandatory')}` : ''}
          </p>
          <ol aria-label={t('computation.stepsOf', { name: deadline[`name_${format.language}`] })}>
            {deadline.steps.map((step, index) => (
              <li key={index}>
                <StepText step={step} format={format} />
              </li>
            ))}
          </ol>
          {deadline.completed_at ? <p>{t('computation.completed', { date: format.dateTime(deadline.completed_at) })}</p> : null}
        </details>
      ))}
    </section>
  );
}
