import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Button as AriaButton } from 'react-aria-components';
import type { ApplicationDetail } from '../../../shared/api/applications';
import type { SpecimenComparison } from '../../../shared/api/diploma-specimens';
import { mayVerifyAuthenticity } from '../../../shared/auth/permissions';
import { DataTable, type DataColumn } from '../../components/data-table';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { Dialog } from '../../components/dialog';
import { ActiveContentBadge } from '../../components/active-content';
import { DownloadButton } from '../../components/download-button';
import { PdfPreview } from '../../components/pdf-preview';
import { SpecimenComparisonDialog } from '../../components/specimen-comparison';
import { useFormat } from '../../lib/format';
import { currentUserAtom } from '../../lib/session';
import { useApplicationSpecimens } from '../../lib/specimen-api';
import { DocumentUpload } from './document-upload';
import './applications.css';

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
  const [compared, setCompared] = useState<number | null>(null);
  const verifies = mayVerifyAuthenticity(useAtomValue(currentUserAtom));
  // The specimens of the application's institution and the comparisons made: for those who establish authenticity.
  const specimens = useApplicationSpecimens(application.id, verifies);
  const matching = specimens.data?.specimens ?? [];
  const comparisons = specimens.data?.comparisons ?? [];
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
  const comparing = application.documents.find((document) => document.id === compared && document.has_file) ?? null;

  const fileActions = (document: ApplicationDocument) =>
    document.has_file ? (
      <div className="action-list">
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
    width: '2.5rem',
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
      // The file's name opens its preview (a button named "Preview: name"): the row needs no
      // separate Preview button, which left the names too little room at 1280 px.
      render: (document) => (
        <>
          {document.has_file ? (
            <AriaButton className="document-name" aria-label={`${t('detail.preview')}: ${document.file_name}`} onPress={() => setPreviewed(document.id)}>
              <span className="document-name__text">{document.file_name}</span>
            </AriaButton>
          ) : (
            document.file_name
          )}{' '}
          <ActiveContentBadge kinds={document.active_content} />
        </>
      ),
      text: (document) => document.file_name,
    },
    // The type wraps to a second line rather than being cut to a few letters.
    { id: 'type', kind: 'text', title: t('detail.fields.type'), wraps: true, render: (document) => t(`documentType.${document.document_type}`) },
    // Original, copy or translation: a short category, as whole as a status.
    { id: 'kind', kind: 'status', title: t('detail.fields.kind'), render: (document) => t(`documentKind.${document.kind}`) },
    { id: 'uploaded', kind: 'date', title: t('detail.fields.uploaded'), render: (document) => date(document.uploaded_at) },
    { id: 'status', kind: 'status', title: t('detail.fields.documentStatus'), render: (document) => t(`documentStatus.${document.status}`) },
    {
      id: 'review',
      kind: 'text',
      title: t('detail.fields.reviewNotes'),
      // Review notes can be long: they wrap, whole, and an unreviewed document's dash takes no room.
      wraps: true,
      render: (document) =>
        [document.reviewed_at ? t('detail.reviewedBy', { by: document.reviewed_by?.full_name ?? '—', date: date(document.reviewed_at) }) : '', document.review_notes ?? '']
          .filter(Boolean)
          .join(' · ') || '—',
    },
    ...(comparisons.length > 0
      ? [{ id: 'specimenCheck', kind: 'text' as const, title: t('detail.fields.specimenCheck'), wraps: true, render: (document: ApplicationDocument) => <LatestComparison comparison={comparisons.find((row) => row.document_id === document.id)} /> }]
      : []),
    { id: 'fileActions', kind: 'actions', title: t('detail.fields.fileActions'), render: fileActions },
    ...(mayReview ? [{ id: 'reviewActions', kind: 'actions' as const, title: t('detail.actions'), render: reviewButtons }] : []),
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
        <div className="documents-table">
          <DataTable label={t('detail.tabs.documents')} columns={columns} rows={application.documents} rowKey={(document) => document.id} />
        </div>
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
          {shown && matching.length > 0 ? (
            <Button
              variant="secondary"
              onPress={() => {
                setCompared(shown.id);
                setPreviewed(null);
              }}
            >
              {t('detail.compareWithSpecimen')}
            </Button>
          ) : null}
          <Button onPress={() => setPreviewed(null)}>{t('detail.closePreview')}</Button>
        </div>
      </Dialog>
      {comparing ? <SpecimenComparisonDialog applicationId={application.id} document={comparing} specimens={matching} onClose={() => setCompared(null)} /> : null}
    </>
  );
}

/** The document's latest comparison with a specimen: features found, the number's check, who and when. */
function LatestComparison({ comparison }: { comparison: SpecimenComparison | undefined }) {
  const { t } = useTranslation('applications');
  const format = useFormat();
  if (!comparison) return <>—</>;
  const found = comparison.features.filter((feature) => feature.present).length;
  const number = comparison.number_matches === null ? t('detail.specimenNoNumber') : comparison.number_matches ? t('detail.specimenNumberMatches', { number: comparison.number_typed }) : t('detail.specimenNumberDiffers', { number: comparison.number_typed });
  return (
    <>
      {t('detail.specimenFeatures', { found, count: comparison.features.length, version: comparison.specimen_version })} · {number} ·{' '}
      {t('detail.specimenComparedBy', { name: comparison.compared_by_name ?? '—', date: format.dateTime(comparison.compared_at) })}
    </>
  );
}
