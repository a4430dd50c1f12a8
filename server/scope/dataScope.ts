/**
 * Data scope (contract/dataScope.ts) on the server: the staff a caller reaches, read per request
 * from the database (so a moved employee or a changed role holds from the next request), and
 * applied in the query: a condition over a staff row's id and node, never a filter of a page
 * already read.
 *
 * The scope is read into node ids (a few, from the small office table) rather than joined in
 * every staff query: `office_id in (…)` is served by the staff table's index on office_id, and a
 * caller reaching all adds no condition at all.
 */
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { BASE_APP_CODE, Code, DataScope, dataScopeMessages, SUPER_ADMIN_ROLE_KEY, type Locale } from '../../contract';
import { isStorableId } from '../crud/storableId';
import { chunks } from '../db/chunks';
import { isPostgres } from '../db/dialect';
import { preparedQuery } from '../db/preparedQuery';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';

/** What a caller reaches: everyone, or the staff placed in `officeIds` (groups already included) plus `selfId`. */
export type StaffScope = { all: true } | { all: false; selfId: number | null; officeIds: number[] };

const ALL: StaffScope = { all: true };

/** Which nodes a scope names: the chosen roles' (with their groups), the caller's own (with its groups: tree). */
type OfficeShape = { chosen: boolean; own: false | 'node' | 'tree' };
type OfficeQuery = { roleIds: number[]; own: number; shape: OfficeShape };

/** One held role: its key (the super-admin's reaches all), its scope (null: never set, all) and the caller's node. */
type HeldRole = { roleId: number; roleKey: string; dataScope: number | null; officeId: number | null };

/** A row of the scope statement: a held role (nodeId null), or a node the held roles name (nodeId set, the rest null). */
export type ScopeRow = { [K in keyof HeldRole]: HeldRole[K] | null } & { nodeId: number | null };

/**
 * One statement (on PostgreSQL each is a round trip): the caller's enabled, unexpired base-app
 * roles with their scope and the caller's node, then the existing nodes those roles name, by the
 * rules scopeFromRoles asks them with (OfficeShape): the own node for a department scope (none
 * when unplaced), the groups under it for scope 3, the chosen nodes and their groups. `userId`: a
 * value, or an expression (the guard's session statement names the session's user).
 */
export function scopeRowsQuery(db: Kysely<Database>, userId: number | Expression<number>, now: number) {
  // Materialized: the held roles are read once, not once per rule that names them (SQLite inlined
  // them into each of the five branches, five times the work).
  return db
    .with((cte) => cte('held').materialized(), (qc) =>
      qc
        .selectFrom('userRole as ur')
        .innerJoin('role as r', 'r.id', 'ur.roleId')
        .innerJoin('app as a', 'a.id', 'r.appId')
        .leftJoin('roleDataScope as ds', 'ds.roleId', 'r.id')
        .select((eb) => ['r.id as roleId', 'r.roleKey', 'ds.dataScope', eb.selectFrom('user as cu').select('cu.officeId').where('cu.id', '=', userId).as('officeId')])
        .where('ur.userId', '=', userId)
        .where('r.isEnable', '=', '1')
        .where('a.code', '=', BASE_APP_CODE)
        .where((eb) => eb.or([eb('ur.expiresAt', 'is', null), eb('ur.expiresAt', '>', now)])),
    )
    .selectFrom('held as h')
    .select(['h.roleId', 'h.roleKey', 'h.dataScope', 'h.officeId', sql<number | null>`null`.as('nodeId')])
    .$castTo<ScopeRow>()
    // The nodes, each rule a join from the held roles (a few rows; `cross join` keeps them first
    // on SQLite) to the office by id or by parent_id: one `where` of the four rules' `or` over the office table read all of it on
    // every request (2,000 nodes, most of a list request's SQL, even for a caller reaching all),
    // and `in (held…)` lists built a temporary index each. A node two rules name comes twice
    // (scopeOfRows keeps it once).
    .unionAll((eb) => nodes(eb).crossJoin('office as o').whereRef('o.id', '=', 'h.officeId').where('h.dataScope', 'in', [DataScope.DEPARTMENT_TREE, DataScope.DEPARTMENT]).select('o.id as nodeId'))
    .unionAll((eb) => nodes(eb).crossJoin('office as o').whereRef('o.parentId', '=', 'h.officeId').where('h.dataScope', '=', DataScope.DEPARTMENT_TREE).select('o.id as nodeId'))
    .unionAll((eb) => nodes(eb).crossJoin('roleScopeOffice as so').crossJoin('office as o').whereRef('so.roleId', '=', 'h.roleId').whereRef('o.id', '=', 'so.officeId').where('h.dataScope', '=', DataScope.CHOSEN).select('o.id as nodeId'))
    .unionAll((eb) => nodes(eb).crossJoin('roleScopeOffice as so').crossJoin('office as o').whereRef('so.roleId', '=', 'h.roleId').whereRef('o.parentId', '=', 'so.officeId').where('h.dataScope', '=', DataScope.CHOSEN).select('o.id as nodeId'));
}

type ScopeBuilder = ExpressionBuilder<Database & { held: HeldRole }, 'held'>;
/** Node rows of the scope statement, from the held roles: the held role's columns null, then `nodeId`. */
const nodes = (eb: ScopeBuilder) =>
  eb.selectFrom('held as h').select([sql<number | null>`null`.as('roleId'), sql<string | null>`null`.as('roleKey'), sql<number | null>`null`.as('dataScope'), sql<number | null>`null`.as('officeId')]);

function statements(db: Kysely<Database>) {
  return { scope: preparedQuery(db, ({ userId, now }: { userId: number; now: number }) => scopeRowsQuery(db, userId, now)) };
}

