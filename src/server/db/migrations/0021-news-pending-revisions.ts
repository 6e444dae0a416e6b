import { sql, type Kysely } from 'kysely';

// A published or scheduled article is on (or about to be on) the public website, so a content
// manager without news.publish_news cannot change it directly: their change is kept beside the
// article as its pending revision (one per article, the full proposed content: texts, tags and
// cover, as a version snapshot holds them) until a publisher approves it (it becomes the article's
// newest version) or discards it. Who last changed the revision and when are kept with it. The
// cover file a revision names is never deleted while the revision names it.

const UP = [
  sql`alter table news_articles add column pending_snapshot jsonb`,
  sql`alter table news_articles add column pending_by_id integer references users (id) on delete set null`,
  sql`alter table news_articles add column pending_at timestamptz`,
  sql`alter table news_articles add constraint news_articles_pending_check check ((pending_snapshot is null) = (pending_at is null))`,
];

const DOWN = [
  sql`alter table news_articles drop constraint news_articles_pending_check`,
  sql`alter table news_articles drop column pending_at`,
  sql`alter table news_articles drop column pending_by_id`,
  sql`alter table news_articles drop column pending_snapshot`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await statement.execute(db);
}
