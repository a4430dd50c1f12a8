/**
 * Organisation nodes and menu/permission nodes carry a version (contract/recordVersion.ts), as the
 * declared resources' records and staff accounts do: moved by every write of the node, so a dialog
 * read before another save cannot overwrite it. Rows already there start at 1. (A role's grants are
 * versioned by the role's own `version`, which its declared table has.)
 */
import type { Kysely, Migration } from 'kysely';
import { columnTypes } from '../columnTypes';
import type { DialectName } from '../database';

export function moreVersions(dialect: DialectName): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      for (const table of ['office', 'permission']) {
        await db.schema.alterTable(table).addColumn('version', t.bigint, (col) => col.notNull().defaultTo(1)).execute();
      }
    },
  };
}
