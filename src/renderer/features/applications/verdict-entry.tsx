import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { ApplicationDetail } from '../../../shared/api/applications';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { translateError } from '../../lib/error-translator';
import { useStartVerdict, useVerdicts } from './api';

/**
 * The way into the final verification verdict (service 3): the verdict in progress (or the last
 * one submitted), or a new one while the workflow allows submitting a verdict.
 */
export function VerdictEntry({ application }: { application: ApplicationDetail }) {
  const { t } = useTranslation(['applications', 'errors']);
  const navigate = useNavigate();
  const maySubmit = application.allowed_actions.some((move) => move.action === 'submit_verdict');
  const verdicts = useVerdicts(application.id, application.service_type === 3);
  const start = useStartVerdict(application.id);
  if (application.service_type !== 3 || !verdicts.data) return null;

  const latest = verdicts.data.at(-1) ?? null;
  if (latest && (latest.status === 'draft' || !maySubmit)) {
    const label = latest.status === 'submitted' ? 'detail.verdictSubmitted' : maySubmit ? 'detail.verdictDraft' : 'detail.verdictOpen';
    return <Link to={`/applications/${application.id}/verdict/${latest.id}`}>{t(label)}</Link>;
  }
  if (!maySubmit) return null;
  return (
    <>
      <Button
        variant="primary"
        isPending={start.isPending}
        onPress={() => start.mutate(undefined, { onSuccess: (created) => navigate(`/applications/${application.id}/verdict/${created.id}`) })}
      >
        {t('detail.verdictStart')}
      </Button>
      {start.error ? <Alert tone="error">{translateError(start.error, t).message}</Alert> : null}
    </>
  );
}
