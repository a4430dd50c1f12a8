/**
 * The statistics under load, against the server as `npm start` runs it (a separate
 * `node --import tsx server/main.ts`, its own logger, SEED=none; the console build is left out).
 *
 * Loads BENCH_EVENTS traffic events (default 10,000,000) as their hourly counts: BENCH_OWNERS site
 * users (1,000) × BENCH_DAYS days (90) × 24 hours, each count drawn so the counts add up to the
 * events, through POST /base/admin/statistics/ingest in batches of 5,000. Then autocannon (20
 * connections, BENCH_DURATION s per case) on totalNums, the line chart and the team overview.
 * SQLite by default; DATABASE_URL=postgres://…/db runs it in a throwaway database beside that one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { addDays, dayText, MAX_INGEST_ROWS, TeamType, TOKEN_HEADER } from '../../contract';
import { sha256Hex } from '../../server/auth/passwords';
import { isPostgresUrl, openDatabase, type DatabaseHandle } from '../../server/db/database';
import { calendarAt, defaultClock } from '../../server/statistics/clock';

interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (options: Record<string, unknown>) => Promise<AutocannonResult>;

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000_000);
const OWNERS = Number(process.env.BENCH_OWNERS ?? 1_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 90);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 20;
const SERVICES = 5;
const STAFF_PER_TEAM = 10;
const ADMIN_PASSWORD = 'Bench#Admin2024';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function benchDatabase(): Promise<{ url: string; dispose(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (base && isPostgresUrl(base)) {
    const name = `bench_${randomBytes(5).toString('hex')}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(statement).finally(() => client.end());
    };
    await admin(`create database ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    return { url: url.toString(), dispose: () => admin(`drop database ${name} with (force)`) };
  }
  const dir = mkdtempSync(join(tmpdir(), 'statistics-bench-'));
  return { url: join(dir, 'bench.db'), dispose: async () => rmSync(dir, { recursive: true, force: true }) };
}

async function startServer(url: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', ADMIN_PASSWORD, SEED: 'none' },
    stdio: ['ignore', process.env.BENCH_SERVER_LOG ? 'inherit' : 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('The server did not start within 60 s');
}

/** Owners, advertisers, ads, domains and teams, written directly (they have no route of their own). */
async function populate(handle: DatabaseHandle): Promise<{ owners: number[]; media: number[] }> {
  const db = handle.db;
  const staff: number[] = [];
  for (let i = 0; i < STAFF_PER_TEAM * 3; i++) {
    const { id } = await db
      .insertInto('user')
      .values({ code: `S${i}`, name: `员工${i}`, passwordHash: 'unusable', isEnable: '1', mustChangePassword: 1, createTime: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    staff.push(id);
  }
  const teams: Array<[string, number, number[]]> = [
    ['媒介组', TeamType.media, staff.slice(0, STAFF_PER_TEAM)],
    ['商务一组', TeamType.business, staff.slice(STAFF_PER_TEAM, 2 * STAFF_PER_TEAM)],
    ['商务二组', TeamType.business, staff.slice(2 * STAFF_PER_TEAM)],
  ];
  for (const [name, teamType, members] of teams) {
    const { id } = await db.insertInto('team').values({ name, teamType }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('teamMember').values(members.map((userId) => ({ teamId: id, userId }))).execute();
  }
  const media = staff.slice(0, STAFF_PER_TEAM);
  const rows = Array.from({ length: OWNERS }, (_, i) => ({ userName: `流量主${i + 1}`, mediaAdminId: media[i % media.length]!, serviceId: 1 + (i % SERVICES) }));
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('siteUser').values(rows.slice(i, i + 500)).execute();
  const owners = (await db.selectFrom('siteUser').select('id').orderBy('id').execute()).map((r) => r.id);
  const domains = owners.map((siteUserId, i) => ({ siteUserId, domain: `s${i}.example.com`, serviceId: 1 + (i % SERVICES) }));
  for (let i = 0; i < domains.length; i += 500) await db.insertInto('domain').values(domains.slice(i, i + 500)).execute();
  for (let i = 0; i < 200; i++) {
    const { id } = await db.insertInto('advertiser').values({ name: `广告主${i}`, businessAdminId: staff[STAFF_PER_TEAM + (i % 20)]!, serviceId: 1 + (i % SERVICES) }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('ad').values([1, 2, 3].map((n) => ({ advertiserId: id, name: `广告${i}-${n}`, serviceId: 1 + (i % SERVICES) }))).execute();
  }
  return { owners, media };
}

/** Posts every hour of every owner, counts adding up to EVENTS; answers rows and seconds. */
async function ingest(address: string, token: string, owners: number[], today: number): Promise<{ rows: number; events: number; seconds: number }> {
  const weight = (i: number, d: number, hour: number) => (hour < 7 ? 0.4 : hour < 20 ? 1.3 : 0.9) * (0.5 + ((i * 131 + hour * 7 + d * 17) % 100) / 100);
  let totalWeight = 0;
  for (let d = 0; d < DAYS; d++) for (let hour = 0; hour < 24; hour++) for (let i = 0; i < owners.length; i++) totalWeight += weight(i, d, hour);
  const perWeight = EVENTS / totalWeight;
  let rows = 0;
  let events = 0;
  let batch: Array<{ siteUserId: number; hour: string; count: number }> = [];
  const started = Date.now();
  const send = async () => {
    const answer = await fetch(`${address}/base/admin/statistics/ingest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token },
      body: JSON.stringify({ traffic: batch }),
    });
    const body = (await answer.json()) as { code: number; msg: string };
    if (body.code !== 0) throw new Error(`ingest: ${body.msg}`);
    rows += batch.length;
    batch = [];
  };
  let carry = 0;
  for (let d = DAYS - 1; d >= 0; d--) {
    const day = dayText(addDays(today, -d));
    for (let hour = 0; hour < 24; hour++) {
      for (const [i, siteUserId] of owners.entries()) {
        // A deterministic spread; the carry keeps the total on EVENTS.
        const exact = perWeight * weight(i, d, hour) + carry;
        const count = Math.round(exact);
        carry = exact - count;
        events += count;
        batch.push({ siteUserId, hour: `${day} ${String(hour).padStart(2, '0')}`, count });
        if (batch.length === MAX_INGEST_ROWS) await send();
      }
    }
  }
  if (batch.length) await send();
  return { rows, events, seconds: (Date.now() - started) / 1000 };
}

async function main(): Promise<void> {
  const { url, dispose } = await benchDatabase();
  const port = await freePort();
  const address = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  const handle = openDatabase(url);
  try {
    const started = Date.now();
    server = await startServer(url, port);
    const { owners, media } = await populate(handle);
    const login = await fetch(`${address}/base/admin/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: sha256Hex(ADMIN_PASSWORD) }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const clock = defaultClock();
    const now = calendarAt(clock.now(), clock.timeZone);
    const loaded = await ingest(address, token, owners, now.today);
    if (handle.dialect === 'postgres') await sql`analyze`.execute(handle.db);
    const stored = await handle.db.selectFrom('trafficHour').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    console.log(
      `${handle.dialect}: ${loaded.events.toLocaleString('en')} events as ${Number(stored.n).toLocaleString('en')} hourly rows ingested in ${loaded.seconds.toFixed(1)} s ` +
        `(${Math.round(loaded.rows / loaded.seconds).toLocaleString('en')} rows/s, ${Math.round(loaded.events / loaded.seconds).toLocaleString('en')} events/s); ` +
        `setup + load ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    const many = <T>(n: number, make: (i: number) => T) => Array.from({ length: n }, (_, i) => make(i));
    const q = (path: string, params: Record<string, string | number>) => `${path}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;
    const chart = '/admin/dashboard/lineChart/traffic/siteUser';
    const cases = [
      { label: 'totalNums (all, and per sub-system)', paths: many(6, (i) => (i === 0 ? '/admin/dashboard/statistics/totalNums' : q('/admin/dashboard/statistics/totalNums', { serviceId: i }))) },
      { label: 'line chart, 10 chosen owners, days of the last 90', paths: many(50, (i) => q(chart, { datetime: dayText(addDays(now.today, -((i * 7) % DAYS))), siteUserIds: many(10, (k) => owners[(i * 10 + k * 97) % owners.length]).join(',') })) },
      { label: 'line chart, one media staff member (up to 100 owners)', paths: many(50, (i) => q(chart, { datetime: dayText(addDays(now.today, -((i * 3) % DAYS))), adminId: media[i % media.length]! })) },
      { label: 'teamOverview (media, business)', paths: many(2, (i) => q('/admin/dashboard/statistics/teamOverview', { page: 1, limit: 100, teamType: i + 1 })) },
    ];
    const table: Array<Record<string, string | number>> = [];
    for (const { label, paths } of cases) {
      const run = (duration: number) => autocannon({ url: address, connections: CONNECTIONS, duration, workers: 1, headers: { [TOKEN_HEADER]: token }, requests: paths.map((path) => ({ method: 'GET', path })) });
      // A short warm-up first (JIT, prepared pages, cached answers), as a server that has been up a while.
      await run(2);
      const result = await run(DURATION_S);
      table.push({ case: label, 'req/s': Math.round(result.requests.average), 'p50 ms': result.latency.p50, 'p99 ms': result.latency.p99, 'non-2xx': result.non2xx + result.errors });
    }
    console.log(`\nstatistics on ${handle.dialect}, ${CONNECTIONS} connections, ${DURATION_S} s per case`);
    console.table(table);
  } finally {
    server?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await handle.close();
    await dispose();
  }
}

await main();
