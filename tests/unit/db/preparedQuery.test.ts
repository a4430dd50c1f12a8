import SQLite from 'better-sqlite3';
import { Kysely, sql, type Generated } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CachedCamelCasePlugin } from '../../../server/db/camelCasePlugin';
import { preparedQuery } from '../../../server/db/preparedQuery';
import { SqliteServerDialect } from '../../../server/db/sqliteDialect';

interface Tables {
  item: { id: Generated<number>; itemName: string; groupId: number };
}

const opened: Kysely<Tables>[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.destroy();
});

async function setUp() {
  const db = new Kysely<Tables>({ dialect: new SqliteServerDialect(new SQLite(':memory:')), plugins: [new CachedCamelCasePlugin()] });
  opened.push(db);
  await sql`create table item (id integer primary key, item_name text, group_id integer)`.execute(db);
  await db.insertInto('item').values([{ itemName: 'a', groupId: 1 }, { itemName: 'b', groupId: 1 }, { itemName: 'c', groupId: 2 }]).execute();
  return db;
}

describe('a prepared query', () => {
  it('builds and compiles once, then answers each call with its own values, rows camel-cased', async () => {
    const db = await setUp();
    const build = vi.fn(({ groupId }: { groupId: number }) => db.selectFrom('item').select(['itemName']).where('groupId', '=', groupId).orderBy('id'));
    const byGroup = preparedQuery(db, build);
    expect(await byGroup.execute({ groupId: 1 })).toEqual([{ itemName: 'a' }, { itemName: 'b' }]);
    expect(await byGroup.execute({ groupId: 2 })).toEqual([{ itemName: 'c' }]);
    expect(await byGroup.takeFirst({ groupId: 3 })).toBeUndefined();
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('compiles once per length of a list value, and keeps constants of the builder', async () => {
    const db = await setUp();
    const build = vi.fn(({ ids }: { ids: number[] }) => db.selectFrom('item').select('itemName').where('id', 'in', ids).where('itemName', '!=', 'b').orderBy('id'));
    const named = preparedQuery(db, build);
    expect((await named.execute({ ids: [1, 2] })).map((r) => r.itemName)).toEqual(['a']);
    expect((await named.execute({ ids: [2, 3] })).map((r) => r.itemName)).toEqual(['c']);
    expect((await named.execute({ ids: [1, 2, 3] })).map((r) => r.itemName)).toEqual(['a', 'c']);
    expect(build).toHaveBeenCalledTimes(2);
  });

  it('compiles once per shape, which decides the structure', async () => {
    const db = await setUp();
    const build = vi.fn(({ groupId }: { groupId: number }, shape: { byGroup: boolean }) => {
      const query = db.selectFrom('item').select('itemName').orderBy('id');
      return shape.byGroup ? query.where('groupId', '=', groupId) : query;
    });
    const items = preparedQuery(db, build);
    expect(await items.execute({ groupId: 2 }, { shape: { byGroup: true } })).toEqual([{ itemName: 'c' }]);
    expect(await items.execute({ groupId: 2 }, { shape: { byGroup: false } })).toHaveLength(3);
    expect(await items.execute({ groupId: 1 }, { shape: { byGroup: true } })).toHaveLength(2);
    expect(build).toHaveBeenCalledTimes(2);
  });

  it('runs inside a transaction it is given, and sees its writes', async () => {
    const db = await setUp();
    const count = preparedQuery(db, ({ groupId }: { groupId: number }) => db.selectFrom('item').select((eb) => eb.fn.countAll<number>().as('n')).where('groupId', '=', groupId));
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('item').values({ itemName: 'd', groupId: 2 }).execute();
      expect((await count.takeFirst({ groupId: 2 }, { executor: trx }))?.n).toBe(2);
    });
  });

  it('refuses a builder that writes a value into the SQL text, where a later call could not replace it', async () => {
    const db = await setUp();
    const inlined = preparedQuery(db, ({ name }: { name: string }) => db.selectFrom('item').select('id').where('itemName', '=', sql.lit(name)));
    await expect(inlined.execute({ name: 'a' })).rejects.toThrow(/into its SQL text/);
  });
});
