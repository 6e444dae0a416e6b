import type { z } from 'zod';
import type { Service, serviceCreate } from '../../../shared/api/services';
import { HTTP_STATUS } from '../../../shared/api/drf';
import type { ServiceType } from '../../../shared/constants';
import { lowestPrice, type PriceTable } from '../../../shared/domain/fees';
import { normaliseMoney } from '../../../shared/domain/fees-money';
import { workflowStagesOf } from '../../../shared/domain/service-stages';
import type { Transaction } from 'kysely';
import type { AppDatabase } from '../../db/database';
import type { Database } from '../../db/schema';
import { ApiError, conflict, fieldError, notFound } from '../../errors';
import { changedFields, recordServiceChange, snapshot, type ServiceAuditAction } from './service-audit';
import { findService } from './service-queries';

// Creating, changing, enabling/disabling and deleting services, each in one transaction with its
// audit row (who, when, the service before and after). A write names the version it read: a
// stale one is refused with 412 and nothing is saved.

export type ServiceInput = z.output<typeof serviceCreate>;

export interface Actor {
  id: number;
  ip: string | null;
}

type AppTransaction = Transaction<Database>;

const stale = () => new ApiError(HTTP_STATUS.preconditionFailed, 'service_stale');

/** Amounts written the canonical way ("5" → "5.00"); a degree level's unpriced cases are left out. */
function storedPriceTable(table: PriceTable): PriceTable {
  const amounts = (prices: PriceTable['prices']) =>
    Object.fromEntries(Object.entries(prices).flatMap(([key, amount]) => (typeof amount === 'string' ? [[key, normaliseMoney(amount)]] : [])));
  return {
    kind: table.kind,
    prices: amounts(table.prices),
    degree_prices: Object.fromEntries(Object.entries(table.degree_prices).map(([degree, prices]) => [degree, amounts(prices)])),
  };
}

function serviceColumns(input: ServiceInput) {
  const priceTable = storedPriceTable(input.price_table);
  const stages = input.workflow_stages.length > 0 ? input.workflow_stages : workflowStagesOf(input.service_type as ServiceType);
  return {
    service_type: input.service_type,
    category: input.category,
    name_en: input.name_en,
    name_sq: input.name_sq,
    name_sr: input.name_sr,
    description_en: input.description_en,
    description_sq: input.description_sq,
    description_sr: input.description_sr,
    requirements_en: input.requirements_en,
    requirements_sq: input.requirements_sq,
    requirements_sr: input.requirements_sr,
    fee: lowestPrice(priceTable),
    fee_enabled: input.fee_enabled,
    base_fee_amount: input.base_fee_amount === null ? null : normaliseMoney(input.base_fee_amount),
    fee_exemption_allowed: input.fee_exemption_allowed,
    processing_time_days: input.processing_time_days,
    enabled: input.enabled,
    council_required: input.council_required,
    appeal_period_days: input.appeal_period_days,
    appeal_body_en: input.appeal_body_en,
    appeal_body_sq: input.appeal_body_sq,
    appeal_body_sr: input.appeal_body_sr,
    degree_options: input.degree_options,
    price_table: JSON.stringify(priceTable),
    selectable_documents: JSON.stringify(input.selectable_documents),
    workflow_stages: JSON.stringify(stages),
  };
}

async function writeRequirements(trx: AppTransaction, serviceId: number, input: ServiceInput): Promise<void> {
  await trx.deleteFrom('service_document_requirements').where('service_id', '=', serviceId).execute();
  if (input.document_requirements.length === 0) return;
  await trx
    .insertInto('service_document_requirements')
    .values(input.document_requirements.map((requirement) => ({ service_id: serviceId, ...requirement })))
    .execute();
}

async function lockedService(trx: AppTransaction, id: number, version: number | null): Promise<Service> {
  const locked = await trx.selectFrom('services').select(['id', 'version']).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!locked) throw notFound();
  if (version !== null && locked.version !== version) throw stale();
  return (await findService(trx, id))!;
}

async function recorded(trx: AppTransaction, actor: Actor, action: ServiceAuditAction, before: Service | null, id: number): Promise<Service> {
  const after = (await findService(trx, id))!;
  await recordServiceChange(trx, { action, actor, serviceId: id, before, after });
  return after;
}

export async function createService(db: AppDatabase, input: ServiceInput, actor: Actor): Promise<Service> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx.insertInto('services').values(serviceColumns(input)).returning('id').executeTakeFirstOrThrow();
    await writeRequirements(trx, id, input);
    return recorded(trx, actor, 'created', null, id);
  });
}

export async function updateService(db: AppDatabase, id: number, input: ServiceInput & { version: number }, actor: Actor): Promise<Service> {
  return db.transaction().execute(async (trx) => {
    const before = await lockedService(trx, id, input.version);
    // Its applications were made (and are worked) under the type's workflow.
    if (input.service_type !== before.service_type && before.application_count > 0) throw fieldError('service_type', 'service_type_locked');
    await trx
      .updateTable('services')
      .set({ ...serviceColumns(input), version: before.version + 1, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    await writeRequirements(trx, id, input);
    const after = (await findService(trx, id))!;
    // Saving the form unchanged is no change: no new version, nothing in the history.
    if (changedFields(snapshot(before), snapshot(after)).length === 0) {
      await trx.updateTable('services').set({ version: before.version, updated_at: new Date(before.updated_at) }).where('id', '=', id).execute();
      return before;
    }
    await recordServiceChange(trx, { action: 'updated', actor, serviceId: id, before, after });
    return after;
  });
}

/** Disabling keeps the service and its applications; it only takes no new ones. */
export async function setServiceEnabled(db: AppDatabase, id: number, version: number, enabled: boolean, actor: Actor): Promise<Service> {
  return db.transaction().execute(async (trx) => {
    const before = await lockedService(trx, id, version);
    if (before.enabled === enabled) return before;
    await trx.updateTable('services').set({ enabled, version: before.version + 1, updated_at: new Date() }).where('id', '=', id).execute();
    return recorded(trx, actor, enabled ? 'enabled' : 'disabled', before, id);
  });
}

/** Only a service no application was ever made with may go; otherwise 409 saying to disable it. */
export async function deleteService(db: AppDatabase, id: number, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await lockedService(trx, id, null);
    // A new application's foreign key takes a share lock on the service row we hold for update,
    // so none can appear between this look and the delete.
    const used = await trx.selectFrom('applications').select('id').where('service_id', '=', id).limit(1).executeTakeFirst();
    if (used || before.application_count > 0) throw conflict('service_has_applications', {}, { application_count: before.application_count });
    await trx.deleteFrom('services').where('id', '=', id).execute();
    await recordServiceChange(trx, { action: 'deleted', actor, serviceId: id, before, after: null });
  });
}
