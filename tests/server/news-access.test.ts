import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWS_PATHS } from '../../src/shared/api/news';
import { DEMO_ACCOUNTS } from '../../src/server/db/demo-accounts';
import { addNewsWriter } from '../support/news-writer';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Every news endpoint × every demo account (spec §6): reading needs news.view_news,
// writing news.change_news, publishing news.publish_news. In the demo only the administrators
// (superuser, NARIC Administrators) and the Content Managers hold them; everyone else gets 403 and nothing changes;
// signed out is 401. The public list needs no sign-in. News has no row scope: whoever may read
// sees every article. A writer without news.publish_news (no demo group; made here) reads and
// writes, but a published article's content only as its pending revision: the article and the
// website stay as they were, and approving or discarding the revision is 403.

let server: ServerFixture;
let articleId: number;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const USERS = DEMO_ACCOUNTS.map((account) => account.username);
const NEWS_STAFF = new Set(['admin', 'naric.admin', 'content']);
const WRITER = 'news.writer';

async function send(username: string | null, method: Method, path: string, payload?: object) {
  const headers = username ? await server.authorization(username) : {};
  return server.app.inject({ method, url: `/api${path}`, headers, ...(payload ? { payload } : {}) });
}
const version = async () => (await server.db.selectFrom('news_articles').select('version').where('id', '=', articleId).executeTakeFirstOrThrow()).version;
const state = async () => ({
  articles: await server.db.selectFrom('news_articles').select(['id', 'status', 'version']).orderBy('id').execute(),
  versions: (await server.db.selectFrom('news_article_versions').select('id').execute()).length,
  audit: (await server.db.selectFrom('audit_log').select('id').where('action', 'like', 'news.%').execute()).length,
});

const reads = (): [Method, string][] => [
  ['GET', `${NEWS_PATHS.list}?status=published`],
  ['GET', NEWS_PATHS.detail(articleId)],
  ['GET', NEWS_PATHS.versions(articleId)],
  ['GET', NEWS_PATHS.version(articleId, 1)],
];
const writes = async (): Promise<[Method, string, object?][]> => {
  const current = await version();
  return [
    ['POST', NEWS_PATHS.list, { translations: { en: { title: 'Access', body: 'x' } } }],
    ['POST', NEWS_PATHS.preview, { body: 'x' }],
    ['PUT', NEWS_PATHS.detail(articleId), { version: current, translations: { en: { title: 'Changed', body: 'x' } }, tags: [] }],
    ['POST', NEWS_PATHS.restore(articleId, 1), { version: current }],
    ['DELETE', `${NEWS_PATHS.cover(articleId)}?version=${current}`],
  ];
};
const publish = async (): Promise<[Method, string, object]> => ['POST', NEWS_PATHS.publication(articleId), { version: await version(), status: 'archived' }];
const decisions = async (): Promise<[Method, string, object][]> => [
  ['POST', NEWS_PATHS.approvePending(articleId), { version: await version() }],
  ['POST', NEWS_PATHS.discardPending(articleId), { version: await version() }],
];
/** A pending revision on the article, as the writer saves it. */
async function propose(title: string) {
  const answer = await send(WRITER, 'PUT', NEWS_PATHS.detail(articleId), { version: await version(), translations: { en: { title, body: 'Proposed text' } }, tags: [] });
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.json().pending.translations.en.title).toBe(title);
}
const live = async () => ({
  article: await server.db.selectFrom('news_articles').select(['status', 'tags', 'cover_key']).where('id', '=', articleId).executeTakeFirstOrThrow(),
  texts: await server.db.selectFrom('news_translations').selectAll().where('article_id', '=', articleId).orderBy('language').execute(),
  versions: (await server.db.selectFrom('news_article_versions').select('id').where('article_id', '=', articleId).execute()).length,
  website: (await send(null, 'GET', `${NEWS_PATHS.publicDetail(articleId)}?language=en`)).json(),
});

beforeAll(async () => {
  server = await createServerFixture();
  articleId = (await server.db.selectFrom('news_articles').select('id').where('status', '=', 'published').orderBy('id').executeTakeFirstOrThrow()).id;
  await addNewsWriter(server.db, WRITER);
});
afterAll(async () => server?.close());

it('the demo has news staff and others', () => {
  expect(USERS.filter((username) => NEWS_STAFF.has(username)).sort()).toEqual([...NEWS_STAFF].sort());
  expect(USERS.length).toBeGreaterThan(NEWS_STAFF.size);
});

