import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { notifySuccess } from '../../components/toast';
import { translateError } from '../../lib/error-translator';
import type { CouncilDetail } from '../../../shared/api/councils';
import { useCouncil, useCreateCouncil, useUpdateCouncil } from './api';
import { CouncilForm, councilFormOf, emptyCouncilForm } from './council-form';
import { CouncilLoadError } from './council-load-error';
import './councils.css';
import { useFormat } from '../../lib/format';

/** /councils/create: a new council, then its details. */
export function CouncilCreateScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['councils', 'nav', 'common']);
  const format = useFormat();
  const navigate = useNavigate();
  const create = useCreateCouncil();
  const initial = useMemo(() => emptyCouncilForm(), []);
  return (
    <>
      <PageHeader title={t(titleKey, { ns: 'nav' })} description={t('form.createDescription')} />
      <CouncilForm
        initial={initial}
        cancelTo="/councils"
        isPending={create.isPending}
        refusal={create.error}
        onEdited={() => create.error && create.reset()}
        onSubmit={(request) =>
          create.mutate(request, {
            onSuccess: (saved) => {
              notifySuccess('created', format.name(saved));
              navigate(`/councils/${saved.id}`);
            },
          })
        }
      />
    </>
  );
}

/** /councils/{id}/edit: every field again, saved with the version read (412 when someone saved since). */
export function CouncilEditScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['councils', 'common']);
  const id = Number(useParams().councilId);
  const detail = useCouncil(id);
  if (detail.isPending && detail.fetchStatus !== 'idle') return <Spinner label={t('common:loading')} />;
  if (!detail.data) return <CouncilLoadError titleKey={titleKey} error={detail.error} />;
  // Keyed by version: a reload after someone else's save starts the form from what is stored now.
  return <CouncilEditForm key={detail.data.version} council={detail.data} titleKey={titleKey} reload={() => void detail.refetch()} />;
}

function CouncilEditForm({ council, titleKey, reload }: { council: CouncilDetail; titleKey: string; reload(): void }) {
  const { t } = useTranslation(['councils', 'nav', 'common']);
  const format = useFormat();
  const navigate = useNavigate();
  const update = useUpdateCouncil(council.id);
  const initial = useMemo(() => councilFormOf(council), [council]);
  const stale = update.error ? translateError(update.error, t).status === 412 : false;
  return (
    <>
      <PageHeader title={`${t(titleKey, { ns: 'nav' })}: ${format.name(council)}`} description={t('form.editDescription')} />
      <CouncilForm
        initial={initial}
        cancelTo={`/councils/${council.id}`}
        isPending={update.isPending}
        refusal={update.error}
        onReload={stale ? reload : undefined}
        onEdited={() => update.error && update.reset()}
        onSubmit={(request) =>
          update.mutate(
            { ...request, version: council.version },
            {
              onSuccess: (saved) => {
                notifySuccess('saved', format.name(saved));
                navigate(`/councils/${saved.id}`);
              },
            },
          )
        }
      />
    </>
  );
}
