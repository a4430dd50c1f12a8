/**
 * What a user's enabled roles grant: the API elements the guard checks on every request, and the
 * menu tree (directories and page elements) the console builds its routes and buttons from.
 * A change of grants, roles or a user's roles holds from the very next request of every live
 * session: the guard's per-user set of API paths is trusted only while the database's grants
 * version (migration 0004, moved by triggers on every such write) is the one it was read at, and
 * until the first of the user's role links ends (contract/roleEnds.ts): an ended link grants
 * nothing from that moment, on every server, whether or not the sweep has deleted it yet.
 *
 * The super-admin role (key `superAdmin` of the base app) holds every node of the base app,
 * whatever its stored grants say: a node added to the base app later is the super-admin's at once.
 *
 * The plain functions take any Kysely instance, so role and user writes can ask inside their
 * transaction; `createGrants` binds them to the app's database for the guard and session calls.
 */
import type { Kysely } from 'kysely';
import { BASE_APP_CODE, buildTree, MenuType, menuReadingOf, SUPER_ADMIN_ROLE_KEY, type MenuReading, type PermissionNode } from '../../contract';
import { isStorableId } from '../crud/storableId';
import type { Database, EnableFlag } from '../db/schema';
import { versionReader } from '../db/versionCounter';
import { linkInForce } from '../roles/linkInForce';

const ENABLED: EnableFlag = '1';

/** The super-admin role's row: key `superAdmin` in the base app. */
function superAdminRoles(db: Kysely<Database>) {
  return db
    .selectFrom('role as sr')
    .innerJoin('app as sa', 'sa.id', 'sr.appId')
    .where('sr.roleKey', '=', SUPER_ADMIN_ROLE_KEY)
    .where('sa.code', '=', BASE_APP_CODE);
}

/** Whether the user holds the super-admin role, enabled, by a link in force at `now`. */
export async function isSuperAdmin(db: Kysely<Database>, userId: number, now = Date.now()): Promise<boolean> {
  const row = await superAdminRoles(db)
    .innerJoin('userRole as sur', 'sur.roleId', 'sr.id')
    .select('sr.id')
    .where('sur.userId', '=', userId)
    .where('sr.isEnable', '=', ENABLED)
    .where(linkInForce('sur', now))
    .executeTakeFirst();
  return row !== undefined;
}

/** Id of the super-admin role, if the database has one. */
export async function superAdminRoleId(db: Kysely<Database>): Promise<number | undefined> {
  return (await superAdminRoles(db).select('sr.id').executeTakeFirst())?.id;
}

/**
 * Ids of the nodes granted to the user: explicitly to one of their enabled roles, and every node
 * of the base app when they hold the super-admin role (enabled); only through links in force at
 * `now` (an ended link grants nothing). A subquery for `where id in`.
 */
export function grantedPermissionIds(db: Kysely<Database>, userId: number, now = Date.now()) {
  const explicit = db
    .selectFrom('userRole as ur')
    .innerJoin('role as r', 'r.id', 'ur.roleId')
    .innerJoin('rolePermission as rp', 'rp.roleId', 'ur.roleId')
    .select('rp.permissionId as id')
    .where('ur.userId', '=', userId)
    .where('r.isEnable', '=', ENABLED)
    .where(linkInForce('ur', now));
  const ofSuperAdmin = db
    .selectFrom('permission as sp')
    .select('sp.id as id')
    .where((eb) =>
      eb.exists(
        // The super-admin role (as in superAdminRoles), held and enabled, of the node's own app.
        eb
          .selectFrom('role as sr')
          .innerJoin('app as sa', 'sa.id', 'sr.appId')
          .innerJoin('userRole as sur', 'sur.roleId', 'sr.id')
          .select('sr.id')
          .where('sr.roleKey', '=', SUPER_ADMIN_ROLE_KEY)
          .where('sa.code', '=', BASE_APP_CODE)
          .where('sr.isEnable', '=', ENABLED)
          .where('sur.userId', '=', userId)
          .where(linkInForce('sur', now))
          .whereRef('sr.appId', '=', 'sp.appId'),
      ),
    );
  return explicit.union(ofSuperAdmin);
}

/** Whose grants grantedPairs reads: one user, or every holder of a role (enabled or not). */
/** One user, or every holder of the roles named. */
export type GrantedUsers = { userId: number } | { holdersOf: readonly number[] };

/**
 * The rule of grantedPermissionIds for many users in one statement: a (userId, id) row per node
 * granted to each of `users`. The grant preview reads a role's holders with it (100,000 of them
 * are one statement, not one query each); keep the two in step: tests/api/grantPreview.test.ts
 * compares the preview with grantedIds read after the save.
 */
