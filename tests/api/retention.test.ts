/**
 * Retention without locks (README): a purge leaves exactly the rows inside the kept windows (the
 * audit log, the login log, traffic hours); on PostgreSQL the tables are monthly partitions made
 * ahead and dropped behind, the month the cutoff falls in trimmed, a list over a month reads only
 * that month's partition; on SQLite a large purge goes in short batches; an hour of a month long past is ingested (its partition made first); and
 * the server's upkeep goes on after a purge that failed.
 */
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, Code, type ListData } from '../../contract';
import { purgeExpired, keepPartitions, MONTHS_AHEAD, scheduleUpkeep, type RetentionSettings } from '../../server/audit/retention';
import { BATCH_LIMITS } from '../../server/audit/batchSize';
import { ensureMonthsFor } from '../../server/db/partitions';
import { ConsoleClient } from '../../server/db/postgresClient';
import { calendarAt } from '../../server/statistics/clock';
import { ADMIN, startTestServer, type TestServer } from './harness';

const DAY = 24 * 60 * 60_000;
const ZONE = 'Asia/Shanghai';
let server: TestServer;
let admin: string;
const onPostgres = () => server.dialect === 'postgres';

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await server?.close();
});

const auditRow = (changedAt: number, recordId: string) => ({
  changedAt,
  requestId: 'retention',
  userId: null,
  userName: null,
  method: 'POST',
  route: '/retention',
  address: null,
  tableName: 'param',
  recordId,
  action: 'update' as const,
  changes: '{}',
});
const attempt = (attemptedAt: number, userName: string) => ({ attemptedAt, userName, address: null, userAgent: null, result: 'failure', reason: 'wrongPassword' });

/** Rows at these times, each month given its partition first (as nothing in the server writes in the past). */
async function store(audit: Array<[number, string]>, logins: Array<[number, string]>, hours: Array<[number, number]>): Promise<void> {
  await ensureMonthsFor(server.db, 'audit_log', audit.map(([at]) => at));
  await ensureMonthsFor(server.db, 'login_log', logins.map(([at]) => at));
  await ensureMonthsFor(server.db, 'traffic_hour', hours.map(([hour]) => hour));
  if (audit.length) await server.db.insertInto('auditLog').values(audit.map(([at, id]) => auditRow(at, id))).execute();
  if (logins.length) await server.db.insertInto('loginLog').values(logins.map(([at, name]) => attempt(at, name))).execute();
  if (hours.length) await server.db.insertInto('trafficHour').values(hours.map(([hour, siteUserId]) => ({ siteUserId, hour, count: 1 }))).execute();
}

