import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CredentialKeys } from '../../../shared/api/document-seals';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { DataTable, type DataColumn } from '../../components/data-table';
import { ConfirmDialog } from '../../components/dialog';
import { DetailsList } from '../../components/details-list';
import { RefusalAlert } from '../../components/refusal-alert';
import { Spinner } from '../../components/spinner';
import { notifySuccess } from '../../components/toast';
import { describeRefusal, translateError } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { useCredentialKeys, useRotateCredentialKey } from './api';
import { settingsWords } from './settings-words';

type CredentialKey = CredentialKeys['keys'][number];

/**
 * The keys the office signs its verifiable credentials with, as its did:web document lists them:
 * the current one and the retired ones (kept, so credentials signed before a rotation still
 * verify). Rotating retires the current key and makes the next, after a confirmation.
 */
export function CredentialKeySettings({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation(['settings', 'common']);
  const format = useFormat();
  const keys = useCredentialKeys();
  const rotate = useRotateCredentialKey();
  const [confirming, setConfirming] = useState(false);
  const refusal = rotate.error ? describeRefusal(rotate.error, t, settingsWords(t)) : null;

  const columns: DataColumn<CredentialKey>[] = [
    { id: 'key', kind: 'text', title: t('credentialKeys.key'), isRowHeader: true, width: '22rem', render: (key) => <code className="settings-key">{key.key_id}</code> },
    { id: 'created', kind: 'date', title: t('credentialKeys.created'), render: (key) => format.dateTime(key.created_at) },
    { id: 'state', kind: 'status', title: t('credentialKeys.state'), render: (key) => (key.retired_at ? t('credentialKeys.retiredOn', { date: format.dateTime(key.retired_at) }) : t('credentialKeys.current')) },
  ];

  return (
    <section className="settings-section" aria-labelledby="settings-credential-keys-heading">
      <h2 id="settings-credential-keys-heading">{t('credentialKeys.title')}</h2>
      <p className="settings-section__description">{t('credentialKeys.description')}</p>
      {keys.isPending ? <Spinner label={t('common:loading')} /> : null}
      {keys.isError ? (
        <Alert tone="error" title={t('errors.loadFailed')}>
          <p>{translateError(keys.error, t).message}</p>
        </Alert>
      ) : null}
      {keys.data ? (
        <div className="settings-section__fields">
          <DetailsList
            rows={[
              [t('credentialKeys.did'), <code key="did" className="settings-key">{keys.data.did}</code>],
              [t('credentialKeys.didDocument'), <code key="url" className="settings-key">{keys.data.did_document_url}</code>],
            ]}
          />
          <DataTable label={t('credentialKeys.table')} columns={columns} rows={[...keys.data.keys].reverse()} rowKey={(key) => key.id} emptyText={t('credentialKeys.none')} />
          {refusal ? <RefusalAlert title={t('credentialKeys.refused')} message={refusal.message} /> : null}
          {canChange ? (
            <div className="settings-section__actions">
              <Button variant="secondary" isPending={rotate.isPending} onPress={() => setConfirming(true)}>
                {t('credentialKeys.rotate')}
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
      <ConfirmDialog
        isOpen={confirming}
        onOpenChange={(open) => !rotate.isPending && setConfirming(open)}
        title={t('credentialKeys.rotateTitle')}
        message={<p>{t('credentialKeys.rotateConfirm')}</p>}
        confirmLabel={t('credentialKeys.rotateConfirmButton')}
        isPending={rotate.isPending}
        onConfirm={() =>
          rotate.mutate(undefined, {
            onSuccess: () => notifySuccess('saved', t('credentialKeys.rotated')),
            onSettled: () => setConfirming(false),
          })
        }
      />
    </section>
  );
}
