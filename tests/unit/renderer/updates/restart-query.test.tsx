import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import { Dialog } from '../../../../src/renderer/components/dialog';
import { PdfUpload } from '../../../../src/renderer/components/pdf-upload';
import { RestartQueryAnswerer } from '../../../../src/renderer/features/updates/restart-query-answerer';
import { UnsavedChangesGuard } from '../../../../src/renderer/features/offline-intake/unsaved-changes-guard';
import { unsavedWorkAtom, useUnsavedWork, type UnsavedWorkKind } from '../../../../src/renderer/lib/unsaved-work';
import type { NaricBridge } from '../../../../src/shared/bridge';
import type { RestartAnswer } from '../../../../src/shared/ipc/update-contract';
import type { UploadOutcome } from '../../../../src/shared/ipc/transfer-contract';
import { renderRoutes } from '../render';
import { deferred, updatesBridge } from './updates-bridge';

const QUERY_1 = '7b0e4a36-4b57-4c0e-9a53-1f1b5e0c2a01';
const QUERY_2 = '7b0e4a36-4b57-4c0e-9a53-1f1b5e0c2a02';
const WEB_INFO = { version: '1.4.0', shell: 'desktop' as const, os: 'Linux', apiBaseUrl: '/api', embeddedServer: false, sessionPersistence: 'keychain' as const };

afterEach(() => {
  cleanup();
  delete window.naric;
});

function Unsaved({ kind, label }: { kind: UnsavedWorkKind; label?: string }) {
  useUnsavedWork(kind, true, label);
  return null;
}

/** The answerer beside `work`, over a bridge recording every answer. */
function setUp(work: React.ReactNode, others: Parameters<typeof updatesBridge>[1] = {}) {
  const answers: RestartAnswer[] = [];
  const answerRestart = vi.fn(async (answer: RestartAnswer) => {
    answers.push(answer);
  });
  const { emit, listening } = updatesBridge({ answerRestart }, { app: { info: async () => WEB_INFO }, ...others });
  const store = createStore();
  const view = renderRoutes(
    [
      {
        path: '/',
        element: (
          <>
            <RestartQueryAnswerer />
            {work}
          </>
        ),
      },
    ],
    { store },
  );
  return { ...view, answers, emit, listening };
}

