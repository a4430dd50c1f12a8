/**
 * Tables of the declarative resources, derived from their definitions: created when missing,
 * extended with missing columns and indexes (additive only, never dropped or altered). Runs after
 * the migrations at every start, so a new resource needs only its definition and a registry line.
 * A column gets the same definition whether its table is created or extended, so a database
 * upgraded over many versions has the shape a fresh one gets (tests/api/schemaEvolution.test.ts).
 */
import { createHash } from 'node:crypto';
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Field } from '../../contract';
import { VERSION_FIELD } from '../../contract/recordVersion';
import { isVersioned, sortableFieldsOf, type ResourceDefinition } from '../../resources/define';
import { resourceDefinitions } from '../../resources/registry';
import { columnTypes, type ColumnTypes } from './columnTypes';
import { currentSchema, type DatabaseHandle } from './database';
import { tableIndexes } from './schemaIntrospection';

export interface ColumnSpec {
  /** camelCase name, as TypeScript and the definitions spell it. */
  name: string;
  type: ReturnType<ColumnTypes['text']>;
  isRequired: boolean;
  /** The column's default: the field's `backfill`, else its `defaultValue`. */
  columnDefault?: string | number;
}

/** Same conversion as Kysely's CamelCasePlugin for plain names: `paramKey` → `param_key`. */
export function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

export function resourceColumns(definition: ResourceDefinition, types: ColumnTypes): ColumnSpec[] {
  const columns: ColumnSpec[] = Object.entries(definition.entity.fields).map(([name, field]: [string, Field]) => ({
    name,
    type: field.storage === 'integer' ? types.bigint : types.text(field.maxLength),
    isRequired: field.required,
    columnDefault: field.backfill ?? field.defaultValue,
  }));
  if (definition.timestamps) {
    // 0 for rows stored before the resource kept times (turning `timestamps` on for a table with rows).
    columns.push({ name: 'createTime', type: types.bigint, isRequired: true, columnDefault: 0 });
    // Nullable: rows written before it existed (or by hand) take their createTime at each start.
    columns.push({ name: 'updateTime', type: types.bigint, isRequired: false });
  }
  // Moved by the server on every write of the record (a save, a switch, a move): edits read at an older one are refused.
  if (isVersioned(definition)) columns.push({ name: VERSION_FIELD, type: types.bigint, isRequired: true, columnDefault: 1 });
  return columns;
}

/** A plain index per sortable column (`<table>_<column>_idx`, with the other plain indexes), so a header's order reads an index. */
export function sortIndexes(definition: ResourceDefinition): string[][] {
  return sortableFieldsOf(definition).map((field) => [field]);
}

/**
 * The columns of a table the definitions share (a master and its detail): every field of each,
 * required only where every definition gives it a value (a required field, or its `scope`), since
 * each one's rows leave the others' fields empty.
 */
export function sharedTableColumns(definitions: readonly ResourceDefinition[], types: ColumnTypes): ColumnSpec[] {
  const merged = new Map<string, ColumnSpec>();
  const all = definitions.map((definition) => resourceColumns(definition, types));
  const fills = (i: number, name: string) => all[i]!.some((c) => c.name === name && c.isRequired) || name in (definitions[i]!.scope ?? {});
  for (const columns of all) {
    for (const column of columns) {
      const isEverywhere = column.isRequired && all.every((_, i) => fills(i, column.name));
      const known = merged.get(column.name);
      merged.set(column.name, { ...column, isRequired: isEverywhere, columnDefault: known?.columnDefault ?? column.columnDefault });
    }
  }
  return [...merged.values()];
}

/**
 * The column sets that must be unique: each unique rule's fields (within the scope of a table
 * shared with a detail: a dictionary's key among dictionaries), and the
 * position of an ordered resource among its master's rows.
 */
export function uniqueColumnSets(definition: ResourceDefinition): string[][] {
  const sets: string[][] = [];
  for (const unique of definition.entity.unique) sets.push([...Object.keys(definition.scope ?? {}), ...unique.fields]);
  if (definition.order && definition.parent) sets.push([definition.parent.field, definition.order.field]);
  // A master and its detail keyed on the same columns share one index.
  return sets.map((set) => [...new Set(set)]);
}

/**
 * The column sets a definition's list reads by: its master (parent) field, the fields related
 * lists of other resources read it by, each exact filter (not a tags one), required filter and range, the default
 * sort's first field, and the declared `indexes`.
 */
export function indexedColumnSets(definition: ResourceDefinition, definitions: readonly ResourceDefinition[]): string[][] {
  const related = definitions.flatMap((master) => (master.show?.related ?? []).filter((spec) => spec.resource === definition.name).map((spec) => spec.field));
  const single = [
    definition.parent?.field,
    ...related,
    // A tags field is found inside its text, which no plain index serves (and a long one would not fit PostgreSQL's).
    ...(definition.filters ?? []).filter((field) => definition.entity.fields[field]?.rule.kind !== 'tags'),
    ...(definition.requiredFilters ?? []),
    ...(definition.ranges ?? []),
    definition.sort[0]?.[0],
  ].filter((field): field is string => field !== undefined);
  return [...single.map((field) => [field]), ...(definition.indexes ?? []).map((fields) => [...fields]), ...sortIndexes(definition)];
}

/** PostgreSQL cuts names at 63 bytes; a longer one keeps its start and a hash of the whole, so it stays distinct and the same at every start. */
export function indexName(table: string, columns: readonly string[], suffix: 'unique' | 'idx'): string {
  const name = `${snakeCase(table)}_${columns.map(snakeCase).join('_')}_${suffix}`;
  if (name.length <= 63) return name;
  return `${name.slice(0, 54)}_${createHash('sha256').update(name).digest('hex').slice(0, 8)}`;
}

