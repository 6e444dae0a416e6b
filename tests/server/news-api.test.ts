import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWS_LIMITS, NEWS_PATHS, newsArticle, publicNewsAnswer, type NewsArticle } from '../../src/shared/api/news';
import { publishDueArticles } from '../../src/server/modules/news/news-store';
import { addNewsWriter } from '../support/news-writer';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// News: sanitising, saving with versions and 412, publishing now and on schedule with
// a controlled clock, the cover's checks, the public list, and the pending revisions of a writer
// without news.publish_news.

let server: ServerFixture;
let now = new Date();
const clock = () => now;

async function send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown, headers: Record<string, string> = {}, username: string | null = 'content') {
  const auth = username ? await server.authorization(username) : {};
  return server.app.inject({ method, url: `/api${path}`, headers: { ...auth, ...headers }, ...(payload !== undefined ? { payload: payload as string } : {}) });
}
const texts = (title: string, body: string) => ({ title, summary: `${title} summary`, body });
async function create(body: string, languages: ('en' | 'sq' | 'sr')[] = ['en', 'sq', 'sr']): Promise<NewsArticle> {
  const response = await send('POST', NEWS_PATHS.list, { translations: Object.fromEntries(languages.map((language) => [language, texts(`Title ${language} ${Math.random()}`, body)])), tags: ['test'] });
  expect(response.statusCode, response.body).toBe(201);
  return newsArticle.parse(response.json());
}

beforeAll(async () => {
  server = await createServerFixture({ clock });
});
afterAll(async () => server?.close());

