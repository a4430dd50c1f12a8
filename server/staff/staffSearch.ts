/**
 * The staff list's filters and how they are asked of SQL. A filter set becomes a plan: its shape
 * (which conditions, through which index; the prepared statement's structure) and its values.
 *
 * "Contains" searches use an index that serves them (migration 0012's grams are read newest first,
 * so a page stops early):
 * - a name of one or two characters: its name gram;
 * - a telephone of four digits or more: the phone gram of its last four (digit trigrams are
 *   shared by too many numbers to be quick), the whole term checked with LIKE;
 * - other terms of three characters or more: the trigram indexes of 0003 (SQLite FTS5 MATCH,
 *   PostgreSQL pg_trgm behind LIKE);
 * - a shorter code, telephone or keyword: a LIKE, over a narrow index on SQLite.
 * With a data scope, a gram source is read by (gram, office_id) per node of the scope (0027).
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { SEARCH_KEY_LABEL, searchLimit, staffEntity, type Locale } from '../../contract';
import { isStorableId } from '../crud/storableId';
import { escapeLike } from '../crud/search';
import type { Database } from '../db/schema';
import { optionalId, requiredIds, searchParam, textParam } from '../http/params';
import { inStaffScope, type StaffScope } from '../scope/dataScope';
import { linkInForce } from '../roles/linkInForce';

export interface StaffFilters {
  /** The office asked for; the list answers its scope (`officeIds`). */
  officeId?: number;
  /** The office and the groups under it (a department means its groups too): set by the list from the tree. */
  officeIds?: readonly number[];
  name?: string;
  code?: string;
  telephone?: string;
  /** Staff holding any of these roles. */
  roleIds?: number[];
  /** Contained in the name, the code or the telephone. */
  searchKey?: string;
  /** The caller's data scope (server/scope/dataScope.ts): set by the list from the caller, never from a parameter. */
  scope?: StaffScope;
}

type SearchColumn = 'name' | 'code' | 'telephone';
const SEARCH_COLUMNS: readonly SearchColumn[] = ['name', 'code', 'telephone'];
/** Trigrams need three characters; a name gram holds at most two. */
const TRIGRAM_LENGTH = 3;
/** A phone gram holds four characters. */
const PHONE_GRAM_LENGTH = 4;

export type GramTable = 'userNameGram' | 'userPhoneGram';

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

/** What decides the statement: one compiled statement per distinct shape. */
export interface SearchShape {
  /** Where the page's ids are read from, newest first so a page stops early: the first gram's table, or the staff table. */
  source: GramTable | 'user';
  /** The tables of the grams after the source's: each one the member must have. */
  grams: GramTable[];
  /** An FTS5 MATCH (SQLite, terms of three or more characters). */
  fts: boolean;
  /** LIKE "contains" terms: per term, its columns and whether each is compared lower-cased. */
  likes: Array<Array<[SearchColumn, boolean]>>;
  office?: 'ids' | 'none';
  roles?: 'ids' | 'none';
  /** The caller's data scope, when narrower than all: its nodes, the caller, both, or nobody. */
  scope?: 'offices' | 'self' | 'both' | 'none';
  /**
   * PostgreSQL, no text term: the department filter and the data scope's nodes as one set
   * (`nodeIds`, their intersection), so a page can be read per node from (office_id, id) and
   * merged by id (listQuery.ts) instead of reading every row of the nodes and sorting them.
   */
  nodes?: boolean;
}

export interface SearchValues {
  /** The source's gram first (when it is a gram table), then those of `shape.grams`; lower-cased in SQL, as stored. */
  grams: string[];
  fts: string;
  /** One pattern per LIKE term, in the order of `likes`. */
  likes: string[];
  /** The office filter's scope: the office and its groups. */
  officeIds: number[];
  roleIds: number[];
  /** The data scope's nodes and the caller's id (see shape.scope). */
  scopeOfficeIds: number[];
  scopeSelfId: number;
  /** The nodes of shape.nodes. */
  nodeIds: number[];
  /** The time role links must outlast to count (set with a role filter only, so other plans stay alike). */
  now: number;
}

