/**
 * The audit log (one row per record a request's write changed, written by triggers: see
 * server/audit/), the login log (one row per login attempt), and what the online-users screen
 * reads: each session's address and browser, and the view of live sessions with their user.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { columnTypes } from '../columnTypes';
import type { DialectName } from '../database';

export function auditTables(dialect: DialectName): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('auditLog')
        .addColumn('id', t.idType, t.idColumn)
        .addColumn('changedAt', t.bigint, (col) => col.notNull())
        .addColumn('requestId', t.text(40), (col) => col.notNull())
        .addColumn('userId', t.bigint)
        .addColumn('userName', t.text(50))
        .addColumn('method', t.text(10), (col) => col.notNull())
        .addColumn('route', t.text(200), (col) => col.notNull())
        .addColumn('address', t.text(64))
        .addColumn('tableName', t.text(64), (col) => col.notNull())
        .addColumn('recordId', t.text(64))
        .addColumn('action', t.text(10), (col) => col.notNull())
        .addColumn('changes', t.text())
        .execute();
      await db.schema.createIndex('audit_log_changed_at_idx').on('auditLog').column('changedAt').execute();
      await db.schema.createIndex('audit_log_record_idx').on('auditLog').columns(['tableName', 'recordId']).execute();

      await db.schema
        .createTable('loginLog')
        .addColumn('id', t.idType, t.idColumn)
        .addColumn('attemptedAt', t.bigint, (col) => col.notNull())
        .addColumn('userName', t.text(50), (col) => col.notNull())
        .addColumn('address', t.text(64))
        .addColumn('userAgent', t.text(300))
        .addColumn('result', t.text(10), (col) => col.notNull())
        .addColumn('reason', t.text(20), (col) => col.notNull())
        .execute();
      await db.schema.createIndex('login_log_attempted_at_idx').on('loginLog').column('attemptedAt').execute();

      await db.schema.alterTable('session').addColumn('address', t.text(64)).execute();
      await db.schema.alterTable('session').addColumn('userAgent', t.text(300)).execute();
      await db.schema.createIndex('session_user_idx').on('session').columns(['userId', 'revokedAt']).execute();
      // Sessions not ended by logout, an administrator or a disabled account; the idle and absolute
      // limits, which are the server's settings, are applied by the list (server/audit/onlineSessions.ts).
      await sql`
        create view online_session as
        select s.id, s.user_id, u.name as user_name, u.code as user_code, s.address, s.user_agent, s.created_at, s.last_seen_at
        from session s join "user" u on u.id = s.user_id
        where s.revoked_at is null and u.is_enable = '1'`.execute(db);
    },
  };
}
