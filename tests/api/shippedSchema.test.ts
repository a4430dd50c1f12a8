/**
 * The shipped schema: after the real migrations and the table sync on an empty database, every
 * declared resource's table has the columns its definition derives, so a table a migration made
 * and the definition that serves it cannot drift apart. (A migration may make a column wider than
 * the field's rule allows, and a read-only resource's optional field may be NOT NULL.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { hasAction, type ResourceDefinition } from '../../resources/define';
import { resourceDefinitions } from '../../resources/registry';
import { columnTypes } from '../../server/db/columnTypes';
import type { DatabaseHandle } from '../../server/db/database';
import { sharedTableColumns, snakeCase } from '../../server/db/resourceTables';
import { tableColumns } from '../../server/db/schemaIntrospection';
import { handleOf, startTestServer, type TestServer } from './harness';

let server: TestServer;
let handle: DatabaseHandle;
beforeAll(async () => {
  server = await startTestServer();
  handle = handleOf(server);
});
afterAll(async () => {
  await server?.close();
});

/** The longest text a column type holds (PostgreSQL sizes text columns; SQLite and `text` do not). */
function width(type: string): number {
  const size = /varying\((\d+)\)|varchar\((\d+)\)/.exec(type);
  return size ? Number(size[1] ?? size[2]) : Infinity;
}

function byTable(): Map<string, ResourceDefinition[]> {
  const groups = new Map<string, ResourceDefinition[]>();
  for (const definition of resourceDefinitions) groups.set(snakeCase(definition.table), [...(groups.get(snakeCase(definition.table)) ?? []), definition]);
  return groups;
}

describe('the shipped schema', () => {
  it('gives every declared resource’s table the columns its definition derives', async () => {
    const raw = server.db.withoutPlugins() as unknown as Kysely<unknown>;
    const views = new Set((await raw.introspection.getTables()).filter((t) => t.isView).map((t) => t.name));
    const drift: string[] = [];
    for (const [table, group] of byTable()) {
      const stored = new Map((await tableColumns(handle, table)).map((c) => [c.name, c]));
      const derived = sharedTableColumns(group, columnTypes(handle.dialect));
      // An optional field over a NOT NULL column breaks only saves; read-only resources have none.
      const isSaved = group.some((d) => hasAction(d, 'create') || hasAction(d, 'edit'));
      for (const column of derived) {
        const found = stored.get(snakeCase(column.name));
        if (!found) drift.push(`${table}.${column.name}: missing`);
        else if (views.has(table)) continue;
        else if (column.isRequired && found.isNullable) drift.push(`${table}.${column.name}: required, but the column is nullable`);
        else if (isSaved && !column.isRequired && !found.isNullable) drift.push(`${table}.${column.name}: optional, but the column is NOT NULL`);
        else if (width(found.type) < width(String(column.type))) drift.push(`${table}.${column.name}: the column holds ${found.type}, the field allows ${String(column.type)}`);
      }
      if (views.has(table)) continue;
      const names = new Set(['id', ...derived.map((c) => snakeCase(c.name))]);
      for (const name of stored.keys()) if (!names.has(name)) drift.push(`${table}.${name}: a column no definition declares`);
    }
    expect(drift).toEqual([]);
  });
});
