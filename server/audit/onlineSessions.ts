/**
 * Online users: the list (the declared resource `onlineSession` over the view of migration 0011,
 * narrowed here to sessions within the idle and absolute limits, which are settings) and the two
 * calls that end sessions: `end` (ids: sessions) and `endUser` (userIds: every live session of
 * those accounts). An ended session's token answers 1007 on its next call, on every server sharing
 * the database (sessions live in it). Ending is refused (1003) for an account holding a role the
 * caller does not hold, as disabling it would be, or outside the caller's data scope, whose
 * sessions the list does not show either (./staffRows.ts); ending one's own current session is
 * allowed (the console asks first). Each ended session is recorded in the audit log.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ONLINE_SESSION_CALLS } from '../../contract/paths';
import type { SessionPolicy } from '../config';
import type { CrudFeature } from '../crud/feature';
import type { Database } from '../db/schema';
import { success } from '../http/envelope';
import { requestParams, requiredIds } from '../http/params';
import { callerOf } from '../http/requestContext';
import { checkAccountAction } from '../staff/accountRules';
import { requireStaffInScope } from '../scope/dataScope';
import { writeAuditNotes } from './note';
import { onlineSessionScope } from './staffRows';
import { Code } from '../../contract/codes';
import { EXAMPLE_ID, idsDoc, idsParam, paramsDoc } from '../http/routeDoc';

/** Only sessions that still open the console: not idle too long, not older than the absolute limit. */
export function onlineSessionPolicy(policy: SessionPolicy, now: () => number = Date.now): CrudFeature {
  return {
    ...onlineSessionScope,
    list: () => ({
      conditions: [
        { field: 'lastSeenAt', op: '>', value: now() - policy.idleMs },
        { field: 'createdAt', op: '>', value: now() - policy.absoluteMs },
      ],
    }),
  };
}

export function onlineSessionRoutes(db: Kysely<Database>, now: () => number = Date.now) {
  /** Ends the live sessions `which` selects, after checking the caller may act on their accounts; answers how many. */
  async function end(request: FastifyRequest, which: { sessionIds?: number[]; userIds?: number[] }): Promise<number> {
    const caller = callerOf(request);
    return db.transaction().execute(async (trx) => {
      // Narrowed by what the caller sent (bounded), never by a list of the sessions found: an account
      // may have thousands.
      let owners = trx.selectFrom('session').select('userId').distinct().where('revokedAt', 'is', null);
      let revoke = trx.updateTable('session').set({ revokedAt: now() }).where('revokedAt', 'is', null);
      if (which.sessionIds) {
        owners = owners.where('id', 'in', which.sessionIds);
        revoke = revoke.where('id', 'in', which.sessionIds);
      }
      if (which.userIds) {
        owners = owners.where('userId', 'in', which.userIds);
        revoke = revoke.where('userId', 'in', which.userIds);
      }
      const userIds = (await owners.execute()).map((row) => row.userId);
      if (userIds.length === 0) return 0;
      await checkAccountAction(trx, caller, userIds, 'endSessions');
      await requireStaffInScope(trx, caller.userId, userIds, request.locale);
      const ended = await revoke.returning(['id', 'userId', 'revokedAt']).execute();
      await writeAuditNotes(
        trx,
        ended.map((s) => ({ tableName: 'session', recordId: String(s.id), action: 'update', changes: { user_id: [s.userId, s.userId], revoked_at: [null, s.revokedAt] } })),
      );
      return ended.length;
    });
  }

  return async function register(app: FastifyInstance): Promise<void> {
    app.route({
      method: ['GET', 'POST'],
      url: ONLINE_SESSION_CALLS.end,
      config: { writes: true, doc: idsDoc },
      handler: async (request) => success(request, { ended: await end(request, { sessionIds: requiredIds(requestParams(request).ids, request.locale) }) }),
    });
    app.route({
      method: ['GET', 'POST'],
      url: ONLINE_SESSION_CALLS.endUser,
      config: { writes: true, doc: paramsDoc({ userIds: idsParam }, { userIds: String(EXAMPLE_ID) }, [Code.NOT_FOUND]) },
      handler: async (request) => success(request, { ended: await end(request, { userIds: requiredIds(requestParams(request).userIds, request.locale, 'userIds') }) }),
    });
  };
}
