/**
 * PostgreSQL reads the audit context from the setting `audit.context` of the connection that
 * writes. A pooled connection serves one request, then another: before each write statement the
 * current request's context (or none, '') is set on it. Set each time, not remembered: a setting
 * made inside a transaction that rolls back is rolled back too. One more round trip per write;
 * reads are untouched.
 */
import type pg from 'pg';
import { currentAuditContext } from './context';

type Query = pg.PoolClient['query'];

const WRITE = /^\s*(insert|update|delete|merge)\b/i;

export function sendAuditContext(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query: Query = client.query.bind(client);
    client.query = ((text: unknown, ...rest: unknown[]) => {
      const sql = typeof text === 'string' ? text : (text as { text?: unknown } | null)?.text;
      if (typeof sql === 'string' && WRITE.test(sql)) {
        // Queued on the same connection ahead of the write; its outcome surfaces with the write's.
        void query('select set_config($1, $2, false)', ['audit.context', currentAuditContext() ?? '']).catch(() => undefined);
      }
      return (query as (...args: unknown[]) => unknown)(text, ...rest);
    }) as Query;
  });
}
