import { useTranslation } from 'react-i18next';
import type { AppealSummary } from '../../../shared/api/appeals';

/** The appeal's state, and once decided its outcome ("Decided: upheld"). */
export function AppealStateText({ appeal }: { appeal: Pick<AppealSummary, 'state' | 'outcome'> }) {
  const { t } = useTranslation('appeals');
  return <span className={`appeal-state appeal-state--${appeal.state}`}>{appeal.outcome ? t('decidedAs', { outcome: t(`outcome.${appeal.outcome}`) }) : t(`state.${appeal.state}`)}</span>;
}
