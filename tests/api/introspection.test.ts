/**
 * What the server reads of its database's tables (migrations, resource tables): its own schema's
 * tables, with their columns, and nothing of another schema. On PostgreSQL schemas made and
 * dropped elsewhere in the database while the tables are read (another console's, on the same
 * database) do not fail the read, nor a start's migrations (server/db/postgresDialect.ts).
 */
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrations';
import { handleOf, startTestServer, type TestServer } from './harness';

let server: TestServer;
let raw: Kysely<unknown>;

beforeAll(async () => {
  server = await startTestServer();
  raw = server.db.withoutPlugins() as unknown as Kysely<unknown>;
});
afterAll(async () => {
  await server?.close();
});

describe('the tables the server reads', () => {
  it('are its own, with their columns and the id that numbers itself', async () => {
    const tables = await raw.introspection.getTables();
    const param = tables.find((table) => table.name === 'param');
    expect(param?.isView).toBe(false);
    expect(param?.columns.map((column) => column.name)).toEqual(expect.arrayContaining(['id', 'param_key', 'value']));
    expect(param?.columns.find((column) => column.name === 'id')?.isAutoIncrementing).toBe(true);
    expect(param?.columns.find((column) => column.name === 'value')?.isAutoIncrementing).toBe(false);
    // The migrations' own tables only when asked for.
    expect(tables.some((table) => table.name.startsWith('kysely_'))).toBe(false);
    const all = await raw.introspection.getTables({ withInternalKyselyTables: true });
    expect(all.map((table) => table.name)).toContain('kysely_migration');
  });
});

if (process.env.TEST_DATABASE_URL) {
  describe('on a PostgreSQL database another schema shares', () => {
    const other = `other_${process.pid}_${Date.now()}`;
    let client: pg.Client;

    beforeAll(async () => {
      client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      await client.query(`create schema ${other}`);
      await client.query(`create table ${other}.gadget (id serial primary key, name text)`);
    });
    afterAll(async () => {
      await client.query(`drop schema if exists ${other} cascade`).catch(() => undefined);
      await client.end();
    });

    it('lists no table of the other schema, nor a month of a partitioned log', async () => {
      const names = (await raw.introspection.getTables()).map((table) => table.name);
      expect(names).not.toContain('gadget');
      expect(names).toContain('audit_log');
      expect(names.filter((name) => name.startsWith('audit_log_p'))).toEqual([]);
    });

    it('reads its tables and migrates while other schemas are made and dropped beside it', async () => {
      // Kysely's own introspector failed here within a second ("schema … does not exist"): it
      // listed every schema's tables and looked each one up by name again as it went.
      const churn = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await churn.connect();
      let stopped = false;
      let made = 0;
      const churning = (async () => {
        while (!stopped) {
          const name = `${other}_${made++}`;
          await churn.query(`create schema ${name}; create table ${name}.gadget (id serial primary key, a text, b text)`);
          await churn.query(`drop schema ${name} cascade`);
        }
      })();
      try {
        for (let read = 0; read < 20; read += 1) {
          expect((await raw.introspection.getTables()).map((table) => table.name)).toContain('param');
          await migrateToLatest(handleOf(server));
        }
      } finally {
        stopped = true;
        await churning;
        await churn.end();
      }
      expect(made).toBeGreaterThan(0);
    });
  });
}
