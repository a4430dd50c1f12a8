/**
 * Data access of one declarative resource, derived from its definition. Columns, search fields and
 * sort order come only from the definition (an allowlist), never from the request.
 */
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { Fields, ListData, Paging } from '../../contract';
import type { ResourceDefinition } from '../../resources/define';
import type { Database } from '../db/schema';
import { containsCondition, equalsCondition } from './search';
import { isStorableId } from './storableId';

/** Resource tables are created from definitions at run time, so they are addressed dynamically. */
type DynamicDatabase = Record<string, Record<string, unknown>>;

export type ResourceRecord = { id: number } & Record<string, unknown>;

export interface ListQuery {
  paging: Paging;
  /** Per search field: the text its column must contain. */
  filters: Record<string, string>;
  /** Per exact-filter field (`definition.filters`): the value its column must equal. */
  exact?: Record<string, string>;
  /** Text that any search field may contain. */
  searchKey?: string;
}

export function createRepository(database: Kysely<Database>, definition: ResourceDefinition) {
  const db = database as unknown as Kysely<DynamicDatabase>;
  const table = definition.table;
  const fields: Fields = definition.entity.fields;
  const columns = ['id', ...Object.keys(fields), ...(definition.timestamps ? ['createTime'] : [])];
  const searchable = definition.search.flatMap((name) => (fields[name] ? [{ name, field: fields[name] }] : []));
  const exactFilters = (definition.filters ?? []).flatMap((name) => (fields[name] ? [{ name, field: fields[name] }] : []));

  /** The list's conditions: every given search field, and `searchKey` in any of them. */
  function searchCondition(eb: ExpressionBuilder<DynamicDatabase, string>, query: ListQuery): Expression<SqlBool> {
    const conditions: Expression<SqlBool>[] = [];
    for (const { name, field } of searchable) {
      const value = query.filters[name];
      if (value !== undefined) conditions.push(containsCondition(name, field, value));
    }
    for (const { name, field } of exactFilters) {
      const value = query.exact?.[name];
      if (value !== undefined) conditions.push(equalsCondition(name, field, value));
    }
    const key = query.searchKey;
    if (key !== undefined && searchable.length > 0) {
      conditions.push(eb.or(searchable.map(({ name, field }) => containsCondition(name, field, key))));
    }
    return eb.and(conditions);
  }

  async function findById(id: number): Promise<ResourceRecord | undefined> {
    if (!isStorableId(id)) return undefined;
    const row = await db.selectFrom(table).select(columns).where('id', '=', id).executeTakeFirst();
    return row as ResourceRecord | undefined;
  }

  return {
    async list(query: ListQuery): Promise<ListData<ResourceRecord>> {
      const filtered = db.selectFrom(table).where((eb) => searchCondition(eb, query));
      let page = filtered.select(columns);
      for (const [name, direction] of definition.sort) page = page.orderBy(name, direction);
      const { page: pageNo, size } = query.paging;
      const [items, count] = await Promise.all([
        page.orderBy('id', 'asc').limit(size).offset((pageNo - 1) * size).execute(),
        filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
      ]);
      return { items: items as ResourceRecord[], total: Number(count?.total ?? 0) };
    },

    findById,

    /** Id of the record whose `field` equals `value` (and, when given, whose `scope` fields equal theirs), if any. */
    async findIdBy(field: string, value: unknown, scope: Record<string, unknown> = {}): Promise<number | undefined> {
      let query = db.selectFrom(table).select('id').where(field, '=', value);
      for (const [name, scoped] of Object.entries(scope)) query = query.where(name, '=', scoped);
      const row = await query.executeTakeFirst();
      return row?.id as number | undefined;
    },

    async create(values: Record<string, unknown>): Promise<ResourceRecord> {
      const row = definition.timestamps ? { ...values, createTime: Date.now() } : values;
      const inserted = await db.insertInto(table).values(row).returning('id').executeTakeFirstOrThrow();
      return (await findById(inserted.id as number))!;
    },

    /** Replaces the record's values; undefined when it no longer exists. */
    async update(id: number, values: Record<string, unknown>): Promise<ResourceRecord | undefined> {
      if (!isStorableId(id)) return undefined;
      const result = await db.updateTable(table).set(values).where('id', '=', id).executeTakeFirst();
      return result.numUpdatedRows > 0n ? findById(id) : undefined;
    },

    /**
     * Deletes all the ids in one transaction, or none: `missing` when any id does not exist.
     * `beforeDelete` may refuse by throwing.
     */
    async deleteMany(ids: readonly number[], beforeDelete?: (trx: Kysely<Database>, ids: readonly number[]) => Promise<void>): Promise<'deleted' | 'missing'> {
      if (!ids.every(isStorableId)) return 'missing';
      return db.transaction().execute(async (trx) => {
        const found = await trx.selectFrom(table).select('id').where('id', 'in', ids).execute();
        if (found.length !== ids.length) return 'missing';
        await beforeDelete?.(trx as unknown as Kysely<Database>, ids);
        await trx.deleteFrom(table).where('id', 'in', ids).execute();
        return 'deleted';
      });
    },
  };
}

export type Repository = ReturnType<typeof createRepository>;
