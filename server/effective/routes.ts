/**
 * The effective-permissions calls under /base/admin, read-only, each behind its API element of the
 * base app's `effective` screen (resources/effective/screen.ts):
 *
 * | call                                   | answers                                                  |
 * | -------------------------------------- | -------------------------------------------------------- |
 * | GET /effective/users?searchKey         | up to 20 staff {id, code, name, isEnable}, for a picker  |
 * | GET /effective/tree?userId&appId       | the app's nodes the user reaches, each with its roles    |
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { Code } from '../../contract';
import { EFFECTIVE_CALLS } from '../../contract/paths';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { success } from '../http/envelope';
import { requestParams, requiredId, textParam } from '../http/params';
import { effectiveMessages } from './messages';
import { effectiveRepository } from './repository';
import { z } from 'zod';
import { EXAMPLE_ID, idParam, paramsDoc } from '../http/routeDoc';

/** Longest search text considered (codes and names are shorter). */
const MAX_SEARCH_LENGTH = 50;

export function effectiveRoutes(db: Kysely<Database>) {
  const repo = effectiveRepository(db);

  return async function register(app: FastifyInstance): Promise<void> {
    app.get(EFFECTIVE_CALLS.users, { config: { doc: paramsDoc({ searchKey: z.string().optional().describe('name or code contains') }, { searchKey: 'zz' }) } }, async (request) => {
      const searchKey = textParam(requestParams(request).searchKey)?.slice(0, MAX_SEARCH_LENGTH);
      return success(request, await repo.searchUsers(searchKey));
    });

    app.get(EFFECTIVE_CALLS.tree, { config: { doc: paramsDoc({ userId: idParam, appId: idParam }, { userId: EXAMPLE_ID, appId: EXAMPLE_ID }, [Code.NOT_FOUND]) } }, async (request) => {
      const { locale } = request;
      const params = requestParams(request);
      const userId = requiredId(params.userId, locale, 'userId');
      const appId = requiredId(params.appId, locale, 'appId');
      const [userFound, appFound] = await Promise.all([repo.userExists(userId), repo.appExists(appId)]);
      if (!userFound) throw new ApiError(Code.NOT_FOUND, effectiveMessages.userMissing);
      if (!appFound) throw new ApiError(Code.NOT_FOUND, effectiveMessages.appMissing);
      return success(request, await repo.effectiveTree(userId, appId));
    });
  };
}
