import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-aria-components';
import { SEAL_FILE_MAX_BYTES, sealUpdate, type SealState, type SealUpdate } from '../../../shared/api/document-seals';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { DetailsList } from '../../components/details-list';
import { FileField } from '../../components/file-field';
import { FormPasswordField, FormTextField } from '../../components/form-fields';
import { RefusalAlert } from '../../components/refusal-alert';
import { Spinner } from '../../components/spinner';
import { notifySuccess } from '../../components/toast';
import { describeRefusal, translateError } from '../../lib/error-translator';
import { useSchemaForm } from '../../lib/form';
import { useFormat } from '../../lib/format';
import { useChangeSeal, useSealState } from './api';
import { settingsWords } from './settings-words';

const PKCS12_TYPES = ['.p12', '.pfx', 'application/x-pkcs12'];

interface SealValues {
  /** The chosen file as base64; '' keeps the installed seal. */
  pkcs12_base64: string;
  file_name: string;
  password: string;
  timestamp_authority_url: string;
}

/** The file's bytes as base64, in slices (a spread of a whole file would overflow the call stack). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

/**
 * The office's electronic seal (a PKCS#12 file), which every issued PDF is signed with: what its
 * certificate says, a warning 30 days before it expires, a new file with its password (write-only:
 * the server opens it before keeping it, so a wrong password is refused here), the timestamp
 * authority, and removing it (documents are then issued unsigned) after a confirmation.
 */
export function SealSettings({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation(['settings', 'common']);
  const state = useSealState();
  return (
    <section className="settings-section" aria-labelledby="settings-seal-heading">
      <h2 id="settings-seal-heading">{t('seal.title')}</h2>
      <p className="settings-section__description">{t('seal.description')}</p>
      {state.isPending ? <Spinner label={t('common:loading')} /> : null}
      {state.isError ? (
        <Alert tone="error" title={t('errors.loadFailed')}>
          <p>{translateError(state.error, t).message}</p>
        </Alert>
      ) : null}
      {state.data ? <SealForm key={state.data.version} state={state.data} canChange={canChange} onReload={() => void state.refetch()} /> : null}
    </section>
  );
}

function SealForm({ state, canChange, onReload }: { state: SealState; canChange: boolean; onReload(): void }) {
  const { t, i18n } = useTranslation(['settings', 'common']);
  const format = useFormat();
  const change = useChangeSeal(i18n.resolvedLanguage ?? i18n.language);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const form = useSchemaForm<SealValues, SealUpdate>({
    schema: sealUpdate,
    defaultValues: { pkcs12_base64: '', file_name: '', password: '', timestamp_authority_url: state.timestamp_authority_url ?? '' },
    toRequest: (values) => ({
      version: state.version,
      timestamp_authority_url: values.timestamp_authority_url.trim(),
      // A file without a password is refused by the schema ("required"), not sent to be refused by the server.
      ...(values.pkcs12_base64 ? { pkcs12_base64: values.pkcs12_base64, password: values.password === '' ? undefined : values.password } : {}),
    }),
    refusal: change.error,
    onEdited: () => {
      if (change.error) change.reset();
    },
  });
  const refusal = change.error ? describeRefusal(change.error, t, settingsWords(t)) : null;
  const certificate = state.certificate;
  const fileName = form.watch('file_name');
  const fileError = form.formState.errors.pkcs12_base64?.message;

  const save = (request: SealUpdate) => change.mutate(request, { onSuccess: () => notifySuccess('saved', t('seal.title')) });
  const remove = () =>
    change.mutate(
      { remove: true, version: state.version },
      {
        onSuccess: () => {
          setConfirmingRemoval(false);
          notifySuccess('saved', t('seal.title'));
        },
        onError: () => setConfirmingRemoval(false),
      },
    );

  return (
    <>
      <p className="settings-section__saved">
        {state.updated_at ? t('saved.by', { who: state.updated_by ?? t('saved.someone'), when: format.dateTime(state.updated_at) }) : t('saved.never')}
      </p>
      {certificate ? (
        <>
          {certificate.demo ? <Alert tone="warning" title={t('seal.demoTitle')}>{t('seal.demo')}</Alert> : null}
          {certificate.expired ? <Alert tone="error" title={t('seal.expiredTitle')}>{t('seal.expired', { date: format.date(certificate.not_after) })}</Alert> : null}
          {certificate.expires_soon ? <Alert tone="warning" title={t('seal.expiresSoonTitle')}>{t('seal.expiresSoon', { date: format.date(certificate.not_after) })}</Alert> : null}
          <DetailsList
            rows={[
              [t('seal.subject'), certificate.subject],
              [t('seal.issuer'), certificate.issuer],
              [t('seal.serial'), <code key="serial">{certificate.serial_number}</code>],
              [t('seal.validity'), t('seal.validityRange', { from: format.date(certificate.not_before), until: format.date(certificate.not_after) })],
              [t('seal.timestampAuthority'), state.timestamp_authority_url ?? t('seal.noTimestampAuthority')],
            ]}
          />
        </>
      ) : (
        <Alert tone="warning" title={t('seal.noneTitle')}>
          {t('seal.none')}
        </Alert>
      )}
      {canChange ? (
        <Form className="settings-section__fields" validationBehavior="aria" onSubmit={(event) => void form.handleSubmit(save)(event)}>
          <FileField
            label={certificate ? t('seal.replace') : t('seal.choose')}
            accept={PKCS12_TYPES}
            description={fileName ? t('seal.chosen', { name: fileName }) : t('seal.fileHint', { size: format.fileSize(SEAL_FILE_MAX_BYTES) })}
            errorMessage={fileError}
            isDisabled={change.isPending}
            onChoose={(file) =>
              void base64Of(file).then((base64) => {
                form.setValue('pkcs12_base64', base64, { shouldDirty: true });
                form.setValue('file_name', file.name, { shouldDirty: true });
                form.clearErrors('pkcs12_base64');
              })
            }
          />
          {fileName ? <FormPasswordField control={form.control} name="password" label={t('seal.password')} description={t('seal.passwordHint')} autoComplete="new-password" isRequired /> : null}
          <FormTextField control={form.control} name="timestamp_authority_url" label={t('seal.timestampAuthority')} description={t('seal.timestampAuthorityHint')} />
          {refusal?.formMessage ? <RefusalAlert title={t('errors.refused')} message={refusal.formMessage} reload={refusal.offerReload ? { label: t('errors.reload'), onReload } : null} /> : null}
          <div className="settings-section__actions">
            {certificate ? (
              <Button variant="secondary" isDisabled={change.isPending} onPress={() => setConfirmingRemoval(true)}>
                {t('seal.remove')}
              </Button>
            ) : null}
            <Button type="submit" variant="primary" isPending={change.isPending}>
              {t('save', { group: t('seal.title') })}
            </Button>
          </div>
        </Form>
      ) : null}
      <ConfirmDialog
        isOpen={confirmingRemoval}
        onOpenChange={(open) => !change.isPending && setConfirmingRemoval(open)}
        title={t('seal.removeTitle')}
        message={<p>{t('seal.removeConfirm')}</p>}
        confirmLabel={t('seal.removeConfirmButton')}
        isDestructive
        isPending={change.isPending}
        onConfirm={remove}
      />
    </>
  );
}
