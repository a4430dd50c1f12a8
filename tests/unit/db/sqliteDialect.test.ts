import SQLite from 'better-sqlite3';
import { Kysely, sql, type Generated } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SqliteServerDialect } from '../../../server/db/sqliteDialect';

const opened: SQLite.Database[] = [];
afterEach(() => opened.splice(0).forEach((db) => db.open && db.close()));

function setUp(size?: number) {
  const sqlite = new SQLite(':memory:');
  opened.push(sqlite);
  const prepare = vi.spyOn(sqlite, 'prepare');
  const db = new Kysely<{ item: { id: Generated<number>; name: string } }>({ dialect: new SqliteServerDialect(sqlite, size) });
  return { db, prepare };
}

describe('the SQLite server dialect', () => {
  it('prepares a repeated query once and still answers with the current rows', async () => {
    const { db, prepare } = setUp();
    await sql`create table item (id integer primary key, name text)`.execute(db);
    for (const name of ['a', 'b', 'c']) await db.insertInto('item').values({ name }).execute();
    const names = async () => (await db.selectFrom('item').select('name').where('id', '>', 1).execute()).map((r) => r.name);
    expect(await names()).toEqual(['b', 'c']);
    await db.deleteFrom('item').where('name', '=', 'c').execute();
    expect(await names()).toEqual(['b']);
    const prepared = prepare.mock.calls.map(([text]) => text);
    expect(prepared.filter((text) => text.startsWith('insert'))).toHaveLength(1);
    expect(prepared.filter((text) => text.startsWith('select'))).toHaveLength(1);
  });

  it('keeps at most its size, dropping the least recently used', async () => {
    const { db, prepare } = setUp(2);
    const one = () => sql`select 1 as n`.execute(db);
    const two = () => sql`select 2 as n`.execute(db);
    const three = () => sql`select 3 as n`.execute(db);
    await one();
    await two();
    await one(); // now two is the oldest
    await three(); // drops two
    await one();
    await two(); // prepared again
    expect(prepare.mock.calls.map(([text]) => text)).toEqual(['select 1 as n', 'select 2 as n', 'select 3 as n', 'select 2 as n']);
  });

  it('closes the database with Kysely', async () => {
    const { db } = setUp();
    await sql`select 1`.execute(db);
    await db.destroy();
    expect(opened[0]!.open).toBe(false);
  });

  it('hands the connection to waiting queries in turn, and a transaction keeps it until it ends', async () => {
    const { db } = setUp();
    await sql`create table item (id integer primary key, name text)`.execute(db);
    const seen: string[] = [];
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('item').values({ name: 'in transaction' }).execute();
      // Queries outside the transaction wait here instead of running inside it.
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen.push('transaction');
      throw new Error('rolled back');
    });
    const outside = Array.from({ length: 5 }, (_, i) =>
      db.selectFrom('item').select('name').execute().then((rows) => seen.push(`read ${i}: ${rows.length}`)),
    );
    await expect(transaction).rejects.toThrow('rolled back');
    await Promise.all(outside);
    expect(seen).toEqual(['transaction', 'read 0: 0', 'read 1: 0', 'read 2: 0', 'read 3: 0', 'read 4: 0']);
  });

  it('answers rows as better-sqlite3 makes them, also where it reads the values as arrays', async () => {
    const { db } = setUp();
    await sql`create table item (id integer primary key, name text, data blob)`.execute(db);
    await db.insertInto('item').values({ name: 'a' }).execute();
    await sql`update item set data = x'0102'`.execute(db);
    const plain = opened[0]!;
    const texts = [
      'select id, name, data from item',
      'select id as "b", name as "a", id + 1 as "1", name as "a" from item',
      'select name as "__proto__", id from item',
      'select * from item',
      'select count(*) as n from item',
    ];
    for (const text of texts) {
      const expected = plain.prepare(text).all();
      const { rows } = await sql.raw(text).execute(db);
      expect(rows, text).toEqual(expected);
      expect(rows.map((row) => Object.keys(row as object)), text).toEqual(expected.map((row) => Object.keys(row as object)));
      expect(rows.map((row) => Object.getPrototypeOf(row)), text).toEqual(expected.map(() => Object.prototype));
    }
  });
});
