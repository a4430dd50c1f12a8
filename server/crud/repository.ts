/**
 * Data access of one declarative resource, derived from its definition. Columns, search fields and
 * sort order come only from the definition (an allowlist), never from the request.
 *
 * A resource may share its table with its detail (`scope`: the master's rows carry fixed values,
 * e.g. parentId 0; the detail's rows are the others). An ordered resource (`order`) keeps its
 * positions 1…n per master: see ./positions.ts and ./features/order.ts.
 *
 * An editable resource's rows carry a `version` (contract/recordVersion.ts): 1 when inserted, one
 * more on every update; an update may be made conditional on the version it was read at.
 */
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { Fields, ListData, Paging } from '../../contract';
import type { LookupComparison } from '../../contract/lookup';
import { VERSION_FIELD } from '../../contract/recordVersion';
import { decodeTags, encodeTags, type TagValue } from '../../contract/tags';
import { isVersioned, TIMESTAMP_FIELDS, type ResourceDefinition } from '../../resources/define';
import { chunks } from '../db/chunks';
import { isPostgres } from '../db/dialect';
import { executeNamed } from '../db/preparedQuery';
import type { Database } from '../db/schema';
import { containsCondition, equalsCondition, lookupCondition } from './search';
import { isStorableId } from './storableId';

/** Resource tables are created from definitions at run time, so they are addressed dynamically. */
export type DynamicDatabase = Record<string, Record<string, unknown>>;

export type ResourceRecord = { id: number } & Record<string, unknown>;

/** A condition a feature adds to every list of its resource: `field op value`, or one it builds (a subquery over other tables). */
export type ListCondition = { field: string; op: '=' | '<' | '<=' | '>' | '>='; value: string | number } | { where(eb: ExpressionBuilder<DynamicDatabase, string>): Expression<SqlBool> };

export interface ListQuery {
  paging: Paging;
  /** Per search field: the text its column must contain. */
  filters: Record<string, string>;
  /** Per exact-filter field (`definition.filters`, a detail's parent field): the value its column must equal. */
  exact?: Record<string, string>;
  /** Text that any search field may contain. */
  searchKey?: string;
  /** Masked fields whose stored value, normalised, must equal a whole value (`privacy.lookup`). */
  lookups?: ReadonlyArray<{ field: string; comparison: LookupComparison; value: string }>;
  /** Per range field (`definition.ranges`): the least and the greatest value its column may hold (a day as 'YYYY-MM-DD'). */
  ranges?: Record<string, { from?: number | string; to?: number | string }>;
  /** Conditions the resource's features add (not from the request). */
  conditions?: readonly ListCondition[];
  /** The order asked for: a sortable column (checked by the handler against the definition), in place of the default. */
  sort?: { field: string; direction: 'asc' | 'desc' };
  /** Only these records (at most MAX_PAGE_SIZE, so one bounded `in`); the other conditions still apply. */
  ids?: readonly number[];
  /** The list's total counts at most this many rows; more answer this many with `totalAtLeast` (./features/boundedTotal.ts). */
  totalUpTo?: number;
  /** The totals known to have reached `totalUpTo` (an append-only resource: ./features/boundedTotal.ts). */
  reached?: ReachedTotals;
}

/** Totals that reached their bound, by the list's own filters (./features/boundedTotal.ts). */
export interface ReachedTotals {
  /** The instant field every row is stamped with. */
  time: string;
  /** The filters keyed `key` still select more rows than the bound. */
  has(key: string): boolean;
  /** The filters keyed `key` selected more rows than the bound, the oldest of those counted stamped `oldest`. */
  add(key: string, oldest: number): void;
}

export interface RepositoryOptions {
  /** Fixed values of rows that belong to another resource sharing the table (the master's `scope`). */
  notScope?: Readonly<Record<string, string | number>>;
}

type Where = ExpressionBuilder<DynamicDatabase, string>;
type ListOrder = readonly [string, 'asc' | 'desc'];

