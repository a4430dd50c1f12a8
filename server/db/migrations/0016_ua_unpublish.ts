/**
 * UA rules can be unpublished (review 2, M5): a rule keeps its row (the audit log and the rule
 * list show what ran, and until when) and gets the time and the name of whoever unpublished it.
 * Parse, preview and export read only rules without an unpublish time.
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { columnTypes } from '../columnTypes';

export function uaUnpublish(dialect: DialectName): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('ua_rule').addColumn('unpublish_time', t.bigint).execute();
      await db.schema.alterTable('ua_rule').addColumn('unpublisher_name', t.text(50)).execute();
      await db.schema.createIndex('ua_rule_ua_id_idx').ifNotExists().on('ua_rule').columns(['ua_id', 'id']).execute();
    },
  };
}
