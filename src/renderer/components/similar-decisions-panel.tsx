import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SIMILARITY_FLAGS, type SimilarDecision, type SimilarDecisionsQuery } from '../../shared/api/decision-precedents';
import { RECOGNITION_OUTCOMES } from '../../shared/api/recognition-decisions';
import { DEFAULT_PAGE_SIZE } from '../../shared/constants';
import { useFormat } from '../lib/format';
import { withListParams, type ListAddress } from '../lib/list-address';
import { useSimilarDecisions } from '../lib/precedents-api';
import { Button } from './button';
import { Checkbox } from './checkbox';
import type { DataColumn } from './data-table';
import { FilterBar, ListResults } from './list-screen';
import { SearchBox } from './search-box';
import { SelectField } from './select-field';

// "Similar decisions" on an application: the earlier approved decisions on the same or a similar
// qualification, narrowed by what they share with it (all four at first), an outcome and a
// full-text search of their reasons. Used by the application detail and the decision builder, so
// it lives here; its filters stay in the panel (the page's address belongs to the page). With
// `citing`, each row offers to cite the decision as a precedent.

const FILTERS = [...SIMILARITY_FLAGS, 'outcome', 'search'];

/** A list address kept in the panel's state instead of the page's URL. */
function usePanelAddress(): ListAddress {
  const [params, setParams] = useState(() => new URLSearchParams());
  return useMemo(() => {
    const page = Number(params.get('page') ?? '1') || 1;
    const pageSize = Number(params.get('page_size') ?? String(DEFAULT_PAGE_SIZE)) || DEFAULT_PAGE_SIZE;
    return {
      params,
      page,
      pageSize,
      filtered: FILTERS.some((name) => params.has(name)),
      set: (changes) => setParams((current) => withListParams(current, changes, FILTERS)),
      clearFilters: () => setParams(new URLSearchParams()),
      showOnly: (next) => setParams(new URLSearchParams(next)),
    };
  }, [params]);
}

export interface CitingControls {
  cited: readonly number[];
  onCite(id: number, cite: boolean): void;
}

export function SimilarDecisionsPanel({ applicationId, citing }: { applicationId: number; citing?: CitingControls }) {
  const { t } = useTranslation(['precedents', 'decisions', 'common']);
  const format = useFormat();
  const address = usePanelAddress();
  const { params, page, pageSize } = address;
  const query: SimilarDecisionsQuery = {
    page,
    page_size: pageSize,
    ...Object.fromEntries(SIMILARITY_FLAGS.filter((flag) => params.get(flag) === 'false').map((flag) => [flag, 'false'])),
    ...(params.get('outcome') ? { outcome: params.get('outcome') as SimilarDecisionsQuery['outcome'] } : {}),
    ...(params.get('search') ? { search: params.get('search')! } : {}),
  };
  const list = useSimilarDecisions(applicationId, query);
  const cited = citing?.cited;
  const onCite = citing?.onCite;

  const columns = useMemo<DataColumn<SimilarDecision>[]>(() => {
    const all: DataColumn<SimilarDecision>[] = [
      { id: 'decided_at', title: t('columns.decided'), kind: 'date', text: (row) => format.date(row.decided_at) },
      {
        id: 'reference',
        title: t('columns.reference'),
        kind: 'reference',
        isRowHeader: true,
        render: (row) => (row.may_open ? <Link to={`/applications/${row.application_id}/decision`}>{row.reference}</Link> : row.reference),
      },
      { id: 'outcome', title: t('columns.outcome'), kind: 'text', text: (row) => t(`decisions:outcome.${row.outcome}`) },
      {
        id: 'qualification',
        title: t('columns.qualification'),
        kind: 'text',
        wraps: true,
        text: (row) => [row.programme, row.institution_name, row.degree_level ? t(`applications:degreeLevel.${row.degree_level}`, { defaultValue: row.degree_level }) : null, row.country].filter(Boolean).join(' · '),
      },
      {
        id: 'differences',
        title: t('columns.differences'),
        kind: 'text',
        wraps: true,
        text: (row) => (row.differences.length === 0 ? t('none') : row.differences.map((difference) => `${t(`decisions:element.${difference.element}`)}: ${difference.explanation}`).join(' · ')),
      },
      { id: 'legal_bases', title: t('columns.legalBases'), kind: 'text', wraps: true, text: (row) => row.legal_bases.map((basis) => basis.article).join('; ') },
    ];
    if (onCite && cited) {
      all.push({
        id: 'cite',
        title: t('columns.cite'),
        kind: 'actions',
        render: (row) => {
          const isCited = cited.includes(row.id);
          return (
            <Button variant={isCited ? 'secondary' : 'quiet'} aria-pressed={isCited} onPress={() => onCite(row.id, !isCited)}>
              {t(isCited ? 'cited' : 'cite', { reference: row.reference })}
            </Button>
          );
        },
      });
    }
    return all;
  }, [t, format, cited, onCite]);

  return (
    <div className="similar-decisions">
      <FilterBar label={t('filters')}>
        <fieldset className="similar-decisions__flags">
          <legend className="field__label">{t('sameAs')}</legend>
          {SIMILARITY_FLAGS.map((flag) => (
            <Checkbox key={flag} isSelected={params.get(flag) !== 'false'} onChange={(selected) => address.set({ [flag]: selected ? null : 'false' })}>
              {t(`flags.${flag}`)}
            </Checkbox>
          ))}
        </fieldset>
        <SelectField
          label={t('columns.outcome')}
          value={params.get('outcome') ?? ''}
          emptyLabel={t('anyOutcome')}
          options={RECOGNITION_OUTCOMES.map((outcome) => ({ value: outcome, label: t(`decisions:outcome.${outcome}`) }))}
          onChange={(outcome) => address.set({ outcome: outcome || null })}
        />
        <SearchBox label={t('search')} value={params.get('search') ?? ''} onSearch={(search) => address.set({ search: search || null })} />
      </FilterBar>
      <ListResults
        list={list}
        address={address}
        table={{ label: t('table'), columns, rowKey: (row) => row.id, emptyText: t(address.filtered ? 'emptyFiltered' : 'empty') }}
        count={(count) => t('count', { count })}
        noAccess={t('common:noAccess.application')}
      />
    </div>
  );
}
