import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationDetail } from '../../../shared/api/applications';
import { DataTable, type DataColumn } from '../../components/data-table';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { Dialog } from '../../components/dialog';
import { ActiveContentBadge } from '../../components/active-content';
import { DownloadButton } from '../../components/download-button';
import { PdfPreview } from '../../components/pdf-preview';
import { DocumentUpload } from './document-upload';

type ReviewAction = 'approve_document' | 'reject_document';
type ApplicationDocument = ApplicationDetail['documents'][number];

export interface DocumentsTabProps {
  application: ApplicationDetail;
  mayUpload: boolean;
  /** The review actions the user may take now (from the detail's allowed actions). */
  reviewActions: readonly ReviewAction[];
  onUploaded(): void;
  /** Opens the confirmation of a review of these documents (one, or several selected). */
  onReview(action: ReviewAction, documents: readonly ApplicationDocument[]): void;
  date(value: string | null): string;
}

/** The application's documents: upload, preview in the app, open or save, and review (verified / rejected with notes). */
export function DocumentsTab({ application, mayUpload, reviewActions, onUploaded, onReview, date }: DocumentsTabProps) {
  const { t } = useTranslation('applications');
  const [previewed, setPreviewed] = useState<number | null>(null);
  // The selection belongs to the version it was made on: after a review (or anyone's change) it starts empty.
  const [selection, setSelection] = useState<{ version: number; ids: ReadonlySet<number> }>({ version: application.version, ids: new Set() });
  const selectedIds = selection.version === application.version ? selection.ids : new Set<number>();
  const selected = application.documents.filter((document) => selectedIds.has(document.id));
  const select = (ids: Iterable<number>) => setSelection({ version: application.version, ids: new Set(ids) });
  const toggle = (id: number, on: boolean) => select(on ? [...selectedIds, id] : [...selectedIds].filter((other) => other !== id));
  const mayReview = reviewActions.length > 0;
  // What each bulk button would act on: the selected documents not already in that status.
  const toApprove = selected.filter((document) => document.status !== 'verified');
  const toReject = selected.filter((document) => document.status !== 'rejected');
  const shown = application.documents.find((document) => document.id === previewed && document.has_file) ?? null;

  const fileActions = (document: ApplicationDocument) =>
    document.has_file ? (
      <div className="action-list">
        <Button variant="quiet" aria-label={`${t('detail.preview')}: ${document.file_name}`} onPress={() => setPreviewed(document.id)}>
          {t('detail.preview')}
        </Button>
        <DownloadButton
          documentId={document.id}
          fileName={document.file_name}
          sha256={document.sha256}
          action="open"
          label={t('detail.openFile')}
          variant="quiet"
          activeContent={document.active_content}
        />
        <DownloadButton documentId={document.id} fileName={document.file_name} sha256={document.sha256} label={t('detail.saveFile')} variant="quiet" />
      </div>
    ) : (
      t('detail.noFile')
    );
  const reviewButtons = (document: ApplicationDocument) => (
    <div className="action-list">
      {reviewActions.includes('approve_document') && document.status !== 'verified' ? (
        <Button variant="quiet" aria-label={`${t('action.approve_document')}: ${document.file_name}`} onPress={() => onReview('approve_document', [document])}>
          {t('action.approve_document')}
        </Button>
      ) : null}
      {reviewActions.includes('reject_document') && document.status !== 'rejected' ? (
        <Button variant="quiet" aria-label={`${t('action.reject_document')}: ${document.file_name}`} onPress={() => onReview('reject_document', [document])}>
          {t('action.reject_document')}
        </Button>
      ) : null}
    </div>
  );
  const selectColumn: DataColumn<ApplicationDocument> = {
    id: 'select',
    kind: 'actions',
    title: t('detail.selectColumn'),
    width: '4.5rem',
    wraps: true,
    render: (document) => (
      <Checkbox isSelected={selectedIds.has(document.id)} onChange={(on) => toggle(document.id, on)}>
        <span className="visually-hidden">{t('detail.selectDocument', { name: document.file_name })}</span>
      </Checkbox>
    ),
  };
  const columns: DataColumn<ApplicationDocument>[] = [
    ...(mayReview ? [selectColumn] : []),
    {
      id: 'file',
      kind: 'text',
      title: t('detail.fields.file'),
      isRowHeader: true,
      render: (document) => (
        <>
          {document.file_name} <ActiveContentBadge kinds={document.active_content} />
        </>
      ),
      text: (document) => document.file_name,
    },
    { id: 'type', kind: 'text', title: t('detail.fields.type'), render: (document) => t(`documentType.${document.document_type}`) },
    { id: 'kind', kind: 'text', title: t('detail.fields.kind'), width: '8rem', render: (document) => t(`documentKind.${document.kind}`) },
    { id: 'uploaded', kind: 'date', title: t('detail.fields.uploaded'), width: '7rem', render: (document) => date(document.uploaded_at) },
    { id: 'status', kind: 'status', title: t('detail.fields.documentStatus'), render: (document) => t(`documentStatus.${document.status}`) },
    {
      id: 'review',
      kind: 'text',
      title: t('detail.fields.reviewNotes'),
      // Review notes can be long: the reviewer, date and notes come whole in the tooltip.
      render: (document) =>
        [document.reviewed_at ? t('detail.reviewedBy', { by: document.reviewed_by?.full_name ?? '—', date: date(document.reviewed_at) }) : '', document.review_notes ?? '']
          .filter(Boolean)
          .join(' · ') || '—',
    },
    { id: 'fileActions', kind: 'actions', title: t('detail.fields.fileActions'), width: '15rem', wraps: true, render: fileActions },
    ...(mayReview ? [{ id: 'reviewActions', kind: 'actions' as const, title: t('detail.actions'), width: '13rem', wraps: true, render: reviewButtons }] : []),
  ];

  return (
    <>
      {mayUpload ? <DocumentUpload applicationId={application.id} onUploaded={onUploaded} /> : null}
      {mayReview && application.documents.length > 1 ? (
        <div className="document-selection" role="group" aria-label={t('detail.selectionLabel')}>
          <Checkbox
            isSelected={selected.length === application.documents.length}
            isIndeterminate={selected.length > 0 && selected.length < application.documents.length}
            onChange={(on) => select(on ? application.documents.map((document) => document.id) : [])}
          >
            {t('detail.selectedDocuments', { count: selected.length })}
          </Checkbox>
          {reviewActions.includes('approve_document') ? (
            <Button isDisabled={toApprove.length === 0} onPress={() => onReview('approve_document', toApprove)}>
              {t('detail.approveSelected')}
            </Button>
          ) : null}
          {reviewActions.includes('reject_document') ? (
            <Button variant="danger" isDisabled={toReject.length === 0} onPress={() => onReview('reject_document', toReject)}>
              {t('detail.rejectSelected')}
            </Button>
          ) : null}
          {selected.length > 0 ? (
            <Button variant="quiet" onPress={() => select([])}>
              {t('detail.clearSelection')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {application.documents.length === 0 ? (
        <p>{t('detail.noDocuments')}</p>
      ) : (
        <DataTable
          label={t('detail.tabs.documents')}
          columns={columns}
          rows={application.documents}
          rowKey={(document) => document.id}
        />
      )}
      {/* The preview opens over the list, named after its document, rather than below the whole table. */}
      <Dialog isOpen={shown !== null} onOpenChange={(open) => (open ? undefined : setPreviewed(null))} title={shown?.file_name ?? ''} size="wide">
        {shown ? (
          <PdfPreview
            key={shown.id}
            request={{ source: 'document', document_id: shown.id, file_name: shown.file_name, sha256: shown.sha256 }}
            label={t('detail.previewOf', { name: shown.file_name })}
          />
        ) : null}
        <div className="dialog__actions">
          <Button onPress={() => setPreviewed(null)}>{t('detail.closePreview')}</Button>
        </div>
      </Dialog>
    </>
  );
}
