import { sql, type Kysely, type Transaction } from 'kysely';
import type { z } from 'zod';
import { HTTP_STATUS } from '../../../shared/api/drf';
import {
  NEWS_LANGUAGES,
  type NewsArticle,
  type NewsLanguage,
  type NewsListItem,
  type NewsPendingRevision,
  type NewsStatus,
  type NewsTranslation,
  type NewsVersionDetail,
  type NewsVersionItem,
  type newsCreateRequest,
  type newsListFilter } from '../../../shared/api/news';
import type { Database } from '../../db/schema';
import { ApiError, conflict, fieldError, notFound, permissionDenied } from '../../errors';
import { containsPattern } from '../../shared/search-pattern';
import { markupToHtml } from './news-markup';
import { recordAudit } from '../../shared/audit';
import { displayName } from '../../shared/display-name';

// The articles, their translations and versions. Every change happens in one transaction that
// locks the article's row, checks the version the caller started from (412 when stale), raises
// it, snapshots the result as a version and writes the audit entry: nothing is half-saved, and of
// two editors saving the same version the second gets 412.
//
// What a published or scheduled article says is the website's; only a holder of news.publish_news
// changes it. Every write of an article's content (texts, tags, cover; by a save, a restore or a
// cover change) goes through `changeContent`, which sends a change by anyone else to the article's
// pending revision instead, so no route can bypass the rule.

type Db = Kysely<Database>;
type Trx = Transaction<Database>;
type Content = z.output<typeof newsCreateRequest>;
type Filter = z.output<typeof newsListFilter>;
export interface Actor {
  id: number | null;
  ip: string | null;
  /** Holds news.publish_news: changes a published or scheduled article itself, approves and discards pending revisions. */
  mayPublish: boolean;
}
export interface Cover {
  key: string;
  media_type: 'image/png' | 'image/jpeg' | 'image/webp';
  size: number;
  sha256: string;
}
type Translations = Partial<Record<NewsLanguage, NewsTranslation>>;
/** What an article says: what a pending revision proposes, and what a version keeps (with publish_at). */
interface ArticleContent {
  translations: Translations;
  tags: string[];
  cover: Cover | null;
}
interface Snapshot extends ArticleContent {
  publish_at: string | null;
}

export const staleArticle = () => new ApiError(HTTP_STATUS.preconditionFailed, 'news_stale');

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function articles(db: Db | Trx) {
  return db
    .selectFrom('news_articles as a')
    .leftJoin('users as creator', 'creator.id', 'a.created_by_id')
    .leftJoin('users as editor', 'editor.id', 'a.updated_by_id')
    .leftJoin('users as proposer', 'proposer.id', 'a.pending_by_id')
    .select([
      'a.id',
      'a.status',
      'a.publish_at',
      'a.tags',
      'a.cover_key',
      'a.cover_media_type',
      'a.cover_size',
      'a.cover_sha256',
      'a.version',
      'a.created_by_id',
      'a.updated_by_id',
      'a.created_at',
      'a.updated_at',
      'creator.first_name as creator_first',
      'creator.last_name as creator_last',
      'creator.username as creator_username',
      'editor.first_name as editor_first',
      'editor.last_name as editor_last',
      'editor.username as editor_username',
      'a.pending_snapshot',
      'a.pending_by_id',
      'a.pending_at',
      'proposer.first_name as proposer_first',
      'proposer.last_name as proposer_last',
      'proposer.username as proposer_username',
    ]);
}
type ArticleRow = Awaited<ReturnType<ReturnType<typeof articles>['execute']>>[number];

function coverOf(row: { cover_key: string | null; cover_media_type: Cover['media_type'] | null; cover_size: number | null; cover_sha256: string | null }): Cover | null {
  return row.cover_key && row.cover_media_type ? { key: row.cover_key, media_type: row.cover_media_type, size: row.cover_size ?? 0, sha256: row.cover_sha256 ?? '' } : null;
}
const publicCover = (cover: Cover | null) => (cover ? { media_type: cover.media_type, size: cover.size, sha256: cover.sha256 } : null);

