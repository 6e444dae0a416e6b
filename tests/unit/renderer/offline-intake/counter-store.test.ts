import { describe, expect, it, vi } from 'vitest';
import { DraftFrozenError } from '../../../../src/renderer/features/offline-intake/counter-store';
import { documentOf, filledDraft, newDesk, newOfficer, OWNER_A, OWNER_B, requestOf } from './counter-fixtures';

describe('counter store', () => {
  it('resumes a saved draft after the database is closed and opened again', async () => {
    const desk = newDesk();
    const officer = newOfficer(OWNER_A);
    const first = await desk.open();
    const store = await officer.storeOn(first);
    const draft = filledDraft(store);
    const saved = await store.saveDraft(draft);
    first.close();

    const reopened = await desk.open();
    const again = await officer.storeOn(reopened);
    expect(await again.loadDraft(draft.id)).toEqual(saved);
    const [summary] = await again.listDrafts();
    expect(summary).toMatchObject({ id: draft.id, applicant_name: 'Arbër Krasniqi', personal_id: '1234567890', state: 'draft', application: null });
  });

  it('keeps each officer to their own drafts: another owner lists none and cannot load one by id', async () => {
    const db = await newDesk().open();
    const alice = await newOfficer(OWNER_A).storeOn(db);
    const bob = await newOfficer(OWNER_B).storeOn(db);
    const draft = await alice.saveDraft(filledDraft(alice));
    await alice.queue(draft.id, requestOf(draft));

    expect(await bob.listDrafts()).toEqual([]);
    expect(await bob.loadDraft(draft.id)).toBeNull();
    expect(await bob.dueItems(new Date(Date.now() + 1000))).toEqual([]);
    // Bob cannot overwrite Alice's record under the same id, nor delete it.
    await expect(bob.saveDraft({ ...draft })).rejects.toMatchObject({ kind: 'corrupt' });
    await bob.deleteDraft(draft.id);
    expect(await alice.loadDraft(draft.id)).toEqual(draft);
    expect(await alice.listDrafts()).toHaveLength(1);
  });

  it('lists drafts newest first', async () => {
    let now = Date.parse('2025-03-01T10:00:00Z');
    const clock = () => new Date(now);
    const db = await newDesk().open();
    const store = await newOfficer(OWNER_A).storeOn(db, { clock });
    const older = await store.saveDraft(filledDraft(store, { first: 'Older', last: 'One' }));
    now += 60_000;
    const newer = await store.saveDraft(filledDraft(store, { first: 'Newer', last: 'One' }));
    expect((await store.listDrafts()).map((summary) => summary.id)).toEqual([newer.id, older.id]);
  });

  it('freezes a queued draft, and deleting removes the draft, its outbox entry and its attachments', async () => {
    const removed: string[] = [];
    const db = await newDesk().open();
    const store = await newOfficer(OWNER_A).storeOn(db, {
      removeAttachment: async (id) => {
        removed.push(id);
      },
    });
    const draft = filledDraft(store);
    draft.values.documents = [documentOf(crypto.randomUUID(), 'c'.repeat(64))];
    await store.saveDraft(draft);
    await store.queue(draft.id, requestOf(draft));
    await expect(store.saveDraft(draft)).rejects.toBeInstanceOf(DraftFrozenError);
    expect(await store.stateOf(draft.id)).toBe('queued');

    await store.deleteDraft(draft.id);
    expect(await store.loadDraft(draft.id)).toBeNull();
    expect(await db.outbox.count()).toBe(0);
    expect(removed).toEqual([draft.values.documents[0]!.attachment_id]);
  });

  it('keeps the idempotency key across reopen and queue again', async () => {
    const db = await newDesk().open();
    const store = await newOfficer(OWNER_A).storeOn(db);
    const draft = await store.saveDraft(filledDraft(store));
    await store.queue(draft.id, requestOf(draft));
    const [first] = await store.dueItems(new Date(Date.now() + 1000));
    await store.markSending(draft.id);
    await store.markNeedsAttention(draft.id, { message: 'The fee changed.' });
    expect((await store.listDrafts())[0]).toMatchObject({ state: 'needs_attention', last_error: 'The fee changed.' });

    await store.reopen(draft.id);
    expect(await store.stateOf(draft.id)).toBe('draft');
    await store.saveDraft({ ...draft, values: { ...draft.values, request_type: '' } });
    await store.queue(draft.id, requestOf(draft));
    const [second] = await store.dueItems(new Date(Date.now() + 1000));
    expect(second!.idempotency_key).toBe(first!.idempotency_key);
  });

  it('notifies subscribers of changes', async () => {
    const db = await newDesk().open();
    const store = await newOfficer(OWNER_A).storeOn(db);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    await store.saveDraft(filledDraft(store));
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    await store.saveDraft(filledDraft(store));
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
