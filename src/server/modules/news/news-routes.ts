import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HTTP_STATUS, detailError, fieldErrors, recordVersion } from '../../../shared/api/drf';
import {
  NEWS_PATHS,
  newsArticle,
  newsCreateRequest,
  newsListAnswer,
  newsListQuery,
  newsPendingDecisionRequest,
  newsPreviewAnswer,
  newsPreviewRequest,
  newsPublicationRequest,
  newsRestoreRequest,
  newsUpdateRequest,
  newsVersionDetail,
  newsVersionList,
} from '../../../shared/api/news';
import { hasPermission } from '../../../shared/auth/permissions';
import { currentUser, requirePermission } from '../../auth-context';
import { DEFAULT_TIMEOUTS } from '../../config';
import { notFound } from '../../errors';
import { pageAnswer, pageWindow } from '../../pagination';
import { drainUnreadBody } from '../../upload-drain';
import { markupToHtml } from './news-markup';
import { receiveCover } from './news-cover';
import {
  approvePending,
  changePublication,
  createArticle,
  discardPending,
  findArticle,
  findCover,
  findPendingCover,
  findVersion,
  listArticles,
  listVersions,
  restoreVersion,
  setCover,
  updateArticle,
  type Actor,
  type Cover,
} from './news-store';

// The staff's news: the list with its filters, one article, create, save, publish or
// schedule or archive, the cover image, versions and restoring one, and the editor's preview.
// A change to a published or scheduled article by someone without news.publish_news becomes its
// pending revision (news-store.ts decides, for every write); a publisher approves or discards it.

const tags = ['news'];
const id = z.coerce.number().int().positive().max(2_147_483_647);
const idParams = z.object({ id });
const versionParams = z.object({ id, version: z.coerce.number().int().nonnegative().max(2_147_483_647) });
const refusal = z.union([detailError, fieldErrors]);
const canView = requirePermission('news.view_news');
const canChange = requirePermission('news.change_news');
const canPublish = requirePermission('news.publish_news');
const writeResponses = {
  [HTTP_STATUS.ok]: newsArticle,
  [HTTP_STATUS.badRequest]: refusal,
  [HTTP_STATUS.notFound]: detailError,
  [HTTP_STATUS.preconditionFailed]: detailError,
};
const actorOf = (request: FastifyRequest): Actor => {
  const user = currentUser(request);
  return { id: user.id, ip: request.ip, mayPublish: hasPermission(user, 'news.publish_news') };
};

