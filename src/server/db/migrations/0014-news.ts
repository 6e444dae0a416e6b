import { sql, type Kysely } from 'kysely';

// News. One statement per call (PGlite's extended protocol).
//
// - news_articles: the article as it stands now: status, publication time (scheduled or done),
//   tags, the cover image (a stored object's key, kept with its type, size and hash), and the
//   version every change raises (optimistic locking: a save names the version it started from).
// - news_translations: one per article and language: title, summary, the editor's markup and
//   the sanitised HTML the server made of it (what every client shows).
// - news_article_versions: every change as a snapshot (texts, tags, publication time, cover),
//   so an old version can be read and restored. Cover files are never deleted while a version
//   names them.

const UP = [
  sql`create table news_articles (
    id integer generated always as identity primary key,
    status text not null default 'draft' check (status in ('draft', 'scheduled', 'published', 'archived')),
    publish_at timestamptz,
    tags jsonb not null default '[]'::jsonb,
    cover_key text,
    cover_media_type text check (cover_media_type in ('image/png', 'image/jpeg', 'image/webp')),
    cover_size integer,
    cover_sha256 text,
    version integer not null default 1,
    created_by_id integer references users (id) on delete set null,
    updated_by_id integer references users (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint news_articles_scheduled_check check (status not in ('scheduled', 'published') or publish_at is not null),
    constraint news_articles_cover_check check ((cover_key is null) = (cover_media_type is null))
  )`,
  sql`create index news_articles_status_idx on news_articles (status, publish_at, id)`,
  sql`create index news_articles_due_idx on news_articles (publish_at) where status = 'scheduled'`,
  sql`create table news_translations (
    article_id integer not null references news_articles (id) on delete cascade,
    language text not null check (language in ('en', 'sq', 'sr')),
    title text not null check (title <> ''),
    summary text not null default '',
    body text not null default '',
    body_html text not null default '',
    primary key (article_id, language)
  )`,
  sql`create table news_article_versions (
    id integer generated always as identity primary key,
    article_id integer not null references news_articles (id) on delete cascade,
    version integer not null,
    status text not null,
    change text not null,
    snapshot jsonb not null,
    created_by_id integer references users (id) on delete set null,
    created_at timestamptz not null default now(),
    unique (article_id, version)
  )`,
];

const DOWN = [sql`drop table news_article_versions`, sql`drop table news_translations`, sql`drop table news_articles`];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await statement.execute(db);
}
