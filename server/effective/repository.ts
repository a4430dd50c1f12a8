/**
 * Data access of the effective-permissions view: the staff picker's search, and which of an app's
 * nodes a user reaches through which of their roles.
 *
 * Which nodes a user reaches is the guard's own rule, asked through server/auth/grants.ts
 * (`grantedIds`: the nodes granted to one of the user's enabled roles, plus every node of the base
 * app for an enabled super-admin; through links in force only, one time for the whole reading). The roles named on a node only annotate that set: the user's
 * enabled roles holding the node, and the super-admin role on every node of its app. A node
 * outside the set is never shown as granted, whatever the annotation finds.
 */
import { sql, type Kysely, type SqlBool } from 'kysely';
import { buildTree, type PermissionRecord } from '../../contract';
import { EFFECTIVE_USER_LIMIT, type EffectiveNode, type EffectiveUser, type GrantingRole } from '../../contract/effective';
import { grantedIds, isSuperAdmin, superAdminRoleId } from '../auth/grants';
import { escapeLike } from '../crud/search';
import { isStorableId } from '../crud/storableId';
import type { Database, EnableFlag } from '../db/schema';
import { linkInForce } from '../roles/linkInForce';

const ENABLED: EnableFlag = '1';
const NODE_COLUMNS = ['p.id', 'p.parentId', 'p.appId', 'p.name', 'p.sort', 'p.path', 'p.url', 'p.icon', 'p.code', 'p.menuType'] as const;

type RoleRow = GrantingRole & { sortNum: number };

const byRoleOrder = (a: RoleRow, b: RoleRow) => a.sortNum - b.sortNum || a.id - b.id;

export function effectiveRepository(db: Kysely<Database>) {
  /** The user's enabled roles holding each node of the app, by node id. */
  async function rolesByNode(userId: number, appId: number, now: number): Promise<Map<number, RoleRow[]>> {
    const rows = await db
      .selectFrom('userRole as ur')
      .innerJoin('role as r', 'r.id', 'ur.roleId')
      .innerJoin('rolePermission as rp', 'rp.roleId', 'ur.roleId')
      .innerJoin('permission as p', 'p.id', 'rp.permissionId')
      .select(['rp.permissionId', 'r.id', 'r.roleKey', 'r.name', 'r.sortNum'])
      .where('ur.userId', '=', userId)
      .where('r.isEnable', '=', ENABLED)
      .where(linkInForce('ur', now))
      .where('p.appId', '=', appId)
      .execute();
    const byNode = new Map<number, RoleRow[]>();
    for (const { permissionId, ...role } of rows) {
      const roles = byNode.get(permissionId) ?? [];
      if (!roles.some((r) => r.id === role.id)) roles.push(role);
      byNode.set(permissionId, roles);
    }
    return byNode;
  }

  /** The super-admin role when the user holds it (enabled) and it belongs to `appId`: it holds every node there. */
  async function superAdminRoleFor(userId: number, appId: number, now: number): Promise<RoleRow | undefined> {
    if (!(await isSuperAdmin(db, userId, now))) return undefined;
    const id = await superAdminRoleId(db);
    if (id === undefined) return undefined;
    const role = await db.selectFrom('role').select(['id', 'roleKey', 'name', 'sortNum', 'appId']).where('id', '=', id).executeTakeFirst();
    if (!role || role.appId !== appId) return undefined;
    const { appId: _appId, ...rest } = role;
    return rest;
  }

  return {
    async userExists(userId: number): Promise<boolean> {
      if (!isStorableId(userId)) return false;
      return (await db.selectFrom('user').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
    },

    async appExists(appId: number): Promise<boolean> {
      if (!isStorableId(appId)) return false;
      return (await db.selectFrom('app').select('id').where('id', '=', appId).executeTakeFirst()) !== undefined;
    },

    /** Up to EFFECTIVE_USER_LIMIT staff whose code or name contains `searchKey` (any case), by code. */
    async searchUsers(searchKey: string | undefined): Promise<EffectiveUser[]> {
      let query = db.selectFrom('user').select(['id', 'code', 'name', 'isEnable']);
      if (searchKey) {
        const pattern = `%${escapeLike(searchKey.toLowerCase())}%`;
        query = query.where((eb) =>
          eb.or([sql<SqlBool>`lower(${eb.ref('code')}) like ${pattern} escape '\\'`, sql<SqlBool>`lower(${eb.ref('name')}) like ${pattern} escape '\\'`]),
        );
      }
      return query.orderBy('code').orderBy('id').limit(EFFECTIVE_USER_LIMIT).execute();
    },

    /**
     * The app's nodes the user reaches (every type), as a tree, each with its granting roles. An
     * ancestor the user is not granted stays in the tree as `granted: false` so that what is below
     * it keeps its place (an API element granted without its page element is still callable).
     */
    async effectiveTree(userId: number, appId: number, now = Date.now()): Promise<EffectiveNode[]> {
      const [granted, byNode, superAdmin, rows] = await Promise.all([
        grantedIds(db, userId, appId, now),
        rolesByNode(userId, appId, now),
        superAdminRoleFor(userId, appId, now),
        db.selectFrom('permission as p').select(NODE_COLUMNS).where('p.appId', '=', appId).execute(),
      ]);
      const nodes = new Map<number, PermissionRecord>(rows.map((row) => [row.id, row as PermissionRecord]));
      const shown = new Set<number>();
      for (const id of granted) {
        // The node and its ancestors (stopping on data that loops, should any exist).
        for (let node = nodes.get(id); node && !shown.has(node.id); node = nodes.get(node.parentId)) shown.add(node.id);
      }
      const effective = [...shown].map((id) => {
        const node = nodes.get(id)!;
        const isGranted = granted.has(id);
        const roles = isGranted ? [...(byNode.get(id) ?? []), ...(superAdmin && !byNode.get(id)?.some((r) => r.id === superAdmin.id) ? [superAdmin] : [])] : [];
        return { ...node, granted: isGranted, roles: roles.sort(byRoleOrder).map(({ id: roleId, roleKey, name }) => ({ id: roleId, roleKey, name })) };
      });
      return buildTree(effective) as EffectiveNode[];
    },
  };
}

export type EffectiveRepository = ReturnType<typeof effectiveRepository>;