function base(row: ArticleRow) {
  return {
    id: row.id,
    status: row.status,
    publish_at: iso(row.publish_at),
    tags: row.tags,
    cover: publicCover(coverOf(row)),
    version: row.version,
    created_by: row.created_by_id === null ? null : { id: row.created_by_id, full_name: displayName(row.creator_first, row.creator_last, row.creator_username) },
    updated_by: row.updated_by_id === null ? null : { id: row.updated_by_id, full_name: displayName(row.editor_first, row.editor_last, row.editor_username) },
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}

function pendingOf(row: ArticleRow): NewsPendingRevision | null {
  if (row.pending_snapshot === null || row.pending_at === null) return null;
  const content = row.pending_snapshot as ArticleContent;
  return {
    translations: content.translations,
    tags: content.tags,
    cover: publicCover(content.cover),
    proposed_by: row.pending_by_id === null ? null : { id: row.pending_by_id, full_name: displayName(row.proposer_first, row.proposer_last, row.proposer_username) },
    proposed_at: iso(row.pending_at)!,
  };
}

async function translationsOf(db: Db | Trx, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, Translations>();
  const rows = await db.selectFrom('news_translations').selectAll().where('article_id', 'in', ids).execute();
  const byArticle = new Map<number, Translations>();
  for (const row of rows) {
    const translations = byArticle.get(row.article_id) ?? {};
    translations[row.language] = { title: row.title, summary: row.summary, body: row.body, body_html: row.body_html };
    byArticle.set(row.article_id, translations);
  }
  return byArticle;
}

export async function findArticle(db: Db | Trx, id: number): Promise<NewsArticle | null> {
  const row = await articles(db).where('a.id', '=', id).executeTakeFirst();
  if (!row) return null;
  return { ...base(row), translations: (await translationsOf(db, [id])).get(id) ?? {}, pending: pendingOf(row) };
}

/** The stored cover of an article (the key stays on the server). */
export async function findCover(db: Db, id: number, publishedOnly: boolean): Promise<Cover | null> {
  let query = db.selectFrom('news_articles').select(['cover_key', 'cover_media_type', 'cover_size', 'cover_sha256']).where('id', '=', id);
  if (publishedOnly) query = query.where('status', '=', 'published');
  const row = await query.executeTakeFirst();
  return row ? coverOf(row) : null;
}

/** The cover the article's pending revision proposes, or null. */
export async function findPendingCover(db: Db, id: number): Promise<Cover | null> {
  const row = await db.selectFrom('news_articles').select('pending_snapshot').where('id', '=', id).executeTakeFirst();
  return (row?.pending_snapshot as ArticleContent | null | undefined)?.cover ?? null;
}

export async function listArticles(db: Db, filter: Filter, window: { limit: number; offset: number }): Promise<{ count: number; rows: NewsListItem[] }> {
  let query = db.selectFrom('news_articles as a');
  if (filter.status) query = query.where('a.status', '=', filter.status);
  if (filter.language) {
    const language = filter.language;
    query = query.where((eb) => eb.exists(eb.selectFrom('news_translations as t').select('t.article_id').whereRef('t.article_id', '=', 'a.id').where('t.language', '=', language)));
  }
  if (filter.tag) query = query.where(sql<boolean>`exists (select 1 from jsonb_array_elements_text(a.tags) as tag where lower(tag) = lower(${filter.tag}))`);
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('news_translations as t')
          .select('t.article_id')
          .whereRef('t.article_id', '=', 'a.id')
          .where((inner) => inner.or([inner('t.title', 'ilike', pattern), inner('t.summary', 'ilike', pattern), inner('t.body', 'ilike', pattern)])),
      ),
    );
  }
  const day = sql`(coalesce(a.publish_at, a.updated_at) at time zone 'UTC')::date`;
  if (filter.date_from) query = query.where(sql<boolean>`${day} >= ${filter.date_from}::date`);
  if (filter.date_to) query = query.where(sql<boolean>`${day} <= ${filter.date_to}::date`);

  const { count } = await query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  const ids = (
    await query
      .select('a.id')
      .orderBy(sql`coalesce(a.publish_at, a.updated_at)`, 'desc')
      .orderBy('a.id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute()
  ).map((row) => row.id);
  if (ids.length === 0) return { count: Number(count), rows: [] };
  const rows = await articles(db).where('a.id', 'in', ids).execute();
  const texts = await translationsOf(db, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    count: Number(count),
    rows: ids.map((id) => {
      const translations = texts.get(id) ?? {};
      const languages = NEWS_LANGUAGES.filter((language) => translations[language]);
      const row = byId.get(id)!;
      return { ...base(row), awaiting_approval: row.pending_snapshot !== null, languages, titles: Object.fromEntries(languages.map((language) => [language, translations[language]!.title])) };
    }),
  };
}

