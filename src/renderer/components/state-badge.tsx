import type { DataColumn } from './data-table';
import { Icon } from './icon';

// A record that is either on or off (active/inactive, enabled/disabled): one badge everywhere, in
// words with a mark, so the state never rests on colour alone.

export function StateBadge({ on, children }: { on: boolean; children: string }) {
  return (
    <span className={on ? 'badge badge--success' : 'badge'}>
      <Icon name={on ? 'check' : 'circle'} /> {children}
    </span>
  );
}

/** A list's on/off column: the badge in the cell, its words for sorting, hovering and reading. */
export function stateColumn<Row>({ id = 'state', title, width = '8rem', isOn, label }: {
  id?: string;
  title: string;
  width?: string;
  isOn(row: Row): boolean;
  /** The words for the state (active/inactive, enabled/disabled) in the reader's language. */
  label(on: boolean): string;
}): DataColumn<Row> {
  return {
    id,
    kind: 'status',
    title,
    width,
    text: (row) => label(isOn(row)),
    render: (row) => <StateBadge on={isOn(row)}>{label(isOn(row))}</StateBadge>,
  };
}
