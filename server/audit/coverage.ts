/**
 * Which tables the audit log covers: every table of the database, so a table added later (a new
 * declared resource, a migration) is audited from its first start, except those below, and
 * which columns are never copied into it.
 */

/** Tables whose writes are not audited, each with why. */
export const UNAUDITED_TABLES: ReadonlyMap<string, string> = new Map([
  ['audit_log', 'the audit log itself'],
  ['login_log', 'a log of its own: every login attempt'],
  ['customer_reveal', 'a log of its own: every reveal of personal data'],
  ['session', 'sessions start, touch and end on every login and request; the login log and online users cover them'],
  ['user_preference', 'a user\'s own display settings (columns, saved views); they grant nothing, and a view may hold typed search text'],
  ['import_batch', 'the digest of each imported file, written with the records it made: each of those is audited as a create of its own, under the import\'s request'],
  ['login_attempt', 'the login throttle counters'],
  ['handoff_code', 'one-time workbench codes, a minute long'],
  ['grants_version', 'a counter moved by the writes it follows'],
  ['staff_list_version', 'a counter moved by the writes it follows'],
  ['dic_version', 'a counter moved by the writes it follows'],
  ['statistics_version', 'a counter moved by the writes it follows'],
  ['traffic_hour', 'ingested traffic: a batch notes each key it changed, before → after (server/statistics/ingest.ts)'],
  ['traffic_day', 'a rollup of traffic_hour'],
  ['traffic_month', 'a rollup of traffic_hour'],
  ['traffic_service_day', 'a rollup of traffic_hour'],
  ['traffic_service_month', 'a rollup of traffic_hour'],
  ['revenue_month', 'ingested revenue: a batch notes each key it changed, before → after (server/statistics/ingest.ts)'],
  ['user_name_gram', 'a search index kept by triggers'],
  ['user_phone_gram', 'a search index kept by triggers'],
  ['gram_position', 'a constant table of the search indexes'],
  ['kysely_migration', 'the migrations run'],
  ['kysely_migration_lock', 'the migrations lock'],
]);

/** The FTS5 index of staff searches and its shadow tables (SQLite). */
const UNAUDITED_PREFIXES = ['user_search', 'sqlite_'];

/**
 * Columns holding password material or tokens: a change shows as `******`, never the value.
 * Personal data is stored masked too, each column as its kind masks (./personalColumns.ts).
 */
export const SECRET_COLUMNS: ReadonlySet<string> = new Set(['password_hash', 'token_hash', 'code_hash']);

export const MASK = '******';

/** PostgreSQL's monthly partitions of the logs and traffic hours (server/db/partitions.ts): written through their tables. */
const PARTITION = /^(audit_log|login_log|traffic_hour)_p\d{6}$/;

export function isAudited(table: string): boolean {
  return !UNAUDITED_TABLES.has(table) && !UNAUDITED_PREFIXES.some((prefix) => table.startsWith(prefix)) && !PARTITION.test(table);
}
