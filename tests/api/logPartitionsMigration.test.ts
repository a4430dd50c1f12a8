/**
 * Migration 0029 on a database holding rows (PostgreSQL: the logs and traffic hours become monthly
 * partitions; SQLite: nothing changes). Rows and ids are kept, new ids go on rising, and every
 * index the tables had when it ran is there after, by name, including indexes no migration of
 * this file names (as 0028's, added beside it) and a unique one (given the partition key).
 */
import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { currentSchema } from '../../server/db/database';
import { migrateToLatest, migrations } from '../../server/db/migrations';
import { freshDatabase } from './harness';

const TABLES = ['audit_log', 'login_log', 'traffic_hour'];

describe('migration 0029 over stored rows', () => {
  it('keeps the rows, the ids rising and every index of the three tables', async () => {
    const { handle, dispose } = await freshDatabase();
    const { db } = handle;
    try {
      const { '0029_log_partitions': partitioning, ...before } = migrations(handle.dialect);
      expect(partitioning).toBeDefined();
      const earlier = new Migrator({ db, provider: { getMigrations: async () => before }, migrationTableSchema: await currentSchema(handle) });
      expect((await earlier.migrateToLatest()).error).toBeUndefined();

      const at = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d, 8);
      const audit = [at(2025, 1, 5), at(2025, 1, 31), at(2026, 3, 1), Date.now()].map((changedAt, i) => ({
        changedAt, requestId: `m${i}`, userId: null, userName: null, method: 'POST', route: '/m', address: null, tableName: 'param', recordId: String(i), action: 'update' as const, changes: '{}',
      }));
      await db.insertInto('auditLog').values(audit).execute();
      await db.insertInto('loginLog').values([at(2024, 12, 31), Date.now()].map((attemptedAt) => ({ attemptedAt, userName: 'm', address: null, userAgent: null, result: 'failure', reason: 'wrongPassword' }))).execute();
      await db.insertInto('trafficHour').values([{ siteUserId: 1, hour: 2025063023, count: 4 }, { siteUserId: 1, hour: 2026112610, count: 5 }]).execute();
      // Indexes no migration before names, as another migration may add beside this one.
      await sql`create index audit_log_extra_idx on audit_log (route, changed_at desc)`.execute(db);
      await sql`create unique index audit_log_request_uq on audit_log (request_id, id)`.execute(db);
      await sql`create index login_log_extra_idx on login_log (user_name) where result = 'failure'`.execute(db);
      const indexes = async (table: string) =>
        handle.dialect === 'postgres'
          ? (await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema() and tablename = ${table} order by 1`.execute(db)).rows.map((r) => r.name)
          : (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null order by 1`.execute(db)).rows.map((r) => r.name);
      const indexesBefore = Object.fromEntries(await Promise.all(TABLES.map(async (t) => [t, await indexes(t)] as const)));
      const maxId = Number((await db.selectFrom('auditLog').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow()).id);

      await migrateToLatest(handle);

      for (const table of TABLES) expect(await indexes(table), table).toEqual(indexesBefore[table]);
      expect((await db.selectFrom('auditLog').select(['requestId', 'changedAt']).orderBy('id').execute()).map((r) => [r.requestId, Number(r.changedAt)])).toEqual(audit.map((r) => [r.requestId, r.changedAt]));
      expect((await db.selectFrom('loginLog').select('id').execute()).length).toBe(2);
      const { id } = await db.insertInto('auditLog').values({ ...audit[0]!, requestId: 'after', changedAt: Date.now() }).returning('id').executeTakeFirstOrThrow();
      expect(id).toBe(maxId + 1);
      // The ingestion's upsert: ON CONFLICT on (site user, hour), which includes the partition key.
      await db.insertInto('trafficHour').values({ siteUserId: 1, hour: 2026112610, count: 9 }).onConflict((oc) => oc.columns(['siteUserId', 'hour']).doUpdateSet((eb) => ({ count: eb.ref('excluded.count') }))).execute();
      expect((await db.selectFrom('trafficHour').select(['hour', 'count']).orderBy('hour').execute()).map((r) => [Number(r.hour), Number(r.count)])).toEqual([[2025063023, 4], [2026112610, 9]]);

      if (handle.dialect === 'postgres') {
        const { rows } = await sql<{ name: string; kind: string }>`
          select relname as name, relkind::text as kind from pg_class where relnamespace = (select oid from pg_namespace where nspname = current_schema()) and relname = any(${TABLES})`.execute(db);
        expect(rows.map((r) => r.kind)).toEqual(['p', 'p', 'p']);
        const partitions = (await sql<{ name: string }>`
          select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = to_regclass('audit_log')`.execute(db)).rows.map((r) => r.name);
        expect(partitions).toEqual(expect.arrayContaining(['audit_log_p202501', 'audit_log_p202603']));
        const definition = async (name: string) => (await sql<{ d: string }>`select indexdef as d from pg_indexes where schemaname = current_schema() and indexname = ${name}`.execute(db)).rows[0]!.d;
        expect(await definition('audit_log_request_uq')).toMatch(/UNIQUE INDEX .*\(request_id, id, changed_at\)/);
        expect(await definition('audit_log_extra_idx')).toMatch(/\(route, changed_at DESC\)/);
        expect(await definition('login_log_extra_idx')).toMatch(/WHERE/);
        expect(await definition('audit_log_pkey')).toMatch(/\(id, changed_at\)/);
        expect(await definition('traffic_hour_pk')).toMatch(/\(site_user_id, hour\)/);
      }
    } finally {
      await handle.close();
      await dispose();
    }
  });
});
