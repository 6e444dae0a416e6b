import { useAtomValue } from 'jotai';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { NewsArticle } from '../../../shared/api/news';
import { hasPermission } from '../../../shared/auth/permissions';
import { PageHeader } from '../../components/page-header';
import { RecordLoadError } from '../../components/record-load-error';
import { Spinner } from '../../components/spinner';
import { notifySuccess } from '../../components/toast';
import { currentUserAtom } from '../../lib/session';
import { articleQuery, useArticle, useCreateArticle, useSaveArticle } from './api';
import { CoverPanel } from './cover-panel';
import { requestOf } from './news-draft';
import { NewsEditor } from './news-editor';
import { NEWS_LOAD_TEXTS, articleIdOf } from './news-load';
import { PendingRevision, withPending } from './pending-revision';
import { PublicationPanel } from './publication-panel';
import { NewsStatusBadge } from './status-badge';
import './news.css';

/** A new article (route /news/create): saved as a draft, then opened in the editor for its cover and publication. */
export function NewsCreateScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['news', 'nav']);
  const navigate = useNavigate();
  const create = useCreateArticle();
  return (
    <>
      <PageHeader title={t(`nav:${titleKey}`)} description={t('editor.createDescription')} />
      <NewsEditor
        article={null}
        isSaving={create.isPending}
        saveError={create.error}
        onReload={() => create.reset()}
        onSave={(draft) =>
          create.mutate(requestOf(draft), {
            onSuccess: (article) => {
              notifySuccess('created', t('editor.created'));
              navigate(`/news/${article.id}/edit`, { replace: true });
            },
          })
        }
      />
    </>
  );
}

/**
 * An article's editor (route /news/:articleId/edit): texts and tags, cover image, publication.
 * A published or scheduled article saved by someone without the right to publish becomes a
 * revision awaiting approval (the screen says so before the save); the editor then edits that
 * revision, shown with who proposed it, and a publisher approves or discards it here.
 */
export function NewsEditScreen({ titleKey }: { titleKey: string }) {
  const id = articleIdOf(useParams().articleId);
  const { t } = useTranslation(['news', 'common']);
  const article = useArticle(id);
  if (id === null || article.isError) return <RecordLoadError titleKey={titleKey} error={article.error} texts={NEWS_LOAD_TEXTS} listPath="/news" />;
  if (!article.data) return <Spinner label={t('common:loading')} />;
  return <LoadedEditor key={article.data.id} initial={article.data} titleKey={titleKey} />;
}

function LoadedEditor({ initial, titleKey }: { initial: NewsArticle; titleKey: string }) {
  const { t } = useTranslation(['news', 'nav']);
  const client = useQueryClient();
  const user = useAtomValue(currentUserAtom);
  const canPublish = hasPermission(user, 'news.publish_news');
  // The version this screen last read or wrote: saves send it, so a change by someone else
  // meanwhile is refused (412) rather than overwritten, whatever a background refetch brought.
  const [article, setArticle] = useState(initial);
  const [generation, setGeneration] = useState(0);
  const [dirty, setDirty] = useState(false);
  const save = useSaveArticle(article.id);
  const reload = async () => {
    const latest = await client.fetchQuery({ ...articleQuery(article.id), staleTime: 0 }).catch(() => null);
    if (latest) setArticle(latest);
    save.reset();
    setGeneration((value) => value + 1);
  };
  const onDirtyChange = useCallback((value: boolean) => setDirty(value), []);
  const changed = (next: NewsArticle) => setArticle(next);
  // Approving or discarding changes what the editor starts from; it is offered only without unsaved changes.
  const decided = (next: NewsArticle) => {
    setArticle(next);
    setGeneration((value) => value + 1);
  };
  const pending = withPending(article);
  const isPublic = article.status === 'published' || article.status === 'scheduled';

  return (
    <>
      <PageHeader
        title={t(`nav:${titleKey}`)}
        description={t('editor.editDescription', { id: article.id })}
        actions={
          <Link className="button button--secondary" to={`/news/${article.id}`}>
            {t('editor.openArticle')}
          </Link>
        }
      />
      <p className="news-meta">
        <NewsStatusBadge status={article.status} /> <span>{t('versionNumber', { version: article.version })}</span>
      </p>
      {isPublic && !canPublish ? <p className="news-editor__note">{t('pending.editorNote')}</p> : null}
      {pending && canPublish ? <p className="news-editor__note">{t('pending.editingRevision')}</p> : null}
      {pending ? <PendingRevision article={pending} language={undefined} unsaved={dirty} onDecided={decided} onReload={() => void reload()} /> : null}
      <div className="news-edit-layout">
        <NewsEditor
          key={generation}
          article={article}
          isSaving={save.isPending}
          saveError={save.error}
          onReload={() => void reload()}
          onDirtyChange={onDirtyChange}
          onSave={(draft) =>
            save.mutate(
              { ...requestOf(draft), version: article.version },
              {
                onSuccess: (saved) => {
                  notifySuccess('saved', t(saved.pending && isPublic && !canPublish ? 'editor.savedPending' : 'editor.saved'));
                  setArticle(saved);
                  setGeneration((value) => value + 1);
                },
              },
            )
          }
        />
        <aside className="news-side">
          <PublicationPanel article={article} unsaved={dirty} onChanged={changed} onReload={() => void reload()} />
          <CoverPanel article={article} onChanged={changed} onReload={() => void reload()} />
        </aside>
      </div>
    </>
  );
}
