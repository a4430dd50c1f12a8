/**
 * Kysely's SQLite dialect with a driver made for a server under concurrent requests:
 * - prepared statements are kept by SQL text (Kysely's driver prepares every query again, a sixth
 *   of a list request's time); bounded, the least recently used goes first (`in (?, ?, …)` lists
 *   make many shapes);
 * - a reading statement whose SQL names every column (no `*`) answers its rows as arrays, made
 *   into objects by a function built once for its column names: better-sqlite3's own row objects
 *   are dictionaries (a list page's 36 columns cost about as much to make as the page's SQL), an
 *   object literal is a fixed shape, quicker to make, complete and serialize. A `*` can change its
 *   columns with the schema under a kept statement, so those rows stay better-sqlite3's;
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

type RowOf = (values: unknown[]) => Record<string, unknown>;
interface Kept {
  statement: SQLite.Statement;
  /** Set for a reading statement in raw mode: its rows' objects from their values. */
  rowOf?: RowOf;
}

/** The object of a row from its values, for these column names; undefined where a literal cannot say it. */
export function rowMaker(names: readonly string[]): RowOf | undefined {
  // `__proto__: v` in a literal sets the prototype, where a column of that name is a property.
  if (names.includes('__proto__')) return undefined;
  return new Function('v', `return {${names.map((name, i) => `${JSON.stringify(name)}: v[${i}]`).join(', ')}};`) as RowOf;
}

class SqliteServerConnection implements DatabaseConnection {
  readonly #sqlite: SQLite.Database;
  readonly #size: number;
  readonly #statements = new Map<string, Kept>();

  constructor(sqlite: SQLite.Database, size: number) {
    this.#sqlite = sqlite;
    this.#size = size;
  }

  #prepare(sql: string): Kept {
    let kept = this.#statements.get(sql);
    if (kept) {
      // Map keeps insertion order: re-inserting marks it most recently used.
      this.#statements.delete(sql);
    } else {
      const statement = this.#sqlite.prepare(sql);
      const rowOf = statement.reader && !sql.includes('*') ? rowMaker(statement.columns().map((column) => column.name)) : undefined;
      if (rowOf) statement.raw(true);
      kept = { statement, rowOf };
      if (this.#statements.size >= this.#size) this.#statements.delete(this.#statements.keys().next().value!);
    }
    this.#statements.set(sql, kept);
    return kept;
  }

  executeQuery<R>({ sql, parameters }: CompiledQuery): Promise<QueryResult<R>> {
    const { statement, rowOf } = this.#prepare(sql);
    if (rowOf) {
      const rows = statement.all(parameters) as unknown[];
      for (let i = 0; i < rows.length; i++) rows[i] = rowOf(rows[i] as unknown[]);
      return Promise.resolve({ rows: rows as R[] });
    }
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
