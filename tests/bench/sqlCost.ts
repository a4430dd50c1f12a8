/**
 * What the database alone allows for a staff list call: the statements the list runs for each
 * request of a case (captured from the list itself, after a first call so cached totals are
 * reused as the running server reuses them), then run directly, prepared once, without HTTP,
 * Fastify or Kysely. SQLite: one connection in a loop (one core). PostgreSQL: one connection per
 * core, named prepared statements. Answers the calls per second that leaves.
 */
import { availableParallelism } from 'node:os';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { openDatabase, type DialectName } from '../../server/db/database';
import { createStaffList } from '../../server/staff/listQuery';

interface Statement {
  sql: string;
  parameters: readonly unknown[];
}

const MEASURE_MS = Number(process.env.BENCH_SQL_MS ?? 3000);

async function capture(url: string, params: Array<Record<string, unknown>>): Promise<Statement[][]> {
  let current: Statement[] = [];
  const handle = openDatabase(url, { log: (event) => void (event.level === 'query' && current.push({ sql: event.query.sql, parameters: event.query.parameters })) });
  try {
    const list = createStaffList(handle.db);
    const requests: Statement[][] = [];
    for (const each of params) {
      await list.list(each, 'zh-CN', { all: true });
      const second: Statement[] = (current = []);
      await list.list(each, 'zh-CN', { all: true });
      requests.push(second);
      current = [];
    }
    return requests;
  } finally {
    await handle.close();
  }
}

function sqliteRate(file: string, requests: Statement[][]): number {
  const sqlite = new SQLite(file, { readonly: true });
  try {
    const prepared = new Map<string, SQLite.Statement>();
    const run = (request: Statement[]) => {
      for (const { sql, parameters } of request) {
        let statement = prepared.get(sql);
        if (!statement) prepared.set(sql, (statement = sqlite.prepare(sql)));
        statement.all(parameters);
      }
    };
    requests.forEach(run);
    let done = 0;
    const started = performance.now();
    while (performance.now() - started < MEASURE_MS) run(requests[done++ % requests.length]!);
    return (done * 1000) / (performance.now() - started);
  } finally {
    sqlite.close();
  }
}

async function postgresRate(url: string, requests: Statement[][]): Promise<number> {
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
    const started = performance.now();
    await Promise.all(
      clients.map(async (client, c) => {
        for (let i = c; performance.now() - started < MEASURE_MS; i += clients.length) {
          await run(client, requests[i % requests.length]!);
          done++;
        }
      }),
    );
    return (done * 1000) / (performance.now() - started);
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
}

/** Calls per second the list's own SQL allows for these parameters. */
export async function listSqlRate(dialect: DialectName, url: string, params: Array<Record<string, unknown>>): Promise<number> {
  const requests = await capture(url, params);
  return dialect === 'postgres' ? postgresRate(url, requests) : sqliteRate(url, requests);
}
