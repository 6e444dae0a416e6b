import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { notifySuccess } from '../../components/toast';
import { useFormat } from '../../lib/format';
import type { Service } from '../../../shared/api/services';
import { useCreateService, useService, useUpdateService } from './api';
import { ServiceForm } from './service-form';
import { emptyServiceForm, serviceFormOf } from './service-form-values';
import { localised } from './service-texts';
import { ServiceLoadError } from './service-load-error';

/** /services/create: a new service, then its detail. */
export function ServiceCreateScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['services', 'nav', 'common', 'errors']);
  const { language } = useFormat();
  const navigate = useNavigate();
  const create = useCreateService();
  const initial = useMemo(() => emptyServiceForm(), []);

  return (
    <>
      <PageHeader title={t(titleKey, { ns: 'nav' })} description={t('form.createDescription')} />
      <ServiceForm
        initial={initial}
        mode="create"
        cancelTo="/services"
        isPending={create.isPending}
        refusal={create.error}
        onEdited={() => create.error && create.reset()}
        onSubmit={(request) =>
          create.mutate(request, {
            onSuccess: (saved) => {
              notifySuccess('created', localised(saved, 'name', language));
              navigate(`/services/${saved.id}`);
            },
          })
        }
      />
    </>
  );
}

/** /services/{id}/edit: every field again, saved with the version read (412 when someone saved since). */
export function ServiceEditScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['services', 'nav', 'common']);
  const id = Number(useParams().serviceId);
  const detail = useService(id);

  if (detail.isPending && detail.fetchStatus !== 'idle') return <Spinner label={t('common:loading')} />;
  if (!detail.data) return <ServiceLoadError titleKey={titleKey} error={detail.error} />;
  // Keyed by version: a reload after someone else's save starts the form from what is stored now.
  return <ServiceEditForm key={detail.data.version} service={detail.data} titleKey={titleKey} />;
}

function ServiceEditForm({ service, titleKey }: { service: Service; titleKey: string }) {
  const { t } = useTranslation(['services', 'nav', 'common', 'errors']);
  const { language } = useFormat();
  const navigate = useNavigate();
  const update = useUpdateService(service.id);
  const initial = useMemo(() => serviceFormOf(service), [service]);

  return (
    <>
      <PageHeader title={`${t(titleKey, { ns: 'nav' })}: ${localised(service, 'name', language)}`} description={t('form.editDescription')} />
      <ServiceForm
        initial={initial}
        mode="edit"
        cancelTo={`/services/${service.id}`}
        isPending={update.isPending}
        refusal={update.error}
        onEdited={() => update.error && update.reset()}
        onSubmit={(request) =>
          update.mutate(
            { ...request, version: service.version },
            {
              onSuccess: (saved) => {
                notifySuccess('saved', localised(saved, 'name', language));
                navigate(`/services/${saved.id}`);
              },
            },
          )
        }
      />
    </>
  );
}
