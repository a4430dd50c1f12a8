/**
 * Opens the database: a SQLite file by default, PostgreSQL when the URL says so. The rest of the
 * server sees one Kysely<Database>, camelCase in TypeScript and snake_case in the tables.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, sql, type KyselyConfig } from 'kysely';
import { CachedCamelCasePlugin } from './camelCasePlugin';
import type { Database } from './schema';
import { registerAuditContext } from '../audit/sqliteContext';
import { ConsoleClient } from './postgresClient';
import { ConsolePostgresDialect } from './postgresDialect';
import { SqliteServerDialect } from './sqliteDialect';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL only: the schema to work in (tests use one per file). */
  searchPath?: string;
  /** PostgreSQL only: errors of idle pooled connections (default: written to stderr). */
  onPoolError?: (error: Error) => void;
  /** Kysely's query log (tools that read the statements a call runs; the server sets none). */
  log?: KyselyConfig['log'];
}

const PG_INT8 = 20;

/** PostgreSQL: how to open a connection of its own (not pooled) to the database of a Kysely instance. */
const ownConnections = new WeakMap<Kysely<Database>, () => pg.Client>();

/**
 * A new, unpooled client to the same PostgreSQL database as `db` (live lists LISTEN on one for
 * as long as the server runs); undefined on SQLite.
 */
export function ownConnectionOf(db: Kysely<Database>): (() => pg.Client) | undefined {
  return ownConnections.get(db);
}

export function isPostgresUrl(url: string): boolean {
  return url.startsWith('postgres://') || url.startsWith('postgresql://');
}

/** A PostgreSQL pool as the server's connections are made (`extra`: pg's pool settings beside them). */
function postgresPool(url: string, options: OpenOptions, extra: pg.PoolConfig = {}): pg.Pool {
  const pool = new pg.Pool({
    // Named prepared statements and the audit context: ./postgresClient.ts.
    Client: ConsoleClient,
    connectionString: url,
    options: options.searchPath ? `-c search_path=${safeIdentifier(options.searchPath)}` : undefined,
    // bigint columns and count(*) come back as strings by default; the API answers numbers.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
    ...extra,
  });
  pool.on('error', options.onPoolError ?? ((error) => process.stderr.write(`PostgreSQL pool error: ${error.message}\n`)));
  return pool;
}

export function openDatabase(url: string, options: OpenOptions = {}): DatabaseHandle {
  const plugins = [new CachedCamelCasePlugin()];
  if (isPostgresUrl(url)) {
    const pool = postgresPool(url, options);
    const db = new Kysely<Database>({ dialect: new ConsolePostgresDialect({ pool }), plugins, log: options.log });
    ownConnections.set(db, () => new pg.Client({ connectionString: url }));
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }

  const file = url.replace(/^(sqlite|file):(\/\/)?/, '');
  if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
  return sqliteHandle(new SQLite(file), options);
}

/** How long a read waits for a connection to the replica before it goes to the primary. */
export const REPLICA_CONNECT_TIMEOUT_MS = 2000;
/** After the replica failed to connect, reads go to the primary this long before it is tried again. */
export const REPLICA_RETRY_MS = 10_000;

export interface ReadOptions extends OpenOptions {
  /** Told each time the replica cannot be reached and reads turn to the primary. */
  onReplicaDown?: (error: Error) => void;
  /** How long reads stay on the primary after a failed connect (default REPLICA_RETRY_MS). */
  retryMs?: number;
}

/**
 * The handle of the reads a replica may answer (README, *A read replica*): connections to the
 * PostgreSQL streaming replica at `readUrl`, or, when it cannot be reached within
 * REPLICA_CONNECT_TIMEOUT_MS, to the primary at `primaryUrl` (for REPLICA_RETRY_MS, then the
 * replica is tried again). The choice is made per connection: a statement already running on the
 * replica when it stops fails as any broken connection does. Never used for an access decision.
 */
export function openReadDatabase(readUrl: string, primaryUrl: string, options: ReadOptions = {}): DatabaseHandle {
  if (!isPostgresUrl(readUrl) || !isPostgresUrl(primaryUrl)) throw new Error('A read replica needs PostgreSQL for both DATABASE_URL and DATABASE_READ_URL');
  const replica = postgresPool(readUrl, options, { connectionTimeoutMillis: REPLICA_CONNECT_TIMEOUT_MS });
  const primary = postgresPool(primaryUrl, options);
  const retryMs = options.retryMs ?? REPLICA_RETRY_MS;
  let downUntil = 0;
  const pool = {
    async connect() {
      if (Date.now() >= downUntil) {
        try {
          return await replica.connect();
        } catch (error) {
          // Reads asked at once fail at once: one warning for them.
          const told = Date.now() < downUntil;
          downUntil = Date.now() + retryMs;
          if (!told) options.onReplicaDown?.(error instanceof Error ? error : new Error(String(error)));
        }
      }
      return primary.connect();
    },
    async end() {
      await Promise.all([replica.end(), primary.end()]);
    },
  };
  const db = new Kysely<Database>({ dialect: new ConsolePostgresDialect({ pool }), plugins: [new CachedCamelCasePlugin()], log: options.log });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

/** A SQLite connection already open (a file, or an in-memory copy of a snapshot) as the server uses it. */
export function sqliteHandle(sqlite: SQLite.Database, options: Pick<OpenOptions, 'log'> = {}): DatabaseHandle {
  const plugins = [new CachedCamelCasePlugin()];
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  dropStat4Samples(sqlite);
  registerAuditContext(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteServerDialect(sqlite), plugins, log: options.log });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/**
 * better-sqlite3's SQLite is built with STAT4: after an ANALYZE (an operator's, or `pragma
 * optimize`) its samples make SQLite plan a kept statement again on every run whose bound values
 * could change the plan (sqlite3_prepare_v2), which is nearly every statement of a request: the
 * guard's session statement then cost 145 µs a run instead of 9, a person-list request 1.6 to 2
 * times the CPU (README, *CPU per request*). The samples go when the server opens the file;
 * sqlite_stat1's row counts stay.
 */
function dropStat4Samples(sqlite: SQLite.Database): void {
  const kept = sqlite.prepare(`select 1 from sqlite_schema where type = 'table' and name = 'sqlite_stat4'`).get();
  if (!kept || !sqlite.prepare('select 1 from sqlite_stat4 limit 1').get()) return;
  sqlite.exec('delete from sqlite_stat4');
  // Statistics are read with the schema: this reads them again, now without samples.
  sqlite.exec('analyze sqlite_schema');
}

/** PostgreSQL: the schema new tables go to (first of the search path); SQLite: undefined. */
export async function currentSchema({ db, dialect }: DatabaseHandle): Promise<string | undefined> {
  if (dialect !== 'postgres') return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

function safeIdentifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Invalid schema name: ${name}`);
  return name;
}