export const newsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, config } = app.deps;
  const clock = app.deps.clock ?? (() => new Date());
  const { bodyIdleMs } = config.timeouts ?? DEFAULT_TIMEOUTS;
  const answer = async (articleId: number) => {
    const article = await findArticle(db, articleId);
    if (!article) throw notFound();
    return article;
  };

  app.get(
    NEWS_PATHS.list,
    { preHandler: canView, schema: { tags, summary: 'Articles (filter by status, language, tag, words, date range; newest first)', querystring: newsListQuery, response: { [HTTP_STATUS.ok]: newsListAnswer } } },
    async (request) => {
      const { page, page_size, ...filter } = request.query;
      const { count, rows } = await listArticles(db, filter, pageWindow({ page, page_size }));
      return pageAnswer(request, { page, page_size }, count, rows);
    },
  );

  app.post(
    NEWS_PATHS.list,
    {
      preHandler: canChange,
      schema: { tags, summary: 'A new draft (at least one language)', body: newsCreateRequest, response: { [HTTP_STATUS.created]: newsArticle, [HTTP_STATUS.badRequest]: refusal } },
    },
    async (request, reply) => reply.code(HTTP_STATUS.created).send(await answer(await createArticle(db, request.body, actorOf(request), clock()))),
  );

  app.post(
    NEWS_PATHS.preview,
    { preHandler: canChange, schema: { tags, summary: 'The markup as the server stores and shows it (sanitised HTML)', body: newsPreviewRequest, response: { [HTTP_STATUS.ok]: newsPreviewAnswer, [HTTP_STATUS.badRequest]: refusal } } },
    async (request) => ({ body_html: markupToHtml(request.body.body) }),
  );

  app.get(
    '/news/:id/',
    { preHandler: canView, schema: { tags, summary: 'One article with every translation', params: idParams, response: { [HTTP_STATUS.ok]: newsArticle, [HTTP_STATUS.notFound]: detailError } } },
    async (request) => answer(request.params.id),
  );

  app.put(
    '/news/:id/',
    {
      preHandler: canChange,
      schema: {
        tags,
        summary: 'Save texts and tags as a new version (412 when stale); on a published or scheduled article without news.publish_news, as its pending revision',         params: idParams,
        body: newsUpdateRequest,
        response: writeResponses,
      },
    },
    async (request) => {
      await updateArticle(db, request.params.id, request.body, actorOf(request), clock());
      return answer(request.params.id);
    },
  );

  app.post(
    '/news/:id/publication/',
    {
      preHandler: canPublish,
      schema: { tags, summary: 'Publish now, schedule (publish_at in the future), take back to draft, or archive (412 when stale)', params: idParams, body: newsPublicationRequest, response: writeResponses },
    },
    async (request) => {
      await changePublication(db, request.params.id, request.body, actorOf(request), clock());
      return answer(request.params.id);
    },
  );

  app.get(
    '/news/:id/versions/',
    { preHandler: canView, schema: { tags, summary: 'Every version, newest first', params: idParams, response: { [HTTP_STATUS.ok]: newsVersionList, [HTTP_STATUS.notFound]: detailError } } },
    async (request) => {
      const results = await listVersions(db, request.params.id);
      if (results.length === 0) throw notFound();
      return { results };
    },
  );

  app.get(
    '/news/:id/versions/:version/',
    { preHandler: canView, schema: { tags, summary: 'One version’s content', params: versionParams, response: { [HTTP_STATUS.ok]: newsVersionDetail, [HTTP_STATUS.notFound]: detailError } } },
    async (request) => {
      const version = await findVersion(db, request.params.id, request.params.version);
      if (!version) throw notFound();
      return version;
    },
  );

  app.post(
    '/news/:id/versions/:version/restore/',
    {
      preHandler: canChange,
      schema: {
        tags,
        summary: 'The version’s texts, tags and cover become the newest version (status unchanged; 412 when stale); on a published or scheduled article without news.publish_news, the pending revision',         params: versionParams,
        body: newsRestoreRequest,
        response: writeResponses,
      },
    },
    async (request) => {
      await restoreVersion(db, request.params.id, request.params.version, request.body.version, actorOf(request), clock());
      return answer(request.params.id);
    },
  );

  const pendingResponses = { ...writeResponses, [HTTP_STATUS.conflict]: detailError };
  app.post(
    '/news/:id/pending/approve/',
    { preHandler: canPublish, schema: { tags, summary: 'The pending revision becomes the newest version (409 when none; 412 when stale)', params: idParams, body: newsPendingDecisionRequest, response: pendingResponses } },
    async (request) => {
      await approvePending(db, request.params.id, request.body.version, actorOf(request), clock());
      return answer(request.params.id);
    },
  );
  app.post(
    '/news/:id/pending/discard/',
    { preHandler: canPublish, schema: { tags, summary: 'The pending revision is dropped; the article stays as it is (409 when none; 412 when stale)', params: idParams, body: newsPendingDecisionRequest, response: pendingResponses } },
    async (request) => {
      await discardPending(db, request.params.id, request.body.version, actorOf(request), clock());
      return answer(request.params.id);
    },
  );

  const sendCover = (reply: FastifyReply, cover: Cover | null) => {
    if (!cover) throw notFound();
    return reply.header('content-type', cover.media_type).header('x-content-type-options', 'nosniff').header('cache-control', 'private, no-store').send(storage.read(cover.key));
  };
  app.get(
    '/news/:id/cover/',
    { preHandler: canView, schema: { tags, summary: 'The cover image', params: idParams } },
    async (request, reply) => sendCover(reply, await findCover(db, request.params.id, false)),
  );
  app.get(
    '/news/:id/pending/cover/',
    { preHandler: canView, schema: { tags, summary: 'The cover image the pending revision proposes', params: idParams } },
    async (request, reply) => sendCover(reply, await findPendingCover(db, request.params.id)),
  );

  // The cover's bytes arrive raw, whatever Content-Type the client names: the signature decides.
  const coverUpload: FastifyPluginAsyncZod = async (covers) => {
    covers.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    covers.put(
      '/news/:id/cover/',
      {
        preHandler: canChange,
        schema: {
          tags,
          summary:
            'Set the cover: a raw PNG, JPEG or WebP body (checked by its signature; 415 otherwise, 413 when too large), ?version=N (412 when stale); on a published or scheduled article without news.publish_news, in the pending revision',
          params: idParams,
          querystring: z.object({ version: z.coerce.number().pipe(recordVersion) }),
          response: { ...writeResponses, 408: detailError, [HTTP_STATUS.payloadTooLarge]: detailError, 415: detailError },
        },
      },
      async (request) => {
        const article = await findArticle(db, request.params.id);
        const body = request.body as Readable | undefined;
        if (!article) {
          drainUnreadBody(request.raw, body);
          throw notFound();
        }
        if (!body || typeof (body as Partial<Readable>).pipe !== 'function') throw notFound();
        let cover;
        try {
          cover = await receiveCover(storage, body, bodyIdleMs);
        } catch (error) {
          drainUnreadBody(request.raw, body);
          throw error;
        }
        try {
          await setCover(db, request.params.id, request.query.version, cover, actorOf(request), clock());
        } catch (error) {
          await storage.delete(cover.key).catch(() => undefined);
          throw error;
        }
        return answer(request.params.id);
      },
    );
  };
  await app.register(coverUpload);

  app.delete(
    '/news/:id/cover/',
    {
      preHandler: canChange,
      schema: {
        tags,
        summary: 'Remove the cover (a new version; 412 when stale); on a published or scheduled article without news.publish_news, from the pending revision', params: idParams,         querystring: z.object({ version: z.coerce.number().pipe(recordVersion) }),
        response: writeResponses,
      },
    },
    async (request) => {
      await setCover(db, request.params.id, request.query.version, null, actorOf(request), clock());
      return answer(request.params.id);
    },
  );
};
