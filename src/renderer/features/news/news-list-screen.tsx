import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NEWS_LANGUAGES, NEWS_STATUSES, type NewsListItem } from '../../../shared/api/news';
import { hasPermission } from '../../../shared/auth/permissions';
import { Alert } from '../../components/alert';
import { DataTable, type DataColumn } from '../../components/data-table';
import { DatePickerField } from '../../components/date-picker-field';
import { PageHeader } from '../../components/page-header';
import { Pager } from '../../components/pager';
import { SearchBox } from '../../components/search-box';
import { SelectField } from '../../components/select-field';
import { Spinner } from '../../components/spinner';
import { Button } from '../../components/button';
import { isAccessDenied, translateError } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { currentUserAtom } from '../../lib/session';
import { useNewsList } from './api';
import { titleOf } from './article-language';
import { LIST_FILTERS, newsQueryOf, PAGE_SIZES, useListParams } from './news-query';
import { NewsStatusBadge } from './status-badge';
import './news.css';

/**
 * News (route /news, spec §2): the articles, newest first, filtered by status, language, tag,
 * words and a date range (all in the address), with their status. Writers start a new article here.
 */
export function NewsListScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['news', 'nav', 'common']);
  const format = useFormat();
  const user = useAtomValue(currentUserAtom);
  const [params, set] = useListParams();
  const query = newsQueryOf(params);
  const list = useNewsList(query);
  const count = list.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / query.page_size));
  const filtered = LIST_FILTERS.some((name) => params.has(name));
  const languageName = (language: string) => t(`language.${language}`);

  const columns: DataColumn<NewsListItem>[] = [
    {
      id: 'title',
      title: t('fields.title'),
      isRowHeader: true,
      text: (row) => titleOf(row.titles, format.language).title,
      render: (row) => {
        const { title, language } = titleOf(row.titles, format.language);
        return (
          <Link to={`/news/${row.id}`} lang={language}>
            {title}
          </Link>
        );
      },
    },
    {
      id: 'status',
      title: t('fields.status'),
      width: '10rem',
      wraps: true,
      text: (row) => [t(`status.${row.status}`), ...(row.awaiting_approval ? [t('pending.badge')] : [])].join(', '),
      render: (row) => (
        <>
          <NewsStatusBadge status={row.status} />
          {row.awaiting_approval ? <span className="badge badge--warning">{t('pending.badge')}</span> : null}
        </>
      ),
    },
    { id: 'languages', title: t('fields.languages'), width: '10rem', hideBelow: 800, text: (row) => row.languages.map(languageName).join(', ') },
    { id: 'tags', title: t('fields.tags'), width: '12rem', hideBelow: 1000, text: (row) => row.tags.join(', ') },
    { id: 'publishAt', title: t('fields.publishAt'), width: '11rem', text: (row) => (row.publish_at ? format.dateTime(row.publish_at) : t('notPublished')) },
    { id: 'updated', title: t('fields.updated'), width: '11rem', hideBelow: 900, text: (row) => format.dateTime(row.updated_at) },
  ];

  return (
    <>
      <PageHeader
        title={t(`nav:${titleKey}`)}
        description={t('description')}
        actions={
          hasPermission(user, 'news.change_news') ? (
            <Link className="button button--primary" to="/news/create">
              {t('newArticle')}
            </Link>
          ) : null
        }
      />
      <div className="filter-bar" role="search" aria-label={t('filters.label')}>
        <SearchBox label={t('filters.search')} value={params.get('search') ?? ''} onSearch={(text) => set({ search: text })} />
        <SelectField
          label={t('filters.status')}
          value={query.status ?? ''}
          emptyLabel={t('filters.any')}
          options={NEWS_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
          onChange={(value) => set({ status: value })}
        />
        <SelectField
          label={t('filters.language')}
          value={query.language ?? ''}
          emptyLabel={t('filters.any')}
          options={NEWS_LANGUAGES.map((language) => ({ value: language, label: languageName(language), lang: language }))}
          onChange={(value) => set({ language: value })}
        />
        <SearchBox label={t('filters.tag')} value={params.get('tag') ?? ''} onSearch={(text) => set({ tag: text })} />
        <DatePickerField label={t('filters.from')} value={query.date_from ?? null} maxValue={query.date_to ?? null} clearLabel={t('filters.clearFrom')} onChange={(value) => set({ date_from: value })} />
        <DatePickerField label={t('filters.to')} value={query.date_to ?? null} minValue={query.date_from ?? null} clearLabel={t('filters.clearTo')} onChange={(value) => set({ date_to: value })} />
        {filtered ? (
          <Button variant="quiet" onPress={() => set(Object.fromEntries(LIST_FILTERS.map((name) => [name, null])))}>
            {t('filters.clear')}
          </Button>
        ) : null}
      </div>
      {list.isError ? (
        <Alert tone="error" title={isAccessDenied(list.error) ? t('noAccess') : t('common:couldNotLoad')}>
          {isAccessDenied(list.error) ? t('common:noAccess.hint') : translateError(list.error, t).message}
        </Alert>
      ) : null}
      {list.isPending && !list.isError ? <Spinner label={t('common:loading')} /> : null}
      {list.data ? (
        <div aria-busy={list.isFetching}>
          <p aria-live="polite">{t('count', { count })}</p>
          <DataTable label={t('listLabel')} columns={columns} rows={list.data.results} rowKey={(row) => row.id} emptyText={t(filtered ? 'emptyFiltered' : 'empty')} />
          <div className="list-footer">
            <Pager page={query.page} pages={pages} onPage={(next) => set({ page: next > 1 ? String(next) : null })} />
            <SelectField
              label={t('filters.pageSize')}
              layout="inline"
              value={String(query.page_size)}
              options={PAGE_SIZES.map((size) => ({ value: String(size), label: format.number(size) }))}
              onChange={(value) => set({ page_size: value })}
            />
          </div>
        </div>
      ) : null}
    </>
  );
}
