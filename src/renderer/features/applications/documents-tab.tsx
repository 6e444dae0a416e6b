import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationDetail } from '../../../shared/api/applications';
import { Button } from '../../components/button';
import { DownloadButton } from '../../components/download-button';
import { PdfPreview } from '../../components/pdf-preview';
import { DocumentUpload } from './document-upload';

type ReviewAction = 'approve_document' | 'reject_document';

export interface DocumentsTabProps {
  application: ApplicationDetail;
  mayUpload: boolean;
  /** The review actions the user may take now (from the detail's allowed actions). */
  reviewActions: readonly ReviewAction[];
  onUploaded(): void;
  onReview(action: ReviewAction, documentId: number): void;
  date(value: string | null): string;
}

/** The application's documents: upload, preview in the app, open or save, and review (verified / rejected with notes). */
export function DocumentsTab({ application, mayUpload, reviewActions, onUploaded, onReview, date }: DocumentsTabProps) {
  const { t } = useTranslation('applications');
  const [previewed, setPreviewed] = useState<number | null>(null);
  const mayReview = reviewActions.length > 0;
  const shown = application.documents.find((document) => document.id === previewed && document.has_file) ?? null;

  return (
    <>
      {mayUpload ? <DocumentUpload applicationId={application.id} onUploaded={onUploaded} /> : null}
      {application.documents.length === 0 ? (
        <p>{t('detail.noDocuments')}</p>
      ) : (
        <table className="data-table__table" aria-label={t('detail.tabs.documents')}>
          <thead>
            <tr>
              <th>{t('detail.fields.file')}</th>
              <th>{t('detail.fields.type')}</th>
              <th>{t('detail.fields.kind')}</th>
              <th>{t('detail.fields.uploaded')}</th>
              <th>{t('detail.fields.documentStatus')}</th>
              <th>{t('detail.fields.fileActions')}</th>
              {mayReview ? <th>{t('detail.actions')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {application.documents.map((document) => (
              <tr key={document.id}>
                <td>{document.file_name}</td>
                <td>{t(`documentType.${document.document_type}`)}</td>
                <td>{t(`documentKind.${document.kind}`)}</td>
                <td>{date(document.uploaded_at)}</td>
                <td>
                  {t(`documentStatus.${document.status}`)}
                  {document.reviewed_at ? (
                    <div className="timeline__meta">{t('detail.reviewedBy', { by: document.reviewed_by?.full_name ?? '—', date: date(document.reviewed_at) })}</div>
                  ) : null}
                  {document.review_notes ? <div>{document.review_notes}</div> : null}
                </td>
                <td>
                  {document.has_file ? (
                    <>
                      <Button
                        variant="quiet"
                        aria-pressed={previewed === document.id}
                        aria-label={`${t(previewed === document.id ? 'detail.hidePreview' : 'detail.preview')}: ${document.file_name}`}
                        onPress={() => setPreviewed((current) => (current === document.id ? null : document.id))}
                      >
                        {t(previewed === document.id ? 'detail.hidePreview' : 'detail.preview')}
                      </Button>
                      <DownloadButton documentId={document.id} fileName={document.file_name} sha256={document.sha256} action="open" label={t('detail.openFile')} variant="quiet" />
                      <DownloadButton documentId={document.id} fileName={document.file_name} sha256={document.sha256} label={t('detail.saveFile')} variant="quiet" />
                    </>
                  ) : (
                    t('detail.noFile')
                  )}
                </td>
                {mayReview ? (
                  <td>
                    {reviewActions.includes('approve_document') && document.status !== 'verified' ? (
                      <Button variant="quiet" aria-label={`${t('action.approve_document')}: ${document.file_name}`} onPress={() => onReview('approve_document', document.id)}>
                        {t('action.approve_document')}
                      </Button>
                    ) : null}
                    {reviewActions.includes('reject_document') && document.status !== 'rejected' ? (
                      <Button variant="quiet" aria-label={`${t('action.reject_document')}: ${document.file_name}`} onPress={() => onReview('reject_document', document.id)}>
                        {t('action.reject_document')}
                      </Button>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {shown ? (
        <PdfPreview
          key={shown.id}
          request={{ source: 'document', document_id: shown.id, file_name: shown.file_name, sha256: shown.sha256 }}
          label={t('detail.previewOf', { name: shown.file_name })}
        />
      ) : null}
    </>
  );
}
