import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Heading } from 'react-aria-components';
import type { ApplicationDetail, ApplicationDocument } from '../../../shared/api/applications';
import { hasPermission } from '../../../shared/auth/permissions';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { DataTable, type DataColumn } from '../../components/data-table';
import { DetailsList } from '../../components/details-list';
import { ActiveContentBadge } from '../../components/active-content';
import { DownloadButton } from '../../components/download-button';
import { PdfPreview } from '../../components/pdf-preview';
import { PdfUpload } from '../../components/pdf-upload';
import { Spinner } from '../../components/spinner';
import { notifySuccess } from '../../components/toast';
import { describeRefusal, translateError } from '../../lib/error-translator';
import { currentUserAtom } from '../../lib/session';
import { asTransportError } from '../../lib/transport-error';
import { useInspectorateApplication, useRefreshInspectorate, type InspectorateDecision } from './api';
import { DecisionDialog } from './decision-dialog';
import { useCountryName } from '../../lib/country-names';
import { useFormat } from '../../lib/format';

// The verification upload's refusals this screen says (a second PDF, no longer waiting, no right,
// gone); size, type and connection are the upload zone's own.
const UPLOAD_REFUSALS_SAID_HERE: ReadonlySet<number> = new Set([403, 404, 409]);
const uploadWords = (t: TFunction) => ({ 403: t('inspectorate:upload.forbidden'), 404: t('inspectorate:refusal.notFound') });

export interface VerificationPanelProps {
  applicationId: number;
  onClose(): void;
}

/** One application as the inspectorate needs it: who and what, its documents, the verification PDF and the decision. */
export function VerificationPanel({ applicationId, onClose }: VerificationPanelProps) {
  const { t } = useTranslation(['inspectorate', 'applications', 'common']);
  const detail = useInspectorateApplication(applicationId);
  const refresh = useRefreshInspectorate(applicationId);

  let body: React.ReactNode;
  if (detail.isPending) body = <Spinner label={t('common:loading')} />;
  else if (detail.isError) {
    const notFound = asTransportError(detail.error).status === 404;
    body = <Alert tone="error" title={notFound ? t('panel.notFound') : translateError(detail.error, t).message} />;
  } else body = <ApplicationVerification application={detail.data} onReload={refresh} />;

  return (
    <section className="card inspectorate-panel" aria-labelledby="inspectorate-panel-title">
      <div className="inspectorate-panel__header">
        <Heading level={2} id="inspectorate-panel-title" className="card__title">
          {detail.data ? t('panel.title', { reference: detail.data.reference, applicant: detail.data.applicant.full_name }) : t('panel.loadingTitle')}
        </Heading>
        <div className="inspectorate-panel__tools">
          <Button variant="quiet" onPress={refresh} isDisabled={detail.isFetching}>
            {t('panel.reload')}
          </Button>
          <Button variant="quiet" onPress={onClose}>
            {t('panel.close')}
          </Button>
        </div>
      </div>
      {body}
    </section>
  );
}