export interface SearchPlan {
  shape: SearchShape;
  values: SearchValues;
}

/** An FTS5 phrase: the term in double quotes (doubled inside), so every character is literal. */
function ftsPhrase(term: string): string {
  return `"${term.replace(/"/g, '""')}"`;
}

const lengthOf = (term: string) => [...term].length;

export function searchPlan(filters: StaffFilters, isPostgres: boolean): SearchPlan {
  const shape: SearchShape = { source: 'user', grams: [], fts: false, likes: [] };
  const values: SearchValues = { grams: [], fts: '', likes: [], officeIds: [], roleIds: [], scopeOfficeIds: [], scopeSelfId: 0, nodeIds: [], now: 0 };
  const ftsTerms: string[] = [];
  const grams: Array<[GramTable, string]> = [];

  const like = (columns: readonly SearchColumn[], term: string) => {
    // PostgreSQL's trigram indexes are on lower(name), lower(code) and telephone as stored; a
    // short term without cased letters (a Chinese surname) skips lower() on every row.
    const hasCase = term.toLowerCase() !== term.toUpperCase();
    const fold = (column: SearchColumn) => isPostgres && column !== 'telephone' && (lengthOf(term) >= TRIGRAM_LENGTH || hasCase);
    shape.likes.push(columns.map((column) => [column, fold(column)]));
    values.likes.push(`%${escapeLike(term.toLowerCase())}%`);
  };
  const contains = (columns: readonly SearchColumn[], term: string) => {
    const only = columns.length === 1 ? columns[0] : undefined;
    if (only === 'name' && lengthOf(term) < TRIGRAM_LENGTH) {
      grams.push(['userNameGram', term]);
    } else if (only === 'telephone' && lengthOf(term) >= PHONE_GRAM_LENGTH) {
      grams.push(['userPhoneGram', [...term].slice(-PHONE_GRAM_LENGTH).join('')]);
      if (lengthOf(term) > PHONE_GRAM_LENGTH) like(columns, term);
    } else if (!isPostgres && lengthOf(term) >= TRIGRAM_LENGTH) {
      const scope = columns.length === 1 ? columns[0]! : `{${columns.join(' ')}}`;
      ftsTerms.push(`${scope} : ${ftsPhrase(term)}`);
    } else {
      like(columns, term);
    }
  };
  for (const column of SEARCH_COLUMNS) {
    const term = filters[column];
    if (term !== undefined) contains([column], term);
  }
  if (filters.searchKey !== undefined) contains(SEARCH_COLUMNS, filters.searchKey);

  // A phone gram (a few dozen numbers) drives before a name gram (a surname: thousands).
  grams.sort(([a], [b]) => (a === b ? 0 : a === 'userPhoneGram' ? -1 : 1));
  if (grams.length) shape.source = grams[0]![0];
  shape.grams = grams.slice(1).map(([table]) => table);
  values.grams = grams.map(([, gram]) => gram);
  if (ftsTerms.length) {
    shape.fts = true;
    values.fts = ftsTerms.join(' AND ');
  }

  if (filters.officeId !== undefined) {
    values.officeIds = (filters.officeIds ?? [filters.officeId]).filter(isStorableId);
    shape.office = values.officeIds.length ? 'ids' : 'none';
  }
  if (filters.roleIds !== undefined) {
    values.roleIds = filters.roleIds.filter(isStorableId);
    shape.roles = values.roleIds.length ? 'ids' : 'none';
    values.now = Date.now();
  }
  const { scope } = filters;
  if (scope && !scope.all) {
    values.scopeOfficeIds = scope.officeIds;
    values.scopeSelfId = scope.selfId ?? 0;
    const offices = scope.officeIds.length > 0;
    shape.scope = scope.selfId !== null ? (offices ? 'both' : 'self') : offices ? 'offices' : 'none';
  }
  if (isPostgres) asNodes(shape, values);
  return { shape, values };
}

