/**
 * Migrations run in name order and none is ever skipped: the list is sorted, one per number and
 * one per file, and a database that ran a later migration before an earlier one was added (a
 * branch merged late) gets the earlier one at its next start.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { currentSchema } from '../../server/db/database';
import { migrateToLatest, migrations } from '../../server/db/migrations';
import { freshDatabase } from './harness';

describe('the migrations', () => {
  it('are listed in name order, one per number, one per file of the folder', () => {
    const names = Object.keys(migrations('sqlite'));
    expect(names).toEqual([...names].sort());
    const numbers = names.map((name) => name.slice(0, 4));
    expect(new Set(numbers).size).toBe(names.length);
    expect(names.every((name) => /^\d{4}_[a-z0-9_]+$/.test(name))).toBe(true);
    const files = readdirSync(join(__dirname, '../../server/db/migrations')).filter((file) => /^\d{4}_/.test(file));
    expect(files.map((file) => file.replace(/\.ts$/, '')).sort()).toEqual(names);
  });

  it('apply an earlier migration to a database that already ran a later one', async () => {
    const { handle, dispose } = await freshDatabase();
    try {
      const all = migrations(handle.dialect);
      const { '0016_ua_unpublish': late, ...others } = all;
      expect(late).toBeDefined();
      const ranFirst = new Migrator({ db: handle.db, provider: { getMigrations: async () => others }, migrationTableSchema: await currentSchema(handle) });
      expect((await ranFirst.migrateToLatest()).error).toBeUndefined();

      await migrateToLatest(handle);
      const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(handle.db);
      expect(rows.map((row) => row.name).sort()).toEqual(Object.keys(all));
    } finally {
      await handle.close();
      await dispose();
    }
  });
});
