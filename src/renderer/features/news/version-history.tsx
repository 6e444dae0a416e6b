import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NEWS_LANGUAGES, type NewsArticle, type NewsLanguage, type NewsVersionItem } from '../../../shared/api/news';
import { hasPermission } from '../../../shared/auth/permissions';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { DataTable, type DataColumn } from '../../components/data-table';
import { ConfirmDialog, Dialog } from '../../components/dialog';
import { Spinner } from '../../components/spinner';
import { notifySuccess } from '../../components/toast';
import { describeRefusal, translateError } from '../../lib/error-translator';
import { NO_VALUE, useFormat } from '../../lib/format';
import { currentUserAtom } from '../../lib/session';
import { useRestoreVersion, useVersion, useVersions } from './api';
import { ArticleHtml } from './article-html';
import { languagesFor } from './article-language';
import { newsWords } from './news-words';
import { NewsStatusBadge } from './status-badge';

const KNOWN_CHANGES = ['created', 'saved', 'published', 'scheduled', 'unpublished', 'archived', 'cover', 'restored', 'approved'];

/**
 * Every version of the article, newest first: who made it, when and what it was. An old version
 * can be read; with news.change_news its texts, tags and cover can be restored (a new version;
 * after a confirm step). Without news.publish_news, restoring into a published or scheduled
 * article makes the revision awaiting approval, and the confirm step says so.
 */
export function VersionHistory({ article, language }: { article: NewsArticle; language: NewsLanguage | undefined }) {
  const { t } = useTranslation(['news', 'common', 'errors']);
  const format = useFormat();
  const user = useAtomValue(currentUserAtom);
  const canRestore = hasPermission(user, 'news.change_news');
  const proposes = (article.status === 'published' || article.status === 'scheduled') && !hasPermission(user, 'news.publish_news');
  const versions = useVersions(article.id);
  const [viewing, setViewing] = useState<number | null>(null);
  const [restoring, setRestoring] = useState<number | null>(null);
  const restore = useRestoreVersion(article);
  const changeName = (change: string) => (KNOWN_CHANGES.includes(change) ? t(`change.${change}`) : change);
  // The article's own newest version (a pending change raises the article's version but is not in the history).
  const newest = versions.data?.[0]?.version;

  const columns: DataColumn<NewsVersionItem>[] = [
    { id: 'version', kind: 'number', title: t('fields.version'), width: '6rem', isRowHeader: true, text: (row) => format.number(row.version) },
    { id: 'change', kind: 'text', title: t('fields.change'), text: (row) => changeName(row.change) },
    { id: 'status', kind: 'status', title: t('fields.status'), width: '8rem', text: (row) => t(`status.${row.status}`), render: (row) => <NewsStatusBadge status={row.status} /> },
    { id: 'who', kind: 'text', title: t('fields.who'), text: (row) => row.created_by?.full_name ?? NO_VALUE },
    { id: 'when', kind: 'date', title: t('fields.when'), width: '11rem', text: (row) => format.dateTime(row.created_at) },
    {
      id: 'actions',
      kind: 'actions',
      title: t('fields.actions'),
      width: '14rem',
      wraps: true,
      render: (row) => (
        <div className="news-actions">
          <Button variant="quiet" aria-label={t('versions.viewNamed', { version: row.version })} onPress={() => setViewing(row.version)}>
            {t('versions.view')}
          </Button>
          {canRestore && row.version !== newest ? (
            <Button variant="quiet" aria-label={t('versions.restoreNamed', { version: row.version })} onPress={() => setRestoring(row.version)}>
              {t('versions.restore')}
            </Button>
          ) : null}
        </div>
      ),
    },
  ];

  return (
    <section className="news-versions" aria-labelledby="news-versions-heading">
      <h2 id="news-versions-heading">{t('versions.title')}</h2>
      {versions.isError ? <Alert tone="error" title={t('common:couldNotLoad')}>{translateError(versions.error, t).message}</Alert> : null}
      {versions.isPending && !versions.isError ? <Spinner label={t('common:loading')} /> : null}
      {versions.data ? <DataTable label={t('versions.title')} columns={columns} rows={versions.data} rowKey={(row) => row.version} emptyText={t('versions.empty')} /> : null}
      {viewing !== null ? <VersionDialog articleId={article.id} version={viewing} preferred={language} onClose={() => setViewing(null)} /> : null}
      <ConfirmDialog
        isOpen={restoring !== null}
        onOpenChange={(open) => {
          if (!open) {
            setRestoring(null);
            restore.reset();
          }
        }}
        title={t('versions.restoreTitle', { version: restoring ?? 0 })}
        message={<p>{t(proposes ? 'versions.restorePendingMessage' : 'versions.restoreMessage', { version: restoring ?? 0 })}</p>}
        confirmLabel={t('versions.restore')}
        isPending={restore.isPending}
        error={restore.error ? describeRefusal(restore.error, t, newsWords(t)).message : null}
        onConfirm={() =>
          restore.mutate(restoring!, {
            onSuccess: () => {
              notifySuccess('updated', t(proposes ? 'versions.restoredPending' : 'versions.restored', { version: restoring ?? 0 }));
              setRestoring(null);
            },
          })
        }
      />
    </section>
  );
}

function VersionDialog({ articleId, version, preferred, onClose }: { articleId: number; version: number; preferred: NewsLanguage | undefined; onClose(): void }) {
  const { t } = useTranslation(['news', 'common', 'errors']);
  const format = useFormat();
  const detail = useVersion(articleId, version);
  const languages = detail.data ? languagesFor(detail.data.translations, preferred ?? format.language) : [];
  const [chosen, setChosen] = useState<NewsLanguage | null>(null);
  const language = chosen && languages.includes(chosen) ? chosen : languages[0];
  const translation = detail.data && language ? detail.data.translations[language] : undefined;
  return (
    <Dialog isOpen onOpenChange={(open) => (!open ? onClose() : undefined)} title={t('versions.viewTitle', { version })} size="wide">
      <div className="dialog__body">
        {detail.isError ? <Alert tone="error" title={t('common:couldNotLoad')}>{translateError(detail.error, t).message}</Alert> : null}
        {detail.isPending && !detail.isError ? <Spinner label={t('common:loading')} /> : null}
        {detail.data ? (
          <>
            <p>
              {t('versions.madeBy', { who: detail.data.created_by?.full_name ?? NO_VALUE, when: format.dateTime(detail.data.created_at) })} <NewsStatusBadge status={detail.data.status} />
            </p>
            {languages.length > 1 ? (
              <div className="news-actions" role="group" aria-label={t('article.language')}>
                {NEWS_LANGUAGES.filter((code) => languages.includes(code)).map((code) => (
                  <Button key={code} variant={code === language ? 'primary' : 'secondary'} aria-pressed={code === language} onPress={() => setChosen(code)}>
                    {t(`language.${code}`)}
                  </Button>
                ))}
              </div>
            ) : null}
            {translation ? (
              <div lang={language}>
                <h3>{translation.title}</h3>
                {translation.summary ? <p className="news-article__summary">{translation.summary}</p> : null}
                <ArticleHtml html={translation.body_html} lang={language!} />
              </div>
            ) : null}
            <p>{t('versions.tags', { tags: detail.data.tags.length > 0 ? detail.data.tags.join(', ') : NO_VALUE })}</p>
          </>
        ) : null}
      </div>
      <div className="dialog__actions">
        <Button variant="secondary" onPress={onClose}>
          {t('versions.close')}
        </Button>
      </div>
    </Dialog>
  );
}
