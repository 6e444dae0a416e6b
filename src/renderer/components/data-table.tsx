import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Cell,
  Column,
  Row,
  Table,
  TableBody,
  TableHeader,
  type Key,
  type SortDescriptor,
} from 'react-aria-components';
import { useFormat } from '../lib/format';
import { useTableDensity } from './table-density';
import { TruncatedText } from './truncated-text';
import './data-table.css';
import { Icon } from './icon';

// The one table of the app: every list and every tabular part of a screen is a DataTable, so rows
// keep one line, the density switch and the tooltips work everywhere, and tests find one markup.
// Columns are sized by what they hold (their `kind`), not by fixed widths: an identifier, a date,
// an amount or a status takes the width it needs and is never cut; names and free text share what
// is left and are cut at a word with the whole text in a tooltip. A table that cannot fit even so
// scrolls sideways inside its box with its first column kept in view.

/**
 * What a column holds, which decides its width:
 * - reference (an application, payment or certificate number), date, amount, status and number
 *   take their natural width on one line and are never cut;
 * - text (names, titles, free text) shares the rest, cut at a word with the whole text on hover;
 * - actions (buttons, links to act) wrap their controls within the cell.
 */
export type ColumnKind = 'reference' | 'date' | 'amount' | 'status' | 'number' | 'text' | 'actions';

/** The kinds whose cells are never cut (the route × role suite checks them on every screen). */
export const NATURAL_KINDS: readonly ColumnKind[] = ['reference', 'date', 'amount', 'status', 'number'];

export interface DataColumn<Row> {
  id: string;
  title: string;
  kind: ColumnKind;
  /** The column that names the row for screen readers; exactly one column should set it. */
  isRowHeader?: boolean;
  allowsSorting?: boolean;
  /**
   * The cell's plain text: shown on one line, cut with an ellipsis when too long, the whole text
   * in a tooltip. With `render` as well, `render` draws the cell and this is the tooltip's text.
   */
  text?(row: Row): string;
  /**
   * The cell's markup (links, badges, buttons). Plain text it returns is cut and gets its tooltip
   * by itself; other markup gets one only with `text`.
   */
  render?(row: Row): React.ReactNode;
  /** The value compared when sorting on the client; without `onSortChange` the table sorts itself. */
  sortValue?(row: Row): string | number | null;
  /** A text or actions column's preferred width (CSS length, e.g. '9rem'); natural kinds ignore it. */
  width?: string;
  /** The table leaves this column out while it is narrower than this many pixels. */
  hideBelow?: number;
  /** Text that may take several lines (notes, changes): the cell wraps instead of cutting it. */
  wraps?: boolean;
}

export interface DataTableProps<Row> {
  /** Accessible name of the table. */
  label: string;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey(row: Row): Key;
  /** Controlled sorting (e.g. DRF `ordering`): the server sorts. */
  sortDescriptor?: SortDescriptor;
  onSortChange?(descriptor: SortDescriptor): void;
  onRowAction?(key: Key): void;
  /** Shown in the body when there are no rows. */
  emptyText?: string;
}

function compare(a: string | number | null, b: string | number | null, compareText: (a: string, b: string) => number): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return compareText(String(a), String(b));
}

/**
 * The table's own width, followed as the window or the layout changes (0 until measured), and
 * whether its rows are wider than it (then it scrolls sideways and its first column stays put).
 */
