/**
 * A staff member's role link may end (contract/roleEnds.ts): `user_role.expires_at`, epoch ms, or
 * null for a link that does not. The guard compares it with the request's time, so an ended link
 * grants nothing from that moment on every server; the index finds the links ending next.
 */
import type { Kysely, Migration } from 'kysely';
import { columnTypes } from '../columnTypes';
import type { DialectName } from '../database';

export function roleLinkEnd(dialect: DialectName): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('userRole').addColumn('expiresAt', t.bigint).execute();
      await db.schema.createIndex('user_role_expires_idx').on('userRole').column('expiresAt').execute();
    },
  };
}