// ---- Writing ----

/** The translations as stored: markup and the sanitised HTML made of it. */
function renderTranslations(content: Content['translations']): Translations {
  const result: Translations = {};
  for (const language of NEWS_LANGUAGES) {
    const input = content[language];
    if (!input) continue;
    if (input.title === '') throw fieldError(`translations.${language}.title`, 'news_title_required');
    result[language] = { title: input.title, summary: input.summary, body: input.body, body_html: markupToHtml(input.body) };
  }
  return result;
}

/** Publishing needs every present translation complete. */
function checkPublishable(translations: Translations): void {
  for (const language of NEWS_LANGUAGES) {
    const text = translations[language];
    if (text && (text.title === '' || text.body_html === '')) throw fieldError(`translations.${language}.body`, 'news_body_to_publish');
  }
}

const uniqueTags = (tags: readonly string[]) => [...new Map(tags.map((tag) => [tag.toLowerCase(), tag])).values()];

async function writeTranslations(trx: Trx, articleId: number, translations: Translations) {
  await trx.deleteFrom('news_translations').where('article_id', '=', articleId).execute();
  const rows = NEWS_LANGUAGES.filter((language) => translations[language]).map((language) => ({ article_id: articleId, language, ...translations[language]! }));
  if (rows.length > 0) await trx.insertInto('news_translations').values(rows).execute();
}

async function audit(trx: Trx, articleId: number, action: string, actor: Actor, details: Record<string, unknown>) {
  await recordAudit(trx, { actorId: actor.id, action: `news.${action}`, entityType: 'news_article', entityId: articleId, details, ip: actor.ip });
}

/** Snapshots the article as it now stands as its current version, and audits the change. */
async function recordVersion(trx: Trx, articleId: number, change: string, actor: Actor, details: Record<string, unknown> = {}) {
  const row = await trx.selectFrom('news_articles').selectAll().where('id', '=', articleId).executeTakeFirstOrThrow();
  const translations = (await translationsOf(trx, [articleId])).get(articleId) ?? {};
  const snapshot: Snapshot = { translations, tags: row.tags, publish_at: iso(row.publish_at), cover: coverOf(row) };
  await trx
    .insertInto('news_article_versions')
    .values({ article_id: articleId, version: row.version, status: row.status, change, snapshot: JSON.stringify(snapshot), created_by_id: actor.id })
    .execute();
  await audit(trx, articleId, change, actor, { version: row.version, status: row.status, languages: Object.keys(translations), ...details });
}

type LockedRow = Awaited<ReturnType<typeof lockForChange>>;

/** Locks the article, checks the caller's version and raises it. */
async function lockForChange(trx: Trx, id: number, version: number, actor: Actor, now: Date) {
  const row = await trx.selectFrom('news_articles').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound();
  if (row.version !== version) throw staleArticle();
  await trx.updateTable('news_articles').set({ version: row.version + 1, updated_by_id: actor.id, updated_at: now }).where('id', '=', id).execute();
  return row;
}

