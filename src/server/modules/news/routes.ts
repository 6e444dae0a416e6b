import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translateRefusals } from '../../refusal-texts';
import { startNewsPublishing, type NewsPublishingJob } from './news-publishing-job';
import { newsRoutes as staffRoutes } from './news-routes';
import { translateNewsError } from './news-texts';
import { publicNewsRoutes } from './public-news-routes';

// News (src/shared/api/news.ts): the staff's articles, the website's public list, and
// this instance's job that publishes scheduled articles.
export const newsRoutes: FastifyPluginAsyncZod = async (app) => {
  translateRefusals(app, translateNewsError);
  const clock = app.deps.clock ?? (() => new Date());
  let job: NewsPublishingJob | null = null;
  app.addHook('onReady', async () => {
    job = startNewsPublishing(app.deps.db, { clock, log: app.log.child({ job: 'news' }), intervalMs: app.deps.deadlineJobIntervalMs });
  });
  app.addHook('onClose', async () => {
    await job?.stop();
  });
  await app.register(staffRoutes);
  await app.register(publicNewsRoutes);
};
