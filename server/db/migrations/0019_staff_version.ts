/**
 * Staff records carry a version (contract/recordVersion.ts), as the declared resources' records do:
 * moved by every write of what /user/detail answers (a save, enabling, a department's members and
 * supervisors, the own email), so a staff dialog read before one of them cannot overwrite it.
 */
import type { Kysely, Migration } from 'kysely';
import { columnTypes } from '../columnTypes';
import type { DialectName } from '../database';

export function staffVersion(dialect: DialectName): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('user').addColumn('version', t.bigint, (col) => col.notNull().defaultTo(1)).execute();
    },
  };
}