describe('signed out', () => {
  it('gets 401 everywhere but the public list', async () => {
    const before = await state();
    for (const [method, path] of reads()) expect((await send(null, method, path)).statusCode, `${method} ${path}`).toBe(401);
    for (const [method, path, payload] of [...(await writes()), await publish(), ...(await decisions())]) expect((await send(null, method, path, payload)).statusCode, `${method} ${path}`).toBe(401);
    expect((await send(null, 'GET', NEWS_PATHS.pendingCover(articleId))).statusCode).toBe(401);
    expect(await state()).toEqual(before);
    expect((await send(null, 'GET', `${NEWS_PATHS.publicList}?language=en`)).statusCode).toBe(200);
    expect((await send(null, 'GET', `${NEWS_PATHS.publicDetail(articleId)}?language=en`)).statusCode).toBe(200);
  });
});

describe.each(USERS.filter((username) => !NEWS_STAFF.has(username)))('%s (no news permission)', (username) => {
  it('gets 403 from every endpoint and changes nothing', async () => {
    const before = await state();
    for (const [method, path] of reads()) expect((await send(username, method, path)).statusCode, `${method} ${path}`).toBe(403);
    for (const [method, path, payload] of [...(await writes()), await publish(), ...(await decisions())]) expect((await send(username, method, path, payload)).statusCode, `${method} ${path}`).toBe(403);
    expect((await send(username, 'GET', NEWS_PATHS.pendingCover(articleId))).statusCode).toBe(403);
    expect(await state()).toEqual(before);
  });
});

describe.each([...NEWS_STAFF])('%s (news staff)', (username) => {
  it('reads, writes and publishes', async () => {
    for (const [method, path] of reads()) expect((await send(username, method, path)).statusCode, `${method} ${path}`).toBe(200);
    // Every article, whoever wrote it.
    const all = (await send(username, 'GET', `${NEWS_PATHS.list}?page_size=100`)).json();
    expect(all.count).toBe((await server.db.selectFrom('news_articles').select('id').execute()).length);
    for (let index = 0; index < (await writes()).length; index += 1) {
      // Each write names the version the previous one left.
      const [method, path, payload] = (await writes())[index]!;
      const answer = await send(username, method, path, payload);
      expect([200, 201], `${method} ${path}: ${answer.body}`).toContain(answer.statusCode);
    }
    const [method, path, payload] = await publish();
    expect((await send(username, method, path, payload)).statusCode).toBe(200);
    // Back on the website for the next account.
    expect((await send(username, 'POST', NEWS_PATHS.publication(articleId), { version: await version(), status: 'published' })).statusCode).toBe(200);

    // The writer's pending revision: this account approves one and discards another.
    expect((await send(username, 'GET', NEWS_PATHS.pendingCover(articleId))).statusCode).toBe(404);
    await propose(`Approved by ${username}`);
    const [[approveMethod, approvePath, approvePayload], [discardMethod, discardPath]] = await decisions();
    const approved = await send(username, approveMethod, approvePath, approvePayload);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ pending: null, translations: { en: { title: `Approved by ${username}` } } });
    await propose(`Discarded by ${username}`);
    const discarded = await send(username, discardMethod, discardPath, { version: await version() });
    expect(discarded.statusCode, discarded.body).toBe(200);
    expect(discarded.json()).toMatchObject({ pending: null, translations: { en: { title: `Approved by ${username}` } } });
  });
});

describe('a writer without news.publish_news', () => {
  it('reads; writes to a published article only as its pending revision; may not publish, approve or discard', async () => {
    for (const [method, path] of reads()) expect((await send(WRITER, method, path)).statusCode, `${method} ${path}`).toBe(200);
    const before = await live();
    for (let index = 0; index < (await writes()).length; index += 1) {
      const [method, path, payload] = (await writes())[index]!;
      const answer = await send(WRITER, method, path, payload);
      expect([200, 201], `${method} ${path}: ${answer.body}`).toContain(answer.statusCode);
    }
    expect((await send(WRITER, 'GET', NEWS_PATHS.detail(articleId))).json().pending).not.toBeNull();
    for (const [method, path, payload] of [await publish(), ...(await decisions())]) expect((await send(WRITER, method, path, payload)).statusCode, `${method} ${path}`).toBe(403);
    expect(await live()).toEqual(before);
    expect((await send(WRITER, 'GET', NEWS_PATHS.pendingCover(articleId))).statusCode).toBe(404);
  });
});
