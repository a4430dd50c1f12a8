/**
 * Tables of the declarative resources, derived from their definitions: created when missing,
 * extended with missing columns (additive only, never dropped or altered). Runs after the
 * migrations at every start, so a new resource needs only its definition and a registry line.
 */
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Field } from '../../contract';
import type { ResourceDefinition } from '../../resources/define';
import { resourceDefinitions } from '../../resources/registry';
import { columnTypes, type ColumnTypes } from './columnTypes';
import { currentSchema, type DatabaseHandle } from './database';

interface ColumnSpec {
  /** camelCase name, as TypeScript and the definitions spell it. */
  name: string;
  type: ReturnType<ColumnTypes['text']>;
  isRequired: boolean;
  /** The field's `defaultValue`: what rows that exist when the column is added take. */
  defaultValue?: string | number;
}

/** Same conversion as Kysely's CamelCasePlugin for plain names: `paramKey` → `param_key`. */
export function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

export function resourceColumns(definition: ResourceDefinition, types: ColumnTypes): ColumnSpec[] {
  const columns = Object.entries(definition.entity.fields).map(([name, field]: [string, Field]) => ({
    name,
    type: field.storage === 'integer' ? types.bigint : types.text(field.maxLength),
    isRequired: field.required,
    defaultValue: field.defaultValue,
  }));
  if (definition.timestamps) columns.push({ name: 'createTime', type: types.bigint, isRequired: true, defaultValue: undefined });
  return columns;
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

function withDefault(col: ColumnDefinitionBuilder, column: ColumnSpec): ColumnDefinitionBuilder {
  return column.defaultValue === undefined ? col : col.defaultTo(column.defaultValue);
}

/** Existing tables of the current schema and their (snake_case) columns. */
async function existingColumns(handle: DatabaseHandle): Promise<Map<string, Set<string>>> {
  // Without the CamelCasePlugin: the introspector's own column aliases are snake_case.
  const raw = handle.db.withoutPlugins() as unknown as Kysely<unknown>;
  const schema = await currentSchema(handle);
  const tables = await raw.introspection.getTables();
  return new Map(
    tables.filter((table) => schema === undefined || table.schema === schema).map((table) => [table.name, new Set(table.columns.map((c) => c.name))]),
  );
}

export async function syncResourceTables(handle: DatabaseHandle, definitions: readonly ResourceDefinition[] = resourceDefinitions): Promise<void> {
  const db = handle.db as unknown as Kysely<unknown>;
  const types = columnTypes(handle.dialect);
  const existing = await existingColumns(handle);

  for (const definition of definitions) {
    const columns = resourceColumns(definition, types);
    const present = existing.get(snakeCase(definition.table));
    if (!present) {
      let create = db.schema.createTable(definition.table).ifNotExists().addColumn('id', types.idType, types.idColumn);
      for (const column of columns) {
        create = create.addColumn(column.name, column.type, (col) => withDefault(column.isRequired ? col.notNull() : col, column));
      }
      await create.execute();
    } else {
      for (const column of columns.filter((c) => !present.has(snakeCase(c.name)))) {
        // Added to a table that may hold rows: they take the field's default (then it can be
        // required at once), else it is nullable and the entity's rule still requires it on save.
        const hasDefault = column.defaultValue !== undefined;
        await db.schema
          .alterTable(definition.table)
          .addColumn(column.name, column.type, (col) => withDefault(hasDefault && column.isRequired ? col.notNull() : col, column))
          .execute();
      }
    }
    for (const columns of uniqueColumnSets(definition)) {
      await db.schema
        .createIndex(`${snakeCase(definition.table)}_${columns.map(snakeCase).join('_')}_unique`)
        .ifNotExists()
        .unique()
        .on(definition.table)
        .columns(columns)
        .execute();
    }
  }
}
