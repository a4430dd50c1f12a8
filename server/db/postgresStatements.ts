/**
 * PostgreSQL parses and plans every statement Kysely sends (unnamed statements). The prepared
 * queries (preparedQuery.ts: the session lookup of every request, version counters, the staff
 * list) are sent as named prepared statements instead: each connection of the pool parses them
 * once. Their SQL names its columns, so a column added to a table later does not change what a
 * kept statement answers.
 */
import type pg from 'pg';
import { preparedStatementName } from './preparedQuery';

type Query = pg.PoolClient['query'];

export function namePreparedStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query: Query = client.query.bind(client);
    client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
      const name = typeof text === 'string' && Array.isArray(values) && callback === undefined ? preparedStatementName(text) : undefined;
      return name ? query({ name, text: text as string, values: values as unknown[] }) : (query as (...args: unknown[]) => unknown)(text, values, callback);
    }) as Query;
  });
}
