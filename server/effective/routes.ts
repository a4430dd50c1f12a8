/**
 * The effective-permissions calls under /base/admin, read-only, each behind its API element of the
 * base app's `effective` screen (resources/effective/screen.ts):
 *
 * | call                                   | answers                                                  |
 * | -------------------------------------- | -------------------------------------------------------- |
 * | GET /effective/users?searchKey         | up to 20 staff {id, code, name, isEnable}, for a picker  |
 * | GET /effective/tree?userId&appId       | the app's nodes the user reaches, each with its roles    |
 * | GET /effective/roles?userId            | the user's roles in every app, with data scope and end   |
 * | GET /effective/compare?userId&otherUserId&appId | what each of two users reaches that the other does not |
 *
 * They are about staff, so the caller's data scope (server/scope) holds: the picker lists only
 * staff in scope, and the others refuse a user outside it with 1003, as a missing grant.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Code } from '../../contract';
import { EFFECTIVE_CALLS } from '../../contract/paths';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { success } from '../http/envelope';
import { requestParams, requiredId, textParam } from '../http/params';
import { effectiveMessages } from './messages';
import { effectiveRepository } from './repository';
import { compareReach } from './comparison';
import { heldRoles } from './heldRoles';
import { callerOf } from '../http/requestContext';
import { requireStaffInScope, staffScopeOf } from '../scope/dataScope';
import { z } from 'zod';
import { EXAMPLE_ID, idParam, paramsDoc } from '../http/routeDoc';

/** Longest search text considered (codes and names are shorter). */
const MAX_SEARCH_LENGTH = 50;

export function effectiveRoutes(db: Kysely<Database>) {
  const repo = effectiveRepository(db);

  /**
   * 1003 for a user outside the caller's data scope (first: to a caller with a narrower scope a
   * missing id answers the same, so nobody outside it shows as existing), then 1004 for a missing
   * user or app.
   */
  async function requireStaff(request: FastifyRequest, userIds: number[], appId?: number): Promise<void> {
    await requireStaffInScope(db, callerOf(request).userId, userIds, request.locale);
    const [usersFound, appFound] = await Promise.all([Promise.all(userIds.map((id) => repo.userExists(id))), appId === undefined || repo.appExists(appId)]);
    if (usersFound.includes(false)) throw new ApiError(Code.NOT_FOUND, effectiveMessages.userMissing);
    if (!appFound) throw new ApiError(Code.NOT_FOUND, effectiveMessages.appMissing);
  }

  return async function register(app: FastifyInstance): Promise<void> {
    app.get(EFFECTIVE_CALLS.users, { config: { doc: paramsDoc({ searchKey: z.string().optional().describe('name or code contains') }, { searchKey: 'zz' }) } }, async (request) => {
      const searchKey = textParam(requestParams(request).searchKey)?.slice(0, MAX_SEARCH_LENGTH);
      const scope = await staffScopeOf(db, callerOf(request).userId);
      return success(request, await repo.searchUsers(searchKey, scope));
    });

    app.get(EFFECTIVE_CALLS.tree, { config: { doc: paramsDoc({ userId: idParam, appId: idParam }, { userId: EXAMPLE_ID, appId: EXAMPLE_ID }, [Code.NOT_FOUND]) } }, async (request) => {
      const params = requestParams(request);
      const userId = requiredId(params.userId, request.locale, 'userId');
      const appId = requiredId(params.appId, request.locale, 'appId');
      await requireStaff(request, [userId], appId);
      return success(request, await repo.effectiveTree(userId, appId));
    });

    app.get(EFFECTIVE_CALLS.roles, { config: { doc: paramsDoc({ userId: idParam }, { userId: EXAMPLE_ID }, [Code.NOT_FOUND]) } }, async (request) => {
      const userId = requiredId(requestParams(request).userId, request.locale, 'userId');
      await requireStaff(request, [userId]);
      return success(request, await heldRoles(db, userId));
    });

    app.get(
      EFFECTIVE_CALLS.compare,
      {
        config: {
          doc: paramsDoc({ userId: idParam, otherUserId: idParam, appId: idParam }, { userId: EXAMPLE_ID, otherUserId: EXAMPLE_ID, appId: EXAMPLE_ID }, [Code.NOT_FOUND]),
        },
      },
      async (request) => {
        const params = requestParams(request);
        const userId = requiredId(params.userId, request.locale, 'userId');
        const otherUserId = requiredId(params.otherUserId, request.locale, 'otherUserId');
        const appId = requiredId(params.appId, request.locale, 'appId');
        await requireStaff(request, [userId, otherUserId], appId);
        return success(request, await compareReach(repo, userId, otherUserId, appId));
      },
    );
  };
}
