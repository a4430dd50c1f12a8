/**
 * A scoped short search (a name of one or two characters, a telephone's four digits) read a common
 * gram's every row in id order and probed each member's node: 38–40% of the unscoped speed (issue
 * 25). Each gram row now carries its member's node, indexed (gram, office_id, user_id), so the
 * scoped page is a range per node of the scope. The triggers of 0012 are replaced to write the node
 * with the grams, and a new one follows a change of node. The (gram, user_id) key and the user_id
 * index stay: the unscoped search and the removal of an account's grams use them.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';

interface GramSpec {
  table: 'user_name_gram' | 'user_phone_gram';
  column: 'name' | 'telephone';
  lengths: readonly number[];
}

// As in 0012.
const GRAMS: readonly GramSpec[] = [
  { table: 'user_name_gram', column: 'name', lengths: [1, 2] },
  { table: 'user_phone_gram', column: 'telephone', lengths: [4] },
];
const MAX_LENGTH = 64;

async function sqliteUp(db: Kysely<unknown>): Promise<void> {
  for (const { table, column, lengths } of GRAMS) {
    await sql.raw(`alter table ${table} add column office_id integer`).execute(db);
    await sql.raw(`update ${table} set office_id = (select u.office_id from "user" u where u.id = ${table}.user_id)`).execute(db);
    await sql.raw(`create index ${table}_office on ${table} (gram, office_id, user_id)`).execute(db);
    const gramsOf = `
      insert or ignore into ${table} (gram, user_id, office_id)
        select lower(substr(new.${column}, p.start, p.length)), new.id, new.office_id from gram_position p
        where p.length in (${lengths.join(', ')}) and p.start + p.length - 1 <= length(new.${column});`;
    await sql.raw(`drop trigger ${table}_insert`).execute(db);
    await sql.raw(`drop trigger ${table}_update`).execute(db);
    await sql.raw(`create trigger ${table}_insert after insert on "user" begin ${gramsOf} end`).execute(db);
    await sql.raw(`create trigger ${table}_update after update of ${column} on "user" when old.${column} is not new.${column} begin
        delete from ${table} where user_id = old.id; ${gramsOf} end`).execute(db);
    // When the name changes too, either trigger's order leaves the new node on every row.
    await sql.raw(`create trigger ${table}_office after update of office_id on "user" when old.office_id is not new.office_id begin
        update ${table} set office_id = new.office_id where user_id = new.id; end`).execute(db);
  }
}

async function postgresUp(db: Kysely<unknown>): Promise<void> {
  for (const { table, column, lengths } of GRAMS) {
    await sql.raw(`alter table ${table} add column office_id bigint`).execute(db);
    await sql.raw(`update ${table} g set office_id = u.office_id from "user" u where u.id = g.user_id and u.office_id is not null`).execute(db);
    await sql.raw(`create index ${table}_office on ${table} (gram, office_id, user_id)`).execute(db);
    await sql.raw(`drop function ${table}_of(bigint, text)`).execute(db);
    await sql.raw(`
      create function ${table}_of(id bigint, value text, office bigint) returns void language sql as $$
        insert into ${table} (gram, user_id, office_id)
          select distinct lower(substr(value, s, l)), id, office
          from generate_series(1, least(length(value), ${MAX_LENGTH})) s, unnest(array[${lengths.join(', ')}]) l
          where s + l - 1 <= length(value)
        on conflict do nothing
      $$`).execute(db);
    await sql.raw(`
      create or replace function ${table}_sync() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then delete from ${table} where user_id = old.id; end if;
        if tg_op in ('INSERT', 'UPDATE') and new.${column} is not null then perform ${table}_of(new.id, new.${column}, new.office_id); end if;
        return null;
      end $$`).execute(db);
    await sql.raw(`
      create function ${table}_office() returns trigger language plpgsql as $$
      begin
        update ${table} set office_id = new.office_id where user_id = new.id;
        return null;
      end $$`).execute(db);
    // When the name changes too, either trigger's order leaves the new node on every row.
    await sql.raw(`create trigger ${table}_office after update of office_id on "user" for each row
      when (old.office_id is distinct from new.office_id) execute function ${table}_office()`).execute(db);
  }
}

export function gramOffice(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await (dialect === 'postgres' ? postgresUp(db) : sqliteUp(db));
    },
  };
}
