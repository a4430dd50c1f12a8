/**
 * What a user's enabled roles grant: the API elements the guard checks on every request, and the
 * menu tree (directories and page elements) the console builds its routes and buttons from.
 * Always read from the database, so a change of grants holds from the very next request.
 */
import type { Kysely } from 'kysely';
import { BASE_APP_CODE, buildTree, MenuType, type PermissionNode } from '../../contract';
import type { Database, EnableFlag } from '../db/schema';

const ENABLED: EnableFlag = '1';
const TREE_TYPES = [MenuType.PAGE_ELEMENT, MenuType.NAVIGATION, MenuType.MENU, MenuType.HOME];

export function createGrants(db: Kysely<Database>) {
  function grantedPermissionIds(userId: number) {
    return db
      .selectFrom('userRole as ur')
      .innerJoin('role as r', 'r.id', 'ur.roleId')
      .innerJoin('rolePermission as rp', 'rp.roleId', 'ur.roleId')
      .select('rp.permissionId')
      .where('ur.userId', '=', userId)
      .where('r.isEnable', '=', ENABLED);
  }

  return {
    async baseAppId(): Promise<number | undefined> {
      const app = await db.selectFrom('app').select('id').where('code', '=', BASE_APP_CODE).executeTakeFirst();
      return app?.id;
    },

    /** Whether one of the user's enabled roles is granted the base app's API element for `path`. */
    async canCallApi(userId: number, path: string): Promise<boolean> {
      const row = await db
        .selectFrom('permission as p')
        .innerJoin('app as a', 'a.id', 'p.appId')
        .select('p.id')
        .where('p.url', '=', path)
        .where('p.menuType', '=', MenuType.API)
        .where('a.code', '=', BASE_APP_CODE)
        .where('p.id', 'in', grantedPermissionIds(userId))
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The user's granted directories and page elements of one app, as a tree. */
    async grantedTree(userId: number, appId: number): Promise<PermissionNode[]> {
      const rows = await db
        .selectFrom('permission')
        .select(['id', 'parentId', 'appId', 'name', 'sort', 'path', 'url', 'icon', 'code', 'menuType'])
        .where('appId', '=', appId)
        .where('menuType', 'in', TREE_TYPES)
        .where('id', 'in', grantedPermissionIds(userId))
        .orderBy('sort')
        .orderBy('id')
        .execute();
      return buildTree(rows.map((row) => ({ ...row, menuType: row.menuType as MenuType }))) as PermissionNode[];
    },
  };
}

export type Grants = ReturnType<typeof createGrants>;
