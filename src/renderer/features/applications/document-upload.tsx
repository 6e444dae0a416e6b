import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_TYPES, type DocumentType } from '../../../shared/document-types';
import { DOCUMENT_KINDS, type DocumentKind } from '../../../shared/domain/application-status';
import { PdfUpload } from '../../components/pdf-upload';
import { SelectField } from '../../components/select-field';

/** Adds a PDF to the application: its type and kind, then the file (dialog or drop), streamed with progress. */
export function DocumentUpload({ applicationId, onUploaded }: { applicationId: number; onUploaded(): void }) {
  const { t } = useTranslation('applications');
  const [documentType, setDocumentType] = useState<DocumentType>('original_diploma');
  const [kind, setKind] = useState<DocumentKind>('original');
  return (
    <section className="card" aria-label={t('detail.uploadTitle')}>
      <div className="filter-bar">
        <SelectField
          label={t('detail.fields.type')}
          value={documentType}
          options={DOCUMENT_TYPES.filter((type) => type !== 'verification_request').map((type) => ({ value: type, label: t(`documentType.${type}`) }))}
          onChange={(value) => setDocumentType(value as DocumentType)}
        />
        <SelectField
          label={t('detail.fields.kind')}
          value={kind}
          options={DOCUMENT_KINDS.map((k) => ({ value: k, label: t(`documentKind.${k}`) }))}
          onChange={(value) => setKind(value as DocumentKind)}
        />
      </div>
      <PdfUpload target={{ type: 'application_document', application_id: applicationId, document_type: documentType, kind }} onUploaded={onUploaded} label={t('detail.uploadLabel')} />
    </section>
  );
}
