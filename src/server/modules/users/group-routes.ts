import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Issue 15: replaced by the real routes.
export const groupRoutes: FastifyPluginAsyncZod = async () => {};
