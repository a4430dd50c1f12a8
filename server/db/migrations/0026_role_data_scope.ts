/**
 * A role's data scope (contract/dataScope.ts): `role_data_scope` holds the scope of a role that
 * has one (none: all staff), `role_scope_office` the nodes of a chosen scope. Kept beside the role
 * row, as its grants are, so a role's save, import or revert never touches what it may reach.
 */
import type { Kysely, Migration } from 'kysely';

export function roleDataScope(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('roleDataScope')
        .addColumn('roleId', 'integer', (col) => col.primaryKey())
        .addColumn('dataScope', 'integer', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('roleScopeOffice')
        .addColumn('roleId', 'integer', (col) => col.notNull())
        .addColumn('officeId', 'integer', (col) => col.notNull())
        .addPrimaryKeyConstraint('role_scope_office_pk', ['roleId', 'officeId'])
        .execute();
    },
  };
}
