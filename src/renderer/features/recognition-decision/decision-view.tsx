import { useTranslation } from 'react-i18next';
import { Heading } from 'react-aria-components';
import type { RecognitionDecision } from '../../../shared/api/recognition-decisions';
import { DetailsList } from '../../components/details-list';
import { useFormat } from '../../lib/format';
import { ComparisonTable } from './comparison-table';
import { AppealNoticeText } from './appeal-notice';
import { DecisionPdfDownload } from './decision-pdf-download';
import { inLanguage } from './decision-texts';

/**
 * One decision as kept, read-only and in its parts: the outcome and what it covers, the
 * comparison, the substantial differences, the legal bases and the appeal notice, with who
 * prepared and approved it, and the decision PDF once it is approved.
 */
export function DecisionView({ decision, reference, headingLevel = 2 }: { decision: RecognitionDecision; reference: string; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('decisions');
  const format = useFormat();
  const sub = (headingLevel + 1) as 3 | 4;
  return (
    <div className="decision-view">
      {decision.state === 'superseded' ? (
        <p className="decision-view__superseded" role="note">
          <strong>{t('view.supersededTitle')}</strong> {decision.superseded_by === null ? t('view.supersededText') : t('view.supersededBy', { id: decision.superseded_by })}
        </p>
      ) : null}
      <DetailsList
        rows={[
          [t('view.state'), t(`state.${decision.state}`)],
          [t('view.outcome'), t(`outcome.${decision.outcome}`)],
          ...(decision.outcome_detail ? [[t(`detailLabel.${decision.outcome}`), decision.outcome_detail] as [string, string]] : []),
          [t('view.prepared'), t('view.byOn', { name: decision.prepared_by?.full_name ?? '—', date: format.dateTime(decision.prepared_at) })],
          [t('view.approved'), decision.approved_at ? t('view.byOn', { name: decision.approved_by?.full_name ?? '—', date: format.dateTime(decision.approved_at) }) : null],
        ]}
      />
      <Heading level={sub} className="decision-view__heading">
        {t('comparison.title')}
      </Heading>
      <ComparisonTable foreign={decision.foreign} foreignProfile={decision.foreign.profile} national={decision.national} />
      <Heading level={sub} className="decision-view__heading">
        {t('differences.title')}
      </Heading>
      {decision.differences.length === 0 ? (
        <p>{t('differences.none')}</p>
      ) : (
        <ul className="decision-view__list">
          {decision.differences.map((difference) => (
            <li key={difference.element}>
              <strong>{t(`element.${difference.element}`)}</strong>: {difference.explanation}
            </li>
          ))}
        </ul>
      )}
      <Heading level={sub} className="decision-view__heading">
        {t('legalBases.title')}
      </Heading>
      <ul className="decision-view__list">
        {decision.legal_bases.map((basis) => (
          <li key={basis.id}>
            <strong>{basis.article}</strong>: {inLanguage(basis, 'text', format.language)}
          </li>
        ))}
      </ul>
      <Heading level={sub} className="decision-view__heading">
        {t('appeal.title')}
      </Heading>
      <AppealNoticeText appeal={decision.appeal} />
      {decision.state === 'prepared' ? <p className="muted">{t('appeal.previewApproval')}</p> : null}
      <DecisionPdfDownload decision={decision} reference={reference} />
    </div>
  );
}
