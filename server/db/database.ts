/**
 * Opens the database: a SQLite file by default, PostgreSQL when the URL says so. The rest of the
 * server sees one Kysely<Database>, camelCase in TypeScript and snake_case in the tables.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, sql, type KyselyConfig } from 'kysely';
import { CachedCamelCasePlugin } from './camelCasePlugin';
import type { Database } from './schema';
import { registerAuditContext } from '../audit/sqliteContext';
import { ConsoleClient } from './postgresClient';
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

export function openDatabase(url: string, options: OpenOptions = {}): DatabaseHandle {
  const plugins = [new CachedCamelCasePlugin()];
  if (isPostgresUrl(url)) {
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
    });
    pool.on('error', options.onPoolError ?? ((error) => process.stderr.write(`PostgreSQL pool error: ${error.message}\n`)));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins, log: options.log });
    ownConnections.set(db, () => new pg.Client({ connectionString: url }));
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }

  const file = url.replace(/^(sqlite|file):(\/\/)?/, '');
  if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
  return sqliteHandle(new SQLite(file), options);
}

/** A SQLite connection already open (a file, or an in-memory copy of a snapshot) as the server uses it. */
export function sqliteHandle(sqlite: SQLite.Database, options: Pick<OpenOptions, 'log'> = {}): DatabaseHandle {
  const plugins = [new CachedCamelCasePlugin()];
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  registerAuditContext(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteServerDialect(sqlite), plugins, log: options.log });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
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
