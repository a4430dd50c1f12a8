/**
 * Second security review, M2 and M3. The audit log names the writer's account, not only a display
 * name anyone may take: `user_code` beside `user_id` (rows written before take the code of their
 * user id, which never changes once the account exists), with indexes for the list's filters. And
 * the personal columns of rows written before the triggers masked them are masked now: data that
 * already reached the log does not stay readable there.
 */
import type { Kysely, Migration } from 'kysely';
import { remaskStoredChanges } from '../../audit/personalColumns';
import { columnTypes } from '../columnTypes';
import type { DialectName } from '../database';
import type { Database } from '../schema';

export function auditAccounts(dialect: DialectName): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('auditLog').addColumn('userCode', t.text(50)).execute();
      const typed = db as unknown as Kysely<Database>;
      await typed
        .updateTable('auditLog')
        .set((eb) => ({ userCode: eb.selectFrom('user').select('user.code').whereRef('user.id', '=', 'auditLog.userId') }))
        .where('userId', 'is not', null)
        .execute();
      await db.schema.createIndex('audit_log_user_id_idx').on('auditLog').column('userId').execute();
      await db.schema.createIndex('audit_log_user_code_idx').on('auditLog').column('userCode').execute();
      await remaskStoredChanges(typed);
    },
  };
}
