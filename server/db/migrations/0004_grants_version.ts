/**
 * `grants_version`: one row whose `version` moves with every write that can change what some
 * user may call (nodes, grants, roles, users' roles; the base app's code never changes). The guard keeps each user's granted
 * API paths in memory and trusts them only while the version is the one they were read at, so
 * a change still holds from the very next request, on every server sharing the database.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';

/** Tables whose writes can change a user's grants. */
const GRANT_TABLES = ['permission', 'role_permission', 'role', 'user_role'] as const;

async function sqliteUp(db: Kysely<unknown>): Promise<void> {
  const bump = 'update grants_version set version = version + 1 where id = 1;';
  for (const table of GRANT_TABLES) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql.raw(`create trigger grants_version_${table}_${event} after ${event} on "${table}" begin ${bump} end`).execute(db);
    }
  }
}

async function postgresUp(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function grants_version_bump() returns trigger language plpgsql as $$
    begin
      update grants_version set version = version + 1 where id = 1;
      return null;
    end $$`.execute(db);
  for (const table of GRANT_TABLES) {
    // Per statement: a grant of many nodes moves the version once.
    await sql.raw(`create trigger grants_version_${table} after insert or update or delete on "${table}" for each statement execute function grants_version_bump()`).execute(db);
  }
}

export function grantsVersion(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`create table grants_version (id integer primary key, version bigint not null)`.execute(db);
      await sql`insert into grants_version (id, version) values (1, 0)`.execute(db);
      await (dialect === 'postgres' ? postgresUp(db) : sqliteUp(db));
    },
  };
}
