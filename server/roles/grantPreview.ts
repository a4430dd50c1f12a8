/**
 * POST /base/admin/grantPreview (contract/grantPreview.ts): who gains and who loses which nodes if
 * a change of grants were saved. Computed by the guard's own rule, never a second reading of it:
 * in one transaction the change is made exactly as its save makes it (the same checks first, so a
 * change the save refuses is refused here the same way), each affected user's granted nodes are
 * read before and after (server/auth/grants.ts grantedPairs), and the transaction is rolled back.
 *
 * Bounded: the sets never come into memory. Before and after go into temporary tables (dropped by
 * the rollback), restricted to the nodes the change can move (the role's old and new grants; for a
 * staff member, every node), and the difference is taken in SQL: memory holds one row per changed
 * node and at most PREVIEW_NAMES names each, whether the role has ten holders or 100,000.
 */
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { BULK_REFUSED, Code, format, MAX_BULK_MATCH, MenuType, PREVIEW_NAMES, type BulkRefusal, type GrantChange, type GrantPreview, type Locale, type PreviewNode } from '../../contract';
import { grantedPairs, type GrantedUsers } from '../auth/grants';
import type { ResourceRecord } from '../crud/repository';
import { chunks } from '../db/chunks';
import type { Database } from '../db/schema';
import { ApiError, envelopeOf } from '../errors';
import { invalidParam } from '../http/params';
import type { Caller } from '../http/requestContext';
import { inStaffScope, requireStaffInScope, staffScopeOf, type StaffScope } from '../scope/dataScope';
import { checkAccountAction } from '../staff/accountRules';
import { assignRoles } from './assignRoles';
import { readGrantsVersion } from './grantsVersion';
import { applyRoleGrants } from './roleGrants';
import { rolePolicy } from './rolePolicy';

const id = z.int().positive().max(Number.MAX_SAFE_INTEGER);
/** A grant save names the checked nodes of one app: far fewer than this. */
const MAX_NODES = 10_000;

/** The body: a GrantChange (its checks beyond the shape are the save's). */
export const grantChangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('roleGrants'), roleId: id, appId: id, permissionIds: z.array(id).max(MAX_NODES) }),
  z.object({ kind: z.literal('roleEnable'), roleId: id, isEnable: z.enum(['0', '1']) }),
  // As many as one bulk switch takes (every matching row at most).
  z.object({ kind: z.literal('rolesEnable'), roleIds: z.array(id).min(1).max(MAX_BULK_MATCH), isEnable: z.enum(['0', '1']) }),
  z.object({
    kind: z.literal('userRoles'),
    userId: id,
    roleIds: z.array(id).max(MAX_NODES),
    roleEnds: z.record(z.string().regex(/^\d{1,15}$/), z.int().positive().max(Number.MAX_SAFE_INTEGER).nullable()).optional(),
  }),
]);

export function grantChangeOf(body: unknown, locale: Locale): GrantChange {
  const parsed = grantChangeSchema.safeParse(body);
  if (!parsed.success) throw invalidParam(String(parsed.error.issues[0]?.path[0] ?? 'kind'), locale);
  return parsed.data;
}

/** The temporary tables of one preview (camelCase here, snake_case in the database). */
interface PreviewTables {
  gpNode: { nodeId: number };
  gpPair: { phase: number; userId: number; nodeId: number };
  gpChange: { isGained: number; userId: number; nodeId: number };
}
type PreviewDb = Kysely<Database & PreviewTables>;

const BEFORE = 0;
const AFTER = 1;

/** Carries the answer out of the transaction it rolls back. */
class Computed extends Error {
  constructor(readonly preview: GrantPreview) {
    super('grant preview rolled back');
  }
}

async function createTables(t: PreviewDb): Promise<void> {
  await t.schema.createTable('gp_node').temporary().ifNotExists().addColumn('node_id', 'bigint', (c) => c.primaryKey()).execute();
  for (const table of ['gp_pair', 'gp_change'] as const) {
    const first = table === 'gp_pair' ? 'phase' : 'is_gained';
    await t.schema
      .createTable(table)
      .temporary()
      .ifNotExists()
      .addColumn(first, 'integer', (c) => c.notNull())
      .addColumn('user_id', 'bigint', (c) => c.notNull())
      .addColumn('node_id', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, [first, 'user_id', 'node_id'] as never)
      .execute();
  }
  // Created by an earlier preview of this connection that was not rolled back (never expected): start empty.
  for (const table of ['gpNode', 'gpPair', 'gpChange'] as const) await t.deleteFrom(table).execute();
}

