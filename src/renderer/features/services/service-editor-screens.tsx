import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { TFunction } from 'i18next';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { notifySuccess } from '../../components/toast';
import { translateError } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import type { Service } from '../../../shared/api/services';
import { useCreateService, useService, useUpdateService } from './api';
import { translateServiceErrors } from './field-messages';
import { ServiceForm } from './service-form';
import { emptyServiceForm, firstMessages, serviceFormOf, type FieldErrors } from './service-form-values';
import { localised } from './service-texts';
import { ServiceLoadError } from './service-load-error';

/** What the form shows of a refused save: the fields' messages, or one message for the form. */
function refusalOf(error: unknown, t: TFunction): { fields: FieldErrors; message: string | null; details: string[] } {
  if (!error) return { fields: {}, message: null, details: [] };
  const translated = translateError(error, t);
  const fields = translateServiceErrors(firstMessages(translated.fieldErrors), t);
  const hasFields = Object.keys(fields).length > 0;
  return { fields, message: hasFields ? null : translated.message, details: translated.formErrors };
}

/** /services/create: a new service, then its detail. */
export function ServiceCreateScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['services', 'nav', 'common', 'errors']);
  const { language } = useFormat();
  const navigate = useNavigate();
  const create = useCreateService();
  const initial = useMemo(() => emptyServiceForm(), []);
  const refusal = refusalOf(create.error, t);

  return (
    <>
      <PageHeader title={t(titleKey, { ns: 'nav' })} description={t('form.createDescription')} />
      <ServiceForm
        initial={initial}
        mode="create"
        cancelTo="/services"
        isPending={create.isPending}
        serverErrors={refusal.fields}
        serverMessage={refusal.message}
        serverDetails={refusal.details}
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
  const refusal = refusalOf(update.error, t);

  return (
    <>
      <PageHeader title={`${t(titleKey, { ns: 'nav' })}: ${localised(service, 'name', language)}`} description={t('form.editDescription')} />
      <ServiceForm
        initial={initial}
        mode="edit"
        cancelTo={`/services/${service.id}`}
        isPending={update.isPending}
        serverErrors={refusal.fields}
        serverMessage={refusal.message}
        serverDetails={refusal.details}
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
