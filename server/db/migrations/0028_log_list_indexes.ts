/**
 * The audit and login screens at years of rows (10 and 5 million): each exact filter with the
 * newest-first order is one index range read backwards, so a page and its bounded total
 * (server/crud/features/boundedTotal.ts) read a few thousand entries, never the whole table.
 * A record is found by (record_id, table_name), which also serves a record id alone and a
 * record's history. The indexes these extend are dropped: each composite serves every query they
 * did (the declared resources' sync made the single-column ones of the screens' filters, and no
 * longer makes them: an index of a migration leading with the column serves it).
 * Named in the README ("Years of audit and login rows").
 */
import type { Kysely, Migration } from 'kysely';

/** [name, table, columns] of every index this migration makes. */
export const LOG_LIST_INDEXES = [
  // Each ends with the id, the order's tie-break: on PostgreSQL's monthly partitions (0029) only an
  // index giving the whole order (time, id) lets a page merge the months' index reads and stop at
  // 20 rows; with the time alone it sorted every row of the year (seconds at 10 million). On
  // SQLite an index's entries end with the row id anyway.
  ['audit_log_changed_idx', 'auditLog', ['changedAt', 'id']],
  ['login_log_attempted_idx', 'loginLog', ['attemptedAt', 'id']],
  ['audit_log_user_code_changed_idx', 'auditLog', ['userCode', 'changedAt', 'id']],
  ['audit_log_user_id_changed_idx', 'auditLog', ['userId', 'changedAt', 'id']],
  ['audit_log_table_changed_idx', 'auditLog', ['tableName', 'changedAt', 'id']],
  ['audit_log_record_changed_idx', 'auditLog', ['recordId', 'tableName', 'changedAt', 'id']],
  ['audit_log_route_changed_idx', 'auditLog', ['route', 'changedAt', 'id']],
  ['audit_log_action_changed_idx', 'auditLog', ['action', 'changedAt', 'id']],
  // What a request wrote (server/live/changes.ts), read from the index alone: with the request id
  // alone, SQLite took the action index for `request_id = ? and table_name = ? and action = ?`.
  ['audit_log_request_written_idx', 'auditLog', ['requestId', 'tableName', 'action', 'recordId']],
  ['login_log_user_name_attempted_idx', 'loginLog', ['userName', 'attemptedAt', 'id']],
  ['login_log_address_attempted_idx', 'loginLog', ['address', 'attemptedAt', 'id']],
  ['login_log_result_attempted_idx', 'loginLog', ['result', 'attemptedAt', 'id']],
  ['login_log_reason_attempted_idx', 'loginLog', ['reason', 'attemptedAt', 'id']],
] as const;

/** Made redundant by a composite above: those of migrations 0011, 0015 and 0024, and the sync's (absent on a new database). */
export const REPLACED_LOG_INDEXES = [
  'audit_log_changed_at_idx',
  'login_log_attempted_at_idx',
  'audit_log_request_idx',
  'audit_log_user_code_idx',
  'audit_log_user_id_idx',
  'audit_log_record_idx',
  'audit_log_action_idx',
  'login_log_result_idx',
  'login_log_reason_idx',
] as const;

export function logListIndexes(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const [name, table, columns] of LOG_LIST_INDEXES) await db.schema.createIndex(name).on(table).columns([...columns]).execute();
      for (const name of REPLACED_LOG_INDEXES) await db.schema.dropIndex(name).ifExists().execute();
    },
  };
}