/** Whose grants the change can move, and which of their nodes (undefined: any). */
async function scopeOfChange(trx: Kysely<Database>, change: GrantChange): Promise<{ users: GrantedUsers; nodes?: number[] }> {
  if (change.kind === 'userRoles') return { users: { userId: change.userId } };
  const roleIds = change.kind === 'rolesEnable' ? [...new Set(change.roleIds)] : [change.roleId];
  const held = await trx.selectFrom('rolePermission').select('permissionId').distinct().where('roleId', 'in', roleIds).execute();
  const nodes = new Set(held.map((row) => row.permissionId));
  if (change.kind === 'roleGrants') for (const node of change.permissionIds) nodes.add(node);
  return { users: { holdersOf: roleIds }, nodes: [...nodes] };
}

async function recordPairs(t: PreviewDb, phase: number, users: GrantedUsers, restricted: boolean, now: number): Promise<void> {
  const pairs = grantedPairs(t as unknown as Kysely<Database>, users, now).as('g');
  await t
    .insertInto('gpPair')
    .columns(['phase', 'userId', 'nodeId'])
    .expression((eb) =>
      eb
        .selectFrom(pairs)
        .select([eb.lit(phase).as('phase'), 'g.userId', 'g.id'])
        .$if(restricted, (query) => query.where('g.id', 'in', eb.selectFrom('gpNode').select('gpNode.nodeId'))),
    )
    .execute();
}

/**
 * Several roles switched as the bulk switch saves them (server/crud/bulkUpdate.ts): every role
 * checked against the stored state first, any refusal answered as the bulk save answers it (each
 * refused role and why), then all written.
 */
async function applyRolesEnable(trx: Kysely<Database>, caller: Caller, change: Extract<GrantChange, { kind: 'rolesEnable' }>, locale: Locale): Promise<void> {
  const roleIds = [...new Set(change.roleIds)];
  const found = new Map(((await trx.selectFrom('role').selectAll().where('id', 'in', roleIds).execute()) as ResourceRecord[]).map((row) => [Number(row.id), row]));
  if (found.size !== roleIds.length) throw new ApiError(Code.NOT_FOUND);
  const refused: BulkRefusal[] = [];
  // In the order named, as the bulk save lists its refusals.
  for (const existing of roleIds.map((roleId) => found.get(roleId)!)) {
    try {
      await rolePolicy.beforeSave!(trx, { id: Number(existing.id), values: { ...existing, isEnable: change.isEnable }, existing }, { caller, locale });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      refused.push({ id: Number(existing.id), label: existing.name === null || existing.name === undefined ? null : String(existing.name), code: error.code, message: envelopeOf(error, locale).msg });
    }
  }
  if (refused.length) {
    const code = refused.every((r) => r.code === refused[0]!.code) ? (refused[0]!.code as Code) : Code.VALIDATION_FAILED;
    throw new ApiError(code, format(BULK_REFUSED[locale], { count: refused.length }), { refused });
  }
  await trx.updateTable('role').set({ isEnable: change.isEnable }).where('id', 'in', roleIds).execute();
}

/** Makes the change as its save would, with the save's checks (a refusal propagates as the save's). */
async function applyChange(trx: Kysely<Database>, caller: Caller, change: GrantChange, locale: Locale): Promise<void> {
  if (change.kind === 'roleGrants') {
    await applyRoleGrants(trx, caller, { roleId: change.roleId, appId: change.appId, permissionIds: change.permissionIds }, locale);
  } else if (change.kind === 'roleEnable') {
    const existing = (await trx.selectFrom('role').selectAll().where('id', '=', change.roleId).executeTakeFirst()) as ResourceRecord | undefined;
    if (!existing) throw new ApiError(Code.NOT_FOUND);
    await rolePolicy.beforeSave!(trx, { id: change.roleId, values: { ...existing, isEnable: change.isEnable }, existing }, { caller, locale });
    await trx.updateTable('role').set({ isEnable: change.isEnable }).where('id', '=', change.roleId).execute();
  } else if (change.kind === 'rolesEnable') {
    await applyRolesEnable(trx, caller, change, locale);
  } else {
    // As /user/saveOrUpdate of an existing account: in scope, it exists, the caller may update it, then its roles and their ends.
    await requireStaffInScope(trx, caller.userId, [change.userId], locale);
    const user = await trx.selectFrom('user').select('id').where('id', '=', change.userId).executeTakeFirst();
    if (!user) throw new ApiError(Code.NOT_FOUND);
    await checkAccountAction(trx, caller, [change.userId], 'update');
    const ends = change.roleEnds ? new Map(Object.entries(change.roleEnds).map(([role, end]) => [Number(role), end])) : undefined;
    await assignRoles(trx, caller, change.userId, change.roleIds, locale, { ends, now: Date.now() });
  }
}

