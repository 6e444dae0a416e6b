import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type {
  ApplicationSpecimens,
  Specimen,
  SpecimenComparison,
  SpecimenListItem,
  SpecimenMediaType,
  SpecimenVersion,
  specimenComparisonInput,
  specimenCreate,
  specimenListQuery,
  specimenUpdate,
} from '../../../shared/api/diploma-specimens';
import type { ActiveContentKind } from '../../../shared/api/applications';
import { HTTP_STATUS, type Paginated } from '../../../shared/api/drf';
import { numberMatchesFormat } from '../../../shared/domain/number-format';
import { visibleIn, type ApplicationScope } from '../../application-scope';
import type { AppDatabase } from '../../db/database';
import type { Database } from '../../db/schema';
import { institutionNamed } from '../../decision-qualification';
import { ApiError, conflict, fieldError, notFound } from '../../errors';
import { recordAudit } from '../../shared/audit';
import { displayNameSql } from '../../shared/display-name';

// The specimen library. A specimen is an institution's qualification; what it says (period of
// issue, features, numbering format, signatories, notes, the genuine document) lives in versions
// that are never changed: an edit or a new file writes the next version and moves the specimen's
// current_version, under the version the editor saw (412 specimen_stale otherwise). A comparison
// names the version it was made against, so it still reads as made after the specimen changed.

type Trx = Transaction<Database>;
export interface WriteContext {
  actorId: number;
  ip: string | null;
}
export interface SpecimenFileInput {
  key: string;
  fileName: string;
  size: number;
  sha256: string;
  activeContent: ActiveContentKind[];
  mediaType: SpecimenMediaType;
}

const stale = () => new ApiError(HTTP_STATUS.preconditionFailed, 'specimen_stale');
const isoDay = (value: string | Date | null) => (value === null ? null : typeof value === 'string' ? value : value.toISOString().slice(0, 10));

function versionsQuery(db: AppDatabase | Trx) {
  return db
    .selectFrom('diploma_specimen_versions as v')
    .leftJoin('users as author', 'author.id', 'v.created_by_id')
    .select([
      'v.id',
      'v.specimen_id',
      'v.version',
      'v.qualification',
      'v.issued_from',
      'v.issued_to',
      'v.security_features',
      'v.number_pattern',
      'v.signatories',
      'v.notes',
      'v.storage_key',
      'v.file_name',
      'v.size',
      'v.sha256',
      'v.active_content',
      'v.media_type',
      'v.created_at',
      displayNameSql<string | null>('author').as('created_by_name'),
    ]);
}
type VersionRow = Awaited<ReturnType<ReturnType<typeof versionsQuery>['execute']>>[number];

function versionAnswer(row: VersionRow): SpecimenVersion {
  return {
    id: row.id,
    version: row.version,
    qualification: row.qualification,
    issued_from: isoDay(row.issued_from)!,
    issued_to: isoDay(row.issued_to),
    security_features: row.security_features,
    number_pattern: row.number_pattern,
    signatories: row.signatories,
    notes: row.notes,
    file: row.storage_key && row.file_name ? { file_name: row.file_name, media_type: row.media_type, size: Number(row.size ?? 0), sha256: row.sha256, active_content: row.active_content } : null,
    created_by_name: row.created_by_name,
    created_at: row.created_at.toISOString(),
  };
}

const INSTITUTION_COLUMNS = ['i.id', 'i.name_en', 'i.name_sq', 'i.name_sr', 'i.country'] as const;

/** The specimens' current versions with their institutions, in the order the list shows them. */
async function listItems(db: AppDatabase | Trx, specimenIds: readonly number[]): Promise<SpecimenListItem[]> {
  if (specimenIds.length === 0) return [];
  const specimens = await db
    .selectFrom('diploma_specimens as s')
    .innerJoin('institutions as i', 'i.id', 's.institution_id')
    .select(['s.id as specimen_id', 's.current_version', ...INSTITUTION_COLUMNS])
    .where('s.id', 'in', specimenIds)
    .execute();
  const versions = await versionsQuery(db)
    .innerJoin('diploma_specimens as s', (join) => join.onRef('s.id', '=', 'v.specimen_id').onRef('s.current_version', '=', 'v.version'))
    .where('v.specimen_id', 'in', specimenIds)
    .execute();
  const byId = new Map(specimens.map((row) => [row.specimen_id, row]));
  const versionOf = new Map(versions.map((row) => [row.specimen_id, row]));
  return specimenIds.flatMap((id) => {
    const specimen = byId.get(id);
    const current = versionOf.get(id);
    if (!specimen || !current) return [];
    return [
      {
        id,
        institution: { id: specimen.id, name_en: specimen.name_en, name_sq: specimen.name_sq, name_sr: specimen.name_sr, country: specimen.country.trim() },
        current: versionAnswer(current),
      },
    ];
  });
}

