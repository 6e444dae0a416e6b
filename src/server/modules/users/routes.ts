import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { groupRoutes } from './group-routes';
import { userActionRoutes } from './user-action-routes';
import { userBulkRoutes } from './user-bulk-routes';
import { userExportRoutes } from './user-export-routes';
import { userRecordRoutes } from './user-record-routes';

// User administration (spec §2 "Users", §6): administrators only, on every route.
// Each concern registers its own routes: the records (list, details, create, edit, roles,
// activity, sessions), the single-user actions, the bulk actions, the export and the groups.
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(userRecordRoutes);
  await app.register(userActionRoutes);
  await app.register(userBulkRoutes);
  await app.register(userExportRoutes);
  await app.register(groupRoutes);
};
