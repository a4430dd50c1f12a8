/**
 * better-sqlite3 handle for Kysely's SqliteDialect that keeps prepared statements by SQL text.
 * Kysely prepares every query again, which was a sixth of a list request's time; the same query
 * shapes recur, so a statement is prepared once and reused. Bounded: the least recently used
 * statement goes when the cache is full (`in (?, ?, …)` lists make many shapes).
 */
import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

export const STATEMENT_CACHE_SIZE = 500;

export function cachingDatabase(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string): SqliteStatement {
      let statement = statements.get(sql);
      if (statement) {
        // Map keeps insertion order: re-inserting marks it most recently used.
        statements.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (statements.size >= size) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
      return statement as unknown as SqliteStatement;
    },
    close(): void {
      statements.clear();
      sqlite.close();
    },
  };
}
