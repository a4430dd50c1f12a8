/**
 * Staff details on `user` (SPEC §3 Staff) and the organisation tree. Staff columns are nullable:
 * accounts made before this migration (admin) have none. A staff member belongs to at most one
 * organisation node (`officeId`), optionally as its supervisor (`adminFlag`).
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { columnTypes } from '../columnTypes';

const STAFF_TEXT_COLUMNS: ReadonlyArray<readonly [string, number]> = [
  ['telephone', 11],
  ['birthday', 10],
  ['nation', 2],
  ['card', 18],
  ['email', 32],
  ['crashName', 20],
  ['crashPhone', 11],
  ['censusProvince', 6],
  ['censusCity', 6],
  ['censusArea', 6],
  ['censusAddress', 100],
  ['liveProvince', 6],
  ['liveCity', 6],
  ['liveArea', 6],
  ['liveAddress', 100],
  ['graduatedSchool', 50],
  ['specialty', 50],
  ['graduatedTime', 10],
  ['position', 30],
  ['grade', 15],
];
const STAFF_INTEGER_COLUMNS = ['sex', 'marriageStatus', 'education'] as const;

export function staffAndOffice(dialect: DialectName): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('office')
        .addColumn('id', t.idType, t.idColumn)
        .addColumn('type', 'integer', (col) => col.notNull())
        .addColumn('parentId', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('name', t.text(20), (col) => col.notNull())
        .addColumn('remark', t.text(500))
        .addColumn('createTime', t.bigint, (col) => col.notNull())
        .execute();
      await db.schema.createIndex('office_parent_id_idx').on('office').column('parentId').execute();

      // One column per statement: SQLite's ALTER TABLE adds one at a time.
      for (const [name, max] of STAFF_TEXT_COLUMNS) {
        await db.schema.alterTable('user').addColumn(name, t.text(max)).execute();
      }
      for (const name of STAFF_INTEGER_COLUMNS) {
        await db.schema.alterTable('user').addColumn(name, 'integer').execute();
      }
      await db.schema
        .alterTable('user')
        .addColumn('officeId', 'integer', (col) => col.references('office.id').onDelete('set null'))
        .execute();
      await db.schema.alterTable('user').addColumn('adminFlag', 'integer', (col) => col.notNull().defaultTo(0)).execute();
      // Unique among staff; accounts without a phone (NULL) do not collide.
      await db.schema.createIndex('user_telephone_unique').on('user').column('telephone').unique().execute();
      await db.schema.createIndex('user_office_id_idx').on('user').column('officeId').execute();
    },
  };
}
