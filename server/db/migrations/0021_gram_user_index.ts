/**
 * The staff search grams (0012) are keyed by (gram, user_id): removing one account's grams, as the
 * triggers do when an account is deleted or renamed, scanned every gram. Deleting every member a
 * filter matches (thousands at once) made that quadratic; an index by account makes each one a lookup.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';

const GRAM_TABLES = ['user_name_gram', 'user_phone_gram'];

export function gramUserIndex(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of GRAM_TABLES) await sql.raw(`create index ${table}_user_id on ${table} (user_id)`).execute(db);
    },
  };
}
