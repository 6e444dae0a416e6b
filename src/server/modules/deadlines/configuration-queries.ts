import { sql, type Selectable } from 'kysely';
import type { z } from 'zod';
import type {
  DeadlineConfiguration,
  DeadlineConfigurationChange,
  RecipientRef,
  deadlineConfigurationCreate,
  deadlineConfigurationListQuery,
  deadlineConfigurationUpdate,
} from '../../../shared/api/deadlines';
import type { AppDatabase } from '../../db/database';
import type { DeadlineConfigurationsTable } from '../../db/schema';
import { conflict, fieldError, notFound, preconditionFailed } from '../../errors';
import { containsPattern } from '../../shared/search-pattern';
import { recordAudit } from '../../shared/audit';
import { displayNameSql } from '../../shared/display-name';

// Deadline configurations: list, one, create, update (optimistic `version`), activate and
// deactivate, delete while unused, and the history of changes. Every change writes an audit_log
// row (entity 'deadline_configuration', details {before, after}) in the same transaction; the
// history reads those rows back.

type Row = Selectable<DeadlineConfigurationsTable>;
type CreateInput = z.output<typeof deadlineConfigurationCreate>;
type UpdateInput = z.output<typeof deadlineConfigurationUpdate>;
type ListQuery = Omit<z.output<typeof deadlineConfigurationListQuery>, 'page' | 'page_size'>;

export const AUDIT_ENTITY = 'deadline_configuration';

/** The fields an administrator writes, as stored (the history compares these). */
const WRITTEN_FIELDS = [
  'name_en', 'name_sq', 'name_sr', 'deadline_type', 'service_category', 'days_from_start', 'working_days', 'conditional', 'condition',
  'mandatory', 'mandatory_by_law', 'legal_basis', 'reminder_enabled', 'reminder_days_before', 'reminder_frequency', 'escalation_enabled',
  'escalation_days_after', 'escalation_recipients', 'active',
] as const satisfies readonly (keyof Row)[];

type Snapshot = Record<(typeof WRITTEN_FIELDS)[number], unknown>;

function snapshot(row: Row): Snapshot {
  return Object.fromEntries(WRITTEN_FIELDS.map((field) => [field, row[field]])) as Snapshot;
}

/** Stored form: the dependent fields of a switched-off option are cleared, so nothing stale hides there. */
function storedFields(input: CreateInput) {
  return {
    name_en: input.name_en,
    name_sq: input.name_sq,
    name_sr: input.name_sr,
    deadline_type: input.deadline_type,
    service_category: input.service_category,
    days_from_start: input.days_from_start,
    working_days: input.working_days,
    conditional: input.conditional,
    condition: input.conditional ? input.condition : null,
    mandatory: input.mandatory,
    mandatory_by_law: input.mandatory_by_law,
    legal_basis: input.mandatory_by_law ? input.legal_basis : input.legal_basis || null,
    reminder_enabled: input.reminder_enabled,
    reminder_days_before: input.reminder_enabled ? input.reminder_days_before : null,
    reminder_frequency: input.reminder_enabled ? input.reminder_frequency : null,
    escalation_enabled: input.escalation_enabled,
    escalation_days_after: input.escalation_enabled ? input.escalation_days_after : null,
    escalation_recipients: JSON.stringify(input.escalation_enabled ? input.escalation_recipients : []),
  };
}

/** Every recipient must be an active user or an existing group (400 on the field otherwise). */
async function checkRecipients(db: AppDatabase, recipients: readonly RecipientRef[]): Promise<void> {
  const userIds = recipients.filter((recipient) => recipient.kind === 'user').map((recipient) => recipient.id);
  const groupIds = recipients.filter((recipient) => recipient.kind === 'group').map((recipient) => recipient.id);
  const [users, groups] = await Promise.all([
    userIds.length ? db.selectFrom('users').select('id').where('id', 'in', userIds).where('is_active', '=', true).execute() : [],
    groupIds.length ? db.selectFrom('groups').select('id').where('id', 'in', groupIds).execute() : [],
  ]);
  if (users.length !== new Set(userIds).size || groups.length !== new Set(groupIds).size) {
    throw fieldError('escalation_recipients', 'deadline_unknown_recipient');
  }
}