/** Folds the department filter and a data scope of nodes alone into shape.nodes (see there). */
function asNodes(shape: SearchShape, values: SearchValues): void {
  const plain = shape.source === 'user' && !shape.grams.length && !shape.fts && !shape.likes.length;
  const byOffice = shape.office === 'ids';
  const byScope = shape.scope === 'offices';
  if (!plain || !(byOffice || byScope) || (shape.scope !== undefined && !byScope) || shape.office === 'none') return;
  const inScope = new Set(values.scopeOfficeIds);
  values.nodeIds = byOffice ? (byScope ? values.officeIds.filter((id) => inScope.has(id)) : values.officeIds) : values.scopeOfficeIds;
  values.officeIds = [];
  values.scopeOfficeIds = [];
  delete shape.scope;
  if (values.nodeIds.length) {
    delete shape.office;
    shape.nodes = true;
  } else {
    shape.office = 'none';
  }
}

type StaffExpressions = ExpressionBuilder<Database & { u: Database['user'] }, 'u'>;

/** The plan's conditions on `u` (the source's own gram is its join, not a condition). */
export function searchConditions(eb: StaffExpressions, { shape, values }: SearchPlan): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [];
  shape.grams.forEach((table, i) => {
    const gram = values.grams[i + 1];
    all.push(eb.exists(eb.selectFrom(`${table} as ng`).select('ng.userId').whereRef('ng.userId', '=', 'u.id').where('ng.gram', '=', sql<string>`lower(${gram})`)));
  });
  shape.likes.forEach((columns, i) => {
    all.push(eb.or(columns.map(([column, isFolded]) => {
      const ref = sql.ref(`u.${column}`);
      return sql<SqlBool>`${isFolded ? sql`lower(${ref})` : ref} like ${values.likes[i]} escape '\\'`;
    })));
  });
  if (shape.fts) all.push(sql<SqlBool>`u.id in (select rowid from user_search where user_search match ${values.fts})`);
  if (shape.office) all.push(shape.office === 'ids' ? eb('u.officeId', 'in', values.officeIds) : sql<SqlBool>`1 = 0`);
  if (shape.nodes) all.push(eb('u.officeId', 'in', values.nodeIds));
  if (shape.roles) {
    all.push(
      shape.roles === 'ids'
        ? eb.exists(eb.selectFrom('userRole as fr').select('fr.roleId').whereRef('fr.userId', '=', 'u.id').where('fr.roleId', 'in', values.roleIds).where(linkInForce('fr', values.now)))
        : sql<SqlBool>`1 = 0`,
    );
  }
  // A gram source holds the scope on its own rows (sourceScope): each gram row carries the member's node.
  if (shape.scope && shape.source === 'user') all.push(inStaffScope(eb, planScope(shape, values), 'u.id', 'u.officeId'));
  return eb.and(all);
}

/** The plan's data scope as the scope module reads it (all when the plan has none). */
function planScope(shape: SearchShape, values: SearchValues): StaffScope {
  if (!shape.scope) return { all: true };
  return { all: false, selfId: shape.scope === 'self' || shape.scope === 'both' ? values.scopeSelfId : null, officeIds: shape.scope === 'offices' || shape.scope === 'both' ? values.scopeOfficeIds : [] };
}

/**
 * The data scope on a gram source's rows `g` (migration 0027: gram, office_id, user_id): a range of
 * the gram's index per node of the scope, rather than every member holding the gram probed for
 * their node.
 */
export function sourceScope(eb: ExpressionBuilder<Database & { g: Database['userNameGram'] }, 'g'>, { shape, values }: SearchPlan): Expression<SqlBool> {
  return inStaffScope(eb, planScope(shape, values), 'g.userId', 'g.officeId');
}
