/**
 * Seeds an empty database once: the base app, its complete menu/permission tree, the super-admin
 * role granted all of it, and the `admin` user. SEED=demo adds sample sub-systems, parameters and
 * staff, and the demo rows of each screen (demoParts.ts).
 * Idempotent: a database that already has the base app is left alone (resources declared after
 * the seed reach its tree through reconcileResources.ts).
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { BASE_APP_CODE, paramEntity } from '../../contract';
import type { ResourceDefinition } from '../../resources/define';
import { resourceDefinitions } from '../../resources/registry';
import { hashPassword, sha256Hex } from '../auth/passwords';
import { baseMenuTree } from './baseMenuTree';
import { defaultClock, type StatisticsClock } from '../statistics/clock';
import { DEMO_APPS, DEMO_PARAMS, insertDemoStaff } from './demoData';
import { insertDemoParts } from './demoParts';
import { grantToRole, insertSubtree } from './permissionTree';
import type { Database } from './schema';
import { insertApp, stored } from './seedValues';

export interface SeedOptions {
  demo: boolean;
  /** The typed password of `admin`; one is generated when absent. */
  adminPassword?: string;
  /** The demo traffic's "now" (default: the statistics' clock of `TZ`); tests fix it. */
  clock?: StatisticsClock;
}

export interface SeedResult {
  seeded: boolean;
  /** Set when the admin password was generated: show it once. */
  generatedAdminPassword?: string;
}

export const ADMIN_CODE = 'admin';
export const SUPER_ADMIN_ROLE_KEY = 'superAdmin';

/**
 * `definitions` (default: the registry) are the declared resources whose menus the tree gets;
 * resources declared later are added by `reconcileResourceMenus` at start-up.
 */
export async function seedDatabase(
  db: Kysely<Database>,
  options: SeedOptions,
  definitions: readonly ResourceDefinition[] = resourceDefinitions,
): Promise<SeedResult> {
  const existing = await db.selectFrom('app').select('id').where('code', '=', BASE_APP_CODE).executeTakeFirst();
  if (existing) return { seeded: false };

  const generatedAdminPassword = options.adminPassword === undefined ? randomBytes(12).toString('base64url') : undefined;
  const passwordHash = await hashPassword(sha256Hex(options.adminPassword ?? generatedAdminPassword!));
  const now = Date.now();

  await db.transaction().execute(async (trx) => {
    const base = { code: BASE_APP_CODE, name: '基础平台', businessType: 3, isEnable: '1', sort: 1, address: '/' };
    const { id: appId } = await insertApp(trx, base, now);
    const permissionIds = await insertSubtree(trx, appId, baseMenuTree(definitions));

    const { id: roleId } = await trx
      .insertInto('role')
      .values({ sortNum: 1, roleKey: SUPER_ADMIN_ROLE_KEY, name: '超级管理员', appId, isEnable: '1', description: '拥有基础平台的全部权限', roleType: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await grantToRole(trx, roleId, permissionIds);

    let admin = await trx.selectFrom('user').select('id').where('code', '=', ADMIN_CODE).executeTakeFirst();
    admin ??= await trx
      .insertInto('user')
      .values({ code: ADMIN_CODE, name: '超级管理员', passwordHash, isEnable: '1', mustChangePassword: 0, createTime: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('userRole').values({ userId: admin.id, roleId }).execute();

    if (options.demo) {
      const demoAppIds: number[] = [];
      for (const app of DEMO_APPS) demoAppIds.push((await insertApp(trx, app, now)).id);
      for (const param of DEMO_PARAMS) {
        await trx.insertInto('param').values(stored(paramEntity, param)).execute();
      }
      // Demo staff log in only after an administrator resets their password.
      await insertDemoStaff(trx, await hashPassword(randomBytes(32).toString('hex')), now);
      await insertDemoParts(trx, definitions, { baseAppId: appId, demoAppIds, clock: options.clock ?? defaultClock() });
    }
  });
  return { seeded: true, generatedAdminPassword };
}
