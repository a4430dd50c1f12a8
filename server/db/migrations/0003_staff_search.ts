/**
 * The staff list's "contains" searches on name, code and telephone must stay fast with 100,000
 * staff: SQLite gets an FTS5 trigram index over `user` (external content, kept in sync by
 * triggers), PostgreSQL pg_trgm GIN indexes. Both also keep `staff_list_version`, a counter that
 * every change able to move a list total bumps (staff rows, their department, their roles), so
 * the server may reuse a total it counted while the counter has not moved.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';

/** Name of the FTS5 table (SQLite) that serves the staff searches. */
export const STAFF_SEARCH_TABLE = 'user_search';
/** One row (id 1) whose `version` moves whenever a staff list total may have changed. */
export const STAFF_LIST_VERSION_TABLE = 'staff_list_version';

async function sqliteUp(db: Kysely<unknown>): Promise<void> {
  await sql`create virtual table user_search using fts5(name, code, telephone, content='user', content_rowid='id', tokenize='trigram')`.execute(db);
  await sql`insert into user_search(user_search) values ('rebuild')`.execute(db);
  // Terms under three characters are a LIKE scan: over this narrow index rather than the wide table.
  await sql`create index user_contains_scan on "user" (name, code, telephone)`.execute(db);
  await sql`create table staff_list_version (id integer primary key, version integer not null)`.execute(db);
  await sql`insert into staff_list_version (id, version) values (1, 0)`.execute(db);

  const bump = 'update staff_list_version set version = version + 1 where id = 1;';
  const statements = [
    `create trigger user_search_insert after insert on "user" begin
       insert into user_search(rowid, name, code, telephone) values (new.id, new.name, new.code, new.telephone);
       ${bump}
     end`,
    `create trigger user_search_delete after delete on "user" begin
       insert into user_search(user_search, rowid, name, code, telephone) values ('delete', old.id, old.name, old.code, old.telephone);
       ${bump}
     end`,
    `create trigger user_search_update after update of name, code, telephone on "user" begin
       insert into user_search(user_search, rowid, name, code, telephone) values ('delete', old.id, old.name, old.code, old.telephone);
       insert into user_search(rowid, name, code, telephone) values (new.id, new.name, new.code, new.telephone);
       ${bump}
     end`,
    `create trigger staff_list_office_change after update of office_id on "user"
       when old.office_id is not new.office_id begin ${bump} end`,
    `create trigger staff_list_role_insert after insert on user_role begin ${bump} end`,
    `create trigger staff_list_role_delete after delete on user_role begin ${bump} end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function postgresUp(db: Kysely<unknown>): Promise<void> {
  // In `public`, not in the first schema of the search path: a test's schema is dropped with
  // everything in it, and the extension serves the whole database.
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  const ops = sql.raw(`"${rows[0]!.schema.replace(/"/g, '""')}".gin_trgm_ops`);
  await sql`create index user_name_trgm on "user" using gin (lower(name) ${ops})`.execute(db);
  await sql`create index user_code_trgm on "user" using gin (lower(code) ${ops})`.execute(db);
  await sql`create index user_telephone_trgm on "user" using gin (telephone ${ops})`.execute(db);

  await sql`create table staff_list_version (id integer primary key, version bigint not null)`.execute(db);
  await sql`insert into staff_list_version (id, version) values (1, 0)`.execute(db);
  await sql`
    create function staff_list_bump() returns trigger language plpgsql as $$
    begin
      update staff_list_version set version = version + 1 where id = 1;
      return null;
    end $$`.execute(db);
  // Per statement: a bulk insert moves the counter once, not once per row.
  await sql`create trigger staff_list_user_change after insert or delete or update of name, code, telephone, office_id on "user"
    for each statement execute function staff_list_bump()`.execute(db);
  await sql`create trigger staff_list_role_change after insert or delete on user_role
    for each statement execute function staff_list_bump()`.execute(db);
}

export function staffSearch(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await (dialect === 'postgres' ? postgresUp(db) : sqliteUp(db));
    },
  };
}
