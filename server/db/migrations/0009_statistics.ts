/**
 * Business statistics (issue 12): site users (traffic owners) with their media staff member,
 * advertisers with their business staff member, ads, domains, teams of staff, hourly traffic
 * counts per site user, revenue per staff member and month, and the rollups that keep every
 * dashboard figure a read of a few rows however much traffic is stored.
 *
 * Hours, days and months are integer calendar keys in the server's time zone (2026112309,
 * 20261123, 202611). Numbered 0009: 0008 belongs to another line of work; the migrator accepts
 * either order (allowUnorderedMigrations in ./index.ts).
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { columnTypes } from '../columnTypes';
import type { DialectName } from '../database';

/** Tables whose writes change a cached dashboard answer besides ingestion (which moves the version itself). */
const CATALOGUE_TABLES = ['site_user', 'advertiser', 'ad', 'domain', 'team', 'team_member'];

async function versionTriggers(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') {
    await sql`
      create function statistics_version_bump() returns trigger language plpgsql as $$
      begin
        update statistics_version set version = version + 1 where id = 1;
        return null;
      end $$`.execute(db);
    for (const table of CATALOGUE_TABLES) {
      await sql.raw(`create trigger ${table}_statistics_version after insert or update or delete on ${table} for each statement execute function statistics_version_bump()`).execute(db);
    }
    // Team lists show staff names: a rename moves the version, other staff writes do not.
    await sql`create trigger user_name_statistics_version after update of name on "user" for each statement execute function statistics_version_bump()`.execute(db);
    return;
  }
  await sql`create trigger user_name_statistics_version after update of name on "user" begin update statistics_version set version = version + 1 where id = 1; end`.execute(db);
  for (const table of CATALOGUE_TABLES) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql.raw(`create trigger ${table}_statistics_version_${event} after ${event} on ${table} begin update statistics_version set version = version + 1 where id = 1; end`).execute(db);
    }
  }
}

export function statistics(dialect: DialectName): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('site_user')
        .addColumn('id', t.idType, t.idColumn)
        .addColumn('user_name', t.text(50), (col) => col.notNull())
        .addColumn('media_admin_id', t.bigint)
        // The sub-system (app id) the traffic belongs to.
        .addColumn('service_id', t.bigint, (col) => col.notNull())
        .execute();
      await db.schema.createIndex('site_user_service_idx').on('site_user').columns(['service_id', 'id']).execute();
      await db.schema.createIndex('site_user_media_admin_idx').on('site_user').columns(['media_admin_id', 'id']).execute();

      await db.schema
        .createTable('advertiser')
        .addColumn('id', t.idType, t.idColumn)
        .addColumn('name', t.text(50), (col) => col.notNull())
        .addColumn('business_admin_id', t.bigint)
        .addColumn('service_id', t.bigint, (col) => col.notNull())
        .execute();
      await db.schema.createIndex('advertiser_service_idx').on('advertiser').column('service_id').execute();

      await db.schema
        .createTable('ad')
        .addColumn('id', t.idType, t.idColumn)
        .addColumn('advertiser_id', t.bigint, (col) => col.notNull())
        .addColumn('name', t.text(50), (col) => col.notNull())
        .addColumn('service_id', t.bigint, (col) => col.notNull())
        .execute();
      await db.schema.createIndex('ad_service_idx').on('ad').column('service_id').execute();

      await db.schema
        .createTable('domain')
        .addColumn('id', t.idType, t.idColumn)
        .addColumn('site_user_id', t.bigint, (col) => col.notNull())
        .addColumn('domain', t.text(100), (col) => col.notNull())
        .addColumn('service_id', t.bigint, (col) => col.notNull())
        .execute();
      await db.schema.createIndex('domain_service_idx').on('domain').column('service_id').execute();

      await db.schema
        .createTable('team')
        .addColumn('id', t.idType, t.idColumn)
        .addColumn('name', t.text(50), (col) => col.notNull())
        // 1 media, 2 business.
        .addColumn('team_type', t.bigint, (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('team_member')
        .addColumn('team_id', t.bigint, (col) => col.notNull())
        .addColumn('user_id', t.bigint, (col) => col.notNull())
        .addPrimaryKeyConstraint('team_member_pk', ['team_id', 'user_id'])
        .execute();

      // The stored truth: one row per site user and hour; a re-sent hour replaces its count.
      await db.schema
        .createTable('traffic_hour')
        .addColumn('site_user_id', t.bigint, (col) => col.notNull())
        .addColumn('hour', t.bigint, (col) => col.notNull())
        .addColumn('count', t.bigint, (col) => col.notNull())
        .addPrimaryKeyConstraint('traffic_hour_pk', ['site_user_id', 'hour'])
        .execute();
      // Rollups, moved by the same transaction as every traffic_hour write.
      await db.schema
        .createTable('traffic_day')
        .addColumn('site_user_id', t.bigint, (col) => col.notNull())
        .addColumn('day', t.bigint, (col) => col.notNull())
        .addColumn('count', t.bigint, (col) => col.notNull())
        .addPrimaryKeyConstraint('traffic_day_pk', ['site_user_id', 'day'])
        .execute();
      await db.schema
        .createTable('traffic_service_day')
        .addColumn('service_id', t.bigint, (col) => col.notNull())
        .addColumn('day', t.bigint, (col) => col.notNull())
        .addColumn('count', t.bigint, (col) => col.notNull())
        .addPrimaryKeyConstraint('traffic_service_day_pk', ['service_id', 'day'])
        .execute();
      await db.schema
        .createTable('traffic_service_month')
        .addColumn('service_id', t.bigint, (col) => col.notNull())
        .addColumn('month', t.bigint, (col) => col.notNull())
        .addColumn('count', t.bigint, (col) => col.notNull())
        .addPrimaryKeyConstraint('traffic_service_month_pk', ['service_id', 'month'])
        .execute();

      await db.schema
        .createTable('revenue_month')
        .addColumn('admin_id', t.bigint, (col) => col.notNull())
        .addColumn('month', t.bigint, (col) => col.notNull())
        .addColumn('amount_fen', t.bigint, (col) => col.notNull())
        .addPrimaryKeyConstraint('revenue_month_pk', ['admin_id', 'month'])
        .execute();

      // Moves with every write a cached dashboard answer depends on: servers sharing the database
      // reuse an answer while it stands still (one primary-key read instead of the figures' queries).
      await db.schema
        .createTable('statistics_version')
        .addColumn('id', t.bigint, (col) => col.primaryKey())
        .addColumn('version', t.bigint, (col) => col.notNull())
        .execute();
      await sql`insert into statistics_version (id, version) values (1, 0)`.execute(db);
      await versionTriggers(db, dialect);
    },
  };
}
