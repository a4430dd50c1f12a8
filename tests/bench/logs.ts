/**
 * Years of audit and login rows (README "Years of audit and login rows"): fills the audit log with
 * BENCH_AUDIT_ROWS (10,000,000) and the login log with BENCH_LOGIN_ROWS (5,000,000) over the year
 * ending now, then 20 connections on the screens' list calls as the console makes them (page/size,
 * exact filters, a time range in epoch ms), against the server as `npm start` runs it keeping a
 * year (AUDIT_RETENTION_DAYS=400). Then the audit triggers' cost on a write: the same declared
 * save (/param/saveOrUpdate, one audit row each) with the triggers, and on a server that dropped them.
 *
 * The fill drops the tables' secondary indexes (as the database lists them, so every one the
 * migrations made is measured), inserts in time order, then creates them again: sorted builds,
 * minutes rather than hours of random index inserts. SQLite: one prepared 100-row insert in
 * transactions of 100,000 rows; PostgreSQL: `insert … select from generate_series` on the server.
 */
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { TOKEN_HEADER } from '../../contract';
import { auditLogResource, loginLogResource } from '../../resources/audit/definition';
import { createRepository, type ListQuery } from '../../server/crud/repository';
import { openDatabase, type DialectName } from '../../server/db/database';
import { ensureMonthsFor } from '../../server/db/partitions';
import { benchDatabase } from './benchDatabase';
import { CONNECTIONS, DURATION_S, measure, withQuery, type LoadFigures } from './load';
import type { Report } from './report';
import { startServer, type ServerProcess } from './serverProcess';
import { login } from './staffList';

const AUDIT_ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 10_000_000);
const LOGIN_ROWS = Number(process.env.BENCH_LOGIN_ROWS ?? 5_000_000);
const P99_TARGET_MS = 50;
const DAY = 24 * 60 * 60_000;
const YEAR = 365 * DAY;
const millions = (n: number) => (n / 1e6).toLocaleString('en');
const SECTION = `audit & login logs, ${millions(AUDIT_ROWS)} + ${millions(LOGIN_ROWS)} million rows, 20 connections`;
const SERVER_ENV = { AUDIT_RETENTION_DAYS: '400' };

// 40 tables, each with 9 calls (360 routes); 300 accounts. Skewed picks: a few tables, calls and
// accounts take most rows, as a console's busiest screens and people do.
const TABLES = Array.from({ length: 40 }, (_, i) => (i < 8 ? ['user', 'user_role', 'param', 'role', 'dic_item', 'customer', 'session', 'office'][i]! : `table_${i}`));
const OPS = ['saveOrUpdate', 'delete', 'import', 'bulkUpdate', 'revert', 'enable', 'disable', 'move', 'resetPwd'];
const routeOf = (r: number) => `/base/admin/${TABLES[r % 40]!.replace(/_/g, '')}/${OPS[Math.floor(r / 40)]}`;
const ROUTES = Array.from({ length: 360 }, (_, r) => routeOf(r));
const ACCOUNTS = 300;
const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0',
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36 Edg/123.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47',
  'curl/8.5.0',
];
// Reasons by share: most attempts succeed; refusals by their usual frequency.
const REASON_CUTS: Array<[number, string]> = [[0.85, 'success'], [0.93, 'wrongPassword'], [0.97, 'unknownUser'], [0.99, 'throttled'], [0.995, 'disabled'], [1, 'invalid']];

const pick = (n: number, power: number) => Math.floor(n * Math.random() ** power);
const account = (k: number) => `staff${String(k).padStart(3, '0')}`;

