/**
 * What a write request changed, as subscribers learn of it: the audit rows it wrote (grouped by
 * its request id: every audited write adds them in its own statement, server/audit) read back
 * once it has answered, each table's rows turned into changes of the resources that show it.
 * Never a value: resource, ids and action only.
 */
import type { Kysely } from 'kysely';
import { LIVE_LIMITS, type LiveAction, type LiveChange } from '../../contract/live';
import type { AuditAction } from '../../contract/entities/audit';
import type { Database } from '../db/schema';
import type { LiveResources } from './resources';

/** The rows one request wrote to one table with one action; `recordIds` when few enough to name. */
export interface WrittenGroup {
  tableName: string;
  action: AuditAction;
  recordIds?: ReadonlyArray<string | null>;
}

/** An export writes nothing a list shows (its row records who took the data away). */
const LIVE_ACTION: Record<AuditAction, LiveAction | undefined> = { insert: 'created', update: 'updated', delete: 'deleted', export: undefined };

/** The changes of the resources that show what was written (pure: tests/unit/liveChanges.test.ts). */
export function liveChangesOf(groups: readonly WrittenGroup[], resources: LiveResources): LiveChange[] {
  // Per resource and action: the ids, or null once any part of it cannot name them.
  const merged = new Map<string, { resource: string; action: LiveAction; ids: Set<string> | null }>();
  for (const group of groups) {
    if (!LIVE_ACTION[group.action]) continue;
    for (const target of resources.targetsOf(group.tableName)) {
      const action = target.ofOwner ? 'updated' : LIVE_ACTION[group.action]!;
      const key = `${target.resource}\u0000${action}`;
      const entry = merged.get(key) ?? { resource: target.resource, action, ids: new Set<string>() };
      merged.set(key, entry);
      const ids = target.withoutIds || !group.recordIds || group.recordIds.includes(null) ? null : group.recordIds.map((id) => (target.ofOwner ? id!.split(':')[0]! : id!));
      if (ids === null) entry.ids = null;
      else if (entry.ids) for (const id of ids) entry.ids.add(id);
      if (entry.ids && entry.ids.size > LIVE_LIMITS.ids) entry.ids = null;
    }
  }
  return [...merged.values()].map(({ resource, action, ids }) => ({ resource, ids: ids ? [...ids] : [], action }));
}

/** The groups of rows the request `requestId` wrote, record ids read only for groups small enough to name. */
export async function writtenBy(db: Kysely<Database>, requestId: string): Promise<WrittenGroup[]> {
  const counts = await db
    .selectFrom('auditLog')
    .select(['tableName', 'action', (eb) => eb.fn.countAll<number>().as('rows')])
    .where('requestId', '=', requestId)
    .groupBy(['tableName', 'action'])
    .execute();
  const small = counts.filter((c) => Number(c.rows) <= LIVE_LIMITS.ids);
  const ids = small.length
    ? await db
        .selectFrom('auditLog')
        .select(['tableName', 'action', 'recordId'])
        .where('requestId', '=', requestId)
        .where((eb) => eb.or(small.map((c) => eb.and([eb('tableName', '=', c.tableName), eb('action', '=', c.action)]))))
        .execute()
    : [];
  return counts.map(({ tableName, action, rows }) => ({
    tableName,
    action,
    recordIds: Number(rows) <= LIVE_LIMITS.ids ? ids.filter((row) => row.tableName === tableName && row.action === action).map((row) => row.recordId) : undefined,
  }));
}