export function createRepository(database: Kysely<Database>, definition: ResourceDefinition, options: RepositoryOptions = {}) {
  const db = database as unknown as Kysely<DynamicDatabase>;
  const table = definition.table;
  const fields: Fields = definition.entity.fields;
  const versioned = isVersioned(definition);
  const columns = ['id', ...Object.keys(fields), ...(definition.timestamps ? TIMESTAMP_FIELDS : []), ...(versioned ? [VERSION_FIELD] : [])];
  const searchable = definition.search.flatMap((name) => (fields[name] ? [{ name, field: fields[name] }] : []));
  const exactNames = [...(definition.filters ?? []), ...(definition.requiredFilters ?? []), ...(definition.parent ? [definition.parent.field] : [])];
  const exactFilters = exactNames.flatMap((name) => (fields[name] ? [{ name, field: fields[name] }] : []));
  const scope = Object.entries(definition.scope ?? {});
  const notScope = Object.entries(options.notScope ?? {});
  // Tags travel as arrays and are stored as their JSON text (contract/tags.ts).
  const tagFields = Object.keys(fields).filter((name) => fields[name]!.rule.kind === 'tags');

  /** The values as stored: tags as their text. */
  function stored(values: Record<string, unknown>): Record<string, unknown> {
    if (tagFields.length === 0) return values;
    const out = { ...values };
    for (const name of tagFields) if (Array.isArray(out[name])) out[name] = encodeTags(out[name] as TagValue[]);
    return out;
  }

  /** A row as answered: tags as their arrays. */
  function read<R extends Record<string, unknown> | undefined>(row: R): R {
    if (tagFields.length === 0 || !row) return row;
    const out: Record<string, unknown> = { ...row };
    for (const name of tagFields) if (typeof out[name] === 'string') out[name] = decodeTags(out[name]) ?? null;
    return out as R;
  }

  /** The rows of this resource in its table: its scope's, and not those of a resource sharing it. */
  function own(eb: Where): Expression<SqlBool> {
    return eb.and([...scope.map(([name, value]) => eb(name, '=', value)), ...notScope.map(([name, value]) => eb(name, '!=', value))]);
  }

  /** The list's conditions: every given search field, exact filter, range and lookup, and `searchKey` in any searched field. */
  function searchCondition(eb: Where, query: Omit<ListQuery, 'paging'>): Expression<SqlBool> {
    const conditions: Expression<SqlBool>[] = [own(eb)];
    for (const { name, field } of searchable) {
      const value = query.filters[name];
      if (value !== undefined) conditions.push(containsCondition(name, field, value));
    }
    for (const { name, field } of exactFilters) {
      const value = query.exact?.[name];
      if (value !== undefined) conditions.push(equalsCondition(name, field, value));
    }
    for (const [name, { from, to }] of Object.entries(query.ranges ?? {})) {
      if (!(name in fields)) continue;
      if (from !== undefined) conditions.push(eb(name, '>=', from));
      if (to !== undefined) conditions.push(eb(name, '<=', to));
    }
    for (const { field, comparison, value } of query.lookups ?? []) if (field in fields) conditions.push(lookupCondition(field, comparison, value));
    for (const condition of query.conditions ?? []) conditions.push('where' in condition ? condition.where(eb) : eb(condition.field, condition.op, condition.value));
    if (query.ids !== undefined) conditions.push(query.ids.length ? eb('id', 'in', query.ids) : eb.lit(false));
    const key = query.searchKey;
    if (key !== undefined && searchable.length > 0) {
      conditions.push(eb.or(searchable.map(({ name, field }) => containsCondition(name, field, key))));
    }
    return eb.and(conditions);
  }

  async function findById(id: number, on: Kysely<DynamicDatabase> = db): Promise<ResourceRecord | undefined> {
    if (!isStorableId(id)) return undefined;
    const row = await on.selectFrom(table).select(columns).where('id', '=', id).where(own).executeTakeFirst();
    return read(row) as ResourceRecord | undefined;
  }

  /**
   * An append-only log's list statements keep their plans (named, per connection): on PostgreSQL
   * its table has a partition per month, planning a statement over them cost as much as running
   * it, and its filters are exact, each with an index (README *Years of audit and login rows*),
   * so one plan serves every value. Not with a feature's conditions or ids, whose SQL varies.
   */
  function keepsPlans(query: Omit<ListQuery, 'paging'>): boolean {
    return definition.appendOnly !== undefined && !query.conditions?.length && query.ids === undefined;
  }

  async function pageOf(query: ListQuery): Promise<ResourceRecord[]> {
    let page = db.selectFrom(table).where((eb) => searchCondition(eb, query)).select(columns);
    // Either the order asked for or the default; `id` always breaks ties, so pages never overlap.
    const order = query.sort ? [[query.sort.field, query.sort.direction] as const] : definition.sort;
    for (const [name, direction] of order) page = page.orderBy(name, direction);
    if (order.at(-1)?.[0] !== 'id') page = page.orderBy('id', 'asc');
    const { page: pageNo, size } = query.paging;
    page = page.limit(size).offset((pageNo - 1) * size);
    const rows = keepsPlans(query) ? await executeNamed(db, page) : await page.execute();
    return rows.map(read) as ResourceRecord[];
  }

  /**
   * Where the rows after `last` start, in an order by `key` (a column and its direction, or none)
   * then `id` ascending. Nulls sort first ascending on SQLite and first descending on PostgreSQL,
   * and no comparison matches them: they are asked for by name.
   */
  function after(eb: Where, key: ListOrder | undefined, last: Record<string, unknown>, tie: 'asc' | 'desc' = 'asc'): Expression<SqlBool> {
    const id = last.id as number;
    if (!key || key[0] === 'id') return eb('id', (key?.[1] ?? tie) === 'desc' ? '<' : '>', id);
    const [name, direction] = key;
    const value = last[name];
    const nullsFirst = isPostgres(db) === (direction === 'desc');
    const idAfter = eb('id', tie === 'desc' ? '<' : '>', id);
    if (value === null || value === undefined) return eb.or([eb.and([eb(name, 'is', null), idAfter]), ...(nullsFirst ? [eb(name, 'is not', null)] : [])]);
    return eb.or([eb(name, direction === 'asc' ? '>' : '<', value), eb.and([eb(name, '=', value), idAfter]), ...(nullsFirst ? [] : [eb(name, 'is', null)])]);
  }

  /**
   * The whole list in its order, `size` rows at a time (an export). An order by at most one column
   * (and `id`) is read by keyset, after the last row read, so the last page costs what the first
   * does; a longer order page by page by offset. Same conditions and order as `list`.
   */
  async function* pages(query: Omit<ListQuery, 'paging'>, size: number): AsyncGenerator<ResourceRecord[], void, undefined> {
    const named: readonly ListOrder[] = query.sort ? [[query.sort.field, query.sort.direction]] : definition.sort;
    // An order ending with `id` names the ties' direction (ascending otherwise).
    const tie = named.length > 1 && named.at(-1)![0] === 'id' ? named.at(-1)![1] : 'asc';
    const order = named.length > 1 && named.at(-1)![0] === 'id' ? named.slice(0, -1) : named;
    if (order.length > 1) {
      for (let page = 1; ; page++) {
        const rows = await pageOf({ ...query, paging: { page, size } });
        if (rows.length) yield rows;
        if (rows.length < size) return;
      }
    }
    const key = order[0];
    let last: Record<string, unknown> | undefined;
    for (;;) {
      const from = last;
      let select = db.selectFrom(table).where((eb) => (from ? eb.and([searchCondition(eb, query), after(eb, key, from, tie)]) : searchCondition(eb, query))).select(columns);
      if (key) select = select.orderBy(key[0], key[1]);
      if (key?.[0] !== 'id') select = select.orderBy('id', tie);
      const rows = await select.limit(size).execute();
      if (rows.length) yield rows.map(read) as ResourceRecord[];
      if (rows.length < size) return;
      // The stored values (tags as text), as the next statement compares them.
      last = rows[rows.length - 1];
    }
  }

  return {
    table,

    pages,

    async list(query: ListQuery): Promise<ListData<ResourceRecord>> {
      const filtered = db.selectFrom(table).where((eb) => searchCondition(eb, query));
      const bound = query.totalUpTo;
      if (bound === undefined) {
        const [items, count] = await Promise.all([pageOf(query), filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst()]);
        return { items, total: Number(count?.total ?? 0) };
      }
      // Kept only for the request's own filters: a feature's condition may read other tables, which change.
      const { reached } = query;
      const kept = reached && !query.conditions?.length ? { reached, key: JSON.stringify([query.filters, query.exact, query.searchKey, query.ranges, query.lookups, query.ids]) } : undefined;
      if (kept?.reached.has(kept.key)) return { items: await pageOf(query), total: bound, totalAtLeast: true };
      // Bounded: the rows past the bound are not read (one more tells whether there are more). A
      // total to keep counts the newest rows, so it stays reached for as long as retention allows.
      const time = kept?.reached.time;
      const counted = time
        ? db
            .selectFrom(filtered.select(time).orderBy(time, 'desc').orderBy('id', 'desc').limit(bound + 1).as('bounded'))
            .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.min<number>(time).as('oldest')])
        : db.selectFrom(filtered.select((eb) => eb.lit(1).as('one')).limit(bound + 1).as('bounded')).select((eb) => eb.fn.countAll<number>().as('total'));
      const [items, count] = await Promise.all([pageOf(query), keepsPlans(query) ? executeNamed(db, counted).then((rows) => rows[0]) : counted.executeTakeFirst()]);
      const total = Number(count?.total ?? 0);
      if (total <= bound) return { items, total };
      kept?.reached.add(kept.key, Number((count as { oldest?: unknown }).oldest));
      return { items, total: bound, totalAtLeast: true };
    },

    /** The ids the list's conditions select, at most `limit`, by id (a bulk call on every matching row). */
    async matchingIds(query: Omit<ListQuery, 'paging'>, limit: number): Promise<number[]> {
      const rows = await db.selectFrom(table).where((eb) => searchCondition(eb, query)).select('id').orderBy('id', 'asc').limit(limit).execute();
      return rows.map((row) => Number(row.id));
    },

    /** How many rows the list's conditions select. */
    async count(query: Omit<ListQuery, 'paging'>): Promise<number> {
      const row = await db.selectFrom(table).where((eb) => searchCondition(eb, query)).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst();
      return Number(row?.total ?? 0);
    },

    /** The record with this id, if it is one of this resource's (`on`: a transaction). */
    findById(id: number, on?: Kysely<Database>): Promise<ResourceRecord | undefined> {
      return findById(id, on as unknown as Kysely<DynamicDatabase> | undefined);
    },

    /** Which of `ids` are this resource's, with their values (read in parts: a match may name thousands). */
    async findMany(ids: readonly number[], on: Kysely<Database> = database): Promise<ResourceRecord[]> {
      const found: ResourceRecord[] = [];
      for (const part of chunks(ids.filter(isStorableId))) {
        const rows = await (on as unknown as Kysely<DynamicDatabase>).selectFrom(table).select(columns).where('id', 'in', part).where(own).execute();
        found.push(...(rows.map(read) as ResourceRecord[]));
      }
      return found;
    },

    /** Id of the record whose `field` equals `value` (and, when given, whose `scope` fields equal theirs), if any. */
    async findIdBy(field: string, value: unknown, within: Record<string, unknown> = {}): Promise<number | undefined> {
      let query = db.selectFrom(table).select('id').where(field, '=', value).where(own);
      // An empty scope is a scope too: `= NULL` matches nothing, and would let every empty one repeat the key.
      for (const [name, scoped] of Object.entries(within)) query = scoped === null || scoped === undefined ? query.where(name, 'is', null) : query.where(name, '=', scoped);
      const row = await query.executeTakeFirst();
      return row?.id as number | undefined;
    },

    /** Inserts the values (with the resource's scope and its times when declared); answers the new id. */
    async insert(values: Record<string, unknown>, on: Kysely<Database> = database): Promise<number> {
      const now = Date.now();
      const row = { ...stored(values), ...definition.scope, ...(definition.timestamps ? { createTime: now, updateTime: now } : {}) };
      const inserted = await (on as unknown as Kysely<DynamicDatabase>).insertInto(table).values(row).returning('id').executeTakeFirstOrThrow();
      return inserted.id as number;
    },

    /**
     * Writes these of the record's values (the others stay as stored; the update time and the
     * version move); false when it no longer exists or, given `expectedVersion`, no longer holds
     * that version (the same statement decides, so of two saves read at one version only one writes).
     */
    async update(id: number, values: Record<string, unknown>, on: Kysely<Database> = database, expectedVersion?: number): Promise<boolean> {
      if (!isStorableId(id)) return false;
      // The times and the version are the server's: whatever names them is not written.
      const { createTime: _created, updateTime: _updated, [VERSION_FIELD]: _version, ...named } = values;
      const written = definition.timestamps ? { ...stored(named), updateTime: Date.now() } : stored(named);
      const dynamicDb = on as unknown as Kysely<DynamicDatabase>;
      if (Object.keys(written).length === 0 && !(versioned && expectedVersion !== undefined)) return (await findById(id, dynamicDb)) !== undefined;
      let update = dynamicDb
        .updateTable(table)
        .set((eb) => (versioned ? { ...written, [VERSION_FIELD]: eb(VERSION_FIELD, '+', 1) } : written))
        .where('id', '=', id)
        .where(own);
      if (versioned && expectedVersion !== undefined) update = update.where(VERSION_FIELD, '=', expectedVersion);
      const result = await update.executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Deletes the records (already checked to be this resource's), in parts inside the caller's transaction. */
    async delete(ids: readonly number[], on: Kysely<Database>): Promise<void> {
      for (const part of chunks(ids)) await (on as unknown as Kysely<DynamicDatabase>).deleteFrom(table).where('id', 'in', part).where(own).execute();
    },

    /** How many rows of this resource name each of `ids` in `field` (a master's details); ids without any are absent. */
    async countByField(field: string, ids: readonly number[]): Promise<Map<number, number>> {
      const counts = new Map<number, number>();
      for (const part of chunks(ids.filter(isStorableId))) {
        const rows = await db
          .selectFrom(table)
          .select((eb) => [eb.ref(field).as('owner'), eb.fn.countAll<number>().as('n')])
          .where(field, 'in', part)
          .where(own)
          .groupBy(field)
          .execute();
        for (const row of rows) counts.set(Number(row.owner), Number(row.n));
      }
      return counts;
    },

    /** Deletes every row of this resource whose `field` names one of `ids` (a master's details). */
    async deleteWhereIn(field: string, ids: readonly number[], on: Kysely<Database>): Promise<void> {
      for (const part of chunks(ids)) await (on as unknown as Kysely<DynamicDatabase>).deleteFrom(table).where(field, 'in', part).where(own).execute();
    },
  };
}

export type Repository = ReturnType<typeof createRepository>;

/** The repository of `definition`, seeing only its own rows where it shares a table with its master. */
export function repositoryOf(db: Kysely<Database>, definitions: readonly ResourceDefinition[], definition: ResourceDefinition): Repository {
  const master = definition.parent && definitions.find((d) => d.name === definition.parent!.resource);
  if (definition.parent && !master) throw new Error(`Resource ${definition.name} names the undeclared resource ${definition.parent.resource}`);
  return createRepository(db, definition, { notScope: master?.table === definition.table ? master.scope : undefined });
}
