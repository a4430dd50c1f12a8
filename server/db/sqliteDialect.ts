/**
 * Kysely's SQLite dialect with a driver made for a server under concurrent requests:
 * - prepared statements are kept by SQL text (Kysely's driver prepares every query again, a sixth
 *   of a list request's time); bounded, the least recently used goes first (`in (?, ?, …)` lists
 *   make many shapes);
 * - the one connection is handed to waiting queries in turn. Kysely's lock wakes every waiter on
 *   each release and all but one go back to sleep: with 20 requests in flight that costs more than
 *   their queries. A transaction still holds the connection across its awaits, as it must.
 */
import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';

export const STATEMENT_CACHE_SIZE = 500;

class SqliteServerConnection implements DatabaseConnection {
  readonly #sqlite: SQLite.Database;
  readonly #size: number;
  readonly #statements = new Map<string, SQLite.Statement>();

  constructor(sqlite: SQLite.Database, size: number) {
    this.#sqlite = sqlite;
    this.#size = size;
  }

  #prepare(sql: string): SQLite.Statement {
    let statement = this.#statements.get(sql);
    if (statement) {
      // Map keeps insertion order: re-inserting marks it most recently used.
      this.#statements.delete(sql);
    } else {
      statement = this.#sqlite.prepare(sql);
      if (this.#statements.size >= this.#size) this.#statements.delete(this.#statements.keys().next().value!);
    }
    this.#statements.set(sql, statement);
    return statement;
  }

  executeQuery<R>({ sql, parameters }: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.#prepare(sql);
    if (statement.reader) return Promise.resolve({ rows: statement.all(parameters) as R[] });
    const { changes, lastInsertRowid } = statement.run(parameters);
    return Promise.resolve({ numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] });
  }

  streamQuery(): AsyncIterableIterator<QueryResult<never>> {
    throw new Error('Streaming is not supported');
  }

  close(): void {
    this.#statements.clear();
    this.#sqlite.close();
  }
}

class SqliteServerDriver implements Driver {
  readonly #connection: SqliteServerConnection;
  readonly #waiting: Array<() => void> = [];
  #isHeld = false;

  constructor(sqlite: SQLite.Database, size: number) {
    this.#connection = new SqliteServerConnection(sqlite, size);
  }

  async init(): Promise<void> {}

  acquireConnection(): Promise<DatabaseConnection> {
    if (!this.#isHeld) {
      this.#isHeld = true;
      return Promise.resolve(this.#connection);
    }
    return new Promise((resolve) => this.#waiting.push(() => resolve(this.#connection)));
  }

  async releaseConnection(): Promise<void> {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#isHeld = false;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    this.#connection.close();
  }
}

export class SqliteServerDialect implements Dialect {
  readonly #sqlite: SQLite.Database;
  readonly #size: number;

  constructor(sqlite: SQLite.Database, statementCacheSize = STATEMENT_CACHE_SIZE) {
    this.#sqlite = sqlite;
    this.#size = statementCacheSize;
  }

  createDriver(): Driver {
    return new SqliteServerDriver(this.#sqlite, this.#size);
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