/** The changed nodes with their counts and the first names the caller may see. */
async function summarise(t: PreviewDb, scope: StaffScope): Promise<Omit<GrantPreview, 'grantsVersion'>> {
  for (const [isGained, from, against] of [
    [1, AFTER, BEFORE],
    [0, BEFORE, AFTER],
  ] as const) {
    await t
      .insertInto('gpChange')
      .columns(['isGained', 'userId', 'nodeId'])
      .expression((eb) =>
        eb
          .selectFrom('gpPair as a')
          .select([eb.lit(isGained).as('isGained'), 'a.userId', 'a.nodeId'])
          .where('a.phase', '=', from)
          .where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom('gpPair as b').select('b.nodeId').where('b.phase', '=', against).whereRef('b.userId', '=', 'a.userId').whereRef('b.nodeId', '=', 'a.nodeId'))),
          ),
      )
      .execute();
  }
  const usersWho = async (isGained?: number) =>
    Number(
      (
        await t
          .selectFrom('gpChange')
          .select((eb) => eb.fn.count<number>('userId').distinct().as('n'))
          .$if(isGained !== undefined, (query) => query.where('isGained', '=', isGained!))
          .executeTakeFirst()
      )?.n ?? 0,
    );
  const counts = await t
    .selectFrom('gpChange')
    .select(['nodeId', 'isGained', (eb) => eb.fn.countAll<number>().as('users')])
    .groupBy(['nodeId', 'isGained'])
    .execute();
  const nodeIds = [...new Set(counts.map((row) => Number(row.nodeId)))];
  const nodes = new Map<number, { parentId: number; name: string; appId: number; menuType: number }>();
  for (const part of chunks(nodeIds)) {
    // Every node of the apps concerned: each changed node's path names its ancestors.
    const rows = await t
      .selectFrom('permission')
      .select(['id', 'parentId', 'name', 'appId', 'menuType'])
      .where('appId', 'in', t.selectFrom('permission').select('appId').where('id', 'in', part))
      .execute();
    for (const row of rows) nodes.set(row.id, row);
  }
  const pathOf = (nodeId: number): string[] => {
    const path: string[] = [];
    const seen = new Set<number>();
    for (let node = nodes.get(nodeId); node && !seen.has(node.parentId); node = nodes.get(node.parentId)) {
      path.unshift(node.name);
      seen.add(node.parentId);
    }
    return path;
  };

  const gained: PreviewNode[] = [];
  const lost: PreviewNode[] = [];
  for (const row of counts) {
    const nodeId = Number(row.nodeId);
    const node = nodes.get(nodeId);
    if (!node) continue;
    const names = await t
      .selectFrom('gpChange as c')
      .innerJoin('user as u', 'u.id', 'c.userId')
      .select(['u.id', 'u.code', 'u.name'])
      .where('c.nodeId', '=', nodeId)
      .where('c.isGained', '=', Number(row.isGained))
      .where((eb) => inStaffScope(eb, scope, 'u.id', 'u.officeId'))
      .orderBy('u.code')
      .limit(PREVIEW_NAMES)
      .execute();
    const entry: PreviewNode = { id: nodeId, appId: node.appId, path: pathOf(nodeId), menuType: node.menuType as MenuType, users: Number(row.users), names };
    (Number(row.isGained) === 1 ? gained : lost).push(entry);
  }
  const byPath = (a: PreviewNode, b: PreviewNode) => a.appId - b.appId || a.path.join('\u0000').localeCompare(b.path.join('\u0000')) || a.id - b.id;
  return { affectedUsers: await usersWho(), gainingUsers: await usersWho(1), losingUsers: await usersWho(0), gained: gained.sort(byPath), lost: lost.sort(byPath) };
}

export async function previewGrantChange(db: Kysely<Database>, caller: Caller, change: GrantChange, locale: Locale): Promise<GrantPreview> {
  const scope = await staffScopeOf(db, caller.userId);
  try {
    await db.transaction().execute(async (trx) => {
      const t = trx as unknown as PreviewDb;
      // Read first: a grant write landing after it moves the version, and the save is refused.
      const grantsVersion = await readGrantsVersion(trx);
      // One time for before and after: a link ending in between is not the change's doing.
      const now = Date.now();
      await createTables(t);
      const { users, nodes } = await scopeOfChange(trx, change);
      for (const part of chunks(nodes ?? [])) {
        await t
          .insertInto('gpNode')
          .values(part.map((nodeId) => ({ nodeId })))
          .execute();
      }
      await recordPairs(t, BEFORE, users, nodes !== undefined, now);
      await applyChange(trx, caller, change, locale);
      await recordPairs(t, AFTER, users, nodes !== undefined, now);
      throw new Computed({ grantsVersion, ...(await summarise(t, scope)) });
    });
  } catch (error) {
    if (error instanceof Computed) return error.preview;
    throw error;
  }
  throw new Error('unreachable: the preview always rolls back');
}
