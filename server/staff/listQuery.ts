/**
 * The staff list (/user/list, /user/filterList): filters, one page newest first with its
 * department names and roles, and the total. Every statement is prepared per shape of the filters
 * (db/preparedQuery.ts). Totals are reused while the database's staff list version has not moved,
 * so paging does not recount the table. Every read holds the caller's data scope as one more
 * condition of the plan (server/scope/dataScope.ts): the page, the total, the export and a bulk
 * call's "every matching" see only the staff the caller reaches.
 */
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { parsePaging, rowNumber, staffEntity, type LinkedRole, type ListData, type Locale, type Paging, type StaffListRow } from '../../contract';
import { regionNames } from '../../contract/regions';
import type { MatchedIds } from '../crud/bulkMatch';
import { isPostgres } from '../db/dialect';
import { preparedQuery } from '../db/preparedQuery';
import type { Database } from '../db/schema';
import { versionReader } from '../db/versionCounter';
import { officeScope } from '../office/repository';
import type { StaffScope } from '../scope/dataScope';
import { linkInForce } from '../roles/linkInForce';
import { regionIndex } from './regions';
import { parseStaffFilters, searchConditions, searchPlan, sourceScope, type SearchPlan, type SearchShape, type SearchValues } from './staffSearch';

export { parseStaffFilters, type StaffFilters } from './staffSearch';

/** What the list answers per member: the entity's fields, the id, the supervisor flag and the record's version; never password data. */
export const STAFF_COLUMNS = ['id', ...Object.keys(staffEntity.fields), 'adminFlag', 'version'] as const;
const MAX_CACHED_TOTALS = 500;

type PageValues = SearchValues & { limit: number; offset: number };
/** `merged`: the page is read per node and merged (mergedPageIds); chosen per page by its depth. */
type PageShape = SearchShape & { merged?: boolean };
/** Past this many index entries (nodes × (offset + limit)) a merged page costs more than the plain read. */
const MERGED_ENTRIES = 5_000;
type Matching = SelectQueryBuilder<Database & { u: Database['user'] }, 'u', object>;
type Role = LinkedRole;
/** `ref` selected under the name `name` exactly as written (no camelCase plugin to map it back). */
const named = (ref: string, name: string) => sql`${sql.ref(ref)} as ${sql.raw(`"${name}"`)}`;
type PageRow = Record<string, unknown> & { id: number; censusProvince: string | null; censusCity: string | null; censusArea: string | null; listVersion?: unknown };

