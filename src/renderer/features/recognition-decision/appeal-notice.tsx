import { useTranslation } from 'react-i18next';
import type { AppealNotice } from '../../../shared/api/recognition-decisions';
import { useFormat } from '../../lib/format';
import { inLanguage } from './decision-texts';

/** The appeal notice every decision states: to whom, within how many days, and the last day. */
export function AppealNoticeText({ appeal }: { appeal: AppealNotice }) {
  const { t } = useTranslation('decisions');
  const format = useFormat();
  return (
    <p className="decision-appeal">
      {t('appeal.text', { body: inLanguage(appeal, 'body', format.language), count: appeal.period_days, days: format.number(appeal.period_days), date: format.date(appeal.last_day) })}
    </p>
  );
}
