/**
 * A user's own preferences, one row per screen and kind (contract/preferences.ts): a list's column
 * settings and saved views now, the console's theme later. The value is the kind's JSON, checked
 * by its schema before it is stored; the rows go with their account.
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { columnTypes } from '../columnTypes';

export function userPreference(dialect: DialectName): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('userPreference')
        .addColumn('id', t.idType, t.idColumn)
        .addColumn('userId', 'integer', (col) => col.notNull().references('user.id').onDelete('cascade'))
        .addColumn('screen', t.text(64), (col) => col.notNull())
        .addColumn('kind', t.text(32), (col) => col.notNull())
        .addColumn('value', 'text', (col) => col.notNull())
        .addColumn('updateTime', t.bigint, (col) => col.notNull())
        .addUniqueConstraint('user_preference_user_screen_kind_key', ['userId', 'screen', 'kind'])
        .execute();
    },
  };
}
