import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NewsArticle, NewsStatus } from '../../../shared/api/news';
import { hasPermission } from '../../../shared/auth/permissions';
import { RefusalAlert } from '../../components/refusal-alert';
import { Button } from '../../components/button';
import { DateTimeField } from '../../components/date-time-field';
import { notifySuccess } from '../../components/toast';
import { describeRefusal } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { currentUserAtom } from '../../lib/session';
import { usePublication } from './api';
import { newsWords } from './news-words';

/**
 * Publishing: now, at a chosen time (the server's job publishes it then), back to draft, or
 * archived. Only with news.publish_news; without it the buttons stay visible but disabled and the
 * panel says why. Unsaved texts must be saved first: publication acts on the saved version.
 */
export function PublicationPanel({ article, unsaved, onChanged, onReload }: { article: NewsArticle; unsaved: boolean; onChanged(article: NewsArticle): void; onReload(): void }) {
  const { t } = useTranslation(['news', 'common', 'errors']);
  const format = useFormat();
  const user = useAtomValue(currentUserAtom);
  const canPublish = hasPermission(user, 'news.publish_news');
  const publication = usePublication(article.id);
  const [when, setWhen] = useState<string | null>(null);
  const [whenError, setWhenError] = useState<string | null>(null);
  const refusal = publication.error ? describeRefusal(publication.error, t, newsWords(t)) : null;
  const blocked = !canPublish || unsaved;
  const change = (status: NewsStatus, publishAt: string | null = null) =>
    publication.mutate(
      { version: article.version, status, publish_at: publishAt },
      {
        onSuccess: (next) => {
          notifySuccess('updated', t(`publication.done.${status}`));
          onChanged(next);
        },
      },
    );
  const schedule = () => {
    if (!when) return setWhenError(t('publication.whenRequired'));
    if (Date.parse(when) <= Date.now()) return setWhenError(t('publication.whenPast'));
    setWhenError(null);
    change('scheduled', when);
  };

  return (
    <section className="news-panel" aria-labelledby="news-publication-heading">
      <h2 id="news-publication-heading">{t('publication.title')}</h2>
      <p>
        {article.status === 'scheduled' && article.publish_at
          ? t('publication.scheduledFor', { when: format.dateTime(article.publish_at) })
          : article.status === 'published' && article.publish_at
            ? t('publication.publishedAt', { when: format.dateTime(article.publish_at) })
            : t(`publication.state.${article.status}`)}
      </p>
      {!canPublish ? <p className="news-editor__note">{t('publication.noPermission')}</p> : unsaved ? <p className="news-editor__note">{t('publication.saveFirst')}</p> : null}
      <div className="news-panel__actions">
        <Button variant="primary" isDisabled={blocked || article.status === 'published'} isPending={publication.isPending && publication.variables?.status === 'published'} onPress={() => change('published')}>
          {t('publication.publishNow')}
        </Button>
        {article.status === 'published' || article.status === 'scheduled' ? (
          <Button variant="secondary" isDisabled={blocked} onPress={() => change('draft')}>
            {t('publication.toDraft')}
          </Button>
        ) : null}
        {article.status !== 'archived' ? (
          <Button variant="secondary" isDisabled={blocked} onPress={() => change('archived')}>
            {t('publication.archive')}
          </Button>
        ) : null}
      </div>
      <DateTimeField label={t('publication.when')} value={when} onChange={setWhen} isDisabled={blocked} errorMessage={whenError ?? undefined} />
      <Button variant="secondary" isDisabled={blocked} onPress={schedule}>
        {t('publication.schedule')}
      </Button>
      {refusal ? (
        <RefusalAlert title={t('publication.refused')} message={refusal.message} reload={refusal.offerReload ? { label: t('errors.reload'), onReload } : null} />
      ) : null}
    </section>
  );
}