export async function listSpecimens(db: AppDatabase, query: z.output<typeof specimenListQuery>): Promise<Omit<Paginated<SpecimenListItem>, 'next' | 'previous'>> {
  let base = db
    .selectFrom('diploma_specimens as s')
    .innerJoin('institutions as i', 'i.id', 's.institution_id')
    .innerJoin('diploma_specimen_versions as v', (join) => join.onRef('v.specimen_id', '=', 's.id').onRef('v.version', '=', 's.current_version'));
  if (query.institution) base = base.where('s.institution_id', '=', query.institution);
  const search = query.search?.trim();
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    base = base.where((eb) => eb.or([eb('v.qualification', 'ilike', like), eb('i.name_en', 'ilike', like), eb('i.name_sq', 'ilike', like), eb('i.name_sr', 'ilike', like)]));
  }
  const [{ count }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    base
      .select('s.id')
      .orderBy('i.name_en')
      .orderBy('v.qualification')
      .orderBy('v.issued_from', 'desc')
      .orderBy('s.id')
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)
      .execute(),
  ]);
  return { count: Number(count), results: await listItems(db, rows.map((row) => row.id)) };
}

export async function specimenDetail(db: AppDatabase | Trx, specimenId: number): Promise<Specimen> {
  const [item] = await listItems(db, [specimenId]);
  if (!item) throw notFound();
  const versions = await versionsQuery(db).where('v.specimen_id', '=', specimenId).orderBy('v.version', 'desc').execute();
  return { ...item, versions: versions.map(versionAnswer) };
}

/** A version's genuine document, for its download. */
export async function versionFile(db: AppDatabase, versionId: number) {
  const row = await db.selectFrom('diploma_specimen_versions').select(['storage_key', 'file_name', 'sha256', 'media_type']).where('id', '=', versionId).executeTakeFirst();
  if (!row?.storage_key) throw notFound();
  return { key: row.storage_key, fileName: row.file_name ?? 'specimen.pdf', sha256: row.sha256, mediaType: row.media_type };
}

type SpecimenFields = Omit<z.output<typeof specimenUpdate>, 'version'>;

export async function createSpecimen(db: AppDatabase, input: z.output<typeof specimenCreate>, context: WriteContext): Promise<Specimen> {
  const { institution_id, ...fields } = input;
  return db.transaction().execute(async (trx) => {
    const institution = await trx.selectFrom('institutions').select(['id', 'merged_into']).where('id', '=', institution_id).executeTakeFirst();
    if (!institution) throw fieldError('institution_id', 'specimen_unknown_institution');
    if (institution.merged_into !== null) throw conflict('reference_already_merged');
    const specimen = await trx.insertInto('diploma_specimens').values({ institution_id }).returning('id').executeTakeFirstOrThrow();
    await trx
      .insertInto('diploma_specimen_versions')
      .values({ ...fields, specimen_id: specimen.id, version: 1, created_by_id: context.actorId })
      .execute();
    await audit(trx, context, 'specimen.created', specimen.id, { institution_id, ...fields });
    return specimenDetail(trx, specimen.id);
  });
}

/**
 * The next version: the fields given, the file of `file` or else the current version's (a new
 * file keeps the fields). Refused when the editor saw another version than the current one.
 */