export function grantedPairs(db: Kysely<Database>, users: GrantedUsers, now = Date.now()) {
  const holders = db
    .selectFrom('userRole as h')
    .select('h.userId')
    .where('h.roleId', 'in', 'holdersOf' in users && users.holdersOf.length ? users.holdersOf : [0])
    .where(linkInForce('h', now));
  const explicit = db
    .selectFrom('userRole as ur')
    .innerJoin('role as r', 'r.id', 'ur.roleId')
    .innerJoin('rolePermission as rp', 'rp.roleId', 'ur.roleId')
    .select(['ur.userId as userId', 'rp.permissionId as id'])
    .where('r.isEnable', '=', ENABLED)
    .where(linkInForce('ur', now))
    .where((eb) => ('userId' in users ? eb('ur.userId', '=', users.userId) : eb('ur.userId', 'in', holders)));
  const ofSuperAdmin = db
    .selectFrom('permission as sp')
    .innerJoin('role as sr', 'sr.appId', 'sp.appId')
    .innerJoin('app as sa', 'sa.id', 'sr.appId')
    .innerJoin('userRole as sur', 'sur.roleId', 'sr.id')
    .select(['sur.userId as userId', 'sp.id as id'])
    .where('sr.roleKey', '=', SUPER_ADMIN_ROLE_KEY)
    .where('sa.code', '=', BASE_APP_CODE)
    .where('sr.isEnable', '=', ENABLED)
    .where(linkInForce('sur', now))
    .where((eb) => ('userId' in users ? eb('sur.userId', '=', users.userId) : eb('sur.userId', 'in', holders)));
  return explicit.union(ofSuperAdmin);
}

/** Ids of the nodes of `appId` granted to the user (see grantedPermissionIds). */
export async function grantedIds(db: Kysely<Database>, userId: number, appId: number, now = Date.now()): Promise<Set<number>> {
  const rows = await db
    .selectFrom('permission as p')
    .select('p.id')
    .where('p.appId', '=', appId)
    .where('p.id', 'in', grantedPermissionIds(db, userId, now))
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Users whose API paths are kept; the least recently checked go first beyond this. */
const CACHED_USERS = 1000;

/**
 * A user's API paths as read at a grants version. `until`: the earliest end, after the reading,
 * of one of the user's links; from then the reading may grant too much and is read again, so an
 * ended link opens nothing from that moment, although no write moved the version.
 */
interface ApiPathsReading {
  version: number;
  until: number;
  paths: Set<string>;
}

export function createGrants(db: Kysely<Database>) {
  const apiPaths = new Map<number, ApiPathsReading>();

  const grantsVersion = versionReader(db, 'grantsVersion');

  /** The base app's API paths granted to the user at `now`, and when the first of their links in force ends. */
  async function readApiPaths(userId: number, now: number): Promise<Omit<ApiPathsReading, 'version'>> {
    const [rows, next] = await Promise.all([
      db
        .selectFrom('permission as p')
        .innerJoin('app as a', 'a.id', 'p.appId')
        .select('p.url')
        .where('p.menuType', '=', MenuType.API)
        .where('a.code', '=', BASE_APP_CODE)
        .where('p.id', 'in', grantedPermissionIds(db, userId, now))
        .execute(),
      db
        .selectFrom('userRole')
        .select((eb) => eb.fn.min('expiresAt').as('end'))
        .where('userId', '=', userId)
        .where('expiresAt', '>', now)
        .executeTakeFirst(),
    ]);
    const end = next?.end;
    return { paths: new Set(rows.map((row) => row.url)), until: end === null || end === undefined ? Infinity : Number(end) };
  }

  return {
    async baseAppId(): Promise<number | undefined> {
      const app = await db.selectFrom('app').select('id').where('code', '=', BASE_APP_CODE).executeTakeFirst();
      return app?.id;
    },

    /**
     * Whether one of the user's enabled roles is granted the base app's API element for `path`.
     * `version`: the grants version as read before this call (the guard has it from the session's
     * statement); read here otherwise. `now`: the request's time, which the user's links must outlast.
     */
    async canCallApi(userId: number, path: string, version?: number, now = Date.now()): Promise<boolean> {
      // The version is read first: a write landing meanwhile moves it, and the next call reads again.
      version ??= await grantsVersion();
      let cached = apiPaths.get(userId);
      if (cached?.version !== version || now >= cached.until) cached = { version, ...(await readApiPaths(userId, now)) };
      apiPaths.delete(userId);
      apiPaths.set(userId, cached);
      if (apiPaths.size > CACHED_USERS) apiPaths.delete(apiPaths.keys().next().value!);
      return cached.paths.has(path);
    },

    /** The reading of an app's menu types (contract/menu.ts): how its granted tree reads. */
    async menuReading(appId: number): Promise<MenuReading> {
      const app = isStorableId(appId) ? await db.selectFrom('app').select('menuReading').where('id', '=', appId).executeTakeFirst() : undefined;
      return menuReadingOf(app?.menuReading);
    },

    /**
     * The user's granted nodes of one app but its API elements (directories and page elements, in
     * either reading: API elements are 2 in both), as a tree.
     */
    async grantedTree(userId: number, appId: number, now = Date.now()): Promise<PermissionNode[]> {
      if (!isStorableId(appId)) return [];
      const rows = await db
        .selectFrom('permission as p')
        .select(['p.id', 'p.parentId', 'p.appId', 'p.name', 'p.sort', 'p.path', 'p.url', 'p.icon', 'p.code', 'p.menuType'])
        .where('p.appId', '=', appId)
        .where('p.menuType', '!=', MenuType.API)
        .where('p.id', 'in', grantedPermissionIds(db, userId, now))
        .orderBy('p.sort')
        .orderBy('p.id')
        .execute();
      return buildTree(rows.map((row) => ({ ...row, menuType: row.menuType as MenuType }))) as PermissionNode[];
    },

  };
}

export type Grants = ReturnType<typeof createGrants>;
