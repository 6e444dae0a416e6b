import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { NewsArticle, NewsListAnswer, NewsVersionItem } from '../../../../src/shared/api/news';
import { json, stubApi, type StubbedCall } from '../api-stub';
import { DEMO_USERS } from '../demo-users';
import { makeUser } from '../fixtures';
import { openSignedIn, signOutAfterTest } from '../signed-in';

afterEach(signOutAfterTest);

const FIRST_RENDER = { timeout: 10_000 };
const person = { id: 7, full_name: 'Content Manager' };

function article(overrides: Partial<NewsArticle> = {}): NewsArticle {
  return {
    id: 5,
    status: 'draft',
    publish_at: null,
    tags: ['recognition'],
    translations: {
      en: { title: 'New office hours', summary: 'From December', body: 'Open **daily**.', body_html: '<p>Open <strong>daily</strong>.</p>' },
      sq: { title: 'Orari i ri', summary: 'Nga dhjetori', body: 'Hapur çdo ditë.', body_html: '<p>Hapur çdo ditë.</p>' },
    },
    cover: null,
    version: 3,
    created_by: person,
    updated_by: person,
    created_at: '2026-11-20T09:00:00Z',
    updated_at: '2026-11-21T10:00:00Z',
    pending: null,
    ...overrides,
  };
}

const list: NewsListAnswer = {
  count: 1,
  next: null,
  previous: null,
  results: [{ ...article({ status: 'published', publish_at: '2026-11-22T08:00:00Z' }), translations: undefined, pending: undefined, awaiting_approval: true, languages: ['en', 'sq'], titles: { en: 'New office hours', sq: 'Orari i ri' } } as never],
};

const versions: NewsVersionItem[] = [
  { version: 3, status: 'draft', change: 'saved', created_by: person, created_at: '2026-11-21T10:00:00Z' },
  { version: 1, status: 'draft', change: 'created', created_by: person, created_at: '2026-11-20T09:00:00Z' },
];

const bodyOf = (calls: StubbedCall[], method: string, path: string) => JSON.parse(calls.filter((call) => call.method === method && call.path === path).at(-1)!.body) as Record<string, unknown>;

