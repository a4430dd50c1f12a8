/**
 * One-time workbench handoff codes: a signed-in user's card link to a trusted sub-system carries a
 * code (its SHA-256 stored here, never the code) that the console there exchanges, once and
 * within a minute, for a session of its own. Bound to the app it was issued for.
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { columnTypes } from '../columnTypes';

export function securityTables(dialect: DialectName): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('handoffCode')
        .addColumn('id', t.idType, t.idColumn)
        .addColumn('codeHash', t.text(64), (col) => col.notNull().unique())
        .addColumn('userId', 'integer', (col) => col.notNull().references('user.id').onDelete('cascade'))
        .addColumn('appId', 'integer', (col) => col.notNull())
        .addColumn('expiresAt', t.bigint, (col) => col.notNull())
        .addColumn('usedAt', t.bigint)
        .execute();
      await db.schema.createIndex('handoff_code_expires_at_idx').on('handoffCode').column('expiresAt').execute();
    },
  };
}
