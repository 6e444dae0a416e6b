import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { DataTable, type DataColumn } from '../../../../src/renderer/components/data-table';
import { DensitySwitch, densityStorageKey } from '../../../../src/renderer/components/table-density';
import { beginSession } from '../../../../src/renderer/lib/session';
import { makeSession, makeUser } from '../fixtures';
import { renderRoutes } from '../render';

// The one table: one line per row with the whole text in a tooltip when it is cut, a density
// remembered per signed-in user, columns left out when the table is narrow, keyboard focus.

interface Institution {
  id: number;
  name: string;
  country: string;
}

const institutions: Institution[] = [
  { id: 1, name: 'University of Prishtina “Hasan Prishtina”, Faculty of Electrical and Computer Engineering', country: 'Bosnia and Herzegovina, Federation' },
  { id: 2, name: 'KU Leuven', country: 'Belgium' },
];

const columns: DataColumn<Institution>[] = [
  { id: 'name', kind: 'text', title: 'Institution', isRowHeader: true, render: (i) => i.name },
  { id: 'country', kind: 'text', title: 'Country', width: '8rem', hideBelow: 1000, text: (i) => `${i.country} (${i.id})`, render: (i) => <b>{i.country}</b> },
];

/** Lines longer than this many characters are "cut" (happy-dom lays nothing out). */
const VISIBLE_CHARACTERS = 20;
let tableWidth = 0;
const originals = {
  scrollWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollWidth'),
  clientWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth'),
};

beforeEach(() => {
  localStorage.clear();
  tableWidth = 0;
  Object.defineProperty(HTMLElement.prototype, 'scrollWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return (this.textContent ?? '').length;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get(this: HTMLElement) {
      if (this.classList.contains('data-table')) return tableWidth;
      return Math.min((this.textContent ?? '').length, VISIBLE_CHARACTERS);
    },
  });
});

afterEach(() => {
  cleanup();
  for (const [name, descriptor] of Object.entries(originals)) {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
    else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
  }
});

function signedInStore(userId: number) {
  const store = createStore();
  beginSession(store, makeSession(makeUser({ id: userId }), 'access'));
  return store;
}

function openTable(store = signedInStore(7)) {
  return renderRoutes(
    [
      {
        path: '/',
        element: (
          <>
            <DensitySwitch />
            <DataTable label="Institutions" columns={columns} rows={institutions} rowKey={(i) => i.id} />
          </>
        ),
      },
    ],
    { store },
  );
}

/** The line of text in the table (the tooltip repeats it outside). */
const line = (text: string) => within(screen.getByRole('grid')).getByText(text);
const cellOf = (text: string) => line(text).closest('[role="gridcell"], [role="rowheader"]') as HTMLElement;

describe('data table', () => {
  it('shows the whole text of a cut cell in a tooltip on hover, and none for a line that fits', async () => {
    openTable();
    const long = institutions[0]!.name;
    fireEvent.pointerEnter(line(long), { pointerType: 'mouse' });
    const tooltip = await screen.findByRole('tooltip', {}, { timeout: 2000 });
    expect(tooltip.textContent).toBe(long);
    fireEvent.pointerLeave(line(long), { pointerType: 'mouse' });
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());

    fireEvent.pointerEnter(line('KU Leuven'), { pointerType: 'mouse' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('takes the tooltip text of a cell drawn with markup from the column', async () => {
    openTable();
    const country = line('Bosnia and Herzegovina, Federation');
    expect(country.tagName).toBe('B');
    fireEvent.pointerEnter(country.parentElement!, { pointerType: 'mouse' });
    expect((await screen.findByRole('tooltip', {}, { timeout: 2000 })).textContent).toBe('Bosnia and Herzegovina, Federation (1)');
  });

  it('shows the tooltip while a cut cell has keyboard focus, and Escape hides it', async () => {
    openTable();
    const grid = screen.getByRole('grid', { name: 'Institutions' });
    // Keyboard focus into the grid, then onto the first body row's first cell.
    fireEvent.keyDown(document.body, { key: 'Tab' });
    act(() => grid.focus());
    const firstRow = within(grid).getAllByRole('row')[1]!;
    act(() => cellOf(institutions[0]!.name).focus());
    expect(document.activeElement).toBe(cellOf(institutions[0]!.name));
    expect(firstRow.contains(document.activeElement)).toBe(true);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toBe(institutions[0]!.name);

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());

    // The arrow keys move cell by cell: the next cell is cut too, and shows its column's text.
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(cellOf('Bosnia and Herzegovina, Federation'));
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toBe('Bosnia and Herzegovina, Federation (1)'));
    // The cell below fits: no tooltip.
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(cellOf('Belgium'));
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('remembers the density per signed-in user and restores it', async () => {
    const first = openTable(signedInStore(7));
    const table = () => document.querySelector('.data-table')!;
    expect(table().getAttribute('data-density')).toBe('comfortable');
    expect((screen.getByRole('radio', { name: 'Comfortable' }) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('radio', { name: 'Compact' }));
    expect(table().getAttribute('data-density')).toBe('compact');
    expect(localStorage.getItem(densityStorageKey(7))).toBe('compact');
    first.unmount();

    // The same person later: compact again.
    const again = openTable(signedInStore(7));
    expect(table().getAttribute('data-density')).toBe('compact');
    expect((screen.getByRole('radio', { name: 'Compact' }) as HTMLInputElement).checked).toBe(true);
    again.unmount();

    // Someone else on this machine keeps their own (the default).
    openTable(signedInStore(8));
    expect(table().getAttribute('data-density')).toBe('comfortable');
    expect(localStorage.getItem(densityStorageKey(8))).toBeNull();
  });

  it('leaves out a column while the table is narrower than the column asks for', () => {
    tableWidth = 900;
    openTable();
    const grid = screen.getByRole('grid', { name: 'Institutions' });
    expect(within(grid).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Institution']);
    cleanup();

    tableWidth = 1200;
    openTable();
    expect(within(screen.getByRole('grid', { name: 'Institutions' })).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Institution', 'Country']);
  });

  it('marks every cell with its column’s kind, and never cuts an identifier, a date, an amount or a status', () => {
    const payments = [{ id: 1, reference: 'NARIC-2026-000375-LONGER-THAN-TWENTY', due: '23/11/2026', amount: '€ 1,250.00', status: 'Payment pending' }];
    renderRoutes([
      {
        path: '/',
        element: (
          <DataTable
            label="Payments"
            rows={payments}
            rowKey={(p) => p.id}
            columns={[
              { id: 'reference', kind: 'reference', title: 'Reference', isRowHeader: true, render: (p) => p.reference },
              { id: 'due', kind: 'date', title: 'Due', render: (p) => p.due },
              { id: 'amount', kind: 'amount', title: 'Amount', render: (p) => p.amount },
              { id: 'status', kind: 'status', title: 'Status', render: (p) => p.status },
            ]}
          />
        ),
      },
    ]);
    const grid = screen.getByRole('grid', { name: 'Payments' });
    const cells = within(grid).getAllByRole('row')[1]!.querySelectorAll('[data-kind]');
    expect([...cells].map((cell) => cell.getAttribute('data-kind'))).toEqual(['reference', 'date', 'amount', 'status']);
    // Whole on its line: no cut line (and so no tooltip) around the value.
    for (const cell of cells) expect(cell.querySelector('.truncated-text')).toBeNull();
    expect(within(grid).getByText(payments[0]!.reference).closest('[data-kind]')?.getAttribute('data-kind')).toBe('reference');
    expect(grid.querySelectorAll('[role="columnheader"][data-kind="amount"]')).toHaveLength(1);
  });
});