describe('news screens', { timeout: 60_000 }, () => {
  it('lists articles with their status and keeps the filters in the address', async () => {
    const calls = stubApi({ 'GET /api/news/': json(200, list) });
    openSignedIn(DEMO_USERS.content!, '/news?status=published&tag=recognition&page=2');
    expect(await screen.findByRole('link', { name: 'New office hours' }, FIRST_RENDER)).toBeTruthy();
    expect(screen.getAllByText('Published').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'New article' })).toBeTruthy();
    const first = calls.find((call) => call.method === 'GET' && call.path === '/api/news/')!;
    expect(first).toBeTruthy();
    const sent = (fetch as unknown as { mock: { calls: [RequestInfo | URL, RequestInit?][] } }).mock.calls.map(([input]) => new URL(input instanceof Request ? input.url : String(input)));
    const query = sent.find((url) => url.pathname === '/api/news/')!.searchParams;
    expect(query.get('status')).toBe('published');
    expect(query.get('tag')).toBe('recognition');
    expect(query.get('page')).toBe('2');
    expect(screen.getByText('1 article')).toBeTruthy();
    expect(screen.getByText('Awaiting approval')).toBeTruthy();
  });

  it('hides "New article" from a reader without news.change_news', async () => {
    stubApi({ 'GET /api/news/': json(200, list) });
    openSignedIn(makeUser({ username: 'reader', permissions: ['news.view_news'] }), '/news');
    await screen.findByRole('link', { name: 'New office hours' }, FIRST_RENDER);
    expect(screen.queryByRole('link', { name: 'New article' })).toBeNull();
  });

  it('saves with the version read, and a 412 says so and offers a reload', async () => {
    const calls = stubApi({
      'GET /api/news/5/': [json(200, article()), json(200, article({ version: 4, translations: { en: { title: 'Changed by someone', summary: '', body: 'x', body_html: '<p>x</p>' } } }))],
      'PUT /api/news/5/': json(412, { detail: 'The article was changed by someone else. Reload and try again.', code: 'news_stale' }),
      'GET /api/news/5/versions/': json(200, { results: versions }),
    });
    openSignedIn(DEMO_USERS.content!, '/news/5/edit');
    const title = await screen.findByRole('textbox', { name: 'Title (English)' }, FIRST_RENDER);
    fireEvent.change(title, { target: { value: 'New office hours from 1 December' } });
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('The article was changed by someone else. Reload and try again.');
    const sent = bodyOf(calls, 'PUT', '/api/news/5/');
    expect(sent.version).toBe(3);
    expect((sent.translations as Record<string, { title: string }>).en.title).toBe('New office hours from 1 December');
    expect(Object.keys(sent.translations as object).sort()).toEqual(['en', 'sq']);
    fireEvent.click(screen.getByRole('button', { name: 'Reload the article' }));
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Title (English)' }) as HTMLInputElement).value).toBe('Changed by someone'));
    expect(screen.getByText('Version 4')).toBeTruthy();
  });

  it('previews the server’s HTML, not the client’s', async () => {
    const calls = stubApi({
      'GET /api/news/5/': json(200, article()),
      'POST /api/news/preview/': json(200, { body_html: '<p>From the <em>server</em></p>' }),
    });
    openSignedIn(DEMO_USERS.content!, '/news/5/edit');
    await screen.findByRole('textbox', { name: 'Title (English)' }, FIRST_RENDER);
    fireEvent.click(screen.getByRole('button', { name: 'Preview English text' }));
    const preview = await screen.findByRole('region', { name: 'Preview of the English text' });
    expect(within(preview).getByText('server').tagName).toBe('EM');
    expect(bodyOf(calls, 'POST', '/api/news/preview/')).toEqual({ body: 'Open **daily**.' });
  });

  it('publishes with news.publish_news, and disables publishing with a reason without it', async () => {
    const calls = stubApi({
      'GET /api/news/5/': json(200, article()),
      'POST /api/news/5/publication/': json(200, article({ status: 'published', publish_at: '2026-11-24T10:00:00Z', version: 4 })),
    });
    openSignedIn(DEMO_USERS.content!, '/news/5/edit');
    await screen.findByRole('textbox', { name: 'Title (English)' }, FIRST_RENDER);
    fireEvent.click(screen.getByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/news/5/publication/')).toBe(true));
    expect(bodyOf(calls, 'POST', '/api/news/5/publication/')).toEqual({ version: 3, status: 'published', publish_at: null });
    await screen.findByText(/^Published on/);
    signOutAfterTest();

    stubApi({ 'GET /api/news/5/': json(200, article()) });
    openSignedIn(makeUser({ username: 'writer', permissions: ['news.view_news', 'news.change_news'] }), '/news/5/edit');
    await screen.findByRole('textbox', { name: 'Title (English)' }, FIRST_RENDER);
    expect(screen.getByText(/need the right to publish news/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Publish now' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows a refused cover upload in words (415)', async () => {
    stubApi({
      'GET /api/news/5/': json(200, article()),
      'PUT /api/news/5/cover/': json(415, { detail: 'The cover must be a PNG, JPEG or WebP image.', code: 'news_cover_type' }),
    });
    openSignedIn(DEMO_USERS.content!, '/news/5/edit');
    const input = await screen.findByLabelText('Choose a cover image', {}, FIRST_RENDER);
    fireEvent.change(input, { target: { files: [new File(['not an image'], 'cover.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText('The cover must be a PNG, JPEG or WebP image.')).toBeTruthy();
  });

  it('keeps the texts being written when a cover is uploaded, and saves them on the cover’s version', async () => {
    const withCover = article({ version: 4, cover: { media_type: 'image/png', size: 2048, sha256: 'ab'.repeat(32) } });
    const calls = stubApi({
      'GET /api/news/5/': json(200, article()),
      'PUT /api/news/5/cover/': json(200, withCover),
      'GET /api/news/5/cover/': json(200, {}),
      'PUT /api/news/5/': json(200, { ...withCover, version: 5 }),
    });
    openSignedIn(DEMO_USERS.content!, '/news/5/edit');
    const title = await screen.findByRole('textbox', { name: 'Title (English)' }, FIRST_RENDER);
    fireEvent.change(title, { target: { value: 'New office hours from Monday' } });
    fireEvent.change(screen.getByLabelText('Choose a cover image'), { target: { files: [new File(['png'], 'cover.png', { type: 'image/png' })] } });
    expect(await screen.findByLabelText('Replace the cover image')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Title (English)' }) as HTMLInputElement).value).toBe('New office hours from Monday');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT' && call.path === '/api/news/5/')).toBe(true));
    expect(bodyOf(calls, 'PUT', '/api/news/5/')).toMatchObject({ version: 4, translations: { en: { title: 'New office hours from Monday' } } });
  });

  it('shows the article in a chosen language with its versions, and restores one after confirming', async () => {
    const calls = stubApi({
      'GET /api/news/5/': json(200, article()),
      'GET /api/news/5/versions/': json(200, { results: versions }),
      'GET /api/news/5/versions/1/': json(200, { ...versions[1], translations: { en: { title: 'First words', summary: '', body: 'a', body_html: '<p>Very first text</p>' } }, tags: [], publish_at: null, cover: null }),
      'POST /api/news/5/versions/1/restore/': json(200, article({ version: 4 })),
    });
    openSignedIn(DEMO_USERS.content!, '/news/5?language=sq');
    expect(await screen.findByRole('heading', { level: 1, name: 'Orari i ri' }, FIRST_RENDER)).toBeTruthy();
    expect(screen.getByText('Hapur çdo ditë.')).toBeTruthy();
    expect(await screen.findByText('Texts saved')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'View version 1' }));
    expect(await screen.findByText('Very first text')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByRole('button', { name: 'Restore version 1' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(calls.some((call) => call.path.endsWith('/restore/'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/news/5/versions/1/restore/')).toBe(true));
    expect(bodyOf(calls, 'POST', '/api/news/5/versions/1/restore/')).toEqual({ version: 3 });
  });

  const live = () => article({ status: 'published', publish_at: '2026-11-22T08:00:00Z' });
  const writer = { id: 9, full_name: 'News Writer' };
  const proposed = (overrides: Partial<NewsArticle> = {}) =>
    article({
      ...live(),
      version: 4,
      pending: {
        translations: { en: { title: 'Office hours (proposed)', summary: '', body: 'Open *weekdays*.', body_html: '<p>Open <em>weekdays</em>.</p>' } },
        tags: ['hours'],
        cover: null,
        proposed_by: writer,
        proposed_at: '2026-11-23T09:30:00Z',
      },
      ...overrides,
    });

  it('a writer without the right to publish is told a published article’s save awaits approval, and then edits the revision', async () => {
    const calls = stubApi({
      'GET /api/news/5/': json(200, live()),
      'PUT /api/news/5/': json(200, proposed()),
      'GET /api/news/5/versions/': json(200, { results: versions }),
    });
    openSignedIn(makeUser({ username: 'writer', permissions: ['news.view_news', 'news.change_news'] }), '/news/5/edit');
    const title = await screen.findByRole('textbox', { name: 'Title (English)' }, FIRST_RENDER);
    expect(screen.getByText(/your changes are kept as a revision for a publisher to approve/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Revision awaiting approval' })).toBeNull();
    fireEvent.change(title, { target: { value: 'Office hours (proposed)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const revision = await screen.findByRole('region', { name: 'Revision awaiting approval' });
    expect(bodyOf(calls, 'PUT', '/api/news/5/')).toMatchObject({ version: 3, translations: { en: { title: 'Office hours (proposed)' } } });
    expect(await screen.findByText('Your changes are saved as a revision awaiting approval.')).toBeTruthy();
    expect(within(revision).getByText(/^Proposed by News Writer on /)).toBeTruthy();
    expect(within(revision).getByText('weekdays').tagName).toBe('EM');
    expect(within(revision).getByText('A colleague with the right to publish news approves or discards it.')).toBeTruthy();
    expect(within(revision).queryByRole('button', { name: 'Approve and publish the revision' })).toBeNull();
    // The editor now holds the revision's texts, not the live ones.
    expect((screen.getByRole('textbox', { name: 'Title (English)' }) as HTMLInputElement).value).toBe('Office hours (proposed)');
    expect((screen.getByRole('textbox', { name: 'Tags' }) as HTMLInputElement).value).toBe('hours');
  });

  it('a publisher sees the revision on the article and approves or, after confirming, discards it', async () => {
    const calls = stubApi({
      'GET /api/news/5/': json(200, proposed()),
      'GET /api/news/5/versions/': json(200, { results: versions }),
      'POST /api/news/5/pending/approve/': json(200, article({ ...live(), version: 5, translations: proposed().pending!.translations })),
    });
    openSignedIn(DEMO_USERS.content!, '/news/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'New office hours' }, FIRST_RENDER)).toBeTruthy();
    const revision = screen.getByRole('region', { name: 'Revision awaiting approval' });
    expect(within(revision).getByRole('heading', { name: 'Office hours (proposed)' })).toBeTruthy();
    expect(within(revision).getByText('Tags: hours')).toBeTruthy();
    fireEvent.click(within(revision).getByRole('button', { name: 'Approve and publish the revision' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/news/5/pending/approve/')).toBe(true));
    expect(bodyOf(calls, 'POST', '/api/news/5/pending/approve/')).toEqual({ version: 4 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Office hours (proposed)' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Revision awaiting approval' })).toBeNull());
    signOutAfterTest();

    const discards = stubApi({
      'GET /api/news/5/': json(200, proposed()),
      'GET /api/news/5/versions/': json(200, { results: versions }),
      'POST /api/news/5/pending/discard/': json(200, article({ ...live(), version: 5 })),
    });
    openSignedIn(DEMO_USERS.content!, '/news/5');
    fireEvent.click(await screen.findByRole('button', { name: 'Discard the revision' }, FIRST_RENDER));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/The changes News Writer proposed are dropped/)).toBeTruthy();
    expect(discards.some((call) => call.path.endsWith('/discard/'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard the revision' }));
    await waitFor(() => expect(discards.some((call) => call.path === '/api/news/5/pending/discard/')).toBe(true));
    expect(bodyOf(discards, 'POST', '/api/news/5/pending/discard/')).toEqual({ version: 4 });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Revision awaiting approval' })).toBeNull());
  });

  it('keeps approving back while the editor holds unsaved changes', async () => {
    stubApi({ 'GET /api/news/5/': json(200, proposed()), 'GET /api/news/5/versions/': json(200, { results: versions }) });
    openSignedIn(DEMO_USERS.content!, '/news/5/edit');
    const title = await screen.findByRole('textbox', { name: 'Title (English)' }, FIRST_RENDER);
    expect((title as HTMLInputElement).value).toBe('Office hours (proposed)');
    expect(screen.getByText(/saving them publishes them and closes the revision/)).toBeTruthy();
    fireEvent.change(title, { target: { value: 'Office hours (typed)' } });
    expect(await screen.findByText(/Save your changes first: approving or discarding/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Approve and publish the revision' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