async function writeVersion(db: AppDatabase, specimenId: number, seenVersion: number, change: { fields?: SpecimenFields; file?: SpecimenFileInput }, context: WriteContext, action: string) {
  return db.transaction().execute(async (trx) => {
    const specimen = await trx.selectFrom('diploma_specimens').select(['id', 'current_version']).where('id', '=', specimenId).forUpdate().executeTakeFirst();
    if (!specimen) throw notFound();
    if (specimen.current_version !== seenVersion) throw stale();
    const current = await trx
      .selectFrom('diploma_specimen_versions')
      .selectAll()
      .where('specimen_id', '=', specimenId)
      .where('version', '=', specimen.current_version)
      .executeTakeFirstOrThrow();
    const next = specimen.current_version + 1;
    const fields = change.fields ?? {
      qualification: current.qualification,
      issued_from: isoDay(current.issued_from)!,
      issued_to: isoDay(current.issued_to),
      security_features: current.security_features,
      number_pattern: current.number_pattern,
      signatories: current.signatories,
      notes: current.notes,
    };
    const file = change.file
      ? { storage_key: change.file.key, file_name: change.file.fileName, size: change.file.size, sha256: change.file.sha256, active_content: change.file.activeContent, media_type: change.file.mediaType }
      : { storage_key: current.storage_key, file_name: current.file_name, size: current.size, sha256: current.sha256, active_content: current.active_content, media_type: current.media_type };
    await trx
      .insertInto('diploma_specimen_versions')
      .values({ ...fields, ...file, specimen_id: specimenId, version: next, created_by_id: context.actorId })
      .execute();
    await trx.updateTable('diploma_specimens').set({ current_version: next }).where('id', '=', specimenId).execute();
    await audit(trx, context, action, specimenId, { version: next, ...(change.fields ?? {}), ...(change.file ? { file_name: change.file.fileName, media_type: change.file.mediaType, sha256: change.file.sha256 } : {}) });
    return specimenDetail(trx, specimenId);
  });
}

export function updateSpecimen(db: AppDatabase, specimenId: number, input: z.output<typeof specimenUpdate>, context: WriteContext) {
  const { version, ...fields } = input;
  return writeVersion(db, specimenId, version, { fields }, context, 'specimen.edited');
}

export function attachSpecimenFile(db: AppDatabase, specimenId: number, seenVersion: number, file: SpecimenFileInput, context: WriteContext) {
  return writeVersion(db, specimenId, seenVersion, { file }, context, 'specimen.file_attached');
}

/** Whether the specimen exists (a file is refused before its bytes are read when not). */
export async function specimenVersionNow(db: AppDatabase, specimenId: number): Promise<number | null> {
  const row = await db.selectFrom('diploma_specimens').select('current_version').where('id', '=', specimenId).executeTakeFirst();
  return row?.current_version ?? null;
}

/** The application (in the reader's scope) with the institution its name stands for and its diploma date. */
async function applicationIdentity(db: AppDatabase | Trx, scope: ApplicationScope, applicationId: number) {
  const application = await db
    .selectFrom('applications')
    .leftJoin('education_info', 'education_info.application_id', 'applications.id')
    .select(['applications.id', 'applications.institution_name', 'applications.institution_country', 'education_info.graduation_date'])
    .where('applications.id', '=', applicationId)
    .where(visibleIn(scope))
    .executeTakeFirst();
  if (!application) return null;
  const name = application.institution_name?.trim() || null;
  const institution = name ? await institutionNamed(db, name, application.institution_country?.trim() || null) : undefined;
  return { id: application.id, institutionId: institution?.id ?? null, diplomaDate: isoDay(application.graduation_date ?? null) };
}

/** The specimens of the institution whose current period of issue holds the diploma's date (every one when it is not known). */
async function matchingSpecimenIds(db: AppDatabase | Trx, institutionId: number, diplomaDate: string | null): Promise<number[]> {
  let query = db
    .selectFrom('diploma_specimens as s')
    .innerJoin('diploma_specimen_versions as v', (join) => join.onRef('v.specimen_id', '=', 's.id').onRef('v.version', '=', 's.current_version'))
    .select('s.id')
    .where('s.institution_id', '=', institutionId);
  if (diplomaDate) {
    query = query.where('v.issued_from', '<=', diplomaDate).where((eb) => eb.or([eb('v.issued_to', 'is', null), eb('v.issued_to', '>=', diplomaDate)]));
  }
  const rows = await query.orderBy('v.issued_from', 'desc').orderBy('s.id').execute();
  return rows.map((row) => row.id);
}

