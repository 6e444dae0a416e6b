import type { z } from 'zod';
import type { documentTemplate, documentTemplateCreate } from '../../../shared/api/issuance';
import type { AppDatabase } from '../../db/database';
import type { TemplateKind, TemplateLanguage } from '../../db/schema';

// Document templates: every version is kept; the newest is the active one.

type Template = z.infer<typeof documentTemplate>;

function templates(db: AppDatabase) {
  return db
    .selectFrom('document_templates')
    .leftJoin('users', 'users.id', 'document_templates.uploaded_by_id')
    .select([
      'document_templates.id',
      'document_templates.kind',
      'document_templates.language',
      'document_templates.version',
      'document_templates.title',
      'document_templates.body',
      'document_templates.active',
      'document_templates.uploaded_by_id',
      'document_templates.created_at',
      'users.first_name',
      'users.last_name',
    ]);
}

type TemplateRow = Awaited<ReturnType<ReturnType<typeof templates>['executeTakeFirstOrThrow']>>;

const toTemplate = (row: TemplateRow): Template => ({
  id: row.id,
  kind: row.kind,
  language: row.language,
  version: row.version,
  title: row.title,
  body: row.body,
  active: row.active,
  uploaded_by: row.uploaded_by_id === null ? null : { id: row.uploaded_by_id, full_name: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() },
  created_at: row.created_at.toISOString(),
});

export async function listTemplates(db: AppDatabase): Promise<Template[]> {
  const rows = await templates(db).orderBy('document_templates.kind').orderBy('document_templates.language').orderBy('document_templates.version', 'desc').execute();
  return rows.map(toTemplate);
}

export async function findTemplate(db: AppDatabase, id: number): Promise<Template | null> {
  const row = await templates(db).where('document_templates.id', '=', id).executeTakeFirst();
  return row ? toTemplate(row) : null;
}

export async function activeTemplate(db: AppDatabase, kind: TemplateKind, language: TemplateLanguage) {
  return db.selectFrom('document_templates').select(['title', 'body', 'version']).where('kind', '=', kind).where('language', '=', language).where('active', '=', true).executeTakeFirstOrThrow();
}

/** Adds a version and makes it the active one, in one transaction. */
export async function addTemplateVersion(db: AppDatabase, input: z.infer<typeof documentTemplateCreate>, userId: number): Promise<Template> {
  const id = await db.transaction().execute(async (trx) => {
    const latest = await trx
      .selectFrom('document_templates')
      .select((eb) => eb.fn.max('version').as('version'))
      .where('kind', '=', input.kind)
      .where('language', '=', input.language)
      .executeTakeFirst();
    await trx.updateTable('document_templates').set({ active: false }).where('kind', '=', input.kind).where('language', '=', input.language).execute();
    const row = await trx
      .insertInto('document_templates')
      .values({ ...input, version: Number(latest?.version ?? 0) + 1, active: true, uploaded_by_id: userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  return (await findTemplate(db, id))!;
}
