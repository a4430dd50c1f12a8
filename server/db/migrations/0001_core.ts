/** Users, sessions, login throttling, the menu/permission tree, roles and their grants. */
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { columnTypes } from '../columnTypes';

export function coreTables(dialect: DialectName): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user')
        .addColumn('id', t.idType, t.idColumn)
        .addColumn('code', t.text(50), (col) => col.notNull().unique())
        .addColumn('name', t.text(50), (col) => col.notNull())
        .addColumn('passwordHash', t.text(200), (col) => col.notNull())
        .addColumn('isEnable', t.text(1), (col) => col.notNull().defaultTo('1'))
        .addColumn('mustChangePassword', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('createTime', t.bigint, (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('session')
        .addColumn('id', t.idType, t.idColumn)
        .addColumn('tokenHash', t.text(64), (col) => col.notNull().unique())
        .addColumn('userId', 'integer', (col) => col.notNull().references('user.id').onDelete('cascade'))
        .addColumn('createdAt', t.bigint, (col) => col.notNull())
        .addColumn('lastSeenAt', t.bigint, (col) => col.notNull())
        .addColumn('revokedAt', t.bigint)
        .execute();
      await db.schema.createIndex('session_user_id_idx').on('session').column('userId').execute();
      await db.schema.createIndex('session_created_at_idx').on('session').column('createdAt').execute();

      await db.schema
        .createTable('loginAttempt')
        .addColumn('id', t.idType, t.idColumn)
        .addColumn('scope', t.text(10), (col) => col.notNull())
        .addColumn('key', t.text(100), (col) => col.notNull())
        .addColumn('attemptedAt', t.bigint, (col) => col.notNull())
        .execute();
      await db.schema.createIndex('login_attempt_key_idx').on('loginAttempt').columns(['scope', 'key', 'attemptedAt']).execute();
      await db.schema.createIndex('login_attempt_time_idx').on('loginAttempt').column('attemptedAt').execute();

      await db.schema
        .createTable('permission')
        .addColumn('id', t.idType, t.idColumn)
        .addColumn('parentId', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('appId', 'integer', (col) => col.notNull())
        .addColumn('name', t.text(50), (col) => col.notNull())
        .addColumn('sort', t.bigint, (col) => col.notNull().defaultTo(0))
        .addColumn('path', t.text(200), (col) => col.notNull().defaultTo(''))
        .addColumn('url', t.text(200), (col) => col.notNull().defaultTo(''))
        .addColumn('icon', t.text(50), (col) => col.notNull().defaultTo(''))
        .addColumn('code', t.text(100), (col) => col.notNull().defaultTo(''))
        .addColumn('menuType', 'integer', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('permission_app_id_idx').on('permission').column('appId').execute();
      await db.schema.createIndex('permission_url_idx').on('permission').column('url').execute();
      await db.schema.createIndex('permission_parent_id_idx').on('permission').column('parentId').execute();

      await db.schema
        .createTable('role')
        .addColumn('id', t.idType, t.idColumn)
        .addColumn('sortNum', t.bigint, (col) => col.notNull().defaultTo(0))
        .addColumn('roleKey', t.text(20), (col) => col.notNull())
        .addColumn('name', t.text(50), (col) => col.notNull())
        .addColumn('appId', 'integer', (col) => col.notNull())
        .addColumn('isEnable', t.text(1), (col) => col.notNull().defaultTo('1'))
        .addColumn('description', t.text(500))
        .addColumn('roleType', 'integer', (col) => col.notNull().defaultTo(2))
        .addUniqueConstraint('role_app_key_unique', ['appId', 'roleKey'])
        .execute();

      await db.schema
        .createTable('rolePermission')
        .addColumn('roleId', 'integer', (col) => col.notNull().references('role.id').onDelete('cascade'))
        .addColumn('permissionId', 'integer', (col) => col.notNull().references('permission.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('role_permission_pk', ['roleId', 'permissionId'])
        .execute();
      await db.schema.createIndex('role_permission_permission_idx').on('rolePermission').column('permissionId').execute();

      await db.schema
        .createTable('userRole')
        .addColumn('userId', 'integer', (col) => col.notNull().references('user.id').onDelete('cascade'))
        .addColumn('roleId', 'integer', (col) => col.notNull().references('role.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('user_role_pk', ['userId', 'roleId'])
        .execute();
      await db.schema.createIndex('user_role_role_idx').on('userRole').column('roleId').execute();
    },
  };
}
