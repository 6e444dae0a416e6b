import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NEWS_LANGUAGES, NEWS_STATUSES, type NewsListItem } from '../../../shared/api/news';
import { hasPermission } from '../../../shared/auth/permissions';
import type { DataColumn } from '../../components/data-table';
import { DatePickerField } from '../../components/date-picker-field';
import { PageHeader } from '../../components/page-header';
import { SearchBox } from '../../components/search-box';
import { SelectField } from '../../components/select-field';
import { Button } from '../../components/button';
import { useFormat } from '../../lib/format';
import { currentUserAtom } from '../../lib/session';
import { useNewsList } from './api';
import { titleOf } from './article-language';
import { newsQueryOf, useListParams } from './news-query';
import { NewsStatusBadge } from './status-badge';
import './news.css';
import { FilterBar, ListResults } from '../../components/list-screen';

/**
 * News (route /news, spec §2): the articles, newest first, filtered by status, language, tag,
 * words and a date range (all in the address), with their status. Writers start a new article here.
 */
export function NewsListScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['news', 'nav', 'common']);
  const format = useFormat();
  const user = useAtomValue(currentUserAtom);
  const address = useListParams();
  const { params, set, filtered } = address;
  const query = newsQueryOf(params);
  const list = useNewsList(query);
  const languageName = (language: string) => t(`language.${language}`);

  const columns: DataColumn<NewsListItem>[] = [
    {
      id: 'title',
      kind: 'text',
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
      kind: 'status',
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
    { id: 'languages', kind: 'text', title: t('fields.languages'), width: '10rem', hideBelow: 800, text: (row) => row.languages.map(languageName).join(', ') },
    { id: 'tags', kind: 'text', title: t('fields.tags'), width: '12rem', hideBelow: 1000, text: (row) => row.tags.join(', ') },
    { id: 'publishAt', kind: 'date', title: t('fields.publishAt'), width: '11rem', text: (row) => (row.publish_at ? format.dateTime(row.publish_at) : t('notPublished')) },
    { id: 'updated', kind: 'date', title: t('fields.updated'), width: '11rem', hideBelow: 900, text: (row) => format.dateTime(row.updated_at) },
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
      <FilterBar label={t('filters.label')}>
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
          <Button variant="quiet" onPress={() => address.clearFilters()}>
            {t('filters.clear')}
          </Button>
        ) : null}
      </FilterBar>
      <ListResults
        list={list}
        address={address}
        table={{ label: t('listLabel'), columns, rowKey: (row) => row.id, emptyText: t(filtered ? 'emptyFiltered' : 'empty') }}
        count={(count) => t('count', { count })}
        noAccess={t('noAccess')}
      />
    </>
  );
}
