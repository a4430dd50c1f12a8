/**
 * What the sequence test (sequenceEscalation.test.ts) measures after every write: the base app's
 * API urls each account can call, asked of the guard's own grants (server/auth/grants.ts) at the
 * database's current grants version, and the rows a writer must leave alone: the super-admin role,
 * roles granting more than the writer holds, accounts holding a role the writer does not, and the
 * dictionaries a declared field reads.
 */
import type { Kysely } from 'kysely';
import { BASE_APP_CODE, MenuType, SUPER_ADMIN_ROLE_KEY } from '../../contract';
import { resourceDefinitions } from '../../resources/registry';
import { createGrants, grantedPermissionIds } from '../../server/auth/grants';
import { versionReader } from '../../server/db/versionCounter';
import type { Database } from '../../server/db/schema';
import { dictionaryReaders } from '../../server/dic/dicPolicy';

export type Reach = Map<number, Set<string>>;

export function reachReader(db: Kysely<Database>) {
  const grants = createGrants(db);
  const version = versionReader(db, 'grantsVersion');

  /** Every account holding a role, and `also`, with the API urls the guard lets it call. */
  return async function reach(also: readonly number[]): Promise<Reach> {
    const urls = await db
      .selectFrom('permission as p')
      .innerJoin('app as a', 'a.id', 'p.appId')
      .select('p.url')
      .distinct()
      .where('a.code', '=', BASE_APP_CODE)
      .where('p.menuType', '=', MenuType.API)
      .execute();
    const holders = await db.selectFrom('userRole').select('userId').distinct().execute();
    const current = await version();
    const byUser: Reach = new Map();
    for (const userId of new Set([...holders.map((h) => h.userId), ...also])) {
      const callable = new Set<string>();
      for (const { url } of urls) if (await grants.canCallApi(userId, url, current)) callable.add(url);
      byUser.set(userId, callable);
    }
    return byUser;
  };
}

/** What is in `after` and not in `before`. */
export function gained(before: ReadonlySet<string> | undefined, after: ReadonlySet<string>): string[] {
  return [...after].filter((url) => !before?.has(url)).sort();
}

export interface Protected {
  roleIds: number[];
  userIds: number[];
  dicKeys: string[];
}

/** The rows `writerId` must not change, as the database holds them now. */
export async function protectedScope(db: Kysely<Database>, writerId: number): Promise<Protected> {
  const own = new Set((await grantedPermissionIds(db, writerId).execute()).map((row) => row.id));
  const ownRoles = new Set(
    (await db.selectFrom('userRole as ur').innerJoin('role as r', 'r.id', 'ur.roleId').select('r.id').where('ur.userId', '=', writerId).where('r.isEnable', '=', '1').execute()).map(
      (r) => r.id,
    ),
  );
  const grants = await db.selectFrom('rolePermission').select(['roleId', 'permissionId']).execute();
  const roles = await db.selectFrom('role').select(['id', 'roleKey']).execute();
  const roleIds = roles.filter((r) => r.roleKey === SUPER_ADMIN_ROLE_KEY || grants.some((g) => g.roleId === r.id && !own.has(g.permissionId))).map((r) => r.id);
  const links = await db.selectFrom('userRole').select(['userId', 'roleId']).execute();
  const userIds = [...new Set(links.filter((l) => !ownRoles.has(l.roleId)).map((l) => l.userId))];
  return { roleIds: roleIds.sort((a, b) => a - b), userIds: userIds.sort((a, b) => a - b), dicKeys: [...dictionaryReaders(resourceDefinitions).keys()].sort() };
}

/** The protected rows, comparable with toEqual. */
export async function snapshot(db: Kysely<Database>, scope: Protected) {
  const none = [-1];
  const roles = await db.selectFrom('role').selectAll().where('id', 'in', [...none, ...scope.roleIds]).orderBy('id').execute();
  const roleGrants = await db.selectFrom('rolePermission').selectAll().where('roleId', 'in', [...none, ...scope.roleIds]).orderBy('roleId').orderBy('permissionId').execute();
  const users = await db
    .selectFrom('user')
    .select(['id', 'code', 'name', 'isEnable', 'officeId', 'adminFlag', 'passwordHash', 'telephone'])
    .where('id', 'in', [...none, ...scope.userIds])
    .orderBy('id')
    .execute();
  const links = await db.selectFrom('userRole').selectAll().where('userId', 'in', [...none, ...scope.userIds]).orderBy('userId').orderBy('roleId').execute();
  const dictionaries = await db.selectFrom('dic').select(['id', 'dicKey', 'type']).where('parentId', '=', 0).where('dicKey', 'in', scope.dicKeys).orderBy('id').execute();
  const items = await db.selectFrom('dic').select(['id', 'parentId', 'dicKey']).where('parentId', 'in', [...none, ...dictionaries.map((d) => d.id)]).orderBy('id').execute();
  // Another role's name, description, number and type are labels; every field of the super-admin role is protected.
  const shown = roles.map((r) => (r.roleKey === SUPER_ADMIN_ROLE_KEY ? r : { id: r.id, roleKey: r.roleKey, appId: r.appId, isEnable: r.isEnable }));
  return { roles: shown, roleGrants, users, links, dictionaries, items };
}
