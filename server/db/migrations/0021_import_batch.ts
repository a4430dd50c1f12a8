/**
 * The files committed by an import (`<endpoint>/import`, server/import): one row per file and
 * table, keyed by the SHA-256 of its bytes, so the same file sent again (a double click, a retry
 * after a lost answer) is recognised and writes nothing twice. The user is kept by id and goes
 * with the account (the records the file made stay, and their audit rows name who imported them).
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { columnTypes } from '../columnTypes';

export function importBatch(dialect: DialectName): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('importBatch')
        .addColumn('id', t.idType, t.idColumn)
        .addColumn('tableName', t.text(64), (col) => col.notNull())
        .addColumn('digest', t.text(64), (col) => col.notNull())
        .addColumn('userId', 'integer', (col) => col.references('user.id').onDelete('set null'))
        .addColumn('rows', 'integer', (col) => col.notNull())
        .addColumn('createTime', t.bigint, (col) => col.notNull())
        .addUniqueConstraint('import_batch_table_digest_key', ['tableName', 'digest'])
        .execute();
    },
  };
}
