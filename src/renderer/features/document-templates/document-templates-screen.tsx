import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Heading } from 'react-aria-components';
import { TEMPLATE_KINDS, TEMPLATE_LANGUAGES, type DocumentTemplate, type TemplateLanguage } from '../../../shared/api/issuance';
import { DataTable, type DataColumn } from '../../components/data-table';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { PageHeader } from '../../components/page-header';
import { PdfPreview } from '../../components/pdf-preview';
import { Spinner } from '../../components/spinner';
import { isAccessDenied, translateError } from '../../lib/error-translator';
import { useDocumentTemplates } from './api';
import { TemplateVersionDialog } from './template-version-dialog';
import { useFormat } from '../../lib/format';

/**
 * Document templates (route /documents/templates): the active version of each template per
 * language, its earlier versions, a preview rendered with sample data, and new versions.
 */
export function DocumentTemplatesScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['templates', 'nav', 'common']);
  const format = useFormat();
  const templates = useDocumentTemplates();
  const [previewed, setPreviewed] = useState<number | null>(null);
  const [editing, setEditing] = useState<DocumentTemplate | null>(null);
  const [history, setHistory] = useState<string | null>(null);
  const date = format.dateTime;

  const header = <PageHeader title={t(titleKey, { ns: 'nav' })} description={t('description')} />;
  if (templates.isPending) return <Spinner label={t('common:loading')} />;
  if (templates.isError) {
    const denied = isAccessDenied(templates.error);
    // The heading stays: the page still says where the person is when the list cannot be read.
    return (
      <>
        {header}
        <Alert tone="error" title={denied ? t('common:noAccess.templates') : t('common:couldNotLoad')}>
          {denied ? t('common:noAccess.hint') : translateError(templates.error, t).message}
        </Alert>
      </>
    );
  }

  const versionsOf = (kind: string, language: string) =>
    templates.data.filter((template) => template.kind === kind && template.language === language).sort((a, b) => b.version - a.version);
  const shown = templates.data.find((template) => template.id === previewed) ?? null;

  const previewButton = (template: DocumentTemplate, name: string) => (
    <Button variant="quiet" aria-pressed={previewed === template.id} aria-label={`${t(previewed === template.id ? 'hidePreview' : 'preview')}: ${name}`} onPress={() => setPreviewed((id) => (id === template.id ? null : template.id))}>
      {t(previewed === template.id ? 'hidePreview' : 'preview')}
    </Button>
  );

  // One row per language: the version in use, or a note that none exists yet.
  const columnsOf = (kind: (typeof TEMPLATE_KINDS)[number]): DataColumn<TemplateLanguage>[] => {
    const activeOf = (language: TemplateLanguage) => {
      const versions = versionsOf(kind, language);
      return { versions, active: versions.find((template) => template.active) ?? versions[0] };
    };
    return [
      { id: 'language', kind: 'text', title: t('language'), isRowHeader: true, width: '9rem', render: (language) => t(`languages.${language}`) },
      { id: 'title', kind: 'text', title: t('titleField'), render: (language) => activeOf(language).active?.title ?? t('missing') },
      {
        id: 'version',
        kind: 'text',
        title: t('version'),
        width: '8rem',
        render: (language) => {
          const { active, versions } = activeOf(language);
          return active ? t('versionOf', { version: active.version, versions: versions.length }) : '—';
        },
      },
      {
        id: 'uploaded',
        kind: 'date',
        title: t('uploaded'),
        render: (language) => {
          const { active } = activeOf(language);
          return active ? `${date(active.created_at)}${active.uploaded_by ? ` · ${active.uploaded_by.full_name}` : ''}` : '—';
        },
      },
      {
        id: 'actions',
        kind: 'actions',
        title: t('actions'),
        width: '22rem',
        wraps: true,
        render: (language) => {
          const { active, versions } = activeOf(language);
          if (!active) return null;
          const name = `${t(`kinds.${kind}`)}, ${t(`languages.${language}`)}`;
          const key = `${kind}:${language}`;
          return (
            <>
              <div className="action-list">
                {previewButton(active, name)}
                <Button variant="quiet" aria-label={`${t('newVersion')}: ${name}`} onPress={() => setEditing(active)}>
                  {t('newVersion')}
                </Button>
                {versions.length > 1 ? (
                  <Button variant="quiet" aria-expanded={history === key} aria-label={`${t('earlierVersions')}: ${name}`} onPress={() => setHistory((open) => (open === key ? null : key))}>
                    {t('earlierVersions')}
                  </Button>
                ) : null}
              </div>
              {history === key ? (
                <ul aria-label={`${t('earlierVersions')}: ${name}`}>
                  {versions
                    .filter((template) => template.id !== active.id)
                    .map((template) => (
                      <li key={template.id}>
                        {t('versionLine', { version: template.version, title: template.title, date: date(template.created_at), by: template.uploaded_by?.full_name ?? '—' })}{' '}
                        {previewButton(template, `${name}, ${t('versionNumber', { version: template.version })}`)}
                      </li>
                    ))}
                </ul>
              ) : null}
            </>
          );
        },
      },
    ];
  };

  return (
    <>
      {header}
      {TEMPLATE_KINDS.map((kind) => (
        <section key={kind} className="card" aria-labelledby={`templates-${kind}`}>
          <Heading level={2} id={`templates-${kind}`} className="card__title">
            {t(`kinds.${kind}`)}
          </Heading>
          <DataTable label={t(`kinds.${kind}`)} columns={columnsOf(kind)} rows={TEMPLATE_LANGUAGES} rowKey={(language) => language} />
        </section>
      ))}
      {shown ? (
        <section className="card" aria-labelledby="template-preview">
          <Heading level={2} id="template-preview" className="card__title">
            {t('previewTitle', { title: shown.title, version: shown.version })}
          </Heading>
          <p>{t('previewHint')}</p>
          <PdfPreview key={shown.id} request={{ source: 'template_preview', document_id: shown.id, file_name: 'template-preview.pdf' }} label={t('previewOf', { title: shown.title })} />
        </section>
      ) : null}
      {editing ? <TemplateVersionDialog current={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