/** On the website now or at its scheduled time: only a publisher changes what it says. */
const isPublic = (status: NewsStatus) => status === 'published' || status === 'scheduled';
const pendingContent = (row: LockedRow) => (row.pending_snapshot === null ? null : (row.pending_snapshot as ArticleContent));

async function writeContent(trx: Trx, id: number, content: ArticleContent) {
  const cover = content.cover;
  await trx
    .updateTable('news_articles')
    .set({
      tags: JSON.stringify(content.tags),
      cover_key: cover?.key ?? null,
      cover_media_type: cover?.media_type ?? null,
      cover_size: cover?.size ?? null,
      cover_sha256: cover?.sha256 ?? null,
    })
    .where('id', '=', id)
    .execute();
  await writeTranslations(trx, id, content.translations);
}

async function setPending(trx: Trx, id: number, content: ArticleContent | null, actor: Actor, now: Date) {
  await trx
    .updateTable('news_articles')
    .set(content ? { pending_snapshot: JSON.stringify(content), pending_by_id: actor.id, pending_at: now } : { pending_snapshot: null, pending_by_id: null, pending_at: null })
    .where('id', '=', id)
    .execute();
}

/**
 * The one way an article's content changes. `next` makes the new content of what the change
 * starts from (the pending revision when there is one, for the editor edits that; otherwise the
 * article). A published or scheduled article changed by someone who may not publish keeps its
 * content: the result becomes its pending revision (no version; audited as proposed). Otherwise
 * the article takes it as a new version, and `pending` says what becomes of a pending revision:
 * taken in (the editor's texts were the revision's), kept as it was, or kept with the new cover
 * (so approving it later does not undo the cover change).
 */
async function changeContent(
  trx: Trx,
  row: LockedRow,
  change: 'saved' | 'restored' | 'cover',
  next: (current: ArticleContent) => ArticleContent,
  pending: 'take' | 'keep' | 'followCover',
  actor: Actor,
  now: Date,
) {
  const proposed = pendingContent(row);
  const live: ArticleContent = { translations: (await translationsOf(trx, [row.id])).get(row.id) ?? {}, tags: row.tags, cover: coverOf(row) };
  if (isPublic(row.status) && !actor.mayPublish) {
    const content = next(proposed ?? live);
    checkPublishable(content.translations);
    await setPending(trx, row.id, content, actor, now);
    await audit(trx, row.id, 'proposed', actor, { version: row.version + 1, status: row.status, change, languages: Object.keys(content.translations) });
    return;
  }
  const content = next(pending === 'take' && proposed ? proposed : live);
  if (isPublic(row.status)) checkPublishable(content.translations);
  await writeContent(trx, row.id, content);
  if (proposed && pending === 'take') await setPending(trx, row.id, null, actor, now);
  if (proposed && pending === 'followCover') {
    await trx.updateTable('news_articles').set({ pending_snapshot: JSON.stringify({ ...proposed, cover: content.cover }) }).where('id', '=', row.id).execute();
  }
  await recordVersion(trx, row.id, change, actor, proposed && pending === 'take' ? { pending_taken_in: true } : {});
}

export async function createArticle(db: Db, content: Content, actor: Actor, now: Date): Promise<number> {
  const translations = renderTranslations(content.translations);
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('news_articles')
      .values({ tags: JSON.stringify(uniqueTags(content.tags)), created_by_id: actor.id, updated_by_id: actor.id, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeTranslations(trx, id, translations);
    await recordVersion(trx, id, 'created', actor);
    return id;
  });
}

/** Texts and tags as the editor sent them (the editor shows the pending revision when there is one). */
export async function updateArticle(db: Db, id: number, content: Content & { version: number }, actor: Actor, now: Date): Promise<void> {
  const translations = renderTranslations(content.translations);
  const tags = uniqueTags(content.tags);
  await db.transaction().execute(async (trx) => {
    const row = await lockForChange(trx, id, content.version, actor, now);
    await changeContent(trx, row, 'saved', (current) => ({ ...current, translations, tags }), 'take', actor, now);
  });
}

