/**
 * `purge`: retention of a million expired audit rows while the console is written to.
 *
 * The database holds BENCH_PURGE_ROWS (1,000,000) audit rows older than the 180 days kept, spread
 * over the 200 days before the cutoff, and 100,000 rows inside the window. The server runs as
 * `npm start` runs it (its own process; its start-up purge finds nothing: the rows are loaded
 * after it started). The purge is the server's own function (purgeExpired) run on a second
 * connection from this process; the writer is the real server's audited save
 * (POST /base/admin/param/saveOrUpdate: the param row and its audit row, by the trigger) through
 * HTTP, one at a time, timed each, while the purge runs. SQLite: the saves and the purge's batches
 * take turns at the file's write lock, as a second server process or a shell would. PostgreSQL:
 * whole months are detached concurrently and dropped, the cutoff's month trimmed by a DELETE.
 *
 * Figures: the saves' p50/p99/longest with no purge running (as many saves as a purge meets: the
 * machine's own stalls show there), then during the purge their count, p99 and the longest; SQLite:
 * each batch's time holding the write lock (from `begin immediate` taken to committed: the longest
 * a writer can wait because of the purge) and the process's CPU time in it (the batch's work; the
 * difference is the machine's other processes), the batches' rows, the purge's checkpoints; and the
 * purge's duration and rows per second.
 *
 * Target (SQLite): the longest batch held the write lock at most HOLD_MS, and the saves' p99 during
 * the purge is within SAVE_MS of their idle p99. The longest save is shown, not judged: the server's
 * own garbage collection stalls a save now and then with no purge at all (the idle longest).
 * PostgreSQL (no batches): the longest save during the purge within SAVE_MS of the idle p99.
 */
import { sql } from 'kysely';
import { loadavg } from 'node:os';
import { TOKEN_HEADER } from '../../contract';
import { defaultRetention, purgeExpired } from '../../server/audit/retention';
import { DEFAULT_AUDIT_RETENTION_DAYS } from '../../server/config';
import { openDatabase, type DialectName } from '../../server/db/database';
import { ensureMonthsFor } from '../../server/db/partitions';
import { benchDatabase } from './benchDatabase';
import type { Report } from './report';
import { startServer } from './serverProcess';
import { login } from './staffList';

const SECTION = 'purge (retention of expired audit rows while saves are written)';
const EXPIRED = Number(process.env.BENCH_PURGE_ROWS ?? 1_000_000);
const LIVE = 100_000;
const DAY = 24 * 60 * 60_000;
const HOLD_MS = 5;
const SAVE_MS = 10;
const IDLE_SAVES = Number(process.env.BENCH_PURGE_IDLE_SAVES ?? 3_000);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
const round = (ms: number) => Math.round(ms * 10) / 10;

/** `count` audit rows from `from` spaced `step` ms apart, as a console's writes leave them. */
function fill(dialect: DialectName, count: number, from: number, step: number) {
  const series = dialect === 'postgres' ? sql`generate_series(0, ${count - 1}) as s(i)` : sql`(with recursive s(i) as (select 0 union all select i + 1 from s where i < ${count - 1}) select i from s) s`;
  return sql`insert into audit_log (changed_at, request_id, user_id, user_code, user_name, method, route, address, table_name, record_id, action, changes)
    select cast(${from} as bigint) + cast(s.i as bigint) * cast(${step} as bigint), 'bench-' || (s.i / 3), 1 + s.i % 40, 'staff' || (s.i % 40), '员工' || (s.i % 40), 'POST',
      case s.i % 4 when 0 then '/base/admin/user/saveOrUpdate' when 1 then '/base/admin/param/saveOrUpdate' when 2 then '/base/admin/role/saveOrUpdate' else '/base/admin/dic/saveOrUpdate' end,
      '10.0.' || (s.i % 200) || '.1', case s.i % 4 when 0 then 'user' when 1 then 'param' when 2 then 'role' else 'dic' end, '' || (s.i % 5000), 'update',
      '{"value":["old value ' || s.i || '","new value ' || s.i || '"],"remark":[null,"changed by the bench"]}'
    from ${series}`;
}

