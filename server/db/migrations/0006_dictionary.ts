/**
 * Dictionaries and their items share the table `dic` (the platform's calls serve both from /dic):
 * a dictionary has parent_id 0, an item its dictionary's id. `dic_version` moves with every write
 * to it (triggers, like grants_version), so every server's cache of enabled items and every
 * console's dropdowns know when what they hold is old. The seeded system dictionaries come with it,
 * so a database seeded before dictionaries existed gets them too.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { SEEDED_DICTIONARIES } from '../../../contract/dictionaries';
import { columnTypes } from '../columnTypes';
import type { DialectName } from '../database';

async function versionTriggers(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') {
    await sql`
      create function dic_version_bump() returns trigger language plpgsql as $$
      begin
        update dic_version set version = version + 1 where id = 1;
        return null;
      end $$`.execute(db);
    // Per statement: deleting a dictionary with its items moves the version once.
    await sql`create trigger dic_version_change after insert or update or delete on dic for each statement execute function dic_version_bump()`.execute(db);
    return;
  }
  for (const event of ['insert', 'update', 'delete']) {
    await sql.raw(`create trigger dic_version_${event} after ${event} on dic begin update dic_version set version = version + 1 where id = 1; end`).execute(db);
  }
}

export function dictionaries(dialect: DialectName): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('dic')
        .addColumn('id', t.idType, t.idColumn)
        .addColumn('parentId', t.bigint, (col) => col.notNull().defaultTo(0))
        .addColumn('name', t.text(50), (col) => col.notNull())
        .addColumn('dicKey', t.text(50), (col) => col.notNull())
        .addColumn('type', t.bigint)
        .addColumn('sortNum', t.bigint)
        .addColumn('openStatus', t.bigint)
        .execute();
      await sql`create table dic_version (id integer primary key, version bigint not null)`.execute(db);
      await sql`insert into dic_version (id, version) values (1, 0)`.execute(db);
      await versionTriggers(db, dialect);

      for (const dictionary of SEEDED_DICTIONARIES) {
        const { id } = await db
          .insertInto('dic' as never)
          .values({ parentId: 0, name: dictionary.name['zh-CN'], dicKey: dictionary.dicKey, type: dictionary.type } as never)
          .returning('id' as never)
          .executeTakeFirstOrThrow() as { id: number };
        await db
          .insertInto('dic' as never)
          .values(dictionary.items.map((item, index) => ({ parentId: id, name: item.name['zh-CN'], dicKey: item.value, sortNum: index + 1, openStatus: 1 })) as never)
          .execute();
      }
    },
  };
}