// Compiled once per dialect, run on whichever database or transaction asks.
const byDialect = new Map<boolean, ReturnType<typeof statements>>();
function prepared(db: Kysely<Database>) {
  const onPostgres = isPostgres(db);
  let found = byDialect.get(onPostgres);
  if (!found) byDialect.set(onPostgres, (found = statements(db)));
  return found;
}

/** The caller's scope now: the union over their enabled, unexpired base-app roles; super-admin: all. */
export async function staffScopeOf(db: Kysely<Database>, userId: number, now = Date.now()): Promise<StaffScope> {
  return scopeOfRows(await prepared(db).scope.execute({ userId, now }, { executor: db }), userId);
}

/** The scope the rows of scopeRowsQuery give (read by staffScopeOf, or with the guard's session). */
export async function scopeOfRows(rows: readonly ScopeRow[], userId: number): Promise<StaffScope> {
  const held = rows.filter((row) => row.nodeId === null) as HeldRole[];
  // The statement already read the nodes the held roles name (the same rules as the shape scopeFromRoles asks for).
  const nodes = [...new Set(rows.flatMap((row) => (row.nodeId === null ? [] : [row.nodeId])))].map((id) => ({ id }));
  return scopeFromRoles(held, userId, async () => nodes);
}

/** The union of the held roles' scopes; `readOffices` gives the existing nodes the chosen roles and the caller's node name. */
async function scopeFromRoles(
  held: readonly HeldRole[],
  userId: number,
  readOffices: (query: OfficeQuery) => Promise<Array<{ id: number }>>,
): Promise<StaffScope> {
  if (held.some((role) => role.roleKey === SUPER_ADMIN_ROLE_KEY || role.dataScope === null || role.dataScope === DataScope.ALL)) return ALL;
  const scopes = new Set(held.map((role) => role.dataScope));
  const chosen = held.filter((role) => role.dataScope === DataScope.CHOSEN).map((role) => role.roleId);
  // An unplaced caller's department scopes reach nobody.
  const placed = held[0]?.officeId ?? null;
  const own = placed === null ? false : scopes.has(DataScope.DEPARTMENT_TREE) ? 'tree' : scopes.has(DataScope.DEPARTMENT) ? 'node' : false;
  const shape: OfficeShape = { chosen: chosen.length > 0, own };
  const officeIds = shape.chosen || own ? (await readOffices({ roleIds: chosen, own: placed ?? 0, shape })).map((row) => Number(row.id)) : [];
  officeIds.sort((a, b) => a - b);
  // Self only adds what the nodes do not hold already (keeping the list's condition a plain `in`).
  const selfId = scopes.has(DataScope.SELF) && !(placed !== null && officeIds.includes(placed)) ? userId : null;
  return { all: false, selfId, officeIds };
}

/** The condition "this staff row is in scope", for a query naming the staff row's id and node columns. */
export function inStaffScope<DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, scope: StaffScope, idColumn: string, officeColumn: string): Expression<SqlBool> {
  void eb;
  if (scope.all) return sql<SqlBool>`1 = 1`;
  const any: Expression<SqlBool>[] = [];
  const ref = (column: string) => sql.ref(column);
  if (scope.officeIds.length) any.push(sql<SqlBool>`${ref(officeColumn)} in (${sql.join(scope.officeIds)})`);
  if (scope.selfId !== null) any.push(sql<SqlBool>`${ref(idColumn)} = ${scope.selfId}`);
  if (!any.length) return sql<SqlBool>`1 = 0`;
  return any.length === 1 ? any[0]! : sql<SqlBool>`(${sql.join(any, sql` or `)})`;
}

/** Whether a staff member placed in `officeId` (id `userId`) is in scope. */
export function reaches(scope: StaffScope, userId: number, officeId: number | null): boolean {
  return scope.all || userId === scope.selfId || (officeId !== null && scope.officeIds.includes(officeId));
}

/**
 * Refuses (1003, as a missing grant) when one of `userIds` is outside the caller's scope. For a
 * caller with a narrower scope an id that does not exist is refused the same way, so the answer
 * never tells whether someone outside the scope exists.
 */
export async function requireStaffInScope(db: Kysely<Database>, callerId: number, userIds: readonly number[], locale: Locale): Promise<void> {
  void locale;
  const scope = await staffScopeOf(db, callerId);
  if (scope.all || userIds.length === 0) return;
  const wanted = [...new Set(userIds)];
  if (!wanted.every(isStorableId)) throw outOfScope();
  let found = 0;
  for (const part of chunks(wanted)) {
    const rows = await db
      .selectFrom('user as u')
      .select('u.id')
      .where('u.id', 'in', part)
      .where((eb) => inStaffScope(eb, scope, 'u.id', 'u.officeId'))
      .execute();
    found += rows.length;
  }
  if (found !== wanted.length) throw outOfScope();
}

/** Refuses (1003) placing staff in `officeId` (null: unplaced) when the node is outside the caller's scope. */
export async function requireOfficeInScope(db: Kysely<Database>, callerId: number, officeId: number | null, locale: Locale): Promise<void> {
  void locale;
  const scope = await staffScopeOf(db, callerId);
  if (!officeReachable(scope, officeId)) throw outOfScope();
}

/** Whether staff may be placed in `officeId` (null: unplaced, only with a scope of all). */
export function officeReachable(scope: StaffScope, officeId: number | null): boolean {
  return scope.all || (officeId !== null && scope.officeIds.includes(officeId));
}

/** The refusal of a staff member or node outside the caller's scope: 1003, as a missing grant. */
export function outOfScope(): ApiError {
  return new ApiError(Code.FORBIDDEN, dataScopeMessages.outOfScope);
}

/** For unit tests: the union rules over given roles, without a database. */
export const scopeRulesForTest = { scopeFromRoles };
