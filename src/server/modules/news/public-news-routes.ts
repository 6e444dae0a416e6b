import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HTTP_STATUS, detailError } from '../../../shared/api/drf';
import { NEWS_PATHS, publicNewsAnswer, publicNewsDetailQuery, publicNewsItem, publicNewsQuery } from '../../../shared/api/news';
import { notFound } from '../../errors';
import { pageAnswer, pageWindow } from '../../pagination';
import { findCover, publicArticles } from './news-store';

// The body's website reads published articles here, without signing in: the list in one
// language (paged, newest first), one article, and its cover. Nothing else (drafts, scheduled,
// archived, who wrote what) is visible. Answers may be cached for a few minutes by the website
// and proxies: a publication shows within that time.

const tags = ['news'];
const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const PUBLIC_NEWS_CACHE = 'public, max-age=300';

export const publicNewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.deps;
  const coverUrl = (id: number, has: boolean) => (has ? `/api${NEWS_PATHS.publicCover(id)}` : null);

  app.get(
    NEWS_PATHS.publicList,
    { schema: { tags, summary: 'Published articles in one language (no sign-in; cacheable)', querystring: publicNewsQuery, response: { [HTTP_STATUS.ok]: publicNewsAnswer } } },
    async (request, reply) => {
      const { page, page_size, language, tag } = request.query;
      const { count, rows } = await publicArticles(db, language, tag, pageWindow({ page, page_size }));
      reply.header('cache-control', PUBLIC_NEWS_CACHE).header('vary', 'accept-encoding');
      return pageAnswer(request, { page, page_size }, count, rows.map(({ cover, ...row }) => ({ ...row, cover_url: coverUrl(row.id, cover) })));
    },
  );

  app.get(
    '/public/news/:id/',
    { schema: { tags, summary: 'One published article in one language (no sign-in; cacheable)', params: idParams, querystring: publicNewsDetailQuery, response: { [HTTP_STATUS.ok]: publicNewsItem, [HTTP_STATUS.notFound]: detailError } } },
    async (request, reply) => {
      const { rows } = await publicArticles(db, request.query.language, undefined, { limit: 1, offset: 0 }, request.params.id);
      const row = rows[0];
      if (!row) throw notFound();
      const { cover, ...rest } = row;
      reply.header('cache-control', PUBLIC_NEWS_CACHE);
      return { ...rest, cover_url: coverUrl(row.id, cover) };
    },
  );

  app.get(
    '/public/news/:id/cover/',
    { schema: { tags, summary: 'A published article’s cover image (no sign-in; cacheable)', params: idParams } },
    async (request, reply) => {
      const cover = await findCover(db, request.params.id, true);
      if (!cover) throw notFound();
      return reply
        .header('content-type', cover.media_type)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', PUBLIC_NEWS_CACHE)
        .header('etag', `"${cover.sha256}"`)
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(storage.read(cover.key));
    },
  );
};
