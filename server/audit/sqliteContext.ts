/**
 * SQLite reads the audit context through an application function, `audit_context()`, which the
 * audit triggers (TEMP triggers of this same connection: ./triggers.ts) call: the current
 * request's context as JSON, or NULL outside a request. They mask personal columns with
 * `audit_mask(kind, value)`: the contract's own masks (contract/personalData.ts).
 */
import type SQLite from 'better-sqlite3';
import { maskPersonal, type PersonalKind } from '../../contract/personalData';
import { currentAuditContext } from './context';

type SqlValue = string | number | bigint | Buffer | null;

export function registerAuditContext(sqlite: SQLite.Database): void {
  // Not deterministic: the answer depends on the request running, not on the arguments.
  sqlite.function('audit_context', { deterministic: false }, () => currentAuditContext() ?? null);
  sqlite.function('audit_mask', { deterministic: true }, (kind: unknown, value: unknown) => (maskPersonal(kind as PersonalKind, value) ?? null) as SqlValue);
}