function comparisonsQuery(db: AppDatabase | Trx) {
  return db
    .selectFrom('document_specimen_comparisons as c')
    .innerJoin('diploma_specimen_versions as v', 'v.id', 'c.specimen_version_id')
    .leftJoin('users as officer', 'officer.id', 'c.compared_by_id')
    .select([
      'c.id',
      'c.document_id',
      'v.specimen_id',
      'v.version as specimen_version',
      'v.qualification',
      'v.security_features',
      'v.number_pattern',
      'c.features_present',
      'c.number_typed',
      'c.number_matches',
      'c.compared_at',
      displayNameSql<string | null>('officer').as('compared_by_name'),
    ])
    .orderBy('c.compared_at', 'desc')
    .orderBy('c.id', 'desc');
}
type ComparisonRow = Awaited<ReturnType<ReturnType<typeof comparisonsQuery>['execute']>>[number];

function comparisonAnswer(row: ComparisonRow): SpecimenComparison {
  const present = new Set(row.features_present);
  return {
    id: row.id,
    document_id: row.document_id,
    specimen_id: row.specimen_id,
    specimen_version: row.specimen_version,
    qualification: row.qualification,
    features: row.security_features.map((feature, index) => ({ feature, present: present.has(index) })),
    number_typed: row.number_typed,
    number_pattern: row.number_pattern,
    number_matches: row.number_matches,
    compared_by_name: row.compared_by_name,
    compared_at: row.compared_at.toISOString(),
  };
}

/** The specimens matching an application and its documents' comparisons; null when the reader cannot see it. */
export async function applicationSpecimens(db: AppDatabase, scope: ApplicationScope, applicationId: number): Promise<ApplicationSpecimens | null> {
  const application = await applicationIdentity(db, scope, applicationId);
  if (!application) return null;
  const [specimens, comparisons] = await Promise.all([
    application.institutionId ? matchingSpecimenIds(db, application.institutionId, application.diplomaDate).then((ids) => listItems(db, ids)) : Promise.resolve([]),
    comparisonsQuery(db)
      .innerJoin('application_documents as d', 'd.id', 'c.document_id')
      .where('d.application_id', '=', applicationId)
      .execute(),
  ]);
  return { specimens, comparisons: comparisons.map(comparisonAnswer) };
}

/**
 * Keeps an officer's comparison of a document with a specimen version: the version must be of a
 * specimen of the application's institution (any version of it, the one the officer had on
 * screen), the features ticked must be in its list, and the number is checked here against its
 * format, whatever the screen showed.
 */
export async function compareWithSpecimen(
  db: AppDatabase,
  scope: ApplicationScope,
  documentId: number,
  input: z.output<typeof specimenComparisonInput>,
  context: WriteContext,
): Promise<SpecimenComparison> {
  return db.transaction().execute(async (trx) => {
    const document = await trx.selectFrom('application_documents').select(['id', 'application_id']).where('id', '=', documentId).executeTakeFirst();
    const application = document ? await applicationIdentity(trx, scope, document.application_id) : null;
    if (!document || !application) throw notFound();
    const version = await trx
      .selectFrom('diploma_specimen_versions as v')
      .innerJoin('diploma_specimens as s', 's.id', 'v.specimen_id')
      .select(['v.id', 'v.security_features', 'v.number_pattern', 's.institution_id'])
      .where('v.id', '=', input.specimen_version_id)
      .executeTakeFirst();
    if (!version || version.institution_id !== application.institutionId) throw fieldError('specimen_version_id', 'specimen_not_matching');
    const present = [...new Set(input.features_present)].sort((a, b) => a - b);
    if (present.some((index) => index >= version.security_features.length)) throw fieldError('features_present', 'specimen_feature_unknown');
    const numberTyped = input.number_typed?.trim() || null;
    const row = await trx
      .insertInto('document_specimen_comparisons')
      .values({
        document_id: documentId,
        specimen_version_id: version.id,
        features_present: present,
        number_typed: numberTyped,
        number_matches: numberTyped === null ? null : numberMatchesFormat(version.number_pattern, numberTyped),
        compared_by_id: context.actorId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actorId: context.actorId,
      action: 'document.specimen_compared',
      entityType: 'document',
      entityId: documentId,
      details: { specimen_version_id: version.id, features_present: present, number_typed: numberTyped },
      ip: context.ip,
    });
    return comparisonAnswer(await comparisonsQuery(trx).where('c.id', '=', row.id).executeTakeFirstOrThrow());
  });
}

function audit(trx: Trx, context: WriteContext, action: string, specimenId: number, details: unknown) {
  return recordAudit(trx, { actorId: context.actorId, action, entityType: 'diploma_specimen', entityId: specimenId, details, ip: context.ip });
}