const PUBLICATION_CHANGE: Record<NewsStatus, string> = { draft: 'unpublished', scheduled: 'scheduled', published: 'published', archived: 'archived' };

export async function changePublication(db: Db, id: number, request: { version: number; status: NewsStatus; publish_at: string | null }, actor: Actor, now: Date): Promise<void> {
  if (!actor.mayPublish) throw permissionDenied();
  let publishAt: Date | null = null;
  if (request.status === 'scheduled') {
    if (request.publish_at === null) throw fieldError('publish_at', 'news_publish_at_required');
    publishAt = new Date(request.publish_at);
    if (publishAt.getTime() <= now.getTime()) throw fieldError('publish_at', 'news_publish_at_past');
  }
  await db.transaction().execute(async (trx) => {
    const row = await lockForChange(trx, id, request.version, actor, now);
    if (request.status === 'published' || request.status === 'scheduled') checkPublishable((await translationsOf(trx, [id])).get(id) ?? {});
    // Publishing now stamps the time; archiving or taking back keeps when it was published.
    const publish_at = request.status === 'published' ? (row.status === 'published' ? row.publish_at : now) : request.status === 'scheduled' ? publishAt : row.status === 'scheduled' ? null : row.publish_at;
    await trx.updateTable('news_articles').set({ status: request.status, publish_at }).where('id', '=', id).execute();
    await recordVersion(trx, id, PUBLICATION_CHANGE[request.status], actor);
  });
}

/** Sets (or with null removes) the cover; the old file stays for the versions that name it. */
export async function setCover(db: Db, id: number, version: number, cover: Cover | null, actor: Actor, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await lockForChange(trx, id, version, actor, now);
    await changeContent(trx, row, 'cover', (current) => ({ ...current, cover }), 'followCover', actor, now);
  });
}

// ---- Pending revisions ----

async function lockPending(trx: Trx, id: number, version: number, actor: Actor, now: Date) {
  // Also checked here, not only by the route: approving is publishing.
  if (!actor.mayPublish) throw permissionDenied();
  const row = await lockForChange(trx, id, version, actor, now);
  const proposed = pendingContent(row);
  if (!proposed) throw conflict('news_no_pending');
  return { row, proposed };
}

/** The pending revision becomes the article's newest version (its HTML made again by today's rules). */
export async function approvePending(db: Db, id: number, version: number, actor: Actor, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { row, proposed } = await lockPending(trx, id, version, actor, now);
    const content: ArticleContent = { ...proposed, translations: rerendered(proposed.translations) };
    if (isPublic(row.status)) checkPublishable(content.translations);
    await writeContent(trx, id, content);
    await setPending(trx, id, null, actor, now);
    await recordVersion(trx, id, 'approved', actor, { proposed_by_id: row.pending_by_id, proposed_at: iso(row.pending_at) });
  });
}

/** The pending revision is dropped; the article stays as it is. */
export async function discardPending(db: Db, id: number, version: number, actor: Actor, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { row } = await lockPending(trx, id, version, actor, now);
    await setPending(trx, id, null, actor, now);
    await audit(trx, id, 'discarded', actor, { version: row.version + 1, status: row.status, proposed_by_id: row.pending_by_id, proposed_at: iso(row.pending_at) });
  });
}

// ---- Versions ----

function versionRows(db: Db) {
  return db
    .selectFrom('news_article_versions as v')
    .leftJoin('users as u', 'u.id', 'v.created_by_id')
    .select(['v.version', 'v.status', 'v.change', 'v.snapshot', 'v.created_by_id', 'v.created_at', 'u.first_name', 'u.last_name', 'u.username']);
}
type VersionRow = Awaited<ReturnType<ReturnType<typeof versionRows>['execute']>>[number];