describe('sanitising', () => {
  it('removes scripts, handlers, javascript: links, styles and iframes; links get rel', async () => {
    const article = await create(
      'Hello **world** [site](https://example.org) [mail](mailto:a@example.org)\n\n<script>alert(1)</script><p onclick="steal()" style="color:red">para</p><a href="javascript:alert(1)">bad</a><a href="JaVaScRiPt:alert(2)">bad2</a><style>p{color:red}</style><iframe src="https://evil.example">frame</iframe><img src=x onerror=alert(1)><h1 onmouseover="x()">Big</h1>',
    );
    const html = article.translations.en!.body_html;
    expect(html).not.toMatch(/<script|alert\(1\)|onclick|onerror|onmouseover|style|<iframe|javascript:|<img|color:red/i);
    expect(html).toContain('<strong>world</strong>');
    expect(html).toContain('<a href="https://example.org" rel="noopener noreferrer">site</a>');
    expect(html).toContain('<a href="mailto:a@example.org" rel="noopener noreferrer">mail</a>');
    expect(html).toContain('<p>para</p>');
    expect(html).toContain('<h2>Big</h2>');
    // The markup is kept as written (the editor's text), the HTML only as sanitised.
    const stored = await server.db.selectFrom('news_translations').select(['body', 'body_html']).where('article_id', '=', article.id).where('language', '=', 'en').executeTakeFirstOrThrow();
    expect(stored.body_html).toBe(html);
  });

  it('the preview is the same conversion', async () => {
    const response = await send('POST', NEWS_PATHS.preview, { body: '## Head\n\n- a\n- b\n\n<script>x</script>[x](data:text/html,hi)' });
    expect(response.statusCode).toBe(200);
    expect(response.json().body_html).toBe('<h2>Head</h2>\n<ul><li>a</li><li>b</li></ul>\n<a>x</a>');
  });

  it('needs at least one language and a title', async () => {
    expect((await send('POST', NEWS_PATHS.list, { translations: {}, tags: [] })).statusCode).toBe(400);
    const response = await send('POST', NEWS_PATHS.list, { translations: { en: texts('', 'x') }, tags: [] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty(['translations.en.title']);
  });

  it('refuses in the caller’s language', async () => {
    const response = await send('POST', NEWS_PATHS.list, { translations: {}, tags: [] }, { 'accept-language': 'sq' });
    expect(JSON.stringify(response.json())).toContain('Shkruani artikullin të paktën në një gjuhë.');
  });
});

describe('versions and concurrency', () => {
  it('each save is a version; a stale save is 412 and changes nothing; an old version is restored', async () => {
    const article = await create('First text');
    const saved = await send('PUT', NEWS_PATHS.detail(article.id), { version: article.version, translations: { en: texts('Second', 'Second text') }, tags: ['x'] });
    expect(saved.statusCode, saved.body).toBe(200);
    const second = newsArticle.parse(saved.json());
    expect(second.version).toBe(article.version + 1);
    expect(Object.keys(second.translations)).toEqual(['en']);

    const stale = await send('PUT', NEWS_PATHS.detail(article.id), { version: article.version, translations: { en: texts('Third', 'x') }, tags: [] });
    expect(stale.statusCode).toBe(412);
    expect(newsArticle.parse((await send('GET', NEWS_PATHS.detail(article.id))).json()).translations.en!.title).toBe('Second');

    const versions = (await send('GET', NEWS_PATHS.versions(article.id))).json().results;
    expect(versions.map((v: { version: number; change: string }) => [v.version, v.change])).toEqual([
      [2, 'saved'],
      [1, 'created'],
    ]);
    const old = (await send('GET', NEWS_PATHS.version(article.id, 1))).json();
    expect(old.translations.sq.body).toBe('First text');

    expect((await send('POST', NEWS_PATHS.restore(article.id, 1), { version: 1 })).statusCode).toBe(412);
    const restored = newsArticle.parse((await send('POST', NEWS_PATHS.restore(article.id, 1), { version: 2 })).json());
    expect(restored.version).toBe(3);
    expect(Object.keys(restored.translations).sort()).toEqual(['en', 'sq', 'sr']);
    expect(restored.translations.sr!.body_html).toBe('<p>First text</p>');
    expect((await send('POST', NEWS_PATHS.restore(article.id, 99), { version: 3 })).statusCode).toBe(404);
  });
});

// Before the clock moves on (the job then publishes the demo's scheduled article too).
describe('the list', () => {
  it('filters by status, language, tag, words and dates', async () => {
    const list = async (query: string) => (await send('GET', `${NEWS_PATHS.list}?page_size=100&${query}`)).json();
    const demoPublished = await list('status=published');
    expect(demoPublished.count).toBeGreaterThanOrEqual(5);
    expect(demoPublished.results.every((item: { status: string }) => item.status === 'published')).toBe(true);
    expect((await list('status=scheduled')).results.length).toBeGreaterThanOrEqual(1);
    expect((await list('tag=FEES')).results.map((item: { titles: { en: string } }) => item.titles.en)).toContain('New fees from March');
    expect((await list('search=doctoral')).results.map((item: { status: string }) => item.status)).toEqual(['draft']);
    expect((await list('date_from=2100-01-01')).count).toBe(0);
    expect((await send('GET', `${NEWS_PATHS.list}?status=nope`)).statusCode).toBe(400);
  });
});

describe('publishing', () => {
  it('publishes now; the public list shows only published articles, in their language, cacheable', async () => {
    const draft = await create('Draft only', ['en', 'sq']);
    const published = await create('Published text', ['sq']);
    const answer = await send('POST', NEWS_PATHS.publication(published.id), { version: published.version, status: 'published' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().status).toBe('published');
    expect(answer.json().publish_at).toBe(now.toISOString());

    const sq = await send('GET', `${NEWS_PATHS.publicList}?language=sq&page_size=100`, undefined, {}, null);
    expect(sq.statusCode).toBe(200);
    expect(sq.headers['cache-control']).toBe('public, max-age=300');
    const items = publicNewsAnswer.parse(sq.json()).results;
    expect(items.map((item) => item.id)).toContain(published.id);
    expect(items.map((item) => item.id)).not.toContain(draft.id);
    const statuses = await server.db.selectFrom('news_articles').select(['id', 'status']).where('id', 'in', items.map((item) => item.id)).execute();
    expect(statuses.every((row) => row.status === 'published')).toBe(true);
    // No English translation: not in the English list.
    const en = publicNewsAnswer.parse((await send('GET', `${NEWS_PATHS.publicList}?language=en&page_size=100`, undefined, {}, null)).json());
    expect(en.results.map((item) => item.id)).not.toContain(published.id);
    expect((await send('GET', `${NEWS_PATHS.publicDetail(draft.id)}?language=en`, undefined, {}, null)).statusCode).toBe(404);
    expect((await send('GET', `${NEWS_PATHS.publicDetail(published.id)}?language=sq`, undefined, {}, null)).json().title).toBe(published.translations.sq!.title);
  });

  it('refuses to publish a translation without a body', async () => {
    const article = await create('', ['en']);
    const answer = await send('POST', NEWS_PATHS.publication(article.id), { version: article.version, status: 'published' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toHaveProperty(['translations.en.body']);
  });

  it('a scheduled article is published by the job at its time (controlled clock)', async () => {
    now = new Date('2030-01-01T10:00:00Z');
    const article = await create('Later');
    expect((await send('POST', NEWS_PATHS.publication(article.id), { version: article.version, status: 'scheduled', publish_at: '2029-12-31T10:00:00Z' })).statusCode).toBe(400);
    const scheduled = await send('POST', NEWS_PATHS.publication(article.id), { version: article.version, status: 'scheduled', publish_at: '2030-01-01T12:00:00Z' });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json().status).toBe('scheduled');
    const isPublic = async () =>
      publicNewsAnswer.parse((await send('GET', `${NEWS_PATHS.publicList}?language=en&page_size=100`, undefined, {}, null)).json()).results.some((item) => item.id === article.id);
    expect(await isPublic()).toBe(false);

    now = new Date('2030-01-01T11:59:59Z');
    await publishDueArticles(server.db, clock());
    expect((await server.db.selectFrom('news_articles').select('status').where('id', '=', article.id).executeTakeFirstOrThrow()).status).toBe('scheduled');

    now = new Date('2030-01-01T12:00:00Z');
    expect(await publishDueArticles(server.db, clock())).toBeGreaterThanOrEqual(1);
    const after = newsArticle.parse((await send('GET', NEWS_PATHS.detail(article.id))).json());
    expect(after.status).toBe('published');
    expect(after.version).toBe(article.version + 2);
    expect(await isPublic()).toBe(true);
    // Once only.
    expect(await publishDueArticles(server.db, clock())).toBe(0);
    const versions = (await send('GET', NEWS_PATHS.versions(article.id))).json().results;
    expect(versions[0]).toMatchObject({ change: 'published', created_by: null });

    // Archived: off the website.
    expect((await send('POST', NEWS_PATHS.publication(article.id), { version: after.version, status: 'archived' })).statusCode).toBe(200);
    expect(await isPublic()).toBe(false);
  });
});

describe('cover image', () => {
  it('takes a PNG by its signature, refuses other files (415) and too large ones (413)', async () => {
    // Stored as the server re-encodes it (uploaded-images.ts): a real image, compared after re-encoding.
    const original = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#204080' } }).png().toBuffer();
    const png = await sharp(original).png({ compressionLevel: 9 }).toBuffer();
    const article = await create('With cover');
    const put = (body: Buffer, version: number, type = 'image/png') => send('PUT', `${NEWS_PATHS.cover(article.id)}?version=${version}`, body as unknown as string, { 'content-type': type });
    const pdf = await put(Buffer.from('%PDF-1.7\nnot an image'), article.version);
    expect(pdf.statusCode).toBe(415);
    const large = await put(Buffer.concat([png, Buffer.alloc(NEWS_LIMITS.coverBytes)]), article.version);
    expect(large.statusCode).toBe(413);
    const ok = await put(original, article.version, 'application/octet-stream');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().cover).toMatchObject({ media_type: 'image/png', size: png.length });
    expect((await put(png, article.version)).statusCode).toBe(412);
    const image = await send('GET', NEWS_PATHS.cover(article.id));
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(png)).toBe(true);
    // Not published: the public cover is not there.
    expect((await send('GET', NEWS_PATHS.publicCover(article.id), undefined, {}, null)).statusCode).toBe(404);
  });
});

describe('pending revisions (a writer without news.publish_news)', () => {
  const WRITER = 'news.writer';
  // A real image: the server decodes and re-encodes every cover before it stores it.
  let png: Buffer;
  beforeAll(async () => {
    png = await sharp({ create: { width: 48, height: 24, channels: 3, background: '#306030' } }).png().toBuffer();
  });
  const read = async (id: number) => newsArticle.parse((await send('GET', NEWS_PATHS.detail(id))).json());
  const publicTitle = async (id: number) => {
    const detail = await send('GET', `${NEWS_PATHS.publicDetail(id)}?language=en`, undefined, {}, null);
    const listed = publicNewsAnswer.parse((await send('GET', `${NEWS_PATHS.publicList}?language=en&page_size=100`, undefined, {}, null)).json()).results.find((item) => item.id === id);
    return { detail: detail.statusCode === 200 ? (detail.json().title as string) : null, listed: listed?.title ?? null, body: detail.statusCode === 200 ? (detail.json().body_html as string) : null };
  };
  const historyOf = async (id: number) => (await send('GET', NEWS_PATHS.versions(id))).json().results.map((row: { version: number; change: string }) => [row.version, row.change]);
  async function published(title: string): Promise<NewsArticle> {
    const article = await create('Live text', ['en']);
    await send('PUT', NEWS_PATHS.detail(article.id), { version: article.version, translations: { en: texts(title, 'Live text') }, tags: ['live'] });
    const answer = await send('POST', NEWS_PATHS.publication(article.id), { version: article.version + 1, status: 'published' });
    expect(answer.statusCode, answer.body).toBe(200);
    return newsArticle.parse(answer.json());
  }

  beforeAll(async () => {
    now = new Date('2031-01-01T09:00:00Z');
    await addNewsWriter(server.db, WRITER);
  });

  it('a save of a published article is pending: the website and the history keep the live text; staff see the revision', async () => {
    const article = await published('Live title');
    const history = await historyOf(article.id);
    const saved = await send('PUT', NEWS_PATHS.detail(article.id), { version: article.version, translations: { en: texts('Unapproved title', 'Unapproved text') }, tags: ['pending'] }, {}, WRITER);
    expect(saved.statusCode, saved.body).toBe(200);
    const answer = newsArticle.parse(saved.json());
    expect(answer.version).toBe(article.version + 1);
    expect(answer.translations.en!.title).toBe('Live title');
    expect(answer.tags).toEqual(['live']);
    expect(answer.pending).toMatchObject({ tags: ['pending'], proposed_by: { full_name: 'News Writer' }, proposed_at: now.toISOString() });
    expect(answer.pending!.translations.en).toMatchObject({ title: 'Unapproved title', body_html: '<p>Unapproved text</p>' });
    expect(await publicTitle(article.id)).toEqual({ detail: 'Live title', listed: 'Live title', body: '<p>Live text</p>' });
    expect(await historyOf(article.id)).toEqual(history);
    expect((await read(article.id)).pending?.translations.en?.title).toBe('Unapproved title');
    const list = (await send('GET', `${NEWS_PATHS.list}?search=${encodeURIComponent('Live title')}`)).json();
    expect(list.results.find((row: { id: number }) => row.id === article.id)).toMatchObject({ awaiting_approval: true });
    // The next save by the writer changes the revision, still not the article.
    const again = await send('PUT', NEWS_PATHS.detail(article.id), { version: answer.version, translations: { en: texts('Unapproved title 2', 'x') }, tags: [] }, {}, WRITER);
    expect(newsArticle.parse(again.json()).pending!.translations.en!.title).toBe('Unapproved title 2');
    expect((await publicTitle(article.id)).detail).toBe('Live title');
    const audit = await server.db.selectFrom('audit_log').select('action').where('entity_type', '=', 'news_article').where('entity_id', '=', String(article.id)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.action).toBe('news.proposed');
  });

  it('a version restore and a cover change by the writer join the revision, never the live article', async () => {
    const article = await published('Restore title');
    const firstVersion = (await historyOf(article.id)).at(-1)[0] as number;
    const restored = await send('POST', NEWS_PATHS.restore(article.id, firstVersion), { version: article.version }, {}, WRITER);
    expect(restored.statusCode, restored.body).toBe(200);
    let answer = newsArticle.parse(restored.json());
    expect(answer.translations.en!.title).toBe('Restore title');
    expect(answer.pending!.translations.en!.body).toBe('Live text');
    expect(answer.pending!.tags).toEqual(['test']);

    const cover = await send('PUT', `${NEWS_PATHS.cover(article.id)}?version=${answer.version}`, png as unknown as string, { 'content-type': 'image/png' }, WRITER);
    expect(cover.statusCode, cover.body).toBe(200);
    answer = newsArticle.parse(cover.json());
    expect(answer.cover).toBeNull();
    expect(answer.pending!.cover).toMatchObject({ media_type: 'image/png' });
    expect(answer.pending!.tags).toEqual(['test']);
    expect((await send('GET', NEWS_PATHS.cover(article.id))).statusCode).toBe(404);
    expect((await send('GET', NEWS_PATHS.publicCover(article.id), undefined, {}, null)).statusCode).toBe(404);
    const pendingCover = await send('GET', NEWS_PATHS.pendingCover(article.id), undefined, {}, WRITER);
    expect(pendingCover.headers['content-type']).toBe('image/png');
    expect(pendingCover.rawPayload.length).toBe(answer.pending!.cover!.size);
    expect((await publicTitle(article.id)).detail).toBe('Restore title');

    // A publisher's cover goes live at once, and the revision follows it (approving must not undo it).
    const live = await send('DELETE', `${NEWS_PATHS.cover(article.id)}?version=${answer.version}`);
    expect(live.statusCode, live.body).toBe(200);
    expect(newsArticle.parse(live.json()).pending!.cover).toBeNull();
    const withCover = await send('PUT', `${NEWS_PATHS.cover(article.id)}?version=${answer.version + 1}`, png as unknown as string, { 'content-type': 'image/png' });
    answer = newsArticle.parse(withCover.json());
    expect(answer.cover).not.toBeNull();
    const removed = await send('DELETE', `${NEWS_PATHS.cover(article.id)}?version=${answer.version}`, undefined, {}, WRITER);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(newsArticle.parse(removed.json())).toMatchObject({ cover: { sha256: answer.cover!.sha256 }, pending: { cover: null } });
    expect((await send('GET', NEWS_PATHS.publicCover(article.id), undefined, {}, null)).statusCode).toBe(200);
  });

  it('a scheduled article keeps its text: the job publishes the approved text, not the pending one', async () => {
    const article = await create('Scheduled text', ['en']);
    const scheduled = newsArticle.parse((await send('POST', NEWS_PATHS.publication(article.id), { version: article.version, status: 'scheduled', publish_at: '2031-01-01T12:00:00Z' })).json());
    const saved = await send('PUT', NEWS_PATHS.detail(article.id), { version: scheduled.version, translations: { en: texts('Sneaked in', 'Sneaked in') }, tags: [] }, {}, WRITER);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(newsArticle.parse(saved.json()).translations.en!.title).toBe(article.translations.en!.title);
    now = new Date('2031-01-01T12:00:00Z');
    await publishDueArticles(server.db, clock());
    expect(await publicTitle(article.id)).toMatchObject({ detail: article.translations.en!.title, listed: article.translations.en!.title, body: '<p>Scheduled text</p>' });
    expect((await read(article.id)).pending!.translations.en!.title).toBe('Sneaked in');
  });

  it('only a publisher approves (the revision becomes a new version and goes public) or discards it', async () => {
    const article = await published('Approve title');
    const pending = newsArticle.parse((await send('PUT', NEWS_PATHS.detail(article.id), { version: article.version, translations: { en: texts('Approved title', 'Approved text') }, tags: ['ok'] }, {}, WRITER)).json());
    expect((await send('POST', NEWS_PATHS.approvePending(article.id), { version: pending.version }, {}, WRITER)).statusCode).toBe(403);
    expect((await send('POST', NEWS_PATHS.discardPending(article.id), { version: pending.version }, {}, WRITER)).statusCode).toBe(403);
    expect((await read(article.id)).pending).not.toBeNull();
    expect((await send('POST', NEWS_PATHS.approvePending(article.id), { version: article.version })).statusCode).toBe(412);

    const approved = await send('POST', NEWS_PATHS.approvePending(article.id), { version: pending.version });
    expect(approved.statusCode, approved.body).toBe(200);
    const after = newsArticle.parse(approved.json());
    expect(after).toMatchObject({ status: 'published', pending: null, tags: ['ok'], version: pending.version + 1 });
    expect(await publicTitle(article.id)).toEqual({ detail: 'Approved title', listed: 'Approved title', body: '<p>Approved text</p>' });
    expect((await historyOf(article.id))[0]).toEqual([after.version, 'approved']);
    expect((await send('POST', NEWS_PATHS.approvePending(article.id), { version: after.version })).statusCode).toBe(409);

    const second = newsArticle.parse((await send('PUT', NEWS_PATHS.detail(article.id), { version: after.version, translations: { en: texts('Discarded title', 'x') }, tags: [] }, {}, WRITER)).json());
    const history = await historyOf(article.id);
    const discarded = await send('POST', NEWS_PATHS.discardPending(article.id), { version: second.version });
    expect(discarded.statusCode, discarded.body).toBe(200);
    expect(newsArticle.parse(discarded.json())).toMatchObject({ pending: null, version: second.version + 1 });
    expect(await historyOf(article.id)).toEqual(history);
    expect((await publicTitle(article.id)).detail).toBe('Approved title');
  });

  it('a publisher’s save goes live at once and takes the revision in; the writer edits drafts directly', async () => {
    const article = await published('Publisher title');
    const pending = newsArticle.parse((await send('PUT', NEWS_PATHS.detail(article.id), { version: article.version, translations: { en: texts('Proposed', 'x') }, tags: [] }, {}, WRITER)).json());
    const live = await send('PUT', NEWS_PATHS.detail(article.id), { version: pending.version, translations: { en: texts('Publisher edit', 'y') }, tags: [] });
    expect(newsArticle.parse(live.json())).toMatchObject({ pending: null, translations: { en: { title: 'Publisher edit' } } });
    expect((await publicTitle(article.id)).detail).toBe('Publisher edit');

    const draft = await create('Draft text', ['en']);
    const direct = await send('PUT', NEWS_PATHS.detail(draft.id), { version: draft.version, translations: { en: texts('Writer draft', 'z') }, tags: [] }, {}, WRITER);
    expect(newsArticle.parse(direct.json())).toMatchObject({ pending: null, translations: { en: { title: 'Writer draft' } } });
    expect((await send('POST', NEWS_PATHS.publication(draft.id), { version: draft.version + 1, status: 'published' }, {}, WRITER)).statusCode).toBe(403);
  });
});