async function save(address: string, token: string, i: number): Promise<number> {
  const started = performance.now();
  const answer = await fetch(`${address}/base/admin/param/saveOrUpdate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token },
    body: JSON.stringify({ sortNum: 1, paramKey: `bench.purge.${i}`, value: 'v', remark: 'r' }),
  });
  const body = (await answer.json()) as { code: number };
  if (body.code !== 0) throw new Error(`save answered ${JSON.stringify(body)}`);
  return performance.now() - started;
}

export async function purgeBench(report: Report, dialect: DialectName): Promise<void> {
  const database = await benchDatabase(dialect, 'purge');
  const server = await startServer({ databaseUrl: database.url });
  const handle = openDatabase(database.url);
  try {
    const token = await login(server.address);
    const now = Date.now();
    const cutoff = now - DEFAULT_AUDIT_RETENTION_DAYS * DAY;
    const expiredFrom = cutoff - 200 * DAY;
    const step = Math.floor((200 * DAY) / EXPIRED);
    // PostgreSQL: the expired months' partitions (the server makes none behind its window).
    await ensureMonthsFor(handle.db, 'audit_log', Array.from({ length: 15 }, (_, k) => expiredFrom + k * 15 * DAY));
    const loading = performance.now();
    await fill(dialect, EXPIRED, expiredFrom, step).execute(handle.db);
    await fill(dialect, LIVE, cutoff + DAY, Math.floor((170 * DAY) / LIVE)).execute(handle.db);
    // PostgreSQL's autovacuum analyzes a table this size on its own. The SQLite file stays as the
    // server keeps it: no ANALYZE samples, which would have each batch planned again on every run
    // (server/db/database.ts, dropStat4Samples).
    if (dialect === 'postgres') await sql`analyze`.execute(handle.db);
    console.log(`${dialect}: ${EXPIRED.toLocaleString('en')} expired and ${LIVE.toLocaleString('en')} kept audit rows loaded in ${((performance.now() - loading) / 1000).toFixed(1)} s`);

    // The saves alone first, as many as a purge meets: what a save costs with no purge (and the machine's own stalls).
    const idle: number[] = [];
    for (let i = 0; i < IDLE_SAVES; i++) idle.push(await save(server.address, token, i));
    idle.sort((a, b) => a - b);

    const during: number[] = [];
    let done = false;
    const started = performance.now();
    const batches: number[] = [];
    const batchCpu: number[] = [];
    const batchRows: number[] = [];
    const checkpoints: number[] = [];
    const purge = purgeExpired(handle.db, defaultRetention(), now, { onBatch: (rows, ms, cpuMs) => {
        batchRows.push(rows);
        batches.push(ms);
        batchCpu.push(cpuMs);
      }, onCheckpoint: (ms) => checkpoints.push(ms) }).finally(() => {
      done = true;
    });
    for (let i = 0; !done; i++) during.push(await save(server.address, token, IDLE_SAVES + i));
    const result = await purge;
    const seconds = (performance.now() - started) / 1000;
    during.sort((a, b) => a - b);
    batches.sort((a, b) => a - b);
    batchCpu.sort((a, b) => a - b);
    batchRows.sort((a, b) => a - b);
    const left = await handle.db.selectFrom('auditLog').select((eb) => eb.fn.countAll<number>().as('n')).where('changedAt', '<', cutoff).executeTakeFirstOrThrow();
    if (Number(left.n) !== 0) throw new Error(`${left.n} expired rows left after the purge`);
    const longest = during.at(-1) ?? 0;
    const longestHold = batches.at(-1) ?? 0;
    const saveP99 = percentile(during, 99);
    const idleP99 = percentile(idle, 99);
    const load = loadavg()[0]!;
    report.set(
      SECTION,
      `${(EXPIRED / 1e6).toLocaleString('en')} million expired of ${((EXPIRED + LIVE) / 1e6).toLocaleString('en')} million audit rows; saves one at a time through HTTP`,
      dialect,
      {
        'idle save p50 ms': round(percentile(idle, 50)),
        'idle save p99 ms': round(percentile(idle, 99)),
        'idle longest save ms': round(idle.at(-1) ?? 0),
        'saves during purge': during.length,
        'save p99 during purge ms': round(percentile(during, 99)),
        'longest save during purge ms': round(longest),
        ...(dialect === 'sqlite'
          ? {
              batches: batches.length,
              'batch rows p50': percentile(batchRows, 50),
              'largest batch rows': batchRows.at(-1) ?? 0,
              'batch p50 ms': round(percentile(batches, 50)),
              'batch p99 ms': round(percentile(batches, 99)),
              'longest batch (write lock held) ms': round(longestHold),
              'batch CPU p99 ms': round(percentile(batchCpu, 99)),
              'longest batch CPU ms': round(batchCpu.at(-1) ?? 0),
              'longest checkpoint ms': round(Math.max(0, ...checkpoints)),
            }
          : {}),
        'purge s': Math.round(seconds * 10) / 10,
        'rows/s': Math.round(EXPIRED / seconds),
        'partitions dropped': result.dropped.length,
        load: Math.round(load * 10) / 10,
      },
      // One row for both databases: its target names each one's.
      {
        target: `SQLite: longest batch holding the write lock ≤ ${HOLD_MS} ms and save p99 during the purge ≤ idle p99 + ${SAVE_MS} ms; PostgreSQL: longest save during the purge ≤ idle p99 + ${SAVE_MS} ms`,
        isMet: dialect === 'sqlite' ? longestHold <= HOLD_MS && saveP99 <= idleP99 + SAVE_MS : longest <= idleP99 + SAVE_MS,
      },
    );
    console.log(
      `${dialect}: purge ${seconds.toFixed(1)} s (${result.dropped.length} partitions dropped, ${JSON.stringify(result.deleted)} rows deleted); ` +
        (dialect === 'sqlite' ? `${batches.length} batches (rows p50 ${percentile(batchRows, 50)}, largest ${batchRows.at(-1) ?? 0}), write lock held longest ${longestHold.toFixed(1)} ms, p99 ${percentile(batches, 99).toFixed(1)} ms (CPU in a batch: p99 ${percentile(batchCpu, 99).toFixed(1)} ms, longest ${(batchCpu.at(-1) ?? 0).toFixed(1)} ms); ${checkpoints.length} checkpoints, longest ${Math.max(0, ...checkpoints).toFixed(1)} ms; ` : '') +
        `${during.length} saves during it, p99 ${percentile(during, 99).toFixed(1)} ms, longest ${longest.toFixed(1)} ms (idle: p99 ${percentile(idle, 99).toFixed(1)} ms, longest ${(idle.at(-1) ?? 0).toFixed(1)} ms); load ${load.toFixed(1)}`,
    );
  } finally {
    await server.stop();
    await handle.close();
    await database.dispose();
  }
}
