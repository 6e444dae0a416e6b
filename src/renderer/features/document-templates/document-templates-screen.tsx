import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Heading } from 'react-aria-components';
import { TEMPLATE_KINDS, TEMPLATE_LANGUAGES, type DocumentTemplate } from '../../../shared/api/issuance';
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

  if (templates.isPending) return <Spinner label={t('common:loading')} />;
  if (templates.isError) {
    const denied = isAccessDenied(templates.error);
    return (
      <Alert tone="error" title={denied ? t('common:noAccess.templates') : t('common:couldNotLoad')}>
        {denied ? t('common:noAccess.hint') : translateError(templates.error, t).message}
      </Alert>
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

  return (
    <>
      <PageHeader title={t(titleKey, { ns: 'nav' })} description={t('description')} />
      {TEMPLATE_KINDS.map((kind) => (
        <section key={kind} className="card" aria-labelledby={`templates-${kind}`}>
          <Heading level={2} id={`templates-${kind}`} className="card__title">
            {t(`kinds.${kind}`)}
          </Heading>
          <table className="data-table__table" aria-label={t(`kinds.${kind}`)}>
            <thead>
              <tr>
                <th>{t('language')}</th>
                <th>{t('titleField')}</th>
                <th>{t('version')}</th>
                <th>{t('uploaded')}</th>
                <th>{t('actions')}</th>
              </tr>
            </thead>
            <tbody>
              {TEMPLATE_LANGUAGES.map((language) => {
                const versions = versionsOf(kind, language);
                const active = versions.find((template) => template.active) ?? versions[0];
                const name = `${t(`kinds.${kind}`)}, ${t(`languages.${language}`)}`;
                const key = `${kind}:${language}`;
                return active ? (
                  <tr key={key}>
                    <td>{t(`languages.${language}`)}</td>
                    <td>{active.title}</td>
                    <td>{t('versionOf', { version: active.version, versions: versions.length })}</td>
                    <td>{`${date(active.created_at)}${active.uploaded_by ? ` · ${active.uploaded_by.full_name}` : ''}`}</td>
                    <td>
                      {previewButton(active, name)}
                      <Button variant="quiet" aria-label={`${t('newVersion')}: ${name}`} onPress={() => setEditing(active)}>
                        {t('newVersion')}
                      </Button>
                      {versions.length > 1 ? (
                        <Button variant="quiet" aria-expanded={history === key} aria-label={`${t('earlierVersions')}: ${name}`} onPress={() => setHistory((open) => (open === key ? null : key))}>
                          {t('earlierVersions')}
                        </Button>
                      ) : null}
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
                    </td>
                  </tr>
                ) : (
                  <tr key={key}>
                    <td>{t(`languages.${language}`)}</td>
                    <td colSpan={4}>{t('missing')}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
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