export function createStaffList(db: Kysely<Database>) {
  const onPostgres = isPostgres(db);
  const totals = new Map<string, { version: number; total: number }>();
  const listVersion = versionReader(db, 'staffListVersion');
  const scopeOf = officeScope(db);

  /**
   * The members the plan selects, joined to its source (see SearchShape.source). Typed as a query
   * over `u` alone: the conditions name `u`, and callers reach the source only by sourceIdOf.
   */
  function matching(plan: SearchPlan): Matching {
    if (plan.shape.source !== 'user') {
      let query = db
        .selectFrom(`${plan.shape.source} as g`)
        .innerJoin('user as u', 'u.id', 'g.userId')
        .where('g.gram', '=', sql<string>`lower(${plan.values.grams[0]})`);
      // A data scope is held on the gram rows (their node), the unscoped statement unchanged.
      if (plan.shape.scope) query = query.where((eb) => sourceScope(eb as never, plan));
      return query.where((eb) => searchConditions(eb as never, plan)) as unknown as Matching;
    }
    return db.selectFrom('user as u').where((eb) => searchConditions(eb, plan));
  }
  const sourceIdOf = (shape: SearchShape) => (shape.source === 'user' ? 'u.id' : 'g.userId');

  const columns = STAFF_COLUMNS.map((column) => `u.${column}` as `u.${keyof Database['user']}`);
  /** The page's ids, newest first: skipping `offset` rows costs an id each, not a wide joined row. */
  function pageIds(values: PageValues, shape: PageShape) {
    const plan = { shape, values };
    if (shape.merged) return mergedPageIds(values, shape);
    const sourceId = sourceIdOf(shape);
    return matching(plan)
      .select(sql.ref<number>(sourceId).as('id'))
      .orderBy(sql.ref(sourceId), 'desc')
      .limit(values.limit)
      .offset(values.offset);
  }
  /**
   * PostgreSQL, a page within a set of nodes (SearchShape.nodes): each node's first offset + limit
   * ids newest first, read from (office_id, id) and stopping there, merged by id. A plain
   * `office_id in (…)` reads every row of the nodes from the table and sorts them, or walks the whole
   * table backwards for a small set: a scoped first page cost several times an unscoped one.
   */
  function mergedPageIds(values: PageValues, shape: SearchShape) {
    const rest: SearchPlan = { shape: { ...shape, nodes: false }, values };
    const enough = sql<number>`cast(${values.offset} as integer) + cast(${values.limit} as integer)`;
    return db
      .selectFrom(sql<{ n: number }>`unnest(array[${sql.join(values.nodeIds)}]::integer[])`.as('n'))
      .innerJoinLateral(
        (eb) =>
          eb
            .selectFrom('user as u')
            .select('u.id')
            .whereRef('u.officeId', '=', sql.ref('n.n') as never)
            .where((inner) => searchConditions(inner as never, rest))
            .orderBy('u.id', 'desc')
            .limit(enough)
            .as('p'),
        (join) => join.onTrue(),
      )
      .select('p.id')
      .orderBy('p.id', 'desc')
      .limit(values.limit)
      .offset(values.offset);
  }
  const rows = () => db.selectFrom('user as u').leftJoin('office as o', 'o.id', 'u.officeId').select([...columns, 'o.name as officeName']).orderBy('u.id', 'desc');
  /**
   * A list page's rows, each column already named as the list answers it, read without the
   * camelCase plugin's copy of every row (preparedQuery `unmapped`); with the list version.
   */
  const namedRows = () =>
    db
      .selectFrom('user as u')
      .leftJoin('office as o', 'o.id', 'u.officeId')
      .select([...STAFF_COLUMNS.map((column) => named(`u.${column}`, column)), named('o.name', 'officeName'), sql`(${db.selectFrom('staffListVersion').select('version').where('id', '=', 1)}) as "listVersion"`] as never[])
      .orderBy('u.id', 'desc');
  // SQLite: the ids, then their rows by id (an `in (subquery)` costs a fixed ~35 µs more, most of a
  // short page), then their roles: statements are calls in the same process.
  const ids = preparedQuery(db, (values: PageValues, shape: SearchShape) => pageIds(values, shape));
  const rowsById = preparedQuery(db, ({ ids: list }: { ids: number[] }) => rows().where('u.id', 'in', list));
  const pageRows = preparedQuery(db, ({ ids: list }: { ids: number[] }) => namedRows().where('u.id', 'in', list), { unmapped: true });
  // PostgreSQL: one statement with the roles and the list version, since each statement is a round trip.
  // The roles are the links in force at `rolesAt` (the request's time), each with its end.
  const wholePage = preparedQuery(
    db,
    (values: PageValues & { rolesAt: number }, shape: PageShape) =>
      namedRows()
        .where('u.id', 'in', pageIds(values, shape))
        .select((eb) => [
          sql`${jsonArrayFrom(
            eb
              .selectFrom('userRole as ur')
              .innerJoin('role as r', 'r.id', 'ur.roleId')
              .select([named('r.id', 'id'), named('r.name', 'name'), named('ur.expiresAt', 'expiresAt')] as never[])
              .whereRef('ur.userId', '=', 'u.id')
              .where(linkInForce('ur', values.rolesAt))
              .orderBy('r.sortNum')
              .orderBy('r.id'),
          )} as "roles"` as never,
        ]),
    { unmapped: true },
  );

  /** A page's rows, each member's roles, and (when read with them) the list version. */
  async function pageOf(values: PageValues, shape: SearchShape): Promise<{ rows: PageRow[]; rolesOf(row: PageRow): Role[]; version?: number }> {
    if (onPostgres) {
      const merged = shape.nodes === true && values.nodeIds.length * (values.offset + values.limit) <= MERGED_ENTRIES;
      const found = (await wholePage.execute({ ...values, rolesAt: Date.now() }, { shape: merged ? { ...shape, merged } : shape })) as unknown as Array<PageRow & { roles: Role[]; listVersion: number }>;
      return { rows: found, rolesOf: (row) => (row as (typeof found)[number]).roles, version: found[0] && Number(found[0].listVersion) };
    }
    const found = (await ids.execute(values, { shape })).map((row) => row.id);
    if (!found.length) return { rows: [], rolesOf: () => [] };
    const rows = (await pageRows.execute({ ids: found })) as unknown as PageRow[];
    const roles = await rolesOf(found);
    return { rows, rolesOf: (row) => roles.get(row.id) ?? [], version: rows[0] && Number(rows[0].listVersion) };
  }

  const count = preparedQuery(db, (values: SearchValues, shape: SearchShape) =>
    matching({ shape, values }).select((eb) => eb.fn.countAll<number>().as('total')),
  );

  async function total(plan: SearchPlan, paging: Paging, pageRows: number, knownVersion?: number): Promise<number> {
    const offset = (paging.page - 1) * paging.size;
    // A short page ends the list: no count needed (an empty page past the end says nothing).
    if (pageRows > 0 && pageRows < paging.size) return offset + pageRows;
    if (pageRows === 0 && offset === 0) return 0;
    // Which links a role filter counts changes with the time alone: counted each time.
    if (plan.shape.roles === 'ids') return Number((await count.takeFirst(plan.values, { shape: plan.shape }))?.total ?? 0);
    const key = JSON.stringify(plan);
    const version = knownVersion ?? (await listVersion());
    const cached = totals.get(key);
    if (cached?.version === version) return cached.total;
    const row = await count.takeFirst(plan.values, { shape: plan.shape });
    const counted = Number(row?.total ?? 0);
    totals.delete(key);
    if (totals.size >= MAX_CACHED_TOTALS) totals.delete(totals.keys().next().value!);
    totals.set(key, { version, total: counted });
    return counted;
  }

  const rolesOfUsers = preparedQuery(db, ({ userIds, now }: { userIds: number[]; now: number }) =>
    db
      .selectFrom('userRole as ur')
      .innerJoin('role as r', 'r.id', 'ur.roleId')
      .select(['ur.userId', 'r.id', 'r.name', 'ur.expiresAt'])
      .where('ur.userId', 'in', userIds)
      .where(linkInForce('ur', now))
      .orderBy('r.sortNum')
      .orderBy('r.id'),
  );

  async function rolesOf(userIds: number[]): Promise<Map<number, Role[]>> {
    const byUser = new Map<number, Role[]>();
    if (!userIds.length) return byUser;
    const rows = await rolesOfUsers.execute({ userIds, now: Date.now() });
    for (const { userId, id, name, expiresAt } of rows) {
      const list = byUser.get(userId) ?? [];
      list.push({ id, name, expiresAt: expiresAt === null ? null : Number(expiresAt) });
      byUser.set(userId, list);
    }
    return byUser;
  }

  /**
   * The members the filters select, newest first, `size` at a time (an export): each page's ids
   * are read after the last one's (a keyset, so a page costs the same at the end as at the start),
   * then their rows and roles as the list reads them.
   */
  async function* pages(params: Record<string, unknown>, locale: Locale, size: number, scope: StaffScope): AsyncGenerator<StaffListRow[], void, undefined> {
    const filters = { ...parseStaffFilters(params, locale), scope };
    if (filters.officeId !== undefined) filters.officeIds = await scopeOf(filters.officeId);
    const plan = searchPlan(filters, onPostgres);
    const regions = await regionIndex();
    const sourceId = sourceIdOf(plan.shape);
    let before: number | undefined;
    for (;;) {
      let query = matching(plan).select(sql.ref<number>(sourceId).as('id'));
      if (before !== undefined) query = query.where(sql.ref(sourceId), '<', before);
      const found = (await query.orderBy(sql.ref(sourceId), 'desc').limit(size).execute()).map((row) => row.id);
      if (found.length === 0) return;
      const rows = (await rowsById.execute({ ids: found })) as unknown as PageRow[];
      const roles = await rolesOf(found);
      yield rows.map((record) =>
        Object.assign(record, {
          roles: roles.get(record.id) ?? [],
          censusRegionName: regionNames(regions, [record.censusProvince, record.censusCity, record.censusArea], locale),
        }),
      ) as unknown as StaffListRow[];
      if (found.length < size) return;
      before = found[found.length - 1];
    }
  }

  /**
   * The members the filters select (as the list reads them), at most `limit`, newest first, and
   * their whole count: a bulk call on every matching account (server/crud/bulkMatch.ts).
   */
  async function matchingIds(params: Record<string, unknown>, locale: Locale, limit: number, scope: StaffScope): Promise<MatchedIds> {
    const filters = { ...parseStaffFilters(params, locale), scope };
    if (filters.officeId !== undefined) filters.officeIds = await scopeOf(filters.officeId);
    const plan = searchPlan(filters, onPostgres);
    const sourceId = sourceIdOf(plan.shape);
    const found = await matching(plan).select(sql.ref<number>(sourceId).as('id')).orderBy(sql.ref(sourceId), 'desc').limit(limit).execute();
    const ids = found.map((row) => Number(row.id));
    return { ids, total: async () => (ids.length < limit ? ids.length : Number((await count.takeFirst(plan.values, { shape: plan.shape }))?.total ?? 0)) };
  }

  return {
    pages,
    matchingIds,

    /** `scope`: the caller's data scope; the page and the total hold only the staff it reaches. */
    async list(params: Record<string, unknown>, locale: Locale, scope: StaffScope): Promise<ListData<StaffListRow>> {
      const filters = { ...parseStaffFilters(params, locale), scope };
      // A department means its groups too. The department's nodes and the caller's data scope are
      // part of the plan, the key of its cached total: a total counted before a group moved, or
      // for another caller's scope, is not reused.
      if (filters.officeId !== undefined) filters.officeIds = await scopeOf(filters.officeId);
      const plan = searchPlan(filters, onPostgres);
      const paging = parsePaging(params);
      const page = await pageOf({ ...plan.values, limit: paging.size, offset: (paging.page - 1) * paging.size }, plan.shape);
      const [regions, counted] = await Promise.all([regionIndex(), total(plan, paging, page.rows.length, page.version)]);
      // The rows are this call's own: completed in place, no object per row beside them (copying
      // 30-odd fields per row with a spread was a tenth of the call).
      const rows = page.rows;
      for (let index = 0; index < rows.length; index++) {
        const record = rows[index]!;
        record.idx = rowNumber(index, paging.page, paging.size);
        record.roles = page.rolesOf(record);
        record.censusRegionName = regionNames(regions, [record.censusProvince, record.censusCity, record.censusArea], locale);
        // Read with the page (the total's version), not part of the answer.
        record.listVersion = undefined;
      }
      const items = rows as unknown as StaffListRow[];
      return { items, total: counted };
    },
  };
}

export type StaffList = ReturnType<typeof createStaffList>;