/** The table's partitions, as the catalogue lists them in this test's schema. */
async function partitions(table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = to_regclass(${table}) and c.relnamespace = (select oid from pg_namespace where nspname = current_schema())
    order by c.relname`.execute(server.db);
  return rows.map((r) => r.name);
}

const monthKey = (at: number) => new Date(at).getUTCFullYear() * 100 + new Date(at).getUTCMonth() + 1;

describe('a list over a time range (PostgreSQL)', () => {
  it('reads only the partitions of its months: the plan of the audit list for one month names that month alone', async () => {
    if (!onPostgres()) return;
    const start = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 1);
    const end = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1) - 1;
    await store([[start + DAY, 'plan-a'], [end - DAY, 'plan-b'], [Date.now(), 'plan-c']], [], []);
    expect((await partitions('audit_log')).length).toBeGreaterThan(3);

    const { answer, plans } = await explainedList({ changedAtFrom: start, changedAtTo: end, pageNo: 1, pageSize: 20 });
    expect(answer.body.data.items.map((r) => r.recordId).sort()).toEqual(['plan-a', 'plan-b']);
    for (const { text: plan } of plans) expect([...new Set(plan.match(/audit_log_p\d{6}/g))], plan).toEqual([`audit_log_p${monthKey(start)}`]);
  });

  it('reads the newest page from the months’ indexes in order, with no sort: (time, id) gives the whole order on every partition', async () => {
    if (!onPostgres()) return;
    // Without sorts, as far as the planner can: a plan still sorting has no index giving the order
    // (with the time alone, a year of rows was sorted for 20: seconds at 10 million).
    const { plans } = await explainedList({ pageNo: 1, pageSize: 20 }, 'set enable_sort = off');
    for (const plan of plans.filter((p) => /order by/i.test(p.statement))) expect(plan.text, plan.text).not.toMatch(/Sort/);
  });
});

/**
 * The audit list call's statements, sent with their values and explained as sent (after `setting`,
 * if given, on the explaining connection).
 */
async function explainedList(query: Record<string, string | number>, setting?: string) {
  const sent: Array<{ text: string; values: unknown[] }> = [];
  const original = ConsoleClient.prototype.query;
  const spy = vi.spyOn(ConsoleClient.prototype, 'query').mockImplementation(function (this: ConsoleClient, ...args: unknown[]) {
    const [text, values] = args;
    if (typeof text === 'string' && /audit_log/.test(text) && Array.isArray(values)) sent.push({ text, values });
    return (original as (...a: unknown[]) => never).apply(this, args);
  });
  let answer;
  try {
    answer = await server.call<ListData<{ recordId: string }>>('GET', '/base/admin/auditLog/list', { token: admin, query });
  } finally {
    spy.mockRestore();
  }
  expect(answer.body.code).toBe(Code.OK);
  expect(sent.length).toBeGreaterThan(0);
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(server.db);
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL, options: `-c search_path=${rows[0]!.schema}` });
  await client.connect();
  try {
    if (setting) await client.query(setting);
    const explained: Array<{ statement: string; text: string }> = [];
    for (const statement of sent) {
      const plan = (await client.query<{ 'QUERY PLAN': string }>(`explain (costs off) ${statement.text}`, statement.values)).rows.map((r) => r['QUERY PLAN']).join('\n');
      explained.push({ statement: statement.text, text: plan });
    }
    return { answer, plans: explained };
  } finally {
    await client.end();
  }
}

describe('the audit detail by id', () => {
  it('answers a row of the partitioned log by its id', async () => {
    await server.call('POST', '/base/admin/param/saveOrUpdate', { token: admin, body: { sortNum: 1, paramKey: 'retention.detail', value: 'v' } });
    const id = Number((await server.db.selectFrom('auditLog').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow()).id);
    const answer = await server.call<{ id: number; route: string }>('GET', '/base/admin/auditLog/detail', { token: admin, query: { id } });
    expect(answer.body.code).toBe(Code.OK);
    expect(answer.body.data).toMatchObject({ id, route: '/base/admin/param/saveOrUpdate' });
  });
});

describe('ingestion into a month long past', () => {
  it('stores an hour of a month with no partition yet (made first), and refuses an hour older than the hours kept', async () => {
    const { id: owner } = await server.db.insertInto('siteUser').values({ userName: '流量主旧', mediaAdminId: null, serviceId: 1 }).returning('id').executeTakeFirstOrThrow();
    const today = calendarAt(Date.now(), ZONE).today;
    const longAgo = addDays(today, -380);
    const month = Math.floor(longAgo / 100);
    if (onPostgres()) {
      // As if no upkeep had made that month: detached and dropped.
      await sql.raw(`alter table traffic_hour detach partition traffic_hour_p${month}`).execute(server.db);
      await sql.raw(`drop table traffic_hour_p${month}`).execute(server.db);
      expect(await partitions('traffic_hour')).not.toContain(`traffic_hour_p${month}`);
    }
    const text = (day: number, hour: string) => `${String(day).slice(0, 4)}-${String(day).slice(4, 6)}-${String(day).slice(6, 8)} ${hour}`;
    const stored = await server.call('POST', '/base/admin/statistics/ingest', { token: admin, body: { traffic: [{ siteUserId: owner, hour: text(longAgo, '09'), count: 17 }] } });
    expect(stored.body.code).toBe(Code.OK);
    const row = await server.db.selectFrom('trafficHour').select('count').where('siteUserId', '=', owner).where('hour', '=', longAgo * 100 + 9).executeTakeFirst();
    expect(Number(row?.count)).toBe(17);
    if (onPostgres()) expect(await partitions('traffic_hour')).toContain(`traffic_hour_p${month}`);

    const tooOld = addDays(today, -401);
    const refused = await server.call('POST', '/base/admin/statistics/ingest', { token: admin, body: { traffic: [{ siteUserId: owner, hour: text(tooOld, '09'), count: 5 }] } });
    expect(refused.body.code).toBe(Code.VALIDATION_FAILED);
    expect(refused.body.msg).toMatch(/traffic\.0\.hour/);
  });
});

/** A fixed "now": 2026-06-15 12:00 UTC (20:00 in Shanghai). */
const NOW = Date.UTC(2026, 5, 15, 12);
const SETTINGS: RetentionSettings = { auditRetentionDays: 30, trafficHourRetentionDays: 40, timeZone: ZONE };

describe('a purge', () => {
  it('leaves exactly the rows inside the windows, the month the cutoff falls in trimmed and older months dropped', async () => {
    const cutoff = NOW - 30 * DAY; // 2026-05-16 12:00 UTC
    await store(
      [
        [Date.UTC(2026, 2, 3), 'p-march'],
        [Date.UTC(2026, 3, 20), 'p-april'],
        [cutoff - 1, 'p-just-before'],
        [cutoff, 'p-cutoff'],
        [Date.UTC(2026, 4, 20), 'p-may'],
        [Date.UTC(2026, 5, 10), 'p-june'],
      ],
      [
        [Date.UTC(2026, 3, 1), 'p-april'],
        [cutoff - 1, 'p-just-before'],
        [cutoff + 1, 'p-after'],
      ],
      // Hours of the statistics' zone; 40 days before 2026-06-15 is 2026-05-06.
      [
        [2026032010, 900_001],
        [2026050523, 900_001],
        [2026050600, 900_001],
        [2026061000, 900_001],
      ],
    );
    await keepPartitions(server.db, SETTINGS, NOW);
    const result = await purgeExpired(server.db, SETTINGS, NOW);

    const audit = await server.db.selectFrom('auditLog').select('recordId').where('requestId', '=', 'retention').where('recordId', 'like', 'p-%').orderBy('changedAt').execute();
    expect(audit.map((r) => r.recordId)).toEqual(['p-cutoff', 'p-may', 'p-june']);
    const logins = await server.db.selectFrom('loginLog').select('userName').where('userName', 'like', 'p-%').execute();
    expect(logins.map((r) => r.userName)).toEqual(['p-after']);
    const hours = await server.db.selectFrom('trafficHour').select('hour').where('siteUserId', '=', 900_001).orderBy('hour').execute();
    expect(hours.map((r) => Number(r.hour))).toEqual([2026050600, 2026061000]);

    if (onPostgres()) {
      expect(result.dropped).toEqual(expect.arrayContaining(['audit_log_p202603', 'audit_log_p202604', 'login_log_p202604', 'traffic_hour_p202603']));
      const auditParts = await partitions('audit_log');
      expect(auditParts).not.toContain('audit_log_p202604');
      // The cutoff's month stays, trimmed by a DELETE of its rows before the cutoff.
      expect(auditParts).toContain('audit_log_p202605');
      expect(result.deleted.audit_log).toBe(1);
      expect(result.deleted.login_log).toBe(1);
      expect(result.deleted.traffic_hour).toBe(1);
    }
  });
});

describe('a large purge on SQLite', () => {
  it('deletes in short batches: the first the smallest, none over the largest, each at most half again the one before, and the automatic checkpoint back after', async () => {
    if (onPostgres()) return;
    const cutoff = NOW - 30 * DAY;
    const expired = Array.from({ length: 3_000 }, (_, i): [number, string] => [cutoff - 1 - i * 60_000, `big-${i}`]);
    for (let i = 0; i < expired.length; i += 500) await store(expired.slice(i, i + 500), [], []);
    await store([[cutoff, 'big-kept']], [], []);
    const before = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(server.db);
    const batches: number[] = [];
    const result = await purgeExpired(server.db, SETTINGS, NOW, { onBatch: (rows) => batches.push(rows) });

    expect(result.deleted.audit_log).toBe(3_000);
    const left = await server.db.selectFrom('auditLog').select('recordId').where('recordId', 'like', 'big-%').execute();
    expect(left.map((r) => r.recordId)).toEqual(['big-kept']);
    expect(batches[0]).toBe(BATCH_LIMITS.min);
    expect(Math.max(...batches)).toBeLessThanOrEqual(BATCH_LIMITS.max);
    for (let i = 1; i < batches.length; i++) expect(batches[i]).toBeLessThanOrEqual(Math.floor(batches[i - 1]! * 1.5));
    expect(batches.reduce((sum, rows) => sum + rows, 0)).toBe(Object.values(result.deleted).reduce((sum, rows) => sum + rows, 0));
    const after = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(server.db);
    expect(after.rows).toEqual(before.rows);
  });
});

describe('partitions (PostgreSQL)', () => {
  it('are made from the cutoff month to months ahead, and dropped behind as time goes on', async () => {
    if (!onPostgres()) return;
    await keepPartitions(server.db, SETTINGS, NOW);
    const months = (from: number, count: number) => Array.from({ length: count }, (_, i) => monthKey(Date.UTC(Math.floor(from / 100), (from % 100) - 1 + i, 1)));
    // 2026-05 (the cutoff's month) to 2026-06 + MONTHS_AHEAD.
    for (const month of months(202605, 2 + MONTHS_AHEAD)) {
      expect(await partitions('audit_log')).toContain(`audit_log_p${month}`);
      expect(await partitions('login_log')).toContain(`login_log_p${month}`);
    }
    for (const month of months(202605, 2 + MONTHS_AHEAD)) expect(await partitions('traffic_hour')).toContain(`traffic_hour_p${month}`);

    // Three months later: new months ahead, the months before the new cutoff gone.
    const later = Date.UTC(2026, 8, 15, 12);
    await keepPartitions(server.db, SETTINGS, later);
    await purgeExpired(server.db, SETTINGS, later);
    const audit = await partitions('audit_log');
    expect(audit).toContain(`audit_log_p${months(202609, 1 + MONTHS_AHEAD).at(-1)}`);
    expect(audit.filter((name) => Number(name.slice(-6)) < 202608)).toEqual([]);
    // Made in the table's own schema, with the table's indexes.
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_indexes where schemaname = current_schema() and tablename = 'audit_log_p202609'`.execute(server.db);
    const { rows: parent } = await sql<{ n: number }>`
      select count(*)::int as n from pg_indexes where schemaname = current_schema() and tablename = 'audit_log'`.execute(server.db);
    expect(rows[0]!.n).toBe(parent[0]!.n);
  });
});