/** The changes of an audit row, as the triggers write them: every column on insert and delete, a few on update. */
function changesOf(action: string, i: number): string {
  if (action === 'update') return `{"value":["v${i % 997}","v${(i + 1) % 997}"],"remark":["备注 ${i % 89}","备注 ${(i + 7) % 89}"],"version":[${i % 50},${(i % 50) + 1}],"update_time":[${1_700_000_000_000 + i},${1_700_000_060_000 + i}]}`;
  const after = action === 'insert';
  const v = (x: string) => (after ? `[null,${x}]` : `[${x},null]`);
  return `{"id":${v(String(i % 50_000))},"name":${v(`"名称 ${i % 1013}"`)},"code":${v(`"C${i % 50_000}"`)},"sort_num":${v(String(i % 100))},"remark":${v('"自动生成的记录，用于说明这一行的用途"')},"is_enable":${v('"1"')},"create_time":${v(String(1_700_000_000_000 + i))},"version":${v('1')}}`;
}

interface IndexDefinition {
  name: string;
  sql: string;
}

/** SQLite: the tables' indexes (as created), dropped; answers them to create again. */
function dropSqliteIndexes(db: Sqlite.Database, tables: string[]): IndexDefinition[] {
  const found = db.prepare(`select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in (${tables.map(() => '?').join(',')})`).all(...tables) as IndexDefinition[];
  for (const { name } of found) db.exec(`drop index "${name}"`);
  return found;
}

