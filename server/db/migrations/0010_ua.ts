/**
 * The UA rule tool (SPEC §2.15, §3): collected UA strings, and the rules published for them in
 * uap-core's shape (one row per parser: kind device/os/ua, the rule's fields as JSON), kept in
 * publication order; they run before uap-core's own set.
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { columnTypes } from '../columnTypes';

export function uaTables(dialect: DialectName): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('ua_record')
        .ifNotExists()
        .addColumn('id', t.idType, t.idColumn)
        .addColumn('ua_message', t.text(2048), (col) => col.notNull())
        .addColumn('ua_status', t.text(1), (col) => col.notNull().defaultTo('0'))
        .addColumn('parser_type', t.text(50))
        .execute();
      await db.schema.createIndex('ua_record_status_idx').ifNotExists().on('ua_record').columns(['ua_status', 'id']).execute();
      await db.schema
        .createTable('ua_rule')
        .addColumn('id', t.idType, t.idColumn)
        .addColumn('kind', t.text(10), (col) => col.notNull())
        .addColumn('rule', t.text(), (col) => col.notNull())
        .addColumn('ua_id', 'integer')
        .addColumn('create_time', t.bigint, (col) => col.notNull())
        .addColumn('creator_name', t.text(50), (col) => col.notNull())
        .execute();
    },
  };
}