async function recipientNames(db: AppDatabase, rows: readonly Row[]): Promise<Map<string, string>> {
  const refs = rows.flatMap((row) => row.escalation_recipients);
  const userIds = [...new Set(refs.filter((ref) => ref.kind === 'user').map((ref) => ref.id))];
  const groupIds = [...new Set(refs.filter((ref) => ref.kind === 'group').map((ref) => ref.id))];
  const [users, groups] = await Promise.all([
    userIds.length
      ? db.selectFrom('users').select(['id', displayNameSql().as('name')]).where('id', 'in', userIds).execute()
      : [],
    groupIds.length ? db.selectFrom('groups').select(['id', 'name']).where('id', 'in', groupIds).execute() : [],
  ]);
  return new Map([...users.map((user) => [`user:${user.id}`, user.name] as const), ...groups.map((group) => [`group:${group.id}`, group.name] as const)]);
}

async function usageCounts(db: AppDatabase, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('application_deadlines')
    .select(['configuration_id', sql<number>`count(*)::int`.as('n')])
    .where('configuration_id', 'in', ids)
    .groupBy('configuration_id')
    .execute();
  return new Map(rows.map((row) => [row.configuration_id, row.n]));
}

async function present(db: AppDatabase, rows: Row[]): Promise<DeadlineConfiguration[]> {
  const [names, usage] = await Promise.all([recipientNames(db, rows), usageCounts(db, rows.map((row) => row.id))]);
  return rows.map((row) => ({
    id: row.id,
    name_en: row.name_en,
    name_sq: row.name_sq,
    name_sr: row.name_sr,
    deadline_type: row.deadline_type,
    service_category: row.service_category,
    days_from_start: row.days_from_start,
    working_days: row.working_days,
    conditional: row.conditional,
    condition: row.condition,
    mandatory: row.mandatory,
    mandatory_by_law: row.mandatory_by_law,
    legal_basis: row.legal_basis,
    reminder_enabled: row.reminder_enabled,
    reminder_days_before: row.reminder_days_before,
    reminder_frequency: row.reminder_frequency,
    escalation_enabled: row.escalation_enabled,
    escalation_days_after: row.escalation_days_after,
    // A user or group removed since is still listed, by number, so the administrator sees it.
    escalation_recipients: row.escalation_recipients.map((ref) => ({ ...ref, name: names.get(`${ref.kind}:${ref.id}`) ?? `#${ref.id}` })),
    active: row.active,
    applications_count: usage.get(row.id) ?? 0,
    version: row.version,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }));
}

const ORDER_COLUMNS = {
  name: 'name_en',
  deadline_type: 'deadline_type',
  service_category: 'service_category',
  days_from_start: 'days_from_start',
  updated_at: 'updated_at',
} as const;

export async function listConfigurations(db: AppDatabase, query: ListQuery, window: { limit: number; offset: number }) {
  let base = db.selectFrom('deadline_configurations');
  if (query.deadline_type) base = base.where('deadline_type', '=', query.deadline_type);
  if (query.service_category) base = base.where('service_category', '=', query.service_category);
  if (query.active !== undefined) base = base.where('active', '=', query.active);
  if (query.search) {
    const pattern = containsPattern(query.search);
    base = base.where((eb) =>
      eb.or([eb('name_en', 'ilike', pattern), eb('name_sq', 'ilike', pattern), eb('name_sr', 'ilike', pattern), eb('legal_basis', 'ilike', pattern)]),
    );
  }
  const descending = query.ordering.startsWith('-');
  const column = ORDER_COLUMNS[query.ordering.replace(/^-/, '') as keyof typeof ORDER_COLUMNS];
  const [{ count }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy(column, descending ? 'desc' : 'asc')
      .orderBy('service_category')
      .orderBy('id')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
  return { count: Number(count), rows: await present(db, rows) };
}

export async function findConfiguration(db: AppDatabase, id: number): Promise<DeadlineConfiguration | null> {
  const row = await db.selectFrom('deadline_configurations').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? (await present(db, [row]))[0] : null;
}

export interface Actor {
  id: number;
  ip: string | null;
}

async function audit(db: AppDatabase, actor: Actor, action: DeadlineConfigurationChange['action'], id: number, before: Snapshot | null, after: Snapshot) {
  await recordAudit(db, { actorId: actor.id, action: `${AUDIT_ENTITY}.${action}`, entityType: AUDIT_ENTITY, entityId: id, details: { before, after }, ip: actor.ip });
}

export async function createConfiguration(db: AppDatabase, input: CreateInput, actor: Actor): Promise<DeadlineConfiguration> {
  if (input.escalation_enabled) await checkRecipients(db, input.escalation_recipients);
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('deadline_configurations')
      .values({ ...storedFields(input), created_by_id: actor.id })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, actor, 'created', row.id, null, snapshot(row));
    return row.id;
  });
  return (await findConfiguration(db, id))!;
}

