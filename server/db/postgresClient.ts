/**
 * The PostgreSQL connection the pool hands out: pg's Client with the two things this server adds
 * to every statement, in one place.
 *
 * - The prepared queries (preparedQuery.ts: the session lookup of every request, version counters,
 *   the staff list) go as named prepared statements, so each connection parses and plans them
 *   once. Their SQL names its columns: a column added later does not change what a kept one answers.
 * - The audit triggers read the writing request's context from the connection's setting
 *   `audit.context` (SQLite: ../audit/sqliteContext.ts). A pooled connection serves one request,
 *   then another, so the setting is brought to the current context (or none, '') before a
 *   statement whenever it differs from what this connection was last given. A request's first
 *   statement on a connection is a lone statement or the `begin` of its transaction, so the setting
 *   is made outside any transaction that could roll it back.
 */
import pg from 'pg';
import { currentAuditContext } from '../audit/context';
import { preparedStatementName } from './preparedQuery';

type Query = (...args: unknown[]) => unknown;

export class ConsoleClient extends pg.Client {
  /** What `audit.context` holds on this connection ('' at connect: unset reads as none). */
  private auditContext = '';

  // pg's query has a dozen overloads; this passes every call on, adding what is described above.
  override query(...args: unknown[]): never {
    const send = super.query.bind(this) as Query;
    const context = currentAuditContext() ?? '';
    if (context !== this.auditContext) {
      this.auditContext = context;
      // Queued on this connection ahead of the statement; a failure surfaces with the statement's.
      void (send('select set_config($1, $2, false)', ['audit.context', context]) as Promise<unknown>).catch(() => undefined);
    }
    const [text, values, callback] = args;
    const name = typeof text === 'string' && Array.isArray(values) && callback === undefined ? preparedStatementName(text) : undefined;
    return (name ? send({ name, text, values }) : send(...args)) as never;
  }
}
