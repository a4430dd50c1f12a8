/**
 * An index on the audit log's request id: after a write succeeds, live lists (server/live) read
 * what that request wrote, by its id, without scanning the whole log.
 */
import type { Kysely, Migration } from 'kysely';

export function auditRequestIndex(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('audit_log_request_idx').on('auditLog').column('requestId').execute();
    },
  };
}
