import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import {
  USER_LIMITS,
  type BulkAnswer,
  type BulkResult,
  type BulkSkipReason,
  type bulkPreviewAnswer,
  type bulkRequest } from '../../../shared/api/users';
import type { Database } from '../../db/schema';
import { conflict, fieldError } from '../../errors';
import { endSessionsOf, queueNotifications, recordActions, type ActionAuditEntry } from './action-records';
import { mayHaveTemporaryPassword, prepareTemporaryPassword, setTemporaryPassword, type PreparedPassword } from './temporary-passwords';
import type { ActionContext } from './user-actions';
import { selectedUserIds, type UserSelectionValue } from './user-filter';
import { accountRanks, adminChangeRefusal, type AdminChange } from './user-guards';
import { displayName } from '../../shared/display-name';

// The bulk actions of spec §2 "Users" over a page selection or everything a filter matches. The
// administrator confirms the count first (preview); the action runs only if the selection still
// holds that many users, and never over USER_LIMITS.bulkCap. Each user gets a result: done, or
// skipped and why.
//
// One transaction per request: every user's change and audit entry is written, or none is (a
// failure half-way leaves nothing half-done to explain). The work is set-based (a few statements
// for the whole selection, not a few per user), so even the cap fits in one transaction; only the
// password reset writes user by user, its passwords hashed before the transaction begins.

type Db = Kysely<Database>;
export type BulkRequestValue = z.output<typeof bulkRequest>;
type PreviewAnswer = z.infer<typeof bulkPreviewAnswer>;

/** How many users the selection holds now, and whether one action may touch them all. */
export async function previewSelection(db: Db, selection: UserSelectionValue): Promise<PreviewAnswer> {
  const { count } = await selectedUserIds(db, selection, USER_LIMITS.bulkCap);
  return { count, cap: USER_LIMITS.bulkCap, over_cap: count > USER_LIMITS.bulkCap };
}

interface SelectedUser {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  is_active: boolean;
  email_verified: boolean;
  auth_source: string;
  groups: string[];
}

type Verdict = { done: true } | { done: false; reason: BulkSkipReason };
const DONE: Verdict = { done: true };
const skip = (reason: BulkSkipReason): Verdict => ({ done: false, reason });

const fullName = (user: SelectedUser) => displayName(user.first_name, user.last_name, user.username);

/** The selection's users as they are now; with `lock`, locked against other changes until the transaction ends. */
async function selectedUsers(db: Db, ids: readonly number[], lock: boolean): Promise<SelectedUser[]> {
  if (ids.length === 0) return [];
  const query = db
    .selectFrom('users')
    .select([
      'users.id',
      'users.username',
      'users.email',
      'users.first_name',
      'users.last_name',
      'users.is_active',
      'users.email_verified',
      'users.auth_source',
      sql<string[]>`array(select g.name from user_groups ug join groups g on g.id = ug.group_id where ug.user_id = users.id order by g.name)`.as('groups'),
    ])
    .where('users.id', 'in', [...ids])
    .orderBy('users.id');
  return lock ? query.forUpdate().execute() : query.execute();
}

/** The ids of the named groups; a name that is no group is the request's fault (400 on the field). */
async function groupIds(db: Db, field: string, names: readonly string[]): Promise<Map<string, number>> {
  const wanted = [...new Set(names)];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('groups').select(['id', 'name']).where('name', 'in', wanted).execute();
  if (rows.length !== wanted.length) throw fieldError(field, 'user_unknown_group');
  return new Map(rows.map((row) => [row.name, row.id]));
}

/** The selection's ids and count, refused when too large or no longer the count the administrator confirmed. */
async function confirmedSelection(db: Db, request: BulkRequestValue): Promise<number[]> {
  const { ids, count } = await selectedUserIds(db, request.selection, USER_LIMITS.bulkCap);
  if (count > USER_LIMITS.bulkCap) throw conflict('user_selection_too_large', {}, { count, cap: USER_LIMITS.bulkCap });
  if (count !== request.expected_count) throw conflict('user_selection_changed', {}, { count, expected_count: request.expected_count });
  return ids;
}

const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id, index) => id === b[index]);

async function setFlag(db: Db, ids: readonly number[], flag: 'is_active' | 'email_verified', value: boolean, now: Date) {
  if (ids.length === 0) return;
  await db
    .updateTable('users')
    .set((eb) => ({ [flag]: value, version: eb('version', '+', 1), updated_at: now }))
    .where('id', 'in', [...ids])
    .execute();
}

