import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Issue 14: filled in by this module's work (registered in src/server/routes.ts).
export const councilRoutes: FastifyPluginAsyncZod = async () => {};
