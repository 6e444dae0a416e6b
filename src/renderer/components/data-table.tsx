import { useMemo, useState } from 'react';
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

export interface DataColumn<Row> {
  id: string;
  title: string;
  /** The column that names the row for screen readers; exactly one column should set it. */
  isRowHeader?: boolean;
  allowsSorting?: boolean;
  render(row: Row): React.ReactNode;
  /** The value compared when sorting on the client; without `onSortChange` the table sorts itself. */
  sortValue?(row: Row): string | number | null;
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

function compare(a: string | number | null, b: string | number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
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
  const [localSort, setLocalSort] = useState<SortDescriptor | undefined>(undefined);
  const controlled = onSortChange !== undefined;
  const activeSort = controlled ? sortDescriptor : localSort;

  const sortedRows = useMemo(() => {
    if (controlled || !activeSort) return rows;
    const column = columns.find((c) => c.id === activeSort.column);
    if (!column?.sortValue) return rows;
    const direction = activeSort.direction === 'descending' ? -1 : 1;
    return [...rows].sort((a, b) => direction * compare(column.sortValue!(a), column.sortValue!(b)));
  }, [rows, columns, activeSort, controlled]);

  return (
    <div className="data-table">
      <Table
        aria-label={label}
        sortDescriptor={activeSort}
        onSortChange={controlled ? onSortChange : setLocalSort}
        onRowAction={onRowAction}
        className="data-table__table"
      >
        <TableHeader columns={columns}>
          {(column) => (
            <Column id={column.id} isRowHeader={column.isRowHeader} allowsSorting={column.allowsSorting} className="data-table__column">
              {({ allowsSorting, sortDirection }) => (
                <span className="data-table__heading">
                  {column.title}
                  {allowsSorting ? (
                    <span aria-hidden="true" className="data-table__sort">
                      {sortDirection === 'ascending' ? '▲' : sortDirection === 'descending' ? '▼' : '↕'}
                    </span>
                  ) : null}
                </span>
              )}
            </Column>
          )}
        </TableHeader>
        <TableBody items={sortedRows.map((row) => ({ id: rowKey(row), row }))} renderEmptyState={() => emptyText ?? t('noRows')}>
          {(item) => (
            <Row id={item.id} columns={columns} className="data-table__row">
              {(column) => <Cell className="data-table__cell">{column.render(item.row)}</Cell>}
            </Row>
          )}
        </TableBody>
      </Table>
    </div>
  );
}