describe("the server's upkeep", () => {
  it('reports a failed purge, still makes partitions and purges the other tables, and purges at its next run', async () => {
    const now = Date.UTC(2026, 11, 15, 12);
    const cutoff = now - 30 * DAY;
    await store([[cutoff - DAY, 'u-old-audit']], [[cutoff - DAY, 'u-old-login']], []);
    const refusing = onPostgres()
      ? [
          sql`create function refuse_purge() returns trigger language plpgsql as $$ begin raise exception 'purge refused'; end $$`,
          sql`create trigger refuse_purge before delete on login_log for each row execute function refuse_purge()`,
        ]
      : [sql`create trigger refuse_purge before delete on login_log begin select raise(abort, 'purge refused'); end`];
    for (const statement of refusing) await statement.execute(server.db);

    const errors: unknown[] = [];
    let runs = 0;
    const upkeep = scheduleUpkeep(server.db, SETTINGS, (error) => errors.push(error), { everyMs: 200, now: () => now, done: () => runs++ });
    const until = async (condition: () => Promise<boolean> | boolean) => {
      for (let i = 0; i < 600 && !(await condition()); i++) await new Promise((r) => setTimeout(r, 100));
      expect(await condition()).toBe(true);
    };
    const login = () => server.db.selectFrom('loginLog').select('id').where('userName', '=', 'u-old-login').executeTakeFirst();
    try {
      await until(() => runs >= 1);
      expect(String(errors[0])).toMatch(/purge refused/);
      expect(await login()).toBeDefined();
      // The other tables were purged all the same, and the months ahead made.
      expect(await server.db.selectFrom('auditLog').select('id').where('recordId', '=', 'u-old-audit').executeTakeFirst()).toBeUndefined();
      if (onPostgres()) expect(await partitions('audit_log')).toContain('audit_log_p202703');

      await sql`drop trigger refuse_purge${onPostgres() ? sql` on login_log` : sql``}`.execute(server.db);
      await until(async () => (await login()) === undefined);
    } finally {
      await upkeep.stop();
    }
  });
});
