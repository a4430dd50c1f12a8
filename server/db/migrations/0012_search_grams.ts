/**
 * Two "contains" searches of the staff list that the trigram indexes of 0003 serve badly:
 * - a name of one or two characters (a Chinese surname, a given name) has no trigram and was a
 *   scan of every name (about 2 ms at 100,000 staff, 4 ms to count);
 * - a telephone's digit trigrams each occur in thousands of numbers, so matching a few digits
 *   read long lists (about 200 µs).
 * `user_name_gram` holds each name's substrings of one and two characters, lower-cased;
 * `user_phone_gram` each telephone's substrings of four characters. Both are keyed (gram,
 * user_id): a search reads its gram's rows newest first and stops after the page. Triggers keep
 * them in step with `user` on both databases, whoever writes.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';

interface GramSpec {
  table: 'user_name_gram' | 'user_phone_gram';
  column: 'name' | 'telephone';
  lengths: readonly number[];
}

const GRAMS: readonly GramSpec[] = [
  { table: 'user_name_gram', column: 'name', lengths: [1, 2] },
  { table: 'user_phone_gram', column: 'telephone', lengths: [4] },
];
/** Grams of the first this-many characters are kept: longer than any value a save accepts. */
const MAX_LENGTH = 64;

async function sqliteUp(db: Kysely<unknown>): Promise<void> {
  // Triggers cannot use a recursive query: where a value's grams start is a table.
  await sql`create table gram_position (start integer not null, length integer not null, primary key (length, start)) without rowid`.execute(db);
  const lengths = [...new Set(GRAMS.flatMap((spec) => spec.lengths))];
  const positions = lengths.flatMap((length) => Array.from({ length: MAX_LENGTH }, (_, i) => `(${i + 1}, ${length})`));
  await sql.raw(`insert into gram_position (start, length) values ${positions.join(', ')}`).execute(db);

  for (const { table, column, lengths: own } of GRAMS) {
    await sql.raw(`create table ${table} (gram text not null, user_id integer not null, primary key (gram, user_id)) without rowid`).execute(db);
    const gramsOf = (row: string, from = 'gram_position p') => `
      insert or ignore into ${table} (gram, user_id)
        select lower(substr(${row}.${column}, p.start, p.length)), ${row}.id from ${from}
        where p.length in (${own.join(', ')}) and p.start + p.length - 1 <= length(${row}.${column});`;
    await sql.raw(gramsOf('u', '"user" u, gram_position p')).execute(db);
    await sql.raw(`create trigger ${table}_insert after insert on "user" begin ${gramsOf('new')} end`).execute(db);
    await sql.raw(`create trigger ${table}_update after update of ${column} on "user" when old.${column} is not new.${column} begin
        delete from ${table} where user_id = old.id; ${gramsOf('new')} end`).execute(db);
    await sql.raw(`create trigger ${table}_delete after delete on "user" begin delete from ${table} where user_id = old.id; end`).execute(db);
  }
}

async function postgresUp(db: Kysely<unknown>): Promise<void> {
  for (const { table, column, lengths } of GRAMS) {
    const width = Math.max(...lengths);
    await sql.raw(`create table ${table} (gram varchar(${width}) not null, user_id bigint not null, primary key (gram, user_id))`).execute(db);
    await sql.raw(`
      create function ${table}_of(id bigint, value text) returns void language sql as $$
        insert into ${table} (gram, user_id)
          select distinct lower(substr(value, s, l)), id
          from generate_series(1, least(length(value), ${MAX_LENGTH})) s, unnest(array[${lengths.join(', ')}]) l
          where s + l - 1 <= length(value)
        on conflict do nothing
      $$`).execute(db);
    await sql.raw(`select ${table}_of(id, ${column}) from "user" where ${column} is not null`).execute(db);
    await sql.raw(`
      create function ${table}_sync() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then delete from ${table} where user_id = old.id; end if;
        if tg_op in ('INSERT', 'UPDATE') and new.${column} is not null then perform ${table}_of(new.id, new.${column}); end if;
        return null;
      end $$`).execute(db);
    await sql.raw(`create trigger ${table}_insert_delete after insert or delete on "user" for each row execute function ${table}_sync()`).execute(db);
    await sql.raw(`create trigger ${table}_update after update of ${column} on "user" for each row
      when (old.${column} is distinct from new.${column}) execute function ${table}_sync()`).execute(db);
  }
}

export function searchGrams(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await (dialect === 'postgres' ? postgresUp(db) : sqliteUp(db));
    },
  };
}
