/**
 * What the database alone allows for a staff list call: the statements one request runs, guard
 * included (session, grants version, data scope, page, roles, total; captured from the app itself
 * answering the call in this process, after a first call so cached totals and grants are reused as
 * the running server reuses them), then run directly, prepared once, without HTTP, Fastify or
 * Kysely. SQLite: one connection in a loop (one core), rows read as arrays of values. PostgreSQL: one connection per core, named
 * prepared statements. Answers the calls per second that leaves and the CPU one call costs, counted
 * as cpuTime.ts counts the server's: this process, plus on PostgreSQL the bench database's backends.
 */
import { availableParallelism } from 'node:os';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import pino from 'pino';
import { TOKEN_HEADER } from '../../contract';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type DialectName } from '../../server/db/database';
import { cpuWindow, databaseName, oneProcess } from './cpuTime';
import { STAFF_LIST_PATH } from './staffCases';
import { withQuery } from './load';

interface Statement {
  sql: string;
  parameters: readonly unknown[];
}

const MEASURE_MS = Number(process.env.BENCH_SQL_MS ?? 3000);

/** Writes a read request may make now and then (a session's last-seen time) are not the list's SQL. */
const isRead = (sql: string) => /^\s*(select|with)\b/i.test(sql);

async function capture(url: string, params: Array<Record<string, unknown>>, token: string): Promise<Statement[][]> {
  let current: Statement[] = [];
  const handle = openDatabase(url, { log: (event) => void (event.level === 'query' && isRead(event.query.sql) && current.push({ sql: event.query.sql, parameters: event.query.parameters })) });
  const config = loadConfig({ ...process.env, DATABASE_URL: url });
  const app = await buildApp({ db: handle.db, config: { ...config, auditRetentionDays: undefined }, logger: pino({ level: 'silent' }) });
  try {
    const ask = async (each: Record<string, unknown>) => {
      const answer = await app.inject({ method: 'GET', url: withQuery(STAFF_LIST_PATH, each as Record<string, string | number>), headers: { [TOKEN_HEADER]: token } });
      if ((answer.json() as { code: number }).code !== 0) throw new Error(`the list answered ${answer.body.slice(0, 300)}`);
    };
    const requests: Statement[][] = [];
    for (const each of params) {
      await ask(each);
      const second: Statement[] = (current = []);
      await ask(each);
      requests.push(second);
      current = [];
    }
    return requests;
  } finally {
    await app.close();
    await handle.close();
  }
}

export interface SqlCost {
  /** Calls per second the statements allow. */
  rate: number;
  /** CPU µs per call: this process (the loop) and, on PostgreSQL, the database's backends. */
  processUs: number;
  databaseUs: number;
  /** Statements per call (the mean over the case's cycle). */
  statements: number;
}

async function sqliteCost(file: string, requests: Statement[][]): Promise<SqlCost> {
  const sqlite = new SQLite(file, { readonly: true });
  try {
    const prepared = new Map<string, SQLite.Statement>();
    const run = (request: Statement[]) => {
      for (const { sql, parameters } of request) {
        let statement = prepared.get(sql);
        if (!statement) {
          statement = sqlite.prepare(sql);
          // Values as arrays, the least a row can cost: the server's own rows cost more, not less, than these.
          if (statement.reader) statement.raw(true);
          prepared.set(sql, statement);
        }
        statement.all(parameters);
      }
    };
    requests.forEach(run);
    let done = 0;
    const end = await cpuWindow(() => oneProcess(process.pid));
    const started = performance.now();
    while (performance.now() - started < MEASURE_MS) run(requests[done++ % requests.length]!);
    const elapsed = performance.now() - started;
    const cpu = await end();
    return { rate: (done * 1000) / elapsed, processUs: cpu.processUs / done, databaseUs: 0, statements: meanLength(requests) };
  } finally {
    sqlite.close();
  }
}

async function postgresCost(url: string, requests: Statement[][]): Promise<SqlCost> {
  const names = new Map<string, string>();
  const nameOf = (sql: string) => names.get(sql) ?? (names.set(sql, `bench_${names.size}`), names.get(sql)!);
  const clients = Array.from({ length: availableParallelism() }, () => new pg.Client({ connectionString: url }));
  await Promise.all(clients.map((client) => client.connect()));
  try {
    const run = async (client: pg.Client, request: Statement[]) => {
      for (const { sql, parameters } of request) await client.query({ name: nameOf(sql), text: sql, values: parameters as unknown[] });
    };
    for (const client of clients) for (const request of requests) await run(client, request);
    let done = 0;
    const end = await cpuWindow(() => oneProcess(process.pid), databaseName(url));
    const started = performance.now();
    await Promise.all(
      clients.map(async (client, c) => {
        for (let i = c; performance.now() - started < MEASURE_MS; i += clients.length) {
          await run(client, requests[i % requests.length]!);
          done++;
        }
      }),
    );
    const elapsed = performance.now() - started;
    const cpu = await end();
    return { rate: (done * 1000) / elapsed, processUs: cpu.processUs / done, databaseUs: cpu.databaseUs / done, statements: meanLength(requests) };
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
}

const meanLength = (requests: Statement[][]) => requests.reduce((sum, request) => sum + request.length, 0) / requests.length;

/** What the list's own SQL allows for these parameters, asked with `token`'s session. */
export async function listSqlCost(dialect: DialectName, url: string, params: Array<Record<string, unknown>>, token: string): Promise<SqlCost> {
  const requests = await capture(url, params, token);
  return dialect === 'postgres' ? postgresCost(url, requests) : sqliteCost(url, requests);
}
