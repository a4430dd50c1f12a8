/**
 * The data scope (server/scope) beyond the person list, for the monitoring screens: the audit
 * log's rows about staff and the online users' sessions are read only by a caller whose scope
 * reaches that staff member. Each is a condition in the query (pages, totals and exports alike),
 * and none at all for a caller reaching everyone.
 *
 * A row about staff: table `user` (its key is the id), `user_role` (its key the pair
 * `userId:roleId`, server/audit/triggers.ts) and `session` (an ended session, noted by
 * ./onlineSessions.ts). Rows of every other table stay everyone's who may read the log; so does
 * who wrote a row (its writer is not the row's subject).
 */
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { CallContext, CrudFeature } from '../crud/feature';
import type { DynamicDatabase, ListCondition } from '../crud/repository';
import { firstKeyPart } from '../db/dialect';
import type { Database } from '../db/schema';
import { callerOf } from '../http/requestContext';
import { inStaffScope, staffScopeOf, type StaffScope } from '../scope/dataScope';

/** The audited tables whose rows are about one staff member. */
export const STAFF_TABLES = ['user', 'user_role', 'session'] as const;

type Where = ExpressionBuilder<DynamicDatabase, string>;

/** The ids of the staff in `scope`: a subquery, so a department of any size costs one semi-join. */
function staffIdsIn(eb: Where, scope: StaffScope) {
  return eb
    .selectFrom('user as su')
    .select('su.id')
    .where((sub) => inStaffScope(sub, scope, 'su.id', 'su.officeId'));
}

/** An audit row (columns `tableName`, `recordId`) that is not about staff, or about staff in `scope`. */
export function auditRowInScope(db: Kysely<Database>, eb: Where, scope: StaffScope): Expression<SqlBool> {
  const asText = (ref: string) => eb.cast<string>(eb.ref(ref), 'text');
  const staffKeys = () => staffIdsIn(eb, scope).clearSelect().select(asText('su.id').as('key'));
  return eb.or([
    eb('tableName', 'not in', [...STAFF_TABLES]),
    eb.and([eb('tableName', '=', 'user'), eb('recordId', 'in', staffKeys())]),
    eb.and([eb('tableName', '=', 'user_role'), eb(firstKeyPart(db, eb.ref('recordId') as Expression<string>), 'in', staffKeys())]),
    eb.and([
      eb('tableName', '=', 'session'),
      eb(
        'recordId',
        'in',
        eb
          .selectFrom('session as ss')
          .select(asText('ss.id').as('key'))
          .where('ss.revokedAt', 'is not', null)
          .where('ss.userId', 'in', staffIdsIn(eb, scope)),
      ),
    ]),
  ]);
}

/**
 * The caller's scope, or undefined when it reaches everyone (then no condition at all): as the
 * guard read it with the session on a list route (readsStaffScope), else read now.
 */
async function narrowScope(db: Kysely<Database>, context: CallContext): Promise<StaffScope | undefined> {
  const caller = callerOf(context);
  const scope = caller.staffScope ?? (await staffScopeOf(db, caller.userId));
  return scope.all ? undefined : scope;
}

/** The audit log's reads: rows about staff outside the caller's scope are not there. */
export const auditLogScope: Pick<CrudFeature, 'readConditions' | 'readsStaffScope'> = {
  readsStaffScope: true,
  async readConditions(db, context): Promise<ListCondition[]> {
    const scope = await narrowScope(db, context);
    return scope ? [{ where: (eb) => auditRowInScope(db, eb, scope) }] : [];
  },
};

/** The online users' reads: sessions of staff in the caller's scope only (the view's `userId`). */
export const onlineSessionScope: Pick<CrudFeature, 'readConditions' | 'readsStaffScope'> = {
  readsStaffScope: true,
  async readConditions(db, context): Promise<ListCondition[]> {
    const scope = await narrowScope(db, context);
    return scope ? [{ where: (eb) => eb('userId', 'in', staffIdsIn(eb, scope)) }] : [];
  },
};
