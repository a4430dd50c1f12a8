/**
 * SQLite reads the audit context through an application function, `audit_context()`, which the
 * audit triggers (TEMP triggers of this same connection: ./triggers.ts) call: the current
 * request's context as JSON, or NULL outside a request.
 */
import type SQLite from 'better-sqlite3';
import { currentAuditContext } from './context';

export function registerAuditContext(sqlite: SQLite.Database): void {
  // Not deterministic: the answer depends on the request running, not on the arguments.
  sqlite.function('audit_context', { deterministic: false }, () => currentAuditContext() ?? null);
}
