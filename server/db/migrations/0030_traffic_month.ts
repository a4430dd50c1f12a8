/**
 * Media statistics over long periods (issue 26): a per-owner month rollup, `traffic_month` (site
 * user × month), moved by ingestion with `traffic_day`, so a period is read as months plus edge
 * days (periodParts, server/statistics/repository.ts). Filled here from the stored day rows. Indexes by day and by month (covering the count)
 * let a period read only its own rows instead of every owner's whole history; traffic_hour is not
 * touched.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { columnTypes } from '../columnTypes';
import type { DialectName } from '../database';

export function trafficMonth(dialect: DialectName): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('traffic_month')
        .addColumn('site_user_id', t.bigint, (col) => col.notNull())
        // YYYYMM in the server's time zone, as traffic_service_month's.
        .addColumn('month', t.bigint, (col) => col.notNull())
        .addColumn('count', t.bigint, (col) => col.notNull())
        .addPrimaryKeyConstraint('traffic_month_pk', ['site_user_id', 'month'])
        .execute();
      // Keys are integers on both databases: day / 100 is the month.
      await sql`insert into traffic_month (site_user_id, month, count)
        select site_user_id, day / 100, sum(count) from traffic_day group by site_user_id, day / 100`.execute(db);
      await db.schema.createIndex('traffic_month_month_idx').on('traffic_month').columns(['month', 'site_user_id', 'count']).execute();
      await db.schema.createIndex('traffic_day_day_idx').on('traffic_day').columns(['day', 'site_user_id', 'count']).execute();
    },
  };
}