function useWidth(ref: React.RefObject<HTMLElement | null>): { width: number; overflows: boolean } {
  const [size, setSize] = useState({ width: 0, overflows: false });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      setSize((current) => {
        const width = element.clientWidth;
        // Once scrolling sideways, a table of the same width keeps doing so: the kept first
        // column's own styling changes the rows' width by a few pixels, which could make them fit,
        // then not fit again, each time (React stopped it with "maximum update depth exceeded").
        // A new width (the window, the layout) measures afresh.
        const overflows = (current.overflows && current.width === width) || element.scrollWidth > width;
        return current.width === width && current.overflows === overflows ? current : { width, overflows };
      });
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // The rows change the table's width without changing its box.
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

// Memoised: the grid re-renders every cell when its state changes (a new sort order, a focus
// move); a cell whose column, row and focus are the same keeps what it drew.
const CellContent = memo(function CellContent<RowType>({ column, row, isFocused }: { column: DataColumn<RowType>; row: RowType; isFocused: boolean }) {
  const drawn = column.render?.(row);
  if (column.kind !== 'text' || column.wraps) return <>{drawn ?? column.text?.(row)}</>;
  // Plain text from `render` is its own tooltip text.
  const text = column.text?.(row) ?? (typeof drawn === 'string' || typeof drawn === 'number' ? String(drawn) : undefined);
  if (text === undefined) return <span className="truncated-text">{drawn}</span>;
  return (
    <TruncatedText text={text} isFocused={isFocused}>
      {drawn}
    </TruncatedText>
  );
}) as <RowType>(props: { column: DataColumn<RowType>; row: RowType; isFocused: boolean }) => React.ReactNode;

interface TableItem<Row> {
  id: Key;
  row: Row;
}

export function DataTable<RowType>({
  label,
  columns,
  rows,
  rowKey,
  sortDescriptor,
  onSortChange,
  onRowAction,
  emptyText,
}: DataTableProps<RowType>) {
  const { t } = useTranslation('common');
  // The screen's callbacks are new functions at every render of the screen; read through a ref,
  // they do not make the table draw its rows again.
  const latest = useRef({ rowKey, onRowAction, onSortChange });
  latest.current = { rowKey, onRowAction, onSortChange };
  const [density] = useTableDensity();
  const { compare: compareText } = useFormat();
  const container = useRef<HTMLDivElement>(null);
  const { width, overflows } = useWidth(container);
  const [localSort, setLocalSort] = useState<SortDescriptor | undefined>(undefined);
  const controlled = onSortChange !== undefined;
  const activeSort = controlled ? sortDescriptor : localSort;
  // Before the first measurement (and where nothing lays out, as in tests) every column shows.
  const shown = useMemo(() => columns.filter((column) => !(width > 0 && column.hideBelow !== undefined && width < column.hideBelow)), [columns, width]);

  const sortedRows = useMemo(() => {
    if (controlled || !activeSort) return rows;
    const column = columns.find((c) => c.id === activeSort.column);
    if (!column?.sortValue) return rows;
    const direction = activeSort.direction === 'descending' ? -1 : 1;
    return [...rows].sort((a, b) => direction * compare(column.sortValue!(a), column.sortValue!(b), compareText));
  }, [rows, columns, activeSort, controlled, compareText]);

  // The same item objects and row renderer while the rows and columns stay: the grid keeps each
  // row it drew (react-aria caches a row by its item) when only the sort header, the busy state or
  // the screen around it changed. A change of the columns (a choice, another language, a
  // selection drawn in a cell) draws every row again.
  const items = useMemo<TableItem<RowType>[]>(() => sortedRows.map((row) => ({ id: latest.current.rowKey(row), row })), [sortedRows]);
  const renderRow = useCallback(
    (item: TableItem<RowType>) => (
      <Row id={item.id} columns={shown} className="data-table__row">
        {(column) => (
          <Cell className={column.wraps ? 'data-table__cell data-table__cell--wraps' : 'data-table__cell'} data-kind={column.kind}>
            {({ isFocusVisible }) => <CellContent column={column} row={item.row} isFocused={isFocusVisible} />}
          </Cell>
        )}
      </Row>
    ),
    [shown],
  );
  const sortChanged = useCallback((descriptor: SortDescriptor) => latest.current.onSortChange?.(descriptor), []);
  const rowAction = useCallback((key: Key) => latest.current.onRowAction?.(key), []);

  return (
    <div className="data-table" data-density={density} data-overflows={overflows || undefined} ref={container}>
      <Table
        aria-label={label}
        sortDescriptor={activeSort}
        onSortChange={controlled ? sortChanged : setLocalSort}
        onRowAction={onRowAction ? rowAction : undefined}
        className="data-table__table"
      >
        <TableHeader columns={shown}>
          {(column) => (
            <Column
              id={column.id}
              isRowHeader={column.isRowHeader}
              allowsSorting={column.allowsSorting}
              className="data-table__column"
              data-kind={column.kind}
              data-wraps={column.wraps || undefined}
              style={column.width && !NATURAL_KINDS.includes(column.kind) ? { width: column.width } : undefined}
            >
              {({ allowsSorting, sortDirection, isFocusVisible }) => (
                <span className="data-table__heading">
                  <TruncatedText text={column.title} isFocused={isFocusVisible} />
                  {allowsSorting ? (
                    <Icon className="data-table__sort" name={sortDirection === 'ascending' ? 'sortAscending' : sortDirection === 'descending' ? 'sortDescending' : 'sortable'} />
                  ) : null}
                </span>
              )}
            </Column>
          )}
        </TableHeader>
        <TableBody items={items} dependencies={[renderRow]} renderEmptyState={() => emptyText ?? t('noRows')}>
          {renderRow}
        </TableBody>
      </Table>
    </div>
  );
}
