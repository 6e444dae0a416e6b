import { useTranslation } from 'react-i18next';
import { Heading } from 'react-aria-components';
import { Link } from 'react-router-dom';
import type { Precedent } from '../../../shared/api/decision-precedents';
import { useFormat } from '../../lib/format';
import { useDecisionCitations } from '../../lib/precedents-api';

/** The precedents a decision cites and the decisions that cite it (both kept with the citing decision); nothing while there are none. */
export function DecisionCitations({ decisionId, headingLevel }: { decisionId: number; headingLevel: 2 | 3 }) {
  const { t } = useTranslation(['precedents', 'decisions']);
  const citations = useDecisionCitations(decisionId);
  if (!citations.data || (citations.data.cites.length === 0 && citations.data.cited_by.length === 0)) return null;
  return (
    <div className="decision-citations">
      {citations.data.cites.length > 0 ? (
        <>
          <Heading level={headingLevel}>{t('citations.cites')}</Heading>
          <PrecedentList precedents={citations.data.cites} />
        </>
      ) : null}
      {citations.data.cited_by.length > 0 ? (
        <>
          <Heading level={headingLevel}>{t('citations.citedBy')}</Heading>
          <PrecedentList precedents={citations.data.cited_by} />
        </>
      ) : null}
    </div>
  );
}

function PrecedentList({ precedents }: { precedents: readonly Precedent[] }) {
  const { t } = useTranslation(['precedents', 'decisions']);
  const format = useFormat();
  return (
    <ul>
      {precedents.map((precedent) => (
        <li key={precedent.id}>
          {precedent.may_open ? <Link to={`/applications/${precedent.application_id}/decision`}>{precedent.reference}</Link> : precedent.reference}
          {' — '}
          {t('citations.item', { outcome: t(`decisions:outcome.${precedent.outcome}`), date: format.date(precedent.decided_at), programme: precedent.programme ?? '—' })}
        </li>
      ))}
    </ul>
  );
}