async function bumpVersions(db: Db, ids: readonly number[], now: Date) {
  if (ids.length === 0) return;
  await db
    .updateTable('users')
    .set((eb) => ({ version: eb('version', '+', 1), updated_at: now }))
    .where('id', 'in', [...ids])
    .execute();
}

/** The guards' refusals (self, last administrator) as skip reasons. */
async function guardedVerdicts(db: Db, context: ActionContext, changes: AdminChange[]): Promise<Map<number, Verdict>> {
  const refusals = await adminChangeRefusal(db, { id: context.actor.id }, changes);
  return new Map(changes.map((change) => [change.userId, refusals.has(change.userId) ? skip(refusals.get(change.userId)!) : DONE]));
}

interface Outcome {
  verdicts: Map<number, Verdict>;
  audit: ActionAuditEntry[];
}

/** Runs the action on `users` inside `trx`; answers each user's verdict and the audit entries of the done ones. */
async function perform(trx: Db, context: ActionContext, request: BulkRequestValue, selected: SelectedUser[], passwords: Map<number, PreparedPassword>): Promise<Outcome> {
  const now = context.now ?? new Date();
  const verdicts = new Map<number, Verdict>();
  const audit: ActionAuditEntry[] = [];
  const doneIds = () => users.filter((user) => verdicts.get(user.id)?.done).map((user) => user.id);
  const bulk = { bulk: true };
  // A superuser's account is for a superuser to change (user-guards.ts); telling them something is not a change.
  const { outranking } = request.action === 'send_notification' ? { outranking: new Set<number>() } : await accountRanks(trx, context.actor.id, selected.map((user) => user.id));
  for (const user of selected) if (outranking.has(user.id)) verdicts.set(user.id, skip('superuser'));
  const users = selected.filter((user) => !outranking.has(user.id));

  switch (request.action) {
    case 'activate': {
      for (const user of users) verdicts.set(user.id, user.is_active ? skip('already_done') : DONE);
      await setFlag(trx, doneIds(), 'is_active', true, now);
      for (const id of doneIds()) audit.push({ action: 'user.activated', userId: id, details: { ...bulk, before: { is_active: false }, after: { is_active: true } } });
      break;
    }
    case 'deactivate': {
      const active = users.filter((user) => user.is_active);
      for (const user of users) if (!user.is_active) verdicts.set(user.id, skip('already_done'));
      const guarded = await guardedVerdicts(trx, context, active.map((user) => ({ userId: user.id, active: false })));
      for (const [id, verdict] of guarded) verdicts.set(id, verdict);
      await setFlag(trx, doneIds(), 'is_active', false, now);
      // A deactivated user's sessions end at once: their next request is refused.
      const ended = await endSessionsOf(trx, doneIds(), now);
      for (const id of doneIds()) {
        audit.push({ action: 'user.deactivated', userId: id, details: { ...bulk, before: { is_active: true }, after: { is_active: false }, sessions_ended: ended.get(id) ?? 0 } });
      }
      break;
    }
    case 'verify_email': {
      for (const user of users) verdicts.set(user.id, user.email_verified ? skip('already_done') : DONE);
      await setFlag(trx, doneIds(), 'email_verified', true, now);
      for (const id of doneIds()) audit.push({ action: 'user.email_verified', userId: id, details: { ...bulk, before: { email_verified: false }, after: { email_verified: true } } });
      break;
    }
    case 'assign_role':
    case 'manage_roles': {
      const add = request.action === 'assign_role' ? [request.group] : request.add;
      const remove = request.action === 'assign_role' ? [] : request.remove;
      if (add.some((group) => remove.includes(group))) throw fieldError('remove', 'user_duplicate_group');
      const ids = new Map([...(await groupIds(trx, request.action === 'assign_role' ? 'group' : 'add', add)), ...(await groupIds(trx, 'remove', remove))]);
      const changes: AdminChange[] = [];
      const after = new Map<number, string[]>();
      for (const user of users) {
        const groups = [...new Set([...user.groups, ...add])].filter((group) => !remove.includes(group)).sort();
        if (groups.join('\n') === user.groups.join('\n')) {
          verdicts.set(user.id, skip('already_done'));
          continue;
        }
        after.set(user.id, groups);
        changes.push({ userId: user.id, groups });
      }
      for (const [id, verdict] of await guardedVerdicts(trx, context, changes)) verdicts.set(id, verdict);
      const changed = doneIds();
      if (changed.length > 0) {
        if (remove.length > 0) {
          await trx
            .deleteFrom('user_groups')
            .where('user_id', 'in', changed)
            .where('group_id', 'in', remove.map((name) => ids.get(name)!))
            .execute();
        }
        for (const name of add) {
          const groupId = ids.get(name)!;
          await sql`insert into user_groups (user_id, group_id)
            select id, ${groupId} from unnest(${sql.val(changed)}::int[]) as id
            on conflict do nothing`.execute(trx);
        }
        await bumpVersions(trx, changed, now);
      }
      const before = new Map(users.map((user) => [user.id, user.groups]));
      for (const id of changed) {
        audit.push({ action: 'user.roles_changed', userId: id, details: { ...bulk, before: { groups: before.get(id) }, after: { groups: after.get(id) } } });
      }
      break;
    }
    case 'reset_password': {
      for (const user of users) {
        if (!mayHaveTemporaryPassword(user)) verdicts.set(user.id, skip('directory_user'));
        else if (!user.is_active) verdicts.set(user.id, skip('inactive'));
        else verdicts.set(user.id, DONE);
      }
      for (const user of users) {
        const prepared = passwords.get(user.id);
        if (!verdicts.get(user.id)?.done || !prepared) continue;
        // E-mail only: a list of temporary passwords on an administrator's screen is one leak away from many accounts.
        const answer = await setTemporaryPassword(trx, user, prepared, { delivery: 'email', language: context.language, now });
        audit.push({ action: 'user.password_reset', userId: user.id, details: { ...bulk, delivery: 'email', expires_at: answer.expires_at } });
      }
      break;
    }
    case 'send_notification': {
      for (const user of users) verdicts.set(user.id, user.is_active ? DONE : skip('inactive'));
      const recipients = users.filter((user) => verdicts.get(user.id)?.done);
      await queueNotifications(
        trx,
        recipients.map((user) => ({ userId: user.id, email: user.email, kind: request.kind, subject: request.subject, message: request.message, senderId: context.actor.id })),
      );
      for (const user of recipients) audit.push({ action: 'user.notified', userId: user.id, details: { ...bulk, kind: request.kind, subject: request.subject } });
      break;
    }
  }
  return { verdicts, audit };
}

