import SQLite from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/database';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A database file an operator has run ANALYZE on: sqlite_stat1 and sqlite_stat4 both filled. */
function analyzedFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'stat4-'));
  dirs.push(dir);
  const file = join(dir, 'console.db');
  const sqlite = new SQLite(file);
  sqlite.exec('create table item (id integer primary key, code text not null); create index item_code on item (code)');
  const insert = sqlite.prepare('insert into item (code) values (?)');
  // Skewed, as real codes are: one value common, the rest rare.
  for (let i = 0; i < 2000; i++) insert.run(i % 2 ? 'common' : `rare-${i}`);
  sqlite.exec('analyze');
  expect((sqlite.prepare('select count(*) as n from sqlite_stat4').get() as { n: number }).n).toBeGreaterThan(0);
  sqlite.close();
  return file;
}

const count = (sqlite: SQLite.Database, table: string) => (sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;

describe('opening a SQLite database that has been analyzed', () => {
  it('drops the stat4 samples, which make SQLite plan kept statements again on every run, and keeps the row counts of stat1', async () => {
    const file = analyzedFile();
    const handle = openDatabase(file);
    const rows = await handle.db
      .selectFrom('item' as never)
      .select('id' as never)
      .where('code' as never, '=', 'rare-10' as never)
      .execute();
    expect(rows).toEqual([{ id: 11 }]);
    await handle.close();

    const sqlite = new SQLite(file, { readonly: true });
    try {
      expect(count(sqlite, 'sqlite_stat4')).toBe(0);
      expect(count(sqlite, 'sqlite_stat1')).toBeGreaterThan(0);
    } finally {
      sqlite.close();
    }
  });

  it('opens a database never analyzed without making statistics tables', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stat4-'));
    dirs.push(dir);
    const file = join(dir, 'console.db');
    const handle = openDatabase(file);
    await handle.close();
    const sqlite = new SQLite(file, { readonly: true });
    try {
      expect(sqlite.prepare(`select name from sqlite_schema where name like 'sqlite_stat%'`).all()).toEqual([]);
    } finally {
      sqlite.close();
    }
  });
});
