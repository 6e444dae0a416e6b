import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../src/renderer/components/dialog';
import { DataTable, type DataColumn } from '../../../src/renderer/components/data-table';
import { QrCode } from '../../../src/renderer/components/qr-code';
import { notifyError, notifySuccess, toastQueue } from '../../../src/renderer/components/toast';
import { renderRoutes } from './render';

afterEach(() => {
  cleanup();
  toastQueue.visibleToasts.forEach((toast) => toastQueue.close(toast.key));
});

interface Council {
  id: number;
  name: string;
  members: number;
}

const councils: Council[] = [
  { id: 1, name: 'Medicine', members: 7 },
  { id: 2, name: 'Engineering', members: 12 },
  { id: 3, name: 'Law', members: 5 },
];

const columns: DataColumn<Council>[] = [
  { id: 'name', kind: 'text', title: 'Name', isRowHeader: true, allowsSorting: true, render: (c) => c.name, sortValue: (c) => c.name },
  { id: 'members', kind: 'number', title: 'Members', allowsSorting: true, render: (c) => String(c.members), sortValue: (c) => c.members },
];

const rowNames = () =>
  within(screen.getByRole('grid', { name: 'Councils' }))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

describe('data table', () => {
  it('sorts on the client by the pressed column, both ways', async () => {
    renderRoutes([{ path: '/', element: <DataTable label="Councils" columns={columns} rows={councils} rowKey={(c) => c.id} /> }]);
    expect(await screen.findAllByRole('rowheader')).toHaveLength(3);
    expect(rowNames()).toEqual(['Medicine', 'Engineering', 'Law']);

    fireEvent.click(screen.getByRole('columnheader', { name: /Members/ }));
    expect(rowNames()).toEqual(['Law', 'Medicine', 'Engineering']);
    expect(screen.getByRole('columnheader', { name: /Members/ }).getAttribute('aria-sort')).toBe('ascending');

    fireEvent.click(screen.getByRole('columnheader', { name: /Members/ }));
    expect(rowNames()).toEqual(['Engineering', 'Medicine', 'Law']);
  });

  it('leaves sorting to the caller when it is controlled (server ordering)', async () => {
    const onSortChange = vi.fn();
    renderRoutes([
      {
        path: '/',
        element: (
          <DataTable
            label="Councils"
            columns={columns}
            rows={councils}
            rowKey={(c) => c.id}
            sortDescriptor={{ column: 'name', direction: 'descending' }}
            onSortChange={onSortChange}
          />
        ),
      },
    ]);
    fireEvent.click(await screen.findByRole('columnheader', { name: /Members/ }));
    expect(onSortChange).toHaveBeenCalledWith({ column: 'members', direction: 'ascending' });
    expect(rowNames()).toEqual(['Medicine', 'Engineering', 'Law']);
  });

  it('says so when there are no rows', async () => {
    renderRoutes([{ path: '/', element: <DataTable label="Councils" columns={columns} rows={[]} rowKey={(c) => c.id} /> }]);
    expect(await screen.findByText('No records to show.')).toBeTruthy();
  });
});

describe('confirm dialog', () => {
  function Harness({ onConfirm }: { onConfirm(): void }) {
    const [open, setOpen] = useState(true);
    return (
      <ConfirmDialog
        isOpen={open}
        onOpenChange={setOpen}
        title="Delete the template?"
        message="The template is removed for everyone."
        confirmLabel="Delete"
        isDestructive
        onConfirm={onConfirm}
      />
    );
  }

  it('is an accessible alert dialog that confirms or cancels', async () => {
    const onConfirm = vi.fn();
    renderRoutes([{ path: '/', element: <Harness onConfirm={onConfirm} /> }]);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the template?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('toasts', () => {
  it.each([
    ['saved', 'Saved successfully'],
    ['deleted', 'Deleted successfully'],
    ['updated', 'Updated successfully'],
    ['created', 'Created successfully'],
    ['sent', 'Sent successfully'],
    ['uploaded', 'Uploaded successfully'],
  ] as const)('shows the translated success message %s (spec §8) in the notifications region', async (kind, text) => {
    renderRoutes([{ path: '/', element: <p>screen</p> }]);
    act(() => notifySuccess(kind));
    const region = await screen.findByRole('region', { name: 'Notifications' });
    expect(within(region).getByText(text)).toBeTruthy();
    expect(toastQueue.visibleToasts[0].timeout).toBe(5_000);
  });

  it('keeps errors until dismissed', () => {
    act(() => notifyError('Network error'));
    expect(toastQueue.visibleToasts[0].timeout).toBeUndefined();
  });
});

describe('QR code', () => {
  it('draws the otpauth URI as an SVG image with an accessible name', () => {
    renderRoutes([{ path: '/', element: <QrCode value="otpauth://totp/NARIC:ana?secret=JBSWY3DPEHPK3PXP" label="QR code for your authenticator app" /> }]);
    const image = screen.getByRole('img', { name: 'QR code for your authenticator app' });
    expect(image.tagName.toLowerCase()).toBe('svg');
    expect(image.querySelector('path')?.getAttribute('d')?.length).toBeGreaterThan(1000);
  });
});