/** Hashes the temporary passwords a bulk reset will set, a few at a time (Argon2id is slow on purpose). */
async function preparePasswords(users: readonly SelectedUser[]): Promise<Map<number, PreparedPassword>> {
  const eligible = users.filter((user) => mayHaveTemporaryPassword(user) && user.is_active);
  const prepared = new Map<number, PreparedPassword>();
  const CONCURRENCY = 4;
  for (let start = 0; start < eligible.length; start += CONCURRENCY) {
    const batch = eligible.slice(start, start + CONCURRENCY);
    const passwords = await Promise.all(batch.map(() => prepareTemporaryPassword()));
    batch.forEach((user, index) => prepared.set(user.id, passwords[index]));
  }
  return prepared;
}

/** POST /users/bulk/: the action over the confirmed selection, with a result for every user. */
export async function runBulkAction(context: ActionContext, request: BulkRequestValue): Promise<BulkAnswer> {
  let passwords = new Map<number, PreparedPassword>();
  let prepared: number[] | null = null;
  if (request.action === 'reset_password') {
    prepared = await confirmedSelection(context.db, request);
    passwords = await preparePasswords(await selectedUsers(context.db, prepared, false));
  }
  return context.db.transaction().execute(async (trx) => {
    const ids = await confirmedSelection(trx, request);
    // The passwords were made for the users selected before the transaction: a different set now is a changed selection.
    if (prepared && !sameIds(prepared, ids)) throw conflict('user_selection_changed');
    const users = await selectedUsers(trx, ids, true);
    const { verdicts, audit } = await perform(trx, context, request, users, passwords);
    await recordActions(trx, context.actor, audit);

    const results: BulkResult[] = users.map((user) => {
      const verdict = verdicts.get(user.id) ?? skip('already_done');
      return { user_id: user.id, username: user.username, full_name: fullName(user), outcome: verdict.done ? 'done' : 'skipped', reason: verdict.done ? null : verdict.reason };
    });
    // Page ids that name nobody (any more): said, not silently dropped.
    if ('ids' in request.selection) {
      const found = new Set(ids);
      for (const id of new Set(request.selection.ids)) {
        if (!found.has(id)) results.push({ user_id: id, username: '', full_name: '', outcome: 'skipped', reason: 'unknown_user' });
      }
    }
    const done = results.filter((result) => result.outcome === 'done').length;
    return { action: request.action, done, skipped: results.length - done, results };
  });
}
