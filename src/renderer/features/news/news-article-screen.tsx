import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { NewsArticle, NewsLanguage } from '../../../shared/api/news';
import { hasPermission } from '../../../shared/auth/permissions';
import { DetailsList } from '../../components/details-list';
import { PageHeader } from '../../components/page-header';
import { RecordLoadError } from '../../components/record-load-error';
import { SelectField } from '../../components/select-field';
import { Spinner } from '../../components/spinner';
import { NO_VALUE, useFormat } from '../../lib/format';
import { currentUserAtom } from '../../lib/session';
import { useArticle } from './api';
import { ArticleHtml } from './article-html';
import { languagesFor } from './article-language';
import { CoverImage } from './cover-image';
import { NEWS_LOAD_TEXTS, articleIdOf } from './news-load';
import { PendingRevision, withPending } from './pending-revision';
import { NewsStatusBadge } from './status-badge';
import { VersionHistory } from './version-history';
import './news.css';
import { queryKeys } from '../../lib/query-keys';

/**
 * One article (route /news/:articleId): its text in one of its languages (chosen in the address,
 * `?language=sq`; the reader's own when the article has it), status, publication time, author,
 * tags, cover and version history; above them, a revision awaiting approval when there is one.
 */
export function NewsArticleScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['news', 'common']);
  const id = articleIdOf(useParams().articleId);
  const article = useArticle(id);
  if (id === null || article.isError) return <RecordLoadError titleKey={titleKey} error={article.error} texts={NEWS_LOAD_TEXTS} listPath="/news" />;
  if (!article.data) return <Spinner label={t('common:loading')} />;
  return <ArticleView article={article.data} />;
}

function ArticleView({ article }: { article: NewsArticle }) {
  const { t } = useTranslation(['news', 'common']);
  const format = useFormat();
  const user = useAtomValue(currentUserAtom);
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const languages = languagesFor(article.translations, format.language);
  const asked = params.get('language') as NewsLanguage | null;
  const language = asked && languages.includes(asked) ? asked : languages[0];
  const translation = language ? article.translations[language] : undefined;
  const pending = withPending(article);

  return (
    <>
      <PageHeader
        title={translation?.title ?? t('untitled')}
        description={t('article.description', { id: article.id })}
        actions={
          hasPermission(user, 'news.change_news') ? (
            <Link className="button button--primary" to={`/news/${article.id}/edit`}>
              {t('article.edit')}
            </Link>
          ) : null
        }
      />
      {languages.length > 1 ? (
        <SelectField
          label={t('article.language')}
          layout="inline"
          value={language ?? ''}
          options={languages.map((code) => ({ value: code, label: t(`language.${code}`), lang: code }))}
          onChange={(value) => setParams((current) => {
            const next = new URLSearchParams(current);
            next.set('language', value);
            return next;
          }, { replace: true })}
        />
      ) : null}
      {pending ? <PendingRevision article={pending} language={language} onReload={() => void client.invalidateQueries({ queryKey: queryKeys.news.article(article.id) })} /> : null}
      <div className="news-article-layout">
        <article className="news-article" lang={language}>
          <CoverImage article={article} />
          {translation?.summary ? <p className="news-article__summary">{translation.summary}</p> : null}
          {translation ? <ArticleHtml html={translation.body_html} lang={language!} /> : null}
        </article>
        <aside className="news-side">
          <section className="news-panel" aria-labelledby="news-about-heading">
            <h2 id="news-about-heading">{t('article.about')}</h2>
            <DetailsList
              rows={[
                [t('fields.status'), <NewsStatusBadge key="status" status={article.status} />],
                [t('fields.publishAt'), article.publish_at ? format.dateTime(article.publish_at) : t('notPublished')],
                [t('fields.author'), article.created_by?.full_name ?? NO_VALUE],
                [t('fields.updated'), t('article.updatedBy', { when: format.dateTime(article.updated_at), who: article.updated_by?.full_name ?? NO_VALUE })],
                [t('fields.languages'), languages.map((code) => t(`language.${code}`)).join(', ')],
                [t('fields.tags'), article.tags.length > 0 ? article.tags.join(', ') : NO_VALUE],
                [t('fields.version'), format.number(article.version)],
              ]}
            />
          </section>
        </aside>
      </div>
      <VersionHistory article={article} language={language} />
    </>
  );
}
