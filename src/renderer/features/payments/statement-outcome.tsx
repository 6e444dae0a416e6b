import { useTranslation } from 'react-i18next';
import type { StatementLineOutcome } from '../../../shared/api/payments';
import { Icon, type IconName } from '../../components/icon';

// A statement line's outcome in words with an icon of its kind: recorded or to be recorded (a
// tick), left for a person to look at (a warning sign), unusable (a cross). The icon is
// decoration; the words say it all to a screen reader.

type Tone = 'success' | 'warning' | 'danger';

export const OUTCOME_TONES: Readonly<Record<StatementLineOutcome, Tone>> = {
  matched: 'success',
  recorded: 'success',
  already_recorded: 'warning',
  amount_mismatch: 'warning',
  no_pending_payment: 'warning',
  unknown_reference: 'warning',
  duplicate_in_file: 'danger',
  invalid: 'danger',
};

const ICONS: Readonly<Record<Tone, IconName>> = { success: 'check', warning: 'alert', danger: 'close' };

export function StatementOutcome({ outcome }: { outcome: StatementLineOutcome }) {
  const { t } = useTranslation('payments-import');
  const tone = OUTCOME_TONES[outcome];
  return (
    <span className={`badge badge--${tone} statement-outcome`}>
      <Icon name={ICONS[tone]} className="statement-outcome__icon" />{' '}
      {t(`outcome.${outcome}`)}
    </span>
  );
}