async function fillSqlite(path: string): Promise<Record<string, number>> {
  const db = new Sqlite(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  const indexes = dropSqliteIndexes(db, ['audit_log', 'login_log']);
  const now = Date.now();
  const started = performance.now();
  const batched = (table: string, columns: string[], rows: number, row: (i: number) => unknown[]) => {
    const per = 100;
    const one = `(${columns.map(() => '?').join(',')})`;
    const insert = db.prepare(`insert into ${table} (${columns.join(',')}) values ${Array(per).fill(one).join(',')}`);
    const single = db.prepare(`insert into ${table} (${columns.join(',')}) values ${one}`);
    const chunk = db.transaction((from: number, to: number) => {
      let i = from;
      for (; i + per <= to; i += per) {
        const values: unknown[] = [];
        for (let k = i; k < i + per; k++) values.push(...row(k));
        insert.run(values);
      }
      for (; i < to; i++) single.run(row(i));
    });
    for (let from = 0; from < rows; from += 100_000) chunk(from, Math.min(rows, from + 100_000));
  };
  batched('audit_log', ['changed_at', 'request_id', 'user_id', 'user_code', 'user_name', 'method', 'route', 'address', 'table_name', 'record_id', 'action', 'changes'], AUDIT_ROWS, (i) => {
    const k = pick(ACCOUNTS, 3);
    const r = pick(ROUTES.length, 2);
    const u = Math.random();
    const action = u < 0.3 ? 'insert' : u < 0.9 ? 'update' : 'delete';
    return [now - YEAR + Math.floor((i * YEAR) / AUDIT_ROWS), `r${Math.floor(i / 3).toString(36)}`, 1000 + k, account(k), `员工${k}`, r % 40 === 1 ? 'GET' : 'POST', ROUTES[r], `10.${k % 8}.${k}.${i % 7}`, TABLES[r % 40], String(pick(50_000, 2)), action, changesOf(action, i)];
  });
  const auditS = (performance.now() - started) / 1000;
  const loginStarted = performance.now();
  batched('login_log', ['attempted_at', 'user_name', 'address', 'user_agent', 'result', 'reason'], LOGIN_ROWS, (i) => {
    const u = Math.random();
    const reason = REASON_CUTS.find(([cut]) => u < cut)![1];
    const k = pick(ACCOUNTS, 3);
    const name = reason === 'unknownUser' || reason === 'invalid' ? `${String.fromCharCode(65 + (i % 26))}b***(${6 + (i % 10)})` : account(k);
    return [now - YEAR + Math.floor((i * YEAR) / LOGIN_ROWS), name, `10.${k % 8}.${k}.${i % 5}`, AGENTS[i % AGENTS.length], reason === 'success' ? 'success' : 'failure', reason];
  });
  const loginS = (performance.now() - loginStarted) / 1000;
  const indexStarted = performance.now();
  for (const index of indexes) db.exec(index.sql);
  const indexS = (performance.now() - indexStarted) / 1000;
  db.close();
  return { 'audit fill s': auditS, 'login fill s': loginS, 'indexes s': indexS, indexes: indexes.length };
}

/** An inserted row's value is after (null before), a deleted row's before: as the triggers write them. */
const side = (value: string) => `(case when after then '[null,' || ${value} || ']' else '[' || ${value} || ',null]' end)`;
const sqlArray = (values: readonly string[]) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;

async function fillPostgres(url: string): Promise<Record<string, number>> {
  // The logs are partitioned by month (migration 0029): the year's months are made before its rows.
  const handle = openDatabase(url);
  try {
    const days = Array.from({ length: 368 }, (_, i) => Date.now() - YEAR + (i - 1) * DAY);
    await ensureMonthsFor(handle.db, 'audit_log', days);
    await ensureMonthsFor(handle.db, 'login_log', days);
  } finally {
    await handle.close();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`set maintenance_work_mem = '512MB'`);
    const { rows: indexes } = await client.query<{ name: string; sql: string }>(
      `select indexname as name, indexdef as sql from pg_indexes where schemaname = current_schema() and tablename in ('audit_log', 'login_log') and indexname not like '%pkey'`,
    );
    for (const { name } of indexes) await client.query(`drop index "${name}"`);
    const now = Date.now();
    const started = performance.now();
    // One statement per million rows: each in its own transaction, so a long fill shows progress.
    const step = 1_000_000;
    for (let from = 0; from < AUDIT_ROWS; from += step) {
      await client.query(`
        insert into audit_log (changed_at, request_id, user_id, user_code, user_name, method, route, address, table_name, record_id, action, changes)
        select ${now - YEAR} + (g::bigint * ${YEAR} / ${AUDIT_ROWS}), 'r' || (g / 3)::text, 1000 + k, 'staff' || lpad(k::text, 3, '0'), '员工' || k::text,
               case when r % 40 = 1 then 'GET' else 'POST' end, (${sqlArray(ROUTES)})[r + 1], '10.' || (k % 8)::text || '.' || k::text || '.' || (g % 7)::text,
               (${sqlArray(TABLES)})[r % 40 + 1], floor(50000 * random() ^ 2)::bigint::text, action,
               case action
                 when 'update' then format('{"value":["v%s","v%s"],"remark":["备注 %s","备注 %s"],"version":[%s,%s],"update_time":[%s,%s]}', g % 997, (g + 1) % 997, g % 89, (g + 7) % 89, g % 50, g % 50 + 1, 1700000000000 + g, 1700000060000 + g)
                 else format('{"id":%s,"name":%s,"code":%s,"sort_num":%s,"remark":%s,"is_enable":%s,"create_time":%s,"version":%s}',
                   ${side('(g % 50000)::text')}, ${side(`'"名称 ' || (g % 1013)::text || '"'`)}, ${side(`'"C' || (g % 50000)::text || '"'`)}, ${side('(g % 100)::text')},
                   ${side(`'"自动生成的记录，用于说明这一行的用途"'`)}, ${side(`'"1"'`)}, ${side('(1700000000000 + g)::text')}, ${side(`'1'`)})
               end
        from (
          select g, floor(${ACCOUNTS} * random() ^ 3)::int as k, floor(${ROUTES.length} * random() ^ 2)::int as r,
                 (case when u < 0.3 then 'insert' when u < 0.9 then 'update' else 'delete' end) as action, u < 0.3 as after
          from (select g, random() as u from generate_series(${from}, ${Math.min(AUDIT_ROWS, from + step) - 1}) g) s
        ) t
      `);
    }
    const auditS = (performance.now() - started) / 1000;
    const loginStarted = performance.now();
    const cuts = REASON_CUTS.map(([cut, reason]) => `when u < ${cut} then '${reason}'`).join(' ');
    for (let from = 0; from < LOGIN_ROWS; from += step) {
      await client.query(`
        insert into login_log (attempted_at, user_name, address, user_agent, result, reason)
        select ${now - YEAR} + (g::bigint * ${YEAR} / ${LOGIN_ROWS}),
               case when reason in ('unknownUser', 'invalid') then chr(65 + (g % 26)::int) || 'b***(' || (6 + g % 10) || ')' else 'staff' || lpad(k::text, 3, '0') end,
               '10.' || (k % 8) || '.' || k || '.' || (g % 5), (${sqlArray(AGENTS)})[g % ${AGENTS.length} + 1],
               case when reason = 'success' then 'success' else 'failure' end, reason
        from (select g, floor(${ACCOUNTS} * random() ^ 3)::int as k, case ${cuts} else 'invalid' end as reason
              from (select g, random() as u from generate_series(${from}, ${Math.min(LOGIN_ROWS, from + step) - 1}) g) s) t
      `);
    }
    const loginS = (performance.now() - loginStarted) / 1000;
    const indexStarted = performance.now();
    // A partitioned table's index is listed `ON ONLY` the parent, which would leave every month without it.
    for (const { sql } of indexes) await client.query(sql.replace(' ON ONLY ', ' ON '));
    const indexS = (performance.now() - indexStarted) / 1000;
    // What autovacuum would have done by the time a year of rows is there: statistics and the visibility map.
    const vacuumStarted = performance.now();
    await client.query('vacuum analyze audit_log');
    await client.query('vacuum analyze login_log');
    return { 'audit fill s': auditS, 'login fill s': loginS, 'indexes s': indexS, indexes: indexes.length, 'vacuum analyze s': (performance.now() - vacuumStarted) / 1000 };
  } finally {
    await client.end();
  }
}