/** Whether `set` is the leading columns of `index` (then that index serves it). */
function leads(set: readonly string[], index: readonly string[]): boolean {
  return set.length <= index.length && set.every((column, i) => index[i] === column);
}

/**
 * The plain indexes a table gets: each set once, none that the primary key, a unique set or an
 * index of a migration (`foreign`) serves by its leading columns. The sync's own earlier indexes
 * do not count, so the sets follow from the definitions alone: an upgraded table gets the indexes
 * a fresh one gets (and keeps those a definition no longer asks for: nothing is dropped).
 */
function plainIndexSets(group: readonly ResourceDefinition[], definitions: readonly ResourceDefinition[], foreign: readonly string[][]): string[][] {
  const wanted = new Map<string, string[]>();
  for (const definition of group) for (const set of indexedColumnSets(definition, definitions)) wanted.set(set.join(','), set);
  const serving = [['id'], ...group.flatMap(uniqueColumnSets), ...foreign].map((index) => index.map(snakeCase));
  return [...wanted.values()].filter((set) => !serving.some((index) => leads(set.map(snakeCase), index)));
}

function withDefault(col: ColumnDefinitionBuilder, column: ColumnSpec): ColumnDefinitionBuilder {
  const defaulted = column.columnDefault === undefined ? col : col.defaultTo(column.columnDefault);
  return column.isRequired ? defaulted.notNull() : defaulted;
}

interface ExistingTable {
  isView: boolean;
  /** snake_case names. */
  columns: Set<string>;
}

/** Existing tables (and views) of the current schema and their (snake_case) columns. */
async function existingTables(handle: DatabaseHandle): Promise<Map<string, ExistingTable>> {
  // Without the CamelCasePlugin: the introspector's own column aliases are snake_case.
  const raw = handle.db.withoutPlugins() as unknown as Kysely<unknown>;
  const schema = await currentSchema(handle);
  const tables = await raw.introspection.getTables();
  return new Map(
    tables
      .filter((table) => schema === undefined || table.schema === schema)
      .map((table) => [table.name, { isView: table.isView, columns: new Set(table.columns.map((c) => c.name)) }]),
  );
}

/** The declared resources grouped by the table they store in, in declaration order. */
function byTable(definitions: readonly ResourceDefinition[]): Map<string, ResourceDefinition[]> {
  const groups = new Map<string, ResourceDefinition[]>();
  for (const definition of definitions) {
    const table = snakeCase(definition.table);
    groups.set(table, [...(groups.get(table) ?? []), definition]);
  }
  return groups;
}

/**
 * Required columns that an existing table would get without a value for its rows: a sentence
 * each, naming the resource, the field and the fix.
 */
function missingValueProblems(table: string, group: readonly ResourceDefinition[], added: readonly ColumnSpec[]): string[] {
  return added
    .filter((column) => column.isRequired && column.columnDefault === undefined)
    .map((column) => {
      const names = group.filter((d) => column.name in d.entity.fields).map((d) => d.name);
      return `Resource ${names.join(', ')}: the required field ${column.name} is new to its existing table ${table}, whose rows would hold no value; declare defaultValue or backfill on the field (the value the rows there take), or make it optional`;
    });
}

export async function syncResourceTables(handle: DatabaseHandle, definitions: readonly ResourceDefinition[] = resourceDefinitions): Promise<void> {
  const db = handle.db as unknown as Kysely<unknown>;
  const types = columnTypes(handle.dialect);
  const existing = await existingTables(handle);
  const plan = [...byTable(definitions)].map(([table, group]) => {
    const columns = sharedTableColumns(group, types);
    const present = existing.get(table);
    return { table, group, columns, present, added: present ? columns.filter((c) => !present.columns.has(snakeCase(c.name))) : [] };
  });

  // Before any change: a start that cannot give every row a value changes nothing.
  const problems = plan.flatMap(({ table, group, added }) => missingValueProblems(table, group, added));
  if (problems.length) throw new Error(`The declared resources' tables cannot be brought up to date:\n  - ${problems.join('\n  - ')}`);

  for (const { table, group, columns, present, added } of plan) {
    const tableName = group[0]!.table;
    if (!present) {
      let create = db.schema.createTable(tableName).ifNotExists().addColumn('id', types.idType, types.idColumn);
      for (const column of columns) create = create.addColumn(column.name, column.type, (col) => withDefault(col, column));
      await create.execute();
    } else {
      // The same column definition as a created table's: its default is what the rows there take.
      for (const column of added) await db.schema.alterTable(tableName).addColumn(column.name, column.type, (col) => withDefault(col, column)).execute();
    }
    // A view (one a migration made) is read as it is.
    if (present?.isView) continue;
    for (const definition of group) {
      for (const set of uniqueColumnSets(definition)) {
        await db.schema.createIndex(indexName(tableName, set, 'unique')).ifNotExists().unique().on(tableName).columns(set).execute();
      }
    }
    // An index named as this sync names its columns' index is one of its own.
    const foreign = present ? (await tableIndexes(handle, table)).filter((index) => index.name !== indexName(table, index.columns, 'idx')) : [];
    for (const set of plainIndexSets(group, definitions, foreign.map((index) => index.columns))) {
      await db.schema.createIndex(indexName(tableName, set, 'idx')).ifNotExists().on(tableName).columns(set).execute();
    }
    if (group.some((definition) => definition.timestamps)) {
      // An update time never set (the column is new, or a row was inserted elsewhere) is the creation time.
      await (db as unknown as Kysely<Record<string, { updateTime: number | null; createTime: number }>>)
        .updateTable(tableName)
        .set((eb) => ({ updateTime: eb.ref('createTime') }))
        .where('updateTime', 'is', null)
        .execute();
    }
  }
}
