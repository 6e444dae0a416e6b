import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnChoice } from '../lib/column-choice';
import { isAccessDenied, translateError } from '../lib/error-translator';
import { useFormat } from '../lib/format';
import { PAGE_SIZES, useFirstPageWhenPastTheEnd, type ListAddress } from '../lib/list-address';
import { Alert } from './alert';
import { Button } from './button';
import { DataTable, type DataTableProps } from './data-table';
import { MultiSelectMenu } from './multi-select-menu';
import { Pager } from './pager';
import { SelectField } from './select-field';
import { Spinner } from './spinner';
import { DensitySwitch } from './table-density';

// The list kit's markup: every list screen is its filters (in a FilterBar) and a ListResults
// showing one page of rows through the one table, with the same load error, busy state, empty
// state and footer (count, pager, page size, density) everywhere. The address side is
// lib/list-address.ts; "Adding a list screen" in docs/architecture.md shows both together.

export interface FilterBarProps {
  /** The search landmark's name. */
  label: string;
  /** The filters always shown: one row at 1280 px (search and the two or three most used). */
  children: React.ReactNode;
  /** Filters behind the "More filters" toggle, so the rows start high on the screen. */
  more?: React.ReactNode;
  /** How many of the `more` filters are in use (activeFilterCount): they apply while hidden. */
  moreInUse?: number;
  /** After the toggle, at the row's end (Clear filters). */
  actions?: React.ReactNode;
}

/** How many of the address's filters named in `keys` have a value. */
export function activeFilterCount(params: URLSearchParams, keys: readonly string[]): number {
  return keys.filter((key) => params.getAll(key).some((value) => value !== '')).length;
}

/**
 * The filter of a list whose records are switched off rather than deleted (reference data):
 * active, inactive or either, kept in the address under `name` as 'true' / 'false' / nothing.
 */
export function ActiveFilter({ address, name = 'active' }: { address: Pick<ListAddress, 'params' | 'set'>; name?: string }) {
  const { t } = useTranslation('common');
  return (
    <SelectField
      label={t('activeFilter.label')}
      value={address.params.get(name) ?? ''}
      emptyLabel={t('activeFilter.any')}
      options={[
        { value: 'true', label: t('activeFilter.active') },
        { value: 'false', label: t('activeFilter.inactive') },
      ]}
      onChange={(value) => address.set({ [name]: value })}
    />
  );
}

/** The filters above a list in one row, a search landmark named `label`; the rarer ones behind "More filters". */
export function FilterBar({ label, children, more, moreInUse = 0, actions }: FilterBarProps) {
  const { t } = useTranslation('common');
  const [showMore, setShowMore] = useState(false);
  const moreId = useId();
  return (
    <div className="filter-bar" role="search" aria-label={label}>
      <div className="filter-bar__row">
        {children}
        {more ? (
          <Button variant="secondary" className="filter-bar__more-toggle" aria-expanded={showMore} aria-controls={showMore ? moreId : undefined} onPress={() => setShowMore((shown) => !shown)}>
            {moreInUse > 0 ? t('moreFiltersInUse', { count: moreInUse }) : t('moreFilters')}
          </Button>
        ) : null}
        {actions}
      </div>
      {more && showMore ? (
        <div id={moreId} className="filter-bar__row filter-bar__more">
          {more}
        </div>
      ) : null}
    </div>
  );
}

/** What ListResults needs of a list's query (a TanStack Query result of a DRF page). */
export interface ListQueryState<Row> {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  /** The rows shown are the previous query's while the new ones load (TanStack's keepPreviousData). */
  isPlaceholderData?: boolean;
  error: unknown;
  data?: { count: number; results: readonly Row[] };
  refetch(): unknown;
}

export interface ListResultsProps<Row> {
  list: ListQueryState<Row>;
  address: ListAddress;
  /** The table: its name, columns, row key, sorting, row action and the text of an empty page. */
  table: Omit<DataTableProps<Row>, 'rows'>;
  /** The count line ("12 councils"); without it the screen shows the count itself (payments: in its totals). */
  count?(count: number): string;
  /** The error's title when the list is not for this user. */
  noAccess: string;
  /** The error's title when the list could not be read (default: common "Could not load data."). */
  couldNotLoad?: string;
  /** Shown instead of the table and footer when nothing is there (an EmptyState with its hint or action). */
  empty?: React.ReactNode;
  /** Shown above the table (totals, a selection bar, an introduction). */
  above?: React.ReactNode;
}

/** One page of a server-paged list: spinner, load error with a retry, the rows, and the footer. */
export function ListResults<Row>({ list, address, table, count, noAccess, couldNotLoad, empty, above }: ListResultsProps<Row>) {
  const { t } = useTranslation('common');
  const format = useFormat();
  const pastTheEnd = useFirstPageWhenPastTheEnd(list, address);
  const total = list.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(total / address.pageSize));
  return (
    <>
      {list.isError && !pastTheEnd ? (
        <Alert tone="error" title={isAccessDenied(list.error) ? noAccess : (couldNotLoad ?? t('couldNotLoad'))}>
          <p>{isAccessDenied(list.error) ? t('noAccess.hint') : translateError(list.error, t).message}</p>
          <Button onPress={() => void list.refetch()}>{t('retry')}</Button>
        </Alert>
      ) : null}
      {list.isPending ? <Spinner label={t('loading')} /> : null}
      {list.data ? (
        // While another page, order or filter loads, the previous rows stay (dimmed) where they were.
        <div aria-busy={list.isFetching} className={list.isPlaceholderData ? 'list-results list-results--previous' : 'list-results'}>
          {above}
          {empty && total === 0 ? (
            empty
          ) : (
            <>
              <DataTable {...table} rows={list.data.results} />
              <div className="list-footer">
                {count ? <p aria-live="polite">{count(total)}</p> : null}
                <Pager page={address.page} pages={pages} onPage={(next) => address.set({ page: next > 1 ? String(next) : null })} />
                <SelectField
                  label={t('paging.pageSize')}
                  layout="inline"
                  value={String(address.pageSize)}
                  options={PAGE_SIZES.map((size) => ({ value: String(size), label: format.number(size) }))}
                  onChange={(value) => address.set({ page_size: value })}
                />
                <DensitySwitch />
              </div>
            </>
          )}
        </div>
      ) : null}
    </>
  );
}

/** The menu choosing a list's columns (lib/column-choice.ts remembers the choice). */
export function ColumnChooser<Column extends string>({ choice, columns, fixed, title }: { choice: ColumnChoice<Column>; columns: readonly Column[]; fixed?: readonly Column[]; title(column: Column): string }) {
  const { t } = useTranslation('common');
  return (
    <MultiSelectMenu
      label={t('columns.chooser')}
      options={columns.map((column) => ({ value: column, label: title(column) }))}
      selected={choice.visible}
      disabled={fixed}
      onChange={choice.choose}
    />
  );
}
