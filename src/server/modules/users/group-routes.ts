import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HTTP_STATUS, detailError, fieldErrors } from '../../../shared/api/drf';
import { USER_PATHS, groupCreate, groupItem, groupListAnswer, groupParams, groupUpdate } from '../../../shared/api/users';
import { currentUser, requireAdmin } from '../../auth-context';
import { translateRefusals } from '../../refusal-texts';
import { listGroups } from './group-queries';
import { createGroup, updateGroup } from './group-writes';
import { translateUserRefusal } from './user-texts';

// The groups (spec §6 roles) and their permissions, administrators only: the list with member
// counts, create, and change (name, description, permissions; a builtin group keeps its name).

const tags = ['users'];
const refusal = z.union([detailError, fieldErrors]);
const adminOnly = requireAdmin();

export const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  translateRefusals(app, translateUserRefusal);

  app.get(
    USER_PATHS.groups,
    { preHandler: adminOnly, schema: { tags, summary: 'Groups with their permissions (app.codename) and member counts', response: { [HTTP_STATUS.ok]: groupListAnswer } } },
    async () => listGroups(db),
  );

  app.post(
    USER_PATHS.groups,
    {
      preHandler: adminOnly,
      schema: { tags, summary: 'Create a group (name unique in any case) with its permissions', body: groupCreate, response: { [HTTP_STATUS.created]: groupItem, [HTTP_STATUS.badRequest]: refusal } },
    },
    async (request, reply) => reply.code(HTTP_STATUS.created).send(await createGroup(db, request.body, { id: currentUser(request).id, ip: request.ip ?? null })),
  );

  app.patch(
    '/users/groups/:groupId/',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Change a group: name, description, permissions, with the version read (412 when stale); a builtin group keeps its name (409)',
        params: groupParams,
        body: groupUpdate,
        response: {
          [HTTP_STATUS.ok]: groupItem,
          [HTTP_STATUS.badRequest]: refusal,
          [HTTP_STATUS.notFound]: detailError,
          [HTTP_STATUS.conflict]: detailError,
          [HTTP_STATUS.preconditionFailed]: detailError,
        },
      },
    },
    async (request) => updateGroup(db, request.params.groupId, request.body, { id: currentUser(request).id, ip: request.ip ?? null }),
  );
};