const versionItem = (row: VersionRow): NewsVersionItem => ({
  version: row.version,
  status: row.status as NewsStatus,
  change: row.change,
  created_by: row.created_by_id === null ? null : { id: row.created_by_id, full_name: displayName(row.first_name, row.last_name, row.username) },
  created_at: iso(row.created_at)!,
});

export async function listVersions(db: Db, id: number): Promise<NewsVersionItem[]> {
  const rows = await versionRows(db).where('v.article_id', '=', id).orderBy('v.version', 'desc').execute();
  return rows.map(versionItem);
}

export async function findVersion(db: Db, id: number, version: number): Promise<NewsVersionDetail | null> {
  const row = await versionRows(db).where('v.article_id', '=', id).where('v.version', '=', version).executeTakeFirst();
  if (!row) return null;
  const snapshot = row.snapshot as Snapshot;
  return { ...versionItem(row), translations: snapshot.translations, tags: snapshot.tags, publish_at: snapshot.publish_at, cover: publicCover(snapshot.cover) };
}

/** Stored HTML is made again: an old text is sanitised by today's rules. */
function rerendered(texts: Translations): Translations {
  const translations: Translations = {};
  for (const language of NEWS_LANGUAGES) {
    const text = texts[language];
    if (text) translations[language] = { ...text, body_html: markupToHtml(text.body) };
  }
  return translations;
}

/** The old version's content (texts, tags, cover) becomes the newest version; the status stays. */
export async function restoreVersion(db: Db, id: number, restored: number, version: number, actor: Actor, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const old = await trx.selectFrom('news_article_versions').select('snapshot').where('article_id', '=', id).where('version', '=', restored).executeTakeFirst();
    const row = await lockForChange(trx, id, version, actor, now);
    if (!old) throw notFound();
    const snapshot = old.snapshot as Snapshot;
    const content: ArticleContent = { translations: rerendered(snapshot.translations), tags: snapshot.tags, cover: snapshot.cover };
    await changeContent(trx, row, 'restored', () => content, 'keep', actor, now);
  });
}

// ---- Scheduled publishing ----

/** Publishes the scheduled articles whose time has come (`now` is the injected clock's); answers how many. */
export async function publishDueArticles(db: Db, now: Date, batchSize = 100): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // Another instance's job skips the rows this one holds instead of publishing them twice.
    const due = await trx
      .selectFrom('news_articles')
      .select(['id', 'version'])
      .where('status', '=', 'scheduled')
      .where('publish_at', '<=', now)
      .orderBy('publish_at')
      .limit(batchSize)
      .forUpdate()
      .skipLocked()
      .execute();
    for (const article of due) {
      await trx.updateTable('news_articles').set({ status: 'published', version: article.version + 1, updated_at: now }).where('id', '=', article.id).execute();
      await recordVersion(trx, article.id, 'published', { id: null, ip: null, mayPublish: true });
    }
    return due.length;
  });
}

// ---- The public website ----

export async function publicArticles(db: Db, language: NewsLanguage, tag: string | undefined, window: { limit: number; offset: number }, id?: number) {
  let query = db
    .selectFrom('news_articles as a')
    .innerJoin('news_translations as t', (join) => join.onRef('t.article_id', '=', 'a.id').on('t.language', '=', language))
    .where('a.status', '=', 'published');
  if (id !== undefined) query = query.where('a.id', '=', id);
  if (tag) query = query.where(sql<boolean>`exists (select 1 from jsonb_array_elements_text(a.tags) as tag where lower(tag) = lower(${tag}))`);
  const { count } = await query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  const rows = await query
    .select(['a.id', 'a.tags', 'a.publish_at', 'a.cover_key', 't.title', 't.summary', 't.body_html'])
    .orderBy('a.publish_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  return {
    count: Number(count),
    rows: rows.map((row) => ({
      id: row.id,
      language,
      title: row.title,
      summary: row.summary,
      body_html: row.body_html,
      tags: row.tags,
      published_at: iso(row.publish_at)!,
      cover: row.cover_key !== null,
    })),
  };
}