/** Locks the row and checks the version the caller read: 404 when gone, 412 when changed since. */
async function lockCurrent(db: AppDatabase, id: number, version: number): Promise<Row> {
  const row = await db.selectFrom('deadline_configurations').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound();
  if (row.version !== version) throw preconditionFailed();
  return row;
}

export async function updateConfiguration(db: AppDatabase, id: number, input: UpdateInput, actor: Actor): Promise<DeadlineConfiguration> {
  if (input.escalation_enabled) await checkRecipients(db, input.escalation_recipients);
  await db.transaction().execute(async (trx) => {
    const before = await lockCurrent(trx, id, input.version);
    const after = await trx
      .updateTable('deadline_configurations')
      .set({ ...storedFields(input), version: before.version + 1, updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, actor, 'updated', id, snapshot(before), snapshot(after));
  });
  return (await findConfiguration(db, id))!;
}

export async function setActive(db: AppDatabase, id: number, version: number, active: boolean, actor: Actor): Promise<DeadlineConfiguration> {
  await db.transaction().execute(async (trx) => {
    const before = await lockCurrent(trx, id, version);
    if (before.active === active) return;
    const after = await trx
      .updateTable('deadline_configurations')
      .set({ active, version: before.version + 1, updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, actor, active ? 'activated' : 'deactivated', id, snapshot(before), snapshot(after));
  });
  return (await findConfiguration(db, id))!;
}

/** Only a configuration no application used may go; a used one is deactivated instead (409 says so). */
export async function deleteConfiguration(db: AppDatabase, id: number, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('deadline_configurations').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw notFound();
    const used = await trx.selectFrom('application_deadlines').select('id').where('configuration_id', '=', id).limit(1).executeTakeFirst();
    if (used) throw conflict('deadline_configuration_in_use');
    await trx.deleteFrom('deadline_configurations').where('id', '=', id).execute();
    await recordAudit(trx, { actorId: actor.id, action: `${AUDIT_ENTITY}.deleted`, entityType: AUDIT_ENTITY, entityId: id, details: { before: snapshot(row), after: null }, ip: actor.ip });
  });
}

const HISTORY_ACTIONS = ['created', 'updated', 'activated', 'deactivated'] as const;

/** The configuration's changes, newest first, each with the fields that changed. */
export async function configurationHistory(db: AppDatabase, id: number, window: { limit: number; offset: number }) {
  const base = db
    .selectFrom('audit_log')
    .where('entity_type', '=', AUDIT_ENTITY)
    .where('entity_id', '=', String(id))
    .where(
      'action',
      'in',
      HISTORY_ACTIONS.map((action) => `${AUDIT_ENTITY}.${action}`),
    );
  const [{ count }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    base
      .leftJoin('users', 'users.id', 'audit_log.actor_id')
      .select([
        'audit_log.id',
        'audit_log.action',
        'audit_log.actor_id',
        'audit_log.details',
        'audit_log.created_at',
        displayNameSql<string | null>('users').as('actor_name'),
      ])
      .orderBy('audit_log.created_at', 'desc')
      .orderBy('audit_log.id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
  const results: DeadlineConfigurationChange[] = rows.map((row) => {
    const details = row.details as { before: Snapshot | null; after: Snapshot };
    const fields = WRITTEN_FIELDS.filter((field) => JSON.stringify(details.before?.[field] ?? null) !== JSON.stringify(details.after[field] ?? null));
    return {
      id: row.id,
      action: row.action.slice(AUDIT_ENTITY.length + 1) as DeadlineConfigurationChange['action'],
      actor: row.actor_id === null ? null : { id: row.actor_id, full_name: row.actor_name ?? `#${row.actor_id}` },
      at: row.created_at.toISOString(),
      changes: fields.map((field) => ({ field, before: details.before?.[field] ?? null, after: details.after[field] ?? null })),
    };
  });
  return { count: Number(count), results };
}

export async function configurationExists(db: AppDatabase, id: number): Promise<boolean> {
  return (await db.selectFrom('deadline_configurations').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Who an escalation may go to: active staff and every group. */
export async function recipientOptions(db: AppDatabase) {
  const [users, groups] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'username', displayNameSql().as('full_name')])
      .where('is_active', '=', true)
      .where((eb) => eb.or([eb('is_staff', '=', true), eb('is_superuser', '=', true)]))
      .orderBy('full_name')
      .orderBy('id')
      .execute(),
    db.selectFrom('groups').select(['id', 'name']).orderBy('name').execute(),
  ]);
  return { users, groups };
}
