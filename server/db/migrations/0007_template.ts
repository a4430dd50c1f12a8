/**
 * Published report templates (SPEC §2.20): every version is kept, one row each; a name's version
 * is unique. Parameters are stored as the JSON list the form sends.
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { columnTypes } from '../columnTypes';

export function templates(dialect: DialectName): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('template')
        .addColumn('id', t.idType, t.idColumn)
        .addColumn('name', t.text(50), (col) => col.notNull())
        .addColumn('version', t.text(20), (col) => col.notNull())
        .addColumn('remark', t.text(500), (col) => col.notNull())
        .addColumn('code', t.text(), (col) => col.notNull())
        .addColumn('parameters', t.text(), (col) => col.notNull())
        .addColumn('createTime', t.bigint, (col) => col.notNull())
        .addColumn('creatorId', 'integer')
        .addColumn('creatorName', t.text(50), (col) => col.notNull())
        .addUniqueConstraint('template_name_version_unique', ['name', 'version'])
        .execute();
      await db.schema.createIndex('template_name_time_idx').on('template').columns(['name', 'createTime']).execute();
    },
  };
}
