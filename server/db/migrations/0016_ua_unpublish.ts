/**
 * UA rules can be unpublished (review 2, M5): a rule keeps its row (the audit log and the rule
 * list show what ran, and until when) and gets the time and the name of whoever unpublished it.
 * Parse, preview and export read only rules without an unpublish time.
 *
 * Rules published before the limits of contract/uaRegex existed (a program past 4,000
 * instructions, a pattern matching the empty string) are unpublished here, by "migration 0016":
 * the server no longer runs them, and the export should not hand them on.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { regexProblem } from '../../../contract/uaRegex';
import type { DialectName } from '../database';
import { columnTypes } from '../columnTypes';

export const MIGRATION_UNPUBLISHER = 'migration 0016';

export function uaUnpublish(dialect: DialectName): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('ua_rule').addColumn('unpublish_time', t.bigint).execute();
      await db.schema.alterTable('ua_rule').addColumn('unpublisher_name', t.text(50)).execute();
      await db.schema.createIndex('ua_rule_ua_id_idx').ifNotExists().on('ua_rule').columns(['ua_id', 'id']).execute();
      const { rows } = await sql<{ id: number; rule: string }>`select id, rule from ua_rule`.execute(db);
      const now = Date.now();
      for (const { id, rule } of rows) {
        const { regex, regex_flag: flag } = JSON.parse(rule) as { regex?: unknown; regex_flag?: unknown };
        const refused = typeof regex !== 'string' || (flag !== undefined && typeof flag !== 'string') || regexProblem(regex, flag as string | undefined) !== null;
        if (refused) await sql`update ua_rule set unpublish_time = ${now}, unpublisher_name = ${MIGRATION_UNPUBLISHER} where id = ${id}`.execute(db);
      }
    },
  };
}
