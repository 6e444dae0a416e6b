import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TEMPLATE_KINDS, type TemplateLanguage } from '../../../shared/api/issuance';
import { Button } from '../../components/button';
import { DataTable, type DataColumn } from '../../components/data-table';
import { Dialog } from '../../components/dialog';
import { PageHeader } from '../../components/page-header';
import { PdfPreview } from '../../components/pdf-preview';
import { Spinner } from '../../components/spinner';
import { useDocumentTemplates } from './api';
import { LoadError } from './list-controls';
import { TemplateVersionDialog } from './template-version-dialog';
import { templateSlots, type DocumentTemplate, type TemplateKind, type TemplateSlot } from './templates';
import './documents.css';

type OpenDialog =
  | { name: 'new'; kind: TemplateKind; language: TemplateLanguage }
  | { name: 'versions'; kind: TemplateKind; language: TemplateLanguage }
  | { name: 'preview'; template: DocumentTemplate };

/**
 * Document templates (route /documents/templates): the active template of each kind in each
 * language, its earlier versions, a preview of any version as the PDF it makes, and new versions.
 */
export function DocumentTemplatesScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['documents', 'nav', 'common']);
  const templates = useDocumentTemplates();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const slots = templateSlots(templates.data ?? []);

  let body: React.ReactNode;
  if (templates.isError) body = <LoadError title={t('templates.couldNotLoad')} error={templates.error} onRetry={() => void templates.refetch()} />;
  else if (!templates.data) body = <Spinner label={t('common:loading')} />;
  else
    body = TEMPLATE_KINDS.map((kind) => (
      <section key={kind} className="template-kind" aria-labelledby={`template-kind-${kind}`}>
        <h2 id={`template-kind-${kind}`}>{t(`kinds.${kind}`)}</h2>
        <TemplateTable slots={slots.filter((slot) => slot.kind === kind)} onOpen={setDialog} />
      </section>
    ));

  const close = () => setDialog(null);
  const versionsSlot = dialog?.name === 'versions' ? slots.find((slot) => slot.kind === dialog.kind && slot.language === dialog.language) : undefined;
  return (
    <>
      <PageHeader
        title={t(titleKey, { ns: 'nav' })}
        description={t('templates.description')}
        actions={
          templates.data ? (
            <Button variant="primary" onPress={() => setDialog({ name: 'new', kind: 'verification_document', language: 'sq' })}>
              {t('templates.newVersion')}
            </Button>
          ) : undefined
        }
      />
      {body}
      {dialog?.name === 'new' ? <TemplateVersionDialog slots={slots} kind={dialog.kind} language={dialog.language} onClose={close} /> : null}
      {versionsSlot ? <VersionsDialog slot={versionsSlot} onClose={close} /> : null}
      {dialog?.name === 'preview' ? (
        <Dialog isOpen onOpenChange={(open) => !open && close()} title={previewTitle(dialog.template, t)}>
          <div className="documents-wide-dialog">
            <TemplatePreview template={dialog.template} />
          </div>
          <div className="dialog__actions">
            <Button onPress={close}>{t('close')}</Button>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}

function previewTitle(template: DocumentTemplate, t: ReturnType<typeof useTranslation>['t']): string {
  return t('templates.previewTitle', { kind: t(`kinds.${template.kind}`), language: t(`languages.${template.language}`), version: template.version });
}

function TemplatePreview({ template }: { template: DocumentTemplate }) {
  const { t } = useTranslation('documents');
  return (
    <>
      <p className="template-preview__note">{t('templates.previewNote')}</p>
      <PdfPreview request={{ source: 'template_preview', document_id: template.id, file_name: 'template-preview.pdf' }} label={previewTitle(template, t)} />
    </>
  );
}

function uploadedBy(template: DocumentTemplate, t: ReturnType<typeof useTranslation>['t']): string {
  return template.uploaded_by?.full_name ?? t('templates.system');
}

/** One kind: a row per language with its active version. */
function TemplateTable({ slots, onOpen }: { slots: TemplateSlot[]; onOpen(dialog: OpenDialog): void }) {
  const { t, i18n } = useTranslation('documents');
  const when = (value: string) => new Date(value).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const name = (slot: TemplateSlot) => ({ kind: t(`kinds.${slot.kind}`), language: t(`languages.${slot.language}`) });
  const columns: DataColumn<TemplateSlot>[] = [
    { id: 'language', title: t('templates.columns.language'), isRowHeader: true, render: (slot) => t(`languages.${slot.language}`) },
    { id: 'version', title: t('templates.columns.version'), render: (slot) => (slot.active ? t('templates.versionNumber', { version: slot.active.version }) : t('templates.none')) },
    { id: 'title', title: t('templates.columns.title'), render: (slot) => slot.active?.title ?? '—' },
    { id: 'uploadedBy', title: t('templates.columns.uploadedBy'), render: (slot) => (slot.active ? uploadedBy(slot.active, t) : '—') },
    { id: 'uploadedAt', title: t('templates.columns.uploadedAt'), render: (slot) => (slot.active ? when(slot.active.created_at) : '—') },
    {
      id: 'actions',
      title: t('templates.columns.actions'),
      render: (slot) => (
        <div className="template-actions">
          {slot.active ? (
            <Button variant="quiet" aria-label={t('templates.previewOf', name(slot))} onPress={() => onOpen({ name: 'preview', template: slot.active! })}>
              {t('templates.preview')}
            </Button>
          ) : null}
          <Button variant="quiet" aria-label={t('templates.versionsOf', { ...name(slot), count: slot.versions.length })} isDisabled={slot.versions.length === 0} onPress={() => onOpen({ name: 'versions', kind: slot.kind, language: slot.language })}>
            {t('templates.versions', { count: slot.versions.length })}
          </Button>
          <Button variant="quiet" aria-label={t('templates.newVersionOf', name(slot))} onPress={() => onOpen({ name: 'new', kind: slot.kind, language: slot.language })}>
            {t('templates.newVersion')}
          </Button>
        </div>
      ),
    },
  ];
  return <DataTable label={t(`kinds.${slots[0]!.kind}`)} columns={columns} rows={slots} rowKey={(slot) => `${slot.kind}-${slot.language}`} />;
}

/** Every version of one kind in one language, newest first; any of them can be previewed here. */
function VersionsDialog({ slot, onClose }: { slot: TemplateSlot; onClose(): void }) {
  const { t, i18n } = useTranslation('documents');
  const [previewed, setPreviewed] = useState<DocumentTemplate | null>(null);
  const when = (value: string) => new Date(value).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const columns: DataColumn<DocumentTemplate>[] = [
    { id: 'version', title: t('templates.columns.version'), isRowHeader: true, render: (template) => t('templates.versionNumber', { version: template.version }) },
    { id: 'title', title: t('templates.columns.title'), render: (template) => template.title },
    { id: 'state', title: t('templates.columns.state'), render: (template) => (template.active ? <span className="badge badge--success">{t('templates.active')}</span> : t('templates.earlier')) },
    { id: 'uploadedBy', title: t('templates.columns.uploadedBy'), render: (template) => uploadedBy(template, t) },
    { id: 'uploadedAt', title: t('templates.columns.uploadedAt'), render: (template) => when(template.created_at) },
    {
      id: 'actions',
      title: t('templates.columns.actions'),
      render: (template) => (
        <Button variant="quiet" aria-label={t('templates.previewVersion', { version: template.version })} onPress={() => setPreviewed(template)}>
          {t('templates.preview')}
        </Button>
      ),
    },
  ];
  return (
    <Dialog isOpen onOpenChange={(open) => !open && onClose()} title={t('templates.versionsTitle', { kind: t(`kinds.${slot.kind}`), language: t(`languages.${slot.language}`) })}>
      <div className="documents-wide-dialog">
        <DataTable label={t('templates.versionsTable')} columns={columns} rows={slot.versions} rowKey={(template) => template.id} />
        {previewed ? <TemplatePreview key={previewed.id} template={previewed} /> : null}
      </div>
      <div className="dialog__actions">
        <Button onPress={onClose}>{t('close')}</Button>
      </div>
    </Dialog>
  );
}
