import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CounterStore } from '../../../../src/renderer/features/offline-intake/counter-store';
import type { Draft } from '../../../../src/renderer/features/offline-intake/draft-model';
import { emptyDraftValues } from '../../../../src/renderer/features/offline-intake/draft-model';
import { CounterStorageError } from '../../../../src/renderer/features/offline-intake/storage-errors';
import { useAutosave } from '../../../../src/renderer/features/offline-intake/use-autosave';
import { filledDraft, newDesk, newOfficer, OWNER_A } from './counter-fixtures';

// Autosave with a store whose saves the test controls (when they finish, whether they fail),
// and once with the real store over fake-indexeddb.

interface PendingSave {
  draft: Draft;
  finish(): void;
  fail(error: unknown): void;
}

function controlledStore() {
  const saves: PendingSave[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const store = {
    saveDraft: (draft: Draft) =>
      new Promise<Draft>((resolve, reject) => {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        saves.push({
          draft,
          finish: () => {
            inFlight -= 1;
            resolve({ ...draft, updated_at: '2025-06-01T10:00:00.000Z' });
          },
          fail: (error) => {
            inFlight -= 1;
            reject(error);
          },
        });
      }),
  } as unknown as CounterStore;
  return { store, saves, maxInFlight: () => maxInFlight };
}

const typed = (draft: Draft, firstName: string): Draft => ({ ...draft, values: { ...draft.values, applicant: { ...draft.values.applicant, first_name: firstName } } });

const baseDraft = (): Draft => ({ id: crypto.randomUUID(), created_at: '2025-06-01T09:00:00.000Z', updated_at: '2025-06-01T09:00:00.000Z', values: emptyDraftValues() });

describe('useAutosave', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for the pause, then saves the latest values once', async () => {
    const { store, saves } = controlledStore();
    const start = baseDraft();
    const { result, rerender } = renderHook(({ draft }) => useAutosave(store, draft, { delayMs: 500 }), { initialProps: { draft: start } });
    expect(result.current).toMatchObject({ status: 'idle', dirty: false });

    rerender({ draft: typed(start, 'A') });
    await act(() => vi.advanceTimersByTimeAsync(300));
    rerender({ draft: typed(start, 'Ar') });
    await act(() => vi.advanceTimersByTimeAsync(300));
    rerender({ draft: typed(start, 'Arb') });
    expect(result.current.dirty).toBe(true);
    expect(saves).toHaveLength(0);

    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(saves.map((save) => save.draft.values.applicant.first_name)).toEqual(['Arb']);
    expect(result.current.status).toBe('saving');
    await act(async () => saves[0]!.finish());
    expect(result.current).toMatchObject({ status: 'saved', dirty: false, savedAt: '2025-06-01T10:00:00.000Z', error: null });
  });

  it('never runs two saves at once; what was typed during a slow save is saved right after it', async () => {
    const { store, saves, maxInFlight } = controlledStore();
    const start = baseDraft();
    const { result, rerender } = renderHook(({ draft }) => useAutosave(store, draft, { delayMs: 100 }), { initialProps: { draft: start } });
    rerender({ draft: typed(start, 'First') });
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(saves).toHaveLength(1);

    rerender({ draft: typed(start, 'Second') });
    await act(() => vi.advanceTimersByTimeAsync(100));
    rerender({ draft: typed(start, 'Third') });
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(saves).toHaveLength(1);

    await act(async () => saves[0]!.finish());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(saves.map((save) => save.draft.values.applicant.first_name)).toEqual(['First', 'Third']);
    expect(result.current.dirty).toBe(true);
    await act(async () => saves[1]!.finish());
    expect(maxInFlight()).toBe(1);
    expect(result.current).toMatchObject({ status: 'saved', dirty: false });
  });

  it('reports a full disk in words and keeps the values dirty', async () => {
    const { store, saves } = controlledStore();
    const start = baseDraft();
    const { result, rerender } = renderHook(({ draft }) => useAutosave(store, draft, { delayMs: 100 }), { initialProps: { draft: start } });
    rerender({ draft: typed(start, 'Full') });
    await act(() => vi.advanceTimersByTimeAsync(100));
    await act(async () => saves[0]!.fail(new CounterStorageError('quota', 'There is not enough free space.')));
    expect(result.current.status).toBe('failed');
    expect(result.current.error?.kind).toBe('quota');
    expect(result.current.dirty).toBe(true);
  });

  it('flushes at once when asked and when the screen closes', async () => {
    const { store, saves } = controlledStore();
    const start = baseDraft();
    const { result, rerender, unmount } = renderHook(({ draft }) => useAutosave(store, draft, { delayMs: 10_000 }), { initialProps: { draft: start } });
    rerender({ draft: typed(start, 'Now') });
    let flushed = false;
    act(() => {
      void result.current.flush().then(() => {
        flushed = true;
      });
    });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(saves.map((save) => save.draft.values.applicant.first_name)).toEqual(['Now']);
    expect(flushed).toBe(false);
    await act(async () => saves[0]!.finish());
    expect(flushed).toBe(true);

    rerender({ draft: typed(start, 'Leaving') });
    unmount();
    await vi.advanceTimersByTimeAsync(0);
    expect(saves.map((save) => save.draft.values.applicant.first_name)).toEqual(['Now', 'Leaving']);
  });

  it('saves what was pending for a draft when the form switches to another', async () => {
    const { store, saves } = controlledStore();
    const first = baseDraft();
    const second = baseDraft();
    const { rerender } = renderHook(({ draft }) => useAutosave(store, draft, { delayMs: 10_000 }), { initialProps: { draft: first } });
    rerender({ draft: typed(first, 'Pending') });
    rerender({ draft: second });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(saves.map((save) => [save.draft.id, save.draft.values.applicant.first_name])).toEqual([[first.id, 'Pending']]);
  });
});

describe('useAutosave with the drafts database', () => {
  it('resumes what was typed after the database is opened again', async () => {
    const desk = newDesk();
    const officer = newOfficer(OWNER_A);
    const db = await desk.open();
    const store = await officer.storeOn(db);
    const start = filledDraft(store);
    const { result, rerender } = renderHook(({ draft }) => useAutosave(store, draft, { delayMs: 20 }), { initialProps: { draft: start } });
    rerender({ draft: typed(start, 'Typed') });
    await act(() => result.current.flush());
    expect(result.current.status).toBe('saved');
    db.close();

    const again = await officer.storeOn(await desk.open());
    expect((await again.loadDraft(start.id))?.values.applicant.first_name).toBe('Typed');
  });
});