describe('the answer to main’s restart query', () => {
  it('says yes at once when nothing is unsaved', async () => {
    const { answers, emit, listening } = setUp(null);
    await waitFor(() => expect(listening('updates:restart-query')).toBe(true));
    emit('updates:restart-query', { query_id: QUERY_1 });
    expect(answers).toEqual([{ query_id: QUERY_1, proceed: true }]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('lists an open form and answers no for Keep working, yes for Restart anyway, once each', async () => {
    const { answers, emit, listening, store } = setUp(
      <Dialog isOpen onOpenChange={() => {}} title="New group" holdsUnsavedWork>
        <p>form</p>
      </Dialog>,
    );
    await waitFor(() => expect(listening('updates:restart-query')).toBe(true));
    expect([...store.get(unsavedWorkAtom).values()]).toEqual([{ kind: 'form', label: 'New group' }]);

    emit('updates:restart-query', { query_id: QUERY_1 });
    const question = await screen.findByRole('alertdialog', { name: 'Restart to update?' });
    expect(within(question).getByText('Restarting now could lose work that is not saved:')).toBeTruthy();
    expect(within(question).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['An open form with changes that are not saved: New group']);
    expect(answers).toEqual([]);
    fireEvent.click(within(question).getByRole('button', { name: 'Keep working' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(answers).toEqual([{ query_id: QUERY_1, proceed: false }]);

    emit('updates:restart-query', { query_id: QUERY_2 });
    fireEvent.click(await screen.findByRole('button', { name: 'Restart anyway' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(answers).toEqual([
      { query_id: QUERY_1, proceed: false },
      { query_id: QUERY_2, proceed: true },
    ]);
  });

  it('does not count a dialog without a form, nor a form dialog that is closed', async () => {
    const { answers, emit, listening, store } = setUp(
      <>
        <Dialog isOpen onOpenChange={() => {}} title="Notification">
          <p>read only</p>
        </Dialog>
        <Dialog isOpen={false} onOpenChange={() => {}} title="Refund" holdsUnsavedWork>
          <p>form</p>
        </Dialog>
      </>,
    );
    await waitFor(() => expect(listening('updates:restart-query')).toBe(true));
    expect(store.get(unsavedWorkAtom).size).toBe(0);
    emit('updates:restart-query', { query_id: QUERY_1 });
    expect(answers).toEqual([{ query_id: QUERY_1, proceed: true }]);
  });

  it('answers no when the question is dismissed (Escape)', async () => {
    const { answers, emit, listening } = setUp(<Unsaved kind="form" label="Refund" />);
    await waitFor(() => expect(listening('updates:restart-query')).toBe(true));
    emit('updates:restart-query', { query_id: QUERY_1 });
    const question = await screen.findByRole('alertdialog', { name: 'Restart to update?' });
    fireEvent.keyDown(question, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(answers).toEqual([{ query_id: QUERY_1, proceed: false }]);
  });

  it('with a transfer running offers only Keep working', async () => {
    const { answers, emit, listening } = setUp(
      <>
        <Unsaved kind="transfer" label="diploma.pdf" />
        <Unsaved kind="form" />
      </>,
    );
    await waitFor(() => expect(listening('updates:restart-query')).toBe(true));
    emit('updates:restart-query', { query_id: QUERY_1 });
    const question = await screen.findByRole('alertdialog', { name: 'Restart to update?' });
    expect(within(question).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'A file transfer running: diploma.pdf',
      'An open form with changes that are not saved',
    ]);
    expect(within(question).getByText(/never interrupted/)).toBeTruthy();
    expect(within(question).queryByRole('button', { name: 'Restart anyway' })).toBeNull();
    expect(within(question).getAllByRole('button').map((button) => button.textContent)).toEqual(['Keep working']);
    fireEvent.click(within(question).getByRole('button', { name: 'Keep working' }));
    await waitFor(() => expect(answers).toEqual([{ query_id: QUERY_1, proceed: false }]));
  });

  it('names a running upload (PdfUpload) and a counter draft not yet saved (the counter’s guard)', async () => {
    const upload = deferred<UploadOutcome>();
    const { answers, emit, listening } = setUp(
      <>
        <PdfUpload target={{ type: 'application_document', application_id: 7, document_type: 'original_diploma' }} />
        <UnsavedChangesGuard pending failed={false} save={async () => false} />
      </>,
      {
        transfer: {
          limits: async () => ({ max_upload_bytes: 1024 * 1024, accepted_media_types: ['application/pdf'] }),
          choosePdf: async () => ({ selection: 'sel-1', file_name: 'diploma.pdf', size: 2048 }),
          upload: (() => upload.promise) as NaricBridge['transfer']['upload'],
        },
      },
    );
    await waitFor(() => expect(listening('updates:restart-query')).toBe(true));
    fireEvent.click(await screen.findByRole('button', { name: 'Choose PDF' }));
    await screen.findByRole('progressbar', { name: 'Uploading diploma.pdf' });

    emit('updates:restart-query', { query_id: QUERY_1 });
    const question = await screen.findByRole('alertdialog', { name: 'Restart to update?' });
    expect(within(question).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['A file transfer running: diploma.pdf', 'A counter draft not yet saved']);
    expect(within(question).queryByRole('button', { name: 'Restart anyway' })).toBeNull();

    // The upload ends while the question is open: restarting is possible again.
    upload.resolve({ outcome: 'cancelled' });
    await waitFor(() => expect(within(question).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['A counter draft not yet saved']));
    fireEvent.click(within(question).getByRole('button', { name: 'Restart anyway' }));
    await waitFor(() => expect(answers).toEqual([{ query_id: QUERY_1, proceed: true }]));
  });

  it('answers an older query no when a newer one arrives, and an open one no when the app leaves', async () => {
    const { answers, emit, listening, unmount } = setUp(<Unsaved kind="counter_draft" />);
    await waitFor(() => expect(listening('updates:restart-query')).toBe(true));
    emit('updates:restart-query', { query_id: QUERY_1 });
    await screen.findByRole('alertdialog', { name: 'Restart to update?' });
    emit('updates:restart-query', { query_id: QUERY_2 });
    expect(answers).toEqual([{ query_id: QUERY_1, proceed: false }]);
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    unmount();
    expect(answers).toEqual([
      { query_id: QUERY_1, proceed: false },
      { query_id: QUERY_2, proceed: false },
    ]);
    expect(listening('updates:restart-query')).toBe(false);
  });
});
