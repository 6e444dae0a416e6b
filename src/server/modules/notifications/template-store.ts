import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import { HTTP_STATUS } from '../../../shared/api/drf';
import { type NotificationTemplate, type TemplateEventSummary, type TemplateHistory, type templateSaveRequest } from '../../../shared/api/notifications';
import {
  NOTIFICATION_EVENTS,
  NOTIFICATION_EVENT_DEFINITIONS,
  isConfidentialEvent,
  misplacedSecrets,
  unknownVariables,
  type NotificationEvent,
  type TemplateField,
  type TemplateLanguage,
} from '../../../shared/domain/notification-events';
import type { Database } from '../../db/schema';
import { ApiError, fieldErrors, refusal } from '../../errors';
import type { Refusal } from '../../../shared/refusals';
import { recordAudit } from '../../shared/audit';
import { displayNameSql } from '../../shared/display-name';

// Notification templates (spec §2 "Notification templates"): one text per event and language,
// every version kept. Saving checks the text's variables against its event's (a secret only in the
// body of the event that carries it: subjects are listed and searched), and the version the
// editor started from (412 when someone saved since), then adds the next version as the active
// one and retires the previous, in one transaction.

type Db = Kysely<Database>;
type SaveRequest = z.output<typeof templateSaveRequest>;

function versions(db: Db) {
  return db
    .selectFrom('notification_templates as t')
    .leftJoin('users as author', 'author.id', 't.created_by_id')
    .select([
      't.id',
      't.event',
      't.language',
      't.version',
      't.subject',
      't.body',
      't.active',
      't.created_by_id',
      displayNameSql<string | null>('author').as('author_name'),
      't.created_at',
    ]);
}

type VersionRow = Awaited<ReturnType<ReturnType<typeof versions>['execute']>>[number];

function template(row: VersionRow): NotificationTemplate {
  return {
    id: row.id,
    event: row.event as NotificationEvent,
    language: row.language,
    version: row.version,
    subject: row.subject,
    body: row.body,
    active: row.active,
    created_by: row.created_by_id === null ? null : { id: row.created_by_id, full_name: row.author_name ?? '' },
    created_at: new Date(row.created_at).toISOString(),
  };
}

export async function listTemplates(db: Db): Promise<TemplateEventSummary[]> {
  const active = await versions(db).where('t.active', '=', true).orderBy('t.language').execute();
  return NOTIFICATION_EVENTS.map((event) => {
    const definition = NOTIFICATION_EVENT_DEFINITIONS[event];
    return {
      event,
      audience: definition.audience,
      variables: [...definition.variables],
      manual: Boolean(definition.manual),
      confidential: isConfidentialEvent(event),
      templates: active.filter((row) => row.event === event).map(template),
    };
  });
}

export async function templateHistory(db: Db, event: NotificationEvent, language: TemplateLanguage): Promise<TemplateHistory> {
  const rows = await versions(db).where('t.event', '=', event).where('t.language', '=', language).orderBy('t.version', 'desc').execute();
  // The active version leads (it is the newest unless history was written otherwise).
  rows.sort((a, b) => Number(b.active) - Number(a.active) || b.version - a.version);
  return { event, language, variables: [...NOTIFICATION_EVENT_DEFINITIONS[event].variables], versions: rows.map(template) };
}

export const staleTemplate = () => new ApiError(HTTP_STATUS.preconditionFailed, 'notification_stale_template');

/** Saves a new active version; answers the template's history. The caller records nothing: the audit is written here. */
export async function saveTemplate(
  db: Db,
  event: NotificationEvent,
  language: TemplateLanguage,
  request: SaveRequest,
  author: { id: number; ip: string | null },
): Promise<TemplateHistory> {
  const refusals: Record<string, Refusal[]> = {};
  for (const field of ['subject', 'body'] as const satisfies readonly TemplateField[]) {
    const secrets = misplacedSecrets(event, field, request[field]);
    const unknown = unknownVariables(event, request[field]);
    const messages = [
      ...(secrets.length > 0 ? [refusal('notification_misplaced_secret', { names: secrets.join(', ') })] : []),
      ...(unknown.length > 0 ? [refusal('notification_unknown_variable', { names: unknown.join(', ') })] : []),
    ];
    if (messages.length > 0) refusals[field] = messages;
  }
  if (Object.keys(refusals).length > 0) throw fieldErrors(refusals);
  await db.transaction().execute(async (trx) => {
    // One saver at a time per event and language: the later one sees the new version and gets 412.
    await sql`select pg_advisory_xact_lock(hashtext(${`notification_template:${event}:${language}`}))`.execute(trx);
    const current = await trx
      .selectFrom('notification_templates')
      .select(['id', 'version'])
      .where('event', '=', event)
      .where('language', '=', language)
      .where('active', '=', true)
      .executeTakeFirst();
    if ((current?.version ?? 0) !== request.version) throw staleTemplate();
    const { latest } = await trx
      .selectFrom('notification_templates')
      .select((eb) => eb.fn.max<number | null>('version').as('latest'))
      .where('event', '=', event)
      .where('language', '=', language)
      .executeTakeFirstOrThrow();
    if (current) await trx.updateTable('notification_templates').set({ active: false }).where('id', '=', current.id).execute();
    const saved = await trx
      .insertInto('notification_templates')
      .values({ event, language, version: (latest ?? 0) + 1, subject: request.subject, body: request.body, active: true, created_by_id: author.id })
      .returning(['id', 'version'])
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actorId: author.id,
      action: 'notification_template.saved',
      entityType: 'notification_template',
      entityId: saved.id,
      details: { event, language, version: saved.version, previous_version: current?.version ?? null },
      ip: author.ip,
    });
  });
  return templateHistory(db, event, language);
}
