import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { SPECIMEN_IMAGE_MAX_BYTES, SPECIMEN_IMAGE_TYPES, type SpecimenVersion } from '../../../shared/api/diploma-specimens';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { DataTable, type DataColumn } from '../../components/data-table';
import { DetailsList } from '../../components/details-list';
import { DownloadButton } from '../../components/download-button';
import { FileField } from '../../components/file-field';
import { PageHeader } from '../../components/page-header';
import { PdfPreview } from '../../components/pdf-preview';
import { PdfUpload } from '../../components/pdf-upload';
import { RecordLoadError } from '../../components/record-load-error';
import { SpecimenImagePreview } from '../../components/specimen-image';
import { Spinner } from '../../components/spinner';
import { notifySuccess } from '../../components/toast';
import { describeRefusal } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { useSpecimen, useSpecimenStored, useUploadSpecimenImage } from './api';
import { SpecimenDialog } from './specimen-dialog';
import './diploma-specimens.css';

// One specimen: its current version (period, numbering format, features, signatories, notes and
// the genuine document, shown in the app), every earlier version readable below, and the two ways
// to make the next version (edit the fields, or give a new genuine document).

const LOAD_TEXTS = {
  namespace: 'authenticity',
  notFoundTitle: 'specimens.notFound',
  notFoundDescription: 'specimens.notFound',
  noAccess: 'specimens.noAccess',
  back: 'specimens.back',
};

export function SpecimenScreen() {
  const { t } = useTranslation(['authenticity', 'common']);
  const format = useFormat();
  const id = Number(useParams().specimenId);
  const specimen = useSpecimen(id);
  const stored = useSpecimenStored();
  const uploadImage = useUploadSpecimenImage(id);
  const imageRefusal = uploadImage.error ? describeRefusal(uploadImage.error, t, {}) : null;
  const [editing, setEditing] = useState(false);
  const [shownVersion, setShownVersion] = useState<number | null>(null);

  const columns = useMemo<DataColumn<SpecimenVersion>[]>(
    () => [
      { id: 'version', kind: 'number', title: t('specimens.fields.version'), isRowHeader: true, width: '6rem', text: (row) => format.number(row.version) },
      { id: 'saved', kind: 'date', title: t('specimens.fields.savedAt'), text: (row) => t('specimens.savedBy', { date: format.dateTime(row.created_at), name: row.created_by_name ?? t('unknownPerson') }) },
      { id: 'qualification', kind: 'text', title: t('specimens.fields.qualification'), wraps: true, text: (row) => row.qualification },
      { id: 'format', kind: 'text', title: t('specimens.fields.numberPattern'), text: (row) => row.number_pattern },
      { id: 'features', kind: 'text', title: t('specimens.fields.securityFeatures'), wraps: true, text: (row) => row.security_features.join('; ') },
      { id: 'file', kind: 'text', title: t('specimens.fields.document'), text: (row) => row.file?.file_name ?? '—' },
      {
        id: 'actions',
        kind: 'actions',
        title: '',
        render: (row) => (
          <Button variant="quiet" onPress={() => setShownVersion(row.version)}>
            {t('specimens.showVersion')}
          </Button>
        ),
      },
    ],
    [t, format],
  );

  if (specimen.isError) return <RecordLoadError titleKey="specimen" error={specimen.error} texts={LOAD_TEXTS} listPath="/reference/specimens" />;
  if (!specimen.data) return <Spinner />;
  const record = specimen.data;
  const shown = record.versions.find((version) => version.version === shownVersion) ?? record.current;
  const isCurrent = shown.version === record.current.version;

  return (
    <>
      <PageHeader
        title={`${shown.qualification}`}
        description={`${format.name(record.institution)} · ${t('specimens.versionOf', { version: shown.version, count: record.current.version })}`}
        actions={
          <Button variant="primary" onPress={() => setEditing(true)}>
            {t('specimens.edit')}
          </Button>
        }
      />
      {isCurrent ? null : (
        <p className="specimen-old" role="status">
          {t('specimens.oldVersion', { version: shown.version })}{' '}
          <Button variant="quiet" onPress={() => setShownVersion(null)}>
            {t('specimens.showCurrent')}
          </Button>
        </p>
      )}
      <div className="specimen-layout">
        <section aria-labelledby="specimen-details">
          <h2 id="specimen-details">{t('specimens.details')}</h2>
          <DetailsList
            rows={[
              [t('specimens.fields.period'), t('specimens.period', { from: format.date(shown.issued_from), to: shown.issued_to ? format.date(shown.issued_to) : t('specimens.periodOpen') })],
              [t('specimens.fields.numberPattern'), <code key="pattern">{shown.number_pattern}</code>],
              [
                t('specimens.fields.securityFeatures'),
                <ul key="features" className="specimen-list">
                  {shown.security_features.map((feature) => (
                    <li key={feature}>{feature}</li>
                  ))}
                </ul>,
              ],
              [t('specimens.fields.signatories'), shown.signatories.join(', ') || '—'],
              [t('specimens.fields.notes'), shown.notes ?? '—'],
              [t('specimens.fields.savedAt'), t('specimens.savedBy', { date: format.dateTime(shown.created_at), name: shown.created_by_name ?? t('unknownPerson') })],
            ]}
          />
          {isCurrent ? (
            <PdfUpload
              label={t('specimens.uploadDocument')}
              target={{ type: 'diploma_specimen', specimen_id: record.id, version: record.current.version }}
              onSpecimenUploaded={(answer) => {
                stored(answer);
                notifySuccess('saved');
              }}
            />
          ) : null}
          {isCurrent ? (
            <>
              <FileField
                label={t('specimens.uploadImage')}
                accept={SPECIMEN_IMAGE_TYPES}
                description={t('specimens.imageHint', { size: format.fileSize(SPECIMEN_IMAGE_MAX_BYTES) })}
                isDisabled={uploadImage.isPending}
                onChoose={(file) => uploadImage.mutate({ file, version: record.current.version }, { onSuccess: () => notifySuccess('saved') })}
              />
              {imageRefusal ? <Alert tone="error" title={t('specimens.imageRefused')} onDismiss={() => uploadImage.reset()}>{imageRefusal.message}</Alert> : null}
            </>
          ) : null}
        </section>
        <section aria-labelledby="specimen-document">
          <h2 id="specimen-document">{t('specimens.fields.document')}</h2>
          {shown.file ? (
            <>
              <DownloadButton source="diploma_specimen" documentId={shown.id} fileName={shown.file.file_name} sha256={shown.file.sha256} />
              {shown.file.media_type.startsWith('image/') ? (
                <SpecimenImagePreview key={shown.id} versionId={shown.id} sha256={shown.file.sha256} label={t('specimens.previewOf', { name: shown.qualification })} />
              ) : (
              <PdfPreview request={{ source: 'diploma_specimen', document_id: shown.id, file_name: shown.file.file_name, sha256: shown.file.sha256 }} label={t('specimens.previewOf', { name: shown.qualification })} />
              )}
            </>
          ) : (
            <p>{t('specimens.noDocument')}</p>
          )}
        </section>
      </div>
      <section aria-labelledby="specimen-versions">
        <h2 id="specimen-versions">{t('specimens.versions')}</h2>
        <DataTable label={t('specimens.versionsTable')} columns={columns} rows={record.versions} rowKey={(row) => row.id} emptyText="—" />
      </section>
      {editing ? <SpecimenDialog specimen={record} onClose={() => setEditing(false)} /> : null}
    </>
  );
}
