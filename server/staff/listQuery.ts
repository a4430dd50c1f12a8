/**
 * The staff list (/user/list, /user/filterList): filters, one page newest first, its department
 * names and roles (one query for the page), and the total. "Contains" searches of 3 or more
 * characters go through the search index of migration 0003 (FTS5 trigram on SQLite, pg_trgm on
 * PostgreSQL); shorter ones are a LIKE, which stays correct. Totals are reused while the
 * database's staff list version has not moved, so paging does not recount the table.
 */
import { PostgresAdapter, sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { parsePaging, rowNumber, SEARCH_KEY_LABEL, searchLimit, staffEntity, type ListData, type Locale, type Paging, type StaffListRow } from '../../contract';
import { regionNames } from '../../contract/regions';
import { isStorableId } from '../crud/storableId';
import { escapeLike } from '../crud/search';
import type { Database } from '../db/schema';
import { optionalId, requiredIds, searchParam, textParam } from '../http/params';
import { regionIndex } from './regions';

export interface StaffFilters {
  officeId?: number;
  name?: string;
  code?: string;
  telephone?: string;
  /** Staff holding any of these roles. */
  roleIds?: number[];
  /** Contained in the name, the code or the telephone. */
  searchKey?: string;
}

/** What the list answers per member: the entity's fields, the id and the supervisor flag; never password data. */
export const STAFF_COLUMNS = ['id', ...Object.keys(staffEntity.fields), 'adminFlag'] as const;

type SearchColumn = 'name' | 'code' | 'telephone';
const SEARCH_COLUMNS: readonly SearchColumn[] = ['name', 'code', 'telephone'];
/** The trigram index needs three characters; shorter terms are matched with LIKE. */
const INDEXED_LENGTH = 3;
const MAX_CACHED_TOTALS = 500;

/** Each search text is bounded by what its field holds; the keyword by the longest of them. */
const searchLimits = Object.fromEntries(SEARCH_COLUMNS.map((column) => [column, searchLimit(staffEntity.fields[column])])) as Record<SearchColumn, number>;
const SEARCH_KEY_LIMIT = Math.max(...Object.values(searchLimits));

export function parseStaffFilters(params: Record<string, unknown>, locale: Locale): StaffFilters {
  const roleIds = textParam(params.roleIds);
  const contains = (column: SearchColumn) => searchParam(params[column], column, searchLimits[column], staffEntity.fields[column].label, locale);
  return {
    officeId: optionalId(textParam(params.officeId), locale, 'officeId'),
    name: contains('name'),
    code: contains('code'),
    telephone: contains('telephone'),
    roleIds: roleIds === undefined ? undefined : requiredIds(roleIds, locale, 'roleIds'),
    searchKey: searchParam(params.searchKey, 'searchKey', SEARCH_KEY_LIMIT, SEARCH_KEY_LABEL, locale),
  };
}

/** An FTS5 phrase: the term in double quotes (doubled inside), so every character is literal. */
function ftsPhrase(term: string): string {
  return `"${term.replace(/"/g, '""')}"`;
}

const isIndexed = (term: string) => [...term].length >= INDEXED_LENGTH;

/**
 * A LIKE "contains". SQLite's LIKE already ignores ASCII case, and a bare column lets it count
 * from the narrow index of migration 0003 instead of the wide table. PostgreSQL's trigram indexes
 * are on lower(name), lower(code) and telephone as stored; a short term (no trigram, so a scan
 * anyway) without cased letters, e.g. a Chinese surname, skips lower() on every row.
 */
function likeContains(column: SearchColumn, term: string, isPostgres: boolean): Expression<SqlBool> {
  const pattern = `%${escapeLike(term.toLowerCase())}%`;
  const ref = sql.ref(`u.${column}`);
  const hasCase = term.toLowerCase() !== term.toUpperCase();
  const fold = isPostgres && column !== 'telephone' && (isIndexed(term) || hasCase);
  return sql<SqlBool>`${fold ? sql`lower(${ref})` : ref} like ${pattern} escape '\\'`;
}

export function createStaffList(db: Kysely<Database>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const totals = new Map<string, { version: number; total: number }>();

  function conditions(eb: ExpressionBuilder<Database & { u: Database['user'] }, 'u'>, filters: StaffFilters): Expression<SqlBool> {
    const all: Expression<SqlBool>[] = [];
    const ftsTerms: string[] = [];
    const contains = (columns: readonly SearchColumn[], term: string) => {
      if (!isPostgres && isIndexed(term)) {
        const scope = columns.length === 1 ? columns[0]! : `{${columns.join(' ')}}`;
        ftsTerms.push(`${scope} : ${ftsPhrase(term)}`);
      } else {
        all.push(eb.or(columns.map((column) => likeContains(column, term, isPostgres))));
      }
    };
    for (const column of SEARCH_COLUMNS) {
      const term = filters[column];
      if (term !== undefined) contains([column], term);
    }
    if (filters.searchKey !== undefined) contains(SEARCH_COLUMNS, filters.searchKey);
    if (ftsTerms.length) all.push(sql<SqlBool>`u.id in (select rowid from user_search where user_search match ${ftsTerms.join(' AND ')})`);

    if (filters.officeId !== undefined) all.push(isStorableId(filters.officeId) ? eb('u.officeId', '=', filters.officeId) : sql<SqlBool>`1 = 0`);
    if (filters.roleIds !== undefined) {
      const storable = filters.roleIds.filter(isStorableId);
      all.push(
        storable.length
          ? eb.exists(eb.selectFrom('userRole as fr').select('fr.roleId').whereRef('fr.userId', '=', 'u.id').where('fr.roleId', 'in', storable))
          : sql<SqlBool>`1 = 0`,
      );
    }
    return eb.and(all);
  }

  async function listVersion(): Promise<number> {
    const { rows } = await sql<{ version: number }>`select version from staff_list_version where id = 1`.execute(db);
    return Number(rows[0]?.version ?? 0);
  }

  async function total(filters: StaffFilters, paging: Paging, pageRows: number): Promise<number> {
    const offset = (paging.page - 1) * paging.size;
    // A short page ends the list: no count needed (an empty page past the end says nothing).
    if (pageRows > 0 && pageRows < paging.size) return offset + pageRows;
    if (pageRows === 0 && offset === 0) return 0;
    const key = JSON.stringify(filters);
    const version = await listVersion();
    const cached = totals.get(key);
    if (cached?.version === version) return cached.total;
    const row = await db
      .selectFrom('user as u')
      .where((eb) => conditions(eb, filters))
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirst();
    const counted = Number(row?.total ?? 0);
    totals.delete(key);
    if (totals.size >= MAX_CACHED_TOTALS) totals.delete(totals.keys().next().value!);
    totals.set(key, { version, total: counted });
    return counted;
  }

  async function rolesOf(userIds: number[]): Promise<Map<number, Array<{ id: number; name: string }>>> {
    const byUser = new Map<number, Array<{ id: number; name: string }>>();
    if (!userIds.length) return byUser;
    const rows = await db
      .selectFrom('userRole as ur')
      .innerJoin('role as r', 'r.id', 'ur.roleId')
      .select(['ur.userId', 'r.id', 'r.name'])
      .where('ur.userId', 'in', userIds)
      .orderBy('r.sortNum')
      .orderBy('r.id')
      .execute();
    for (const { userId, id, name } of rows) {
      const list = byUser.get(userId) ?? [];
      list.push({ id, name });
      byUser.set(userId, list);
    }
    return byUser;
  }

  return {
    async list(params: Record<string, unknown>, locale: Locale): Promise<ListData<StaffListRow>> {
      const filters = parseStaffFilters(params, locale);
      const paging = parsePaging(params);
      const columns = STAFF_COLUMNS.map((column) => `u.${column}` as `u.${keyof Database['user']}`);
      const rows = await db
        .selectFrom('user as u')
        .leftJoin('office as o', 'o.id', 'u.officeId')
        .select([...columns, 'o.name as officeName'])
        .where((eb) => conditions(eb, filters))
        .orderBy('u.id', 'desc')
        .limit(paging.size)
        .offset((paging.page - 1) * paging.size)
        .execute();
      const records = rows as unknown as Array<Record<string, unknown> & { id: number; censusProvince: string | null; censusCity: string | null; censusArea: string | null }>;
      const [roles, regions, count] = await Promise.all([
        rolesOf(records.map((r) => r.id)),
        regionIndex(),
        total(filters, paging, records.length),
      ]);
      const items = records.map((record, index) => ({
        ...record,
        idx: rowNumber(index, paging.page, paging.size),
        roles: roles.get(record.id) ?? [],
        censusRegionName: regionNames(regions, [record.censusProvince, record.censusCity, record.censusArea], locale),
      })) as unknown as StaffListRow[];
      return { items, total: count };
    },
  };
}

export type StaffList = ReturnType<typeof createStaffList>;