/**
 * The list's own statements alone (page and bounded count, through the generic repository, one
 * call at a time, no HTTP, guard or presenters): median and p99 over 40 calls of the case's paths.
 * Beside the HTTP figures, what the database costs apart from the server and the machine's load.
 */
async function sqlAlone(url: string, paths: string[]): Promise<{ 'SQL p50 ms': number; 'SQL p99 ms': number }> {
  const handle = openDatabase(url);
  try {
    const times: number[] = [];
    for (let i = 0; i < 40; i++) {
      const path = paths[i % paths.length]!;
      const definition = path.includes('/auditLog/') ? auditLogResource : loginLogResource;
      const params = Object.fromEntries(new URL(path, 'http://x').searchParams);
      const { page = '1', size = '20', ...rest } = params;
      // Counted as the server counts a total it may keep, and never kept: a first request's cost.
      const reached = { time: definition.appendOnly!, has: () => false, add: () => {} };
      const query: ListQuery = { paging: { page: Number(page), size: Number(size) }, filters: {}, exact: {}, ranges: {}, totalUpTo: definition.boundedTotal, reached };
      for (const [name, value] of Object.entries(rest)) {
        const range = /^(.*)(From|To)$/.exec(name);
        if (range) query.ranges![range[1]!] = { ...query.ranges![range[1]!], [range[2] === 'From' ? 'from' : 'to']: Number(value) };
        else query.exact![name] = value;
      }
      const repository = createRepository(handle.db, definition);
      const started = performance.now();
      await repository.list(query);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return { 'SQL p50 ms': times[Math.floor(times.length / 2)]!, 'SQL p99 ms': times[Math.floor(times.length * 0.99)]! };
  } finally {
    await handle.close();
  }
}

/** The plans of the first page and its bounded count, unfiltered and by account, printed (not reported): what serves them. */
async function printPlans(url: string, dialect: DialectName): Promise<void> {
  const statements = [
    `select * from audit_log order by changed_at desc, id desc limit 20`,
    `select count(*), min(changed_at) from (select changed_at from audit_log order by changed_at desc, id desc limit 10001) b`,
    `select * from audit_log where user_code = 'staff007' and changed_at >= ${Date.now() - 60 * DAY} order by changed_at desc, id desc limit 20 offset 980`,
    `select count(*), min(changed_at) from (select changed_at from audit_log where user_code = 'staff007' and changed_at >= ${Date.now() - 60 * DAY} order by changed_at desc, id desc limit 10001) b`,
  ];
  if (dialect === 'sqlite') {
    const db = new Sqlite(url, { readonly: true });
    for (const statement of statements) console.log(statement, '\n  ', (db.prepare(`explain query plan ${statement}`).all() as Array<{ detail: string }>).map((r) => r.detail).join(' | '));
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  for (const statement of statements) console.log((await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${statement}`)).rows.map((r) => r['QUERY PLAN']).join('\n'));
  await client.end();
}

const autocannon = createRequire(import.meta.url)('autocannon') as (options: Record<string, unknown>) => Promise<{
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}>;

/** 20 connections saving parameters, each save a new value (so each writes one audit row). */
async function measureSaves(address: string, token: string, ids: number[]): Promise<LoadFigures> {
  let n = 0;
  const body = () => {
    n += 1;
    const i = n % ids.length;
    return JSON.stringify({ id: ids[i], sortNum: i, paramKey: `bench.audit.${i}`, value: `value ${n}`, remark: 'bench' });
  };
  const headers = { [TOKEN_HEADER]: token, 'content-type': 'application/json' };
  const sample = (await (await fetch(`${address}/base/admin/param/saveOrUpdate`, { method: 'POST', headers, body: body() })).json()) as { code: number; msg: string };
  if (sample.code !== 0) throw new Error(`param save answered ${sample.code} ${sample.msg}`);
  const run = (duration: number) =>
    autocannon({
      url: address,
      connections: CONNECTIONS,
      duration,
      workers: 0,
      headers,
      requests: [{ method: 'POST', path: '/base/admin/param/saveOrUpdate', setupRequest: (request: Record<string, unknown>) => ({ ...request, body: body() }) }],
    });
  await run(2);
  const result = await run(DURATION_S);
  return { 'req/s': Math.round(result.requests.average), 'p50 ms': result.latency.p50, 'p99 ms': result.latency.p99, failed: result.non2xx + result.errors + result.timeouts };
}

interface ListCase {
  what: string;
  paths: string[];
  /** Each path asked once (load.ts, eachOnce). */
  eachOnce?: boolean;
}

function listCases(now: number): ListCase[] {
  const audit = (params: Record<string, string | number>) => withQuery('/base/admin/auditLog/list', { page: 1, size: 20, ...params });
  const logins = (params: Record<string, string | number>) => withQuery('/base/admin/loginLog/list', { page: 1, size: 20, ...params });
  // Ten spans of each length across the year, so a case is not one cached answer.
  const spans = (length: number, name: string) =>
    Array.from({ length: 10 }, (_, i) => {
      const to = now - Math.floor(((i + 0.5) * (YEAR - length)) / 10);
      return { [`${name}From`]: to - length, [`${name}To`]: to };
    });
  // Busy and quiet accounts alike (the fill's skew puts staff000 at about a seventh of the rows).
  const accounts = [0, 1, 3, 7, 15, 40, 90, 150, 220, 299].map(account);
  const tables = ['user', 'param', 'role', 'session', 'table_12', 'table_25', 'table_39', 'user_role', 'customer', 'office'];
  const routes = [0, 2, 41, 80, 123, 200, 250, 301, 330, 359].map(routeOf);
  const many = <T>(values: readonly T[], make: (value: T, i: number) => string) => values.map(make);
  // A new span on every request (a minute apart), so no total is ever kept: each request counts.
  const fresh = (length: number, name: string) => Array.from({ length: 20_000 }, (_, i) => ({ [`${name}From`]: now - length - i * 60_000, [`${name}To`]: now - i * 60_000 }));
  return [
    { what: 'audit · first page, no filter', paths: [audit({})] },
    { what: 'audit · a day', paths: many(spans(DAY, 'changedAt'), (span) => audit(span)) },
    { what: 'audit · a day, a new one on every request (no total kept)', paths: many(fresh(DAY, 'changedAt'), (span) => audit(span)), eachOnce: true },
    { what: 'audit · a week', paths: many(spans(7 * DAY, 'changedAt'), (span) => audit(span)) },
    { what: 'audit · a month', paths: many(spans(30 * DAY, 'changedAt'), (span) => audit(span)) },
    { what: 'audit · an account (userCode)', paths: many(accounts, (userCode) => audit({ userCode })) },
    { what: 'audit · a table', paths: many(tables, (tableName) => audit({ tableName })) },
    { what: 'audit · a table and record', paths: many(tables, (tableName, i) => audit({ tableName, recordId: String(i * 37) })) },
    { what: 'audit · a call (route)', paths: many(routes, (route) => audit({ route })) },
    { what: 'audit · an action (delete)', paths: [audit({ action: 'delete' })] },
    { what: 'audit · an account in a week', paths: many(accounts, (userCode, i) => audit({ userCode, ...spans(7 * DAY, 'changedAt')[i]! })) },
    { what: 'audit · a table in a week', paths: many(tables, (tableName, i) => audit({ tableName, ...spans(7 * DAY, 'changedAt')[i]! })) },
    { what: 'audit · a call in a month', paths: many(routes, (route, i) => audit({ route, ...spans(30 * DAY, 'changedAt')[i]! })) },
    { what: 'audit · page 250 (rows 4,981–5,000), no filter', paths: [audit({ page: 250 })] },
    { what: 'audit · page 50 of an account', paths: many(accounts.slice(0, 5), (userCode) => audit({ userCode, page: 50 })) },
    { what: 'login · first page, no filter', paths: [logins({})] },
    { what: 'login · a day', paths: many(spans(DAY, 'attemptedAt'), (span) => logins(span)) },
    { what: 'login · a day, a new one on every request (no total kept)', paths: many(fresh(DAY, 'attemptedAt'), (span) => logins(span)), eachOnce: true },
    { what: 'login · a week', paths: many(spans(7 * DAY, 'attemptedAt'), (span) => logins(span)) },
    { what: 'login · a month', paths: many(spans(30 * DAY, 'attemptedAt'), (span) => logins(span)) },
    { what: 'login · a name as typed (userName)', paths: many(accounts, (userName) => logins({ userName })) },
    { what: 'login · an address', paths: many(accounts, (_, i) => logins({ address: `10.${i % 8}.${i}.1` })) },
    { what: 'login · failures (result)', paths: [logins({ result: 'failure' })] },
    { what: 'login · a reason', paths: ['wrongPassword', 'unknownUser', 'throttled', 'disabled', 'invalid'].map((reason) => logins({ reason })) },
    { what: 'login · a name in a week', paths: many(accounts, (userName, i) => logins({ userName, ...spans(7 * DAY, 'attemptedAt')[i]! })) },
    { what: 'login · page 250, no filter', paths: [logins({ page: 250 })] },
  ];
}

/** A "contains" the screens no longer offer, timed once as SQL (page + bounded count): why the filters are exact. */
async function containsCost(url: string, dialect: DialectName): Promise<Record<string, number>> {
  const page = (term: string) => `select id from audit_log where lower(route) like '%${term}%' order by changed_at desc, id limit 20`;
  const count = (term: string) => `select count(*) from (select 1 from audit_log where lower(route) like '%${term}%' limit 10001) b`;
  const terms = { 'common term ms': 'saveorupdate', 'rare term ms': 'table39/resetpwd', 'absent term ms': 'nosuchcall' };
  const figures: Record<string, number> = {};
  if (dialect === 'sqlite') {
    const db = new Sqlite(url, { readonly: true });
    for (const [label, term] of Object.entries(terms)) {
      const started = performance.now();
      db.prepare(page(term)).all();
      db.prepare(count(term)).get();
      figures[label] = performance.now() - started;
    }
    db.close();
  } else {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    for (const [label, term] of Object.entries(terms)) {
      const started = performance.now();
      await client.query(page(term));
      await client.query(count(term));
      figures[label] = performance.now() - started;
    }
    await client.end();
  }
  return figures;
}

export async function logsBench(report: Report, dialect: DialectName): Promise<void> {
  const database = await benchDatabase(dialect, 'logs');
  let server: ServerProcess | undefined;
  try {
    // The schema as the server makes it, then the fill with the server stopped.
    server = await startServer({ databaseUrl: database.url, env: SERVER_ENV });
    await server.stop();
    server = undefined;
    const started = performance.now();
    const filled = dialect === 'sqlite' ? await fillSqlite(database.url) : await fillPostgres(database.url);
    const fillS = (performance.now() - started) / 1000;
    console.log(`${dialect}: ${millions(AUDIT_ROWS)} M audit + ${millions(LOGIN_ROWS)} M login rows filled in ${fillS.toFixed(0)} s`, filled);
    report.set(`${SECTION}: the fill (indexes dropped, rows inserted in time order, indexes made again)`, 'fill', dialect, { s: fillS, ...filled });

    await printPlans(database.url, dialect);
    server = await startServer({ databaseUrl: database.url, env: SERVER_ENV });
    const token = await login(server.address);
    const now = Date.now();
    for (const { what, paths, eachOnce } of listCases(now)) {
      // Alone first: it also reads the case's index and table pages into the caches, as a console's recent reads would have.
      const alone = await sqlAlone(database.url, paths);
      const figures = await measure(server.address, { paths, token, eachOnce });
      const load = loadavg()[0]!;
      report.set(SECTION, what, dialect, { ...figures, ...alone, 'load 1m': load }, { target: `p99 ≤ ${P99_TARGET_MS} ms`, isMet: figures['p99 ms'] <= P99_TARGET_MS });
      console.log(`${dialect} ${what}: ${figures['req/s']} req/s, p50 ${figures['p50 ms']} ms, p99 ${figures['p99 ms']} ms, SQL alone ${alone['SQL p50 ms'].toFixed(2)} ms p50, ${alone['SQL p99 ms'].toFixed(2)} ms p99 (load ${load.toFixed(1)})`);
    }
    const contains = await containsCost(database.url, dialect);
    report.set(SECTION, 'not offered: audit route "contains" (LIKE %x%), one page + bounded count as SQL', dialect, contains);
    console.log(`${dialect} contains over route:`, contains);

    // The trigger's cost: the same saves with the audit triggers and without them.
    const ids: number[] = [];
    for (let i = 0; i < 50; i++) {
      const answer = await fetch(`${server.address}/base/admin/param/saveOrUpdate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token },
        body: JSON.stringify({ sortNum: i, paramKey: `bench.audit.${i}`, value: 'first', remark: 'bench' }),
      });
      const body = (await answer.json()) as { code: number; data: { id: number }; msg: string };
      if (body.code !== 0) throw new Error(`param save: ${body.msg}`);
      ids.push(body.data.id);
    }
    const audited = await measureSaves(server.address, token, ids);
    await server.stop();
    server = await startServer({ databaseUrl: database.url, env: SERVER_ENV, entry: 'tests/bench/unauditedServer.ts' });
    const unaudited = await measureSaves(server.address, await login(server.address), ids);
    const load = loadavg()[0]!;
    const perWrite = (figures: LoadFigures) => 1000 / figures['req/s'];
    report.set(SECTION, 'save /param/saveOrUpdate with the audit triggers (one audit row each)', dialect, { ...audited, 'load 1m': load });
    report.set(SECTION, 'the same save, audit triggers dropped', dialect, { ...unaudited, 'load 1m': load });
    report.set(SECTION, "the audit trigger's cost per save (from the two rates, 20 connections)", dialect, { 'ms per save': perWrite(audited) - perWrite(unaudited), '% of the save': (100 * (perWrite(audited) - perWrite(unaudited))) / perWrite(audited) });
    console.log(`${dialect} save: audited ${audited['req/s']} req/s, unaudited ${unaudited['req/s']} req/s`);
  } finally {
    await server?.stop();
    await database.dispose();
  }
}
