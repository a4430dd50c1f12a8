/**
 * PostgreSQL: the version counters (grants 0004, staff list 0003, dictionaries 0006, statistics
 * 0009) are moved BEFORE each writing statement, no longer after it. Moved after, a writer locked
 * its rows first and the counter row second, while a transaction that had already moved the
 * counter (a dictionary move is two updates) waited for those rows: two saves at once deadlocked
 * (a switch toggled while the item moved answered 500). Moved before, every writer takes the
 * counter first, then its rows: one order, no deadlock. SQLite writes one transaction at a time.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';

/** [trigger, table, events, function] as the earlier migrations created them. */
const COUNTER_TRIGGERS: ReadonlyArray<readonly [string, string, string, string]> = [
  ...['permission', 'role_permission', 'role', 'user_role'].map((table) => [`grants_version_${table}`, table, 'insert or update or delete', 'grants_version_bump'] as const),
  ['staff_list_user_change', 'user', 'insert or delete or update of name, code, telephone, office_id', 'staff_list_bump'],
  ['staff_list_role_change', 'user_role', 'insert or delete', 'staff_list_bump'],
  ['dic_version_change', 'dic', 'insert or update or delete', 'dic_version_bump'],
  ...['site_user', 'advertiser', 'ad', 'domain', 'team', 'team_member'].map((table) => [`${table}_statistics_version`, table, 'insert or update or delete', 'statistics_version_bump'] as const),
  ['user_name_statistics_version', 'user', 'update of name', 'statistics_version_bump'],
];

export function versionLockOrder(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      for (const [trigger, table, events, fn] of COUNTER_TRIGGERS) {
        await sql.raw(`drop trigger ${trigger} on "${table}"`).execute(db);
        await sql.raw(`create trigger ${trigger} before ${events} on "${table}" for each statement execute function ${fn}()`).execute(db);
      }
    },
  };
}