function ApplicationVerification({ application, onReload }: { application: ApplicationDetail; onReload(): void }) {
  const { t } = useTranslation(['inspectorate', 'applications', 'common']);
  const format = useFormat();
  const country = useCountryName();
  const user = useAtomValue(currentUserAtom);
  const [deciding, setDeciding] = useState<InspectorateDecision | null>(null);
  const { date, dateTime } = format;
  const verificationDocument = application.documents.find((document) => document.id === application.inspectorate_document_id) ?? null;
  const pending = application.status === 'inspectorate_pending';
  const mayUpload = pending && verificationDocument === null && hasPermission(user, 'inspectorate.upload_verification');
  const mayApprove = application.allowed_actions.some((move) => move.action === 'inspectorate_approve');
  const mayReject = application.allowed_actions.some((move) => move.action === 'inspectorate_reject');
  const otherDocuments = application.documents.filter((document) => document.id !== verificationDocument?.id);
  const education = application.education;
  const { inspectorate } = application;

  return (
    <>
      <p className="detail-header">
        <span className={`badge badge--${application.status === 'inspectorate_verified' ? 'success' : application.status === 'inspectorate_rejected' ? 'danger' : 'info'}`}>
          {t(`applications:status.${application.status}`)}
        </span>
        <span>{t('panel.service', { service: format.name(application.service) })}</span>
      </p>
      <DetailsList
        rows={[
          [t('panel.applicant'), application.applicant.full_name],
          [t('panel.personalId'), application.applicant.personal_id],
          [t('panel.institution'), education?.institution_name ?? application.institution_name],
          [t('panel.country'), country(education?.institution_country ?? application.institution_country)],
          [t('panel.programme'), education?.program_name],
          [t('panel.degreeLevel'), education?.degree_level ? t(`applications:degreeLevel.${education.degree_level}`) : null],
          [t('panel.graduationDate'), date(education?.graduation_date ?? null)],
          [t('panel.submitted'), date(application.submitted_at)],
          [t('panel.deadline'), date(application.deadline)],
        ]}
      />

      <Heading level={3}>{t('panel.documentsTitle')}</Heading>
      {otherDocuments.length === 0 ? <p>{t('panel.noDocuments')}</p> : <DocumentTable documents={otherDocuments} date={date} />}

      <Heading level={3}>{t('panel.verificationTitle')}</Heading>
      {inspectorate && !pending ? (
        <div role="group" aria-label={t('panel.decisionLabel')}>
          <Alert tone={inspectorate.outcome === 'verified' ? 'success' : 'warning'} title={t(`panel.outcome.${inspectorate.outcome}`)}>
            {t('panel.decidedBy', { by: inspectorate.verified_by?.full_name ?? t('panel.unknownPerson'), date: dateTime(inspectorate.verified_at) })}
          </Alert>
          <DetailsList rows={[[t('panel.decisionNotes'), inspectorate.notes]]} />
        </div>
      ) : null}
      {verificationDocument ? (
        <VerificationDocument document={verificationDocument} date={dateTime} />
      ) : pending ? (
        <p>{t('panel.noVerificationDocument')}</p>
      ) : null}
      {mayUpload ? (
        <PdfUpload
          key={application.id}
          label={t('upload.label')}
          target={{ type: 'inspectorate_document', application_id: application.id }}
          onUploaded={(document) => {
            notifySuccess('uploaded', t('upload.done', { name: document.file_name }));
            onReload();
          }}
          describeError={(error) => (UPLOAD_REFUSALS_SAID_HERE.has(asTransportError(error).status ?? 0) ? describeRefusal(error, t, uploadWords(t)).message : null)}
        />
      ) : null}

      {mayApprove || mayReject ? (
        <div className="action-list" role="group" aria-label={t('panel.decisionActions')}>
          {mayApprove ? (
            <Button variant="primary" isDisabled={verificationDocument === null} onPress={() => setDeciding('inspectorate_approve')}>
              {t('decision.approve')}
            </Button>
          ) : null}
          {mayReject ? (
            <Button variant="danger" onPress={() => setDeciding('inspectorate_reject')}>
              {t('decision.reject')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {mayApprove && verificationDocument === null ? <p className="field__description">{t('decision.uploadFirst')}</p> : null}
      {pending && !mayApprove && !mayReject ? <p>{t('panel.noDecisionRight')}</p> : null}

      {deciding ? (
        <DecisionDialog
          application={application}
          decision={deciding}
          onReload={onReload}
          onClose={(done) => {
            setDeciding(null);
            if (done) notifySuccess('updated', t(deciding === 'inspectorate_reject' ? 'decision.rejected' : 'decision.approved', { reference: application.reference }));
          }}
        />
      ) : null}
    </>
  );
}

function VerificationDocument({ document, date }: { document: ApplicationDocument; date(value: string): string }) {
  const { t } = useTranslation('inspectorate');
  const [previewing, setPreviewing] = useState(false);
  return (
    <div className="inspectorate-panel__document">
      <p>
        {t('panel.verificationDocument', { name: document.file_name, date: date(document.uploaded_at) })} <ActiveContentBadge kinds={document.active_content} />
      </p>
      {document.has_file ? (
        <>
          <div className="action-list">
            <Button variant="quiet" aria-pressed={previewing} onPress={() => setPreviewing((value) => !value)}>
              {t(previewing ? 'panel.hidePreview' : 'panel.preview')}
            </Button>
            <DownloadButton documentId={document.id} fileName={document.file_name} sha256={document.sha256} action="open" label={t('panel.open')} variant="quiet" activeContent={document.active_content} />
            <DownloadButton documentId={document.id} fileName={document.file_name} sha256={document.sha256} label={t('panel.save')} variant="quiet" />
          </div>
          {previewing ? (
            <PdfPreview
              request={{ source: 'document', document_id: document.id, file_name: document.file_name, sha256: document.sha256 }}
              label={t('panel.previewOf', { name: document.file_name })}
            />
          ) : null}
        </>
      ) : (
        <p>{t('panel.noFile')}</p>
      )}
    </div>
  );
}

function DocumentTable({ documents, date }: { documents: readonly ApplicationDocument[]; date(value: string | null): string }) {
  const { t } = useTranslation(['inspectorate', 'applications']);
  const columns: DataColumn<ApplicationDocument>[] = [
    {
      id: 'file',
      kind: 'text',
      title: t('panel.file'),
      isRowHeader: true,
      render: (document) => (
        <>
          {document.file_name} <ActiveContentBadge kinds={document.active_content} />
        </>
      ),
      text: (document) => document.file_name,
    },
    { id: 'type', kind: 'text', title: t('panel.documentType'), render: (document) => t(`applications:documentType.${document.document_type}`) },
    { id: 'uploaded', kind: 'date', title: t('panel.uploaded'), width: '7rem', render: (document) => date(document.uploaded_at) },
    {
      id: 'fileActions',
      kind: 'actions',
      title: t('panel.fileActions'),
      width: '11rem',
      wraps: true,
      render: (document) =>
        document.has_file ? (
          <div className="action-list">
            <DownloadButton
              documentId={document.id}
              fileName={document.file_name}
              sha256={document.sha256}
              action="open"
              label={t('panel.openFile', { name: document.file_name })}
              variant="quiet"
              activeContent={document.active_content}
            />
            <DownloadButton documentId={document.id} fileName={document.file_name} sha256={document.sha256} label={t('panel.saveFile', { name: document.file_name })} variant="quiet" />
          </div>
        ) : (
          t('panel.noFile')
        ),
    },
  ];
  return <DataTable label={t('panel.documentsTitle')} columns={columns} rows={documents} rowKey={(document) => document.id} />;
}
