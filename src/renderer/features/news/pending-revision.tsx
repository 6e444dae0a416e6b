import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NewsArticle, NewsLanguage } from '../../../shared/api/news';
import { hasPermission } from '../../../shared/auth/permissions';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { RefusalAlert } from '../../components/refusal-alert';
import { notifySuccess } from '../../components/toast';
import { describeRefusal } from '../../lib/error-translator';
import { NO_VALUE, useFormat } from '../../lib/format';
import { currentUserAtom } from '../../lib/session';
import { usePendingDecision } from './api';
import { ArticleHtml } from './article-html';
import { languagesFor } from './article-language';
import { CoverImage } from './cover-image';
import { newsWords } from './news-words';

/**
 * The revision a writer without the right to publish made to a published or scheduled article:
 * who proposed it and when, its text (in the language asked for when it has it), tags and cover
 * when it changes them. With news.publish_news it is approved (it becomes the article's text and
 * a new version) or, after a confirm step, discarded; `unsaved` (the editor holds changes not yet
 * saved) keeps both back so nothing typed is lost.
 */
export function PendingRevision({
  article,
  language,
  unsaved = false,
  onDecided,
  onReload,
}: {
  article: NewsArticle & { pending: NonNullable<NewsArticle['pending']> };
  language: NewsLanguage | undefined;
  unsaved?: boolean;
  onDecided?(article: NewsArticle): void;
  onReload(): void;
}) {
  const { t } = useTranslation(['news', 'common', 'errors']);
  const format = useFormat();
  const user = useAtomValue(currentUserAtom);
  const canPublish = hasPermission(user, 'news.publish_news');
  const decision = usePendingDecision(article);
  const [discarding, setDiscarding] = useState(false);
  const { pending } = article;
  const shown = languagesFor(pending.translations, language ?? format.language)[0];
  const text = shown ? pending.translations[shown] : undefined;
  const who = pending.proposed_by?.full_name ?? NO_VALUE;
  const coverChanged = (pending.cover?.sha256 ?? null) !== (article.cover?.sha256 ?? null);
  const refusal = decision.error && !discarding ? describeRefusal(decision.error, t, newsWords(t)) : null;
  const decide = (kind: 'approve' | 'discard') =>
    decision.mutate(kind, {
      onSuccess: (next) => {
        notifySuccess('updated', t(kind === 'approve' ? 'pending.approved' : 'pending.discarded'));
        setDiscarding(false);
        onDecided?.(next);
      },
    });

  return (
    <section className="news-panel news-pending" aria-labelledby="news-pending-heading">
      <h2 id="news-pending-heading">{t('pending.title')}</h2>
      <p>{t('pending.proposedBy', { who, when: format.dateTime(pending.proposed_at) })}</p>
      {text ? (
        <div className="news-pending__text" lang={shown}>
          <h3>{text.title}</h3>
          {text.summary ? <p className="news-article__summary">{text.summary}</p> : null}
          <ArticleHtml html={text.body_html} lang={shown!} />
        </div>
      ) : null}
      <p>{t('pending.tags', { tags: pending.tags.length > 0 ? pending.tags.join(', ') : NO_VALUE })}</p>
      {coverChanged && pending.cover ? (
        <>
          <p>{t('pending.coverChanged')}</p>
          <CoverImage article={{ id: article.id, cover: pending.cover }} of="pending" />
        </>
      ) : null}
      {coverChanged && !pending.cover ? <p>{t('pending.coverRemoved')}</p> : null}
      {!canPublish ? <p className="news-editor__note">{t('pending.onlyPublishers')}</p> : unsaved ? <p className="news-editor__note">{t('pending.saveFirst')}</p> : null}
      {canPublish ? (
        <div className="news-panel__actions">
          <Button variant="primary" isDisabled={unsaved} isPending={decision.isPending && decision.variables === 'approve'} onPress={() => decide('approve')}>
            {t('pending.approve')}
          </Button>
          <Button variant="secondary" isDisabled={unsaved || decision.isPending} onPress={() => setDiscarding(true)}>
            {t('pending.discard')}
          </Button>
        </div>
      ) : null}
      {refusal ? <RefusalAlert title={t('pending.refused')} message={refusal.message} reload={refusal.offerReload ? { label: t('errors.reload'), onReload } : null} /> : null}
      <ConfirmDialog
        isOpen={discarding}
        onOpenChange={(open) => {
          if (!open) {
            setDiscarding(false);
            decision.reset();
          }
        }}
        title={t('pending.discardTitle')}
        message={<p>{t('pending.discardMessage', { who })}</p>}
        confirmLabel={t('pending.discard')}
        isPending={decision.isPending}
        error={decision.error ? describeRefusal(decision.error, t, newsWords(t)).message : null}
        onConfirm={() => decide('discard')}
      />
    </section>
  );
}

/** The article with its pending revision, when it has one (narrows the type for PendingRevision). */
export const withPending = (article: NewsArticle): (NewsArticle & { pending: NonNullable<NewsArticle['pending']> }) | null => (article.pending ? { ...article, pending: article.pending } : null);
