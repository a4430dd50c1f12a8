/**
 * SEED=demo: a sub-system whose tree is in the second reading of menu types (contract/menu.ts,
 * reading B), so that both readings are exercised: two top-level directories (5), one holding two
 * directories (4) and one that is itself a page, each page with its page element (1) and API
 * element (2), and the role 运营专员 granted all of it. Its pages are the console's placeholder
 * page; its address is the console itself, so its workbench card opens this console on its tree.
 */
import type { Kysely } from 'kysely';
import { MenuType } from '../../contract';
import type { MenuSeed } from './baseMenuTree';
import { grantToRole, insertSubtree } from './permissionTree';
import type { Database } from './schema';
import { insertApp } from './seedValues';

export const READING_B_APP_CODE = 'ops';
export const READING_B_ROLE_KEY = 'opsStaff';

const seed = (fields: Partial<MenuSeed> & Pick<MenuSeed, 'name' | 'menuType' | 'sort'>): MenuSeed => ({ path: '', url: '', icon: '', code: '', children: [], ...fields });

/** A page (the placeholder page) with one button and the call it reads. */
function page(menuType: MenuType, sort: number, name: string, key: string, path: string, icon: string, apiCode: string): MenuSeed {
  const api = seed({ name: `${name}数据`, menuType: MenuType.API, sort: 1, url: '/v2/table/list', code: apiCode });
  const button = seed({ name: `查看${name}`, menuType: MenuType.PAGE_ELEMENT, sort: 1, code: `${key}:list`, children: [api] });
  return seed({ name, menuType, sort, path, url: 'placeholder', icon, code: key, children: [button] });
}

export function readingBTree(): MenuSeed[] {
  return [
    seed({
      name: '服务中心',
      menuType: MenuType.HOME,
      sort: 1,
      path: '/service',
      url: 'service',
      icon: 'appstore',
      code: 'service',
      children: [page(MenuType.MENU, 1, '工单管理', 'tickets', '/service/tickets', 'filetext', '2001'), page(MenuType.MENU, 2, '知识库', 'knowledge', '/service/knowledge', 'book', '2002')],
    }),
    page(MenuType.HOME, 2, '数据看板', 'insight', '/insight', 'dashboard', '2003'),
  ];
}

const APP = { code: READING_B_APP_CODE, name: '运营服务平台', businessType: 2, isEnable: '1', sort: 60, address: '/', menuReading: 'B' };

export async function isReadingBAppPresent(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('app').select('id').where('code', '=', READING_B_APP_CODE).executeTakeFirst()) !== undefined;
}

/** The sub-system, its tree and its role (in the seed's or the catch-up's transaction). */
export async function insertReadingBApp(trx: Kysely<Database>, now: number): Promise<void> {
  const { id: appId } = await insertApp(trx, APP, now);
  const ids = await insertSubtree(trx, appId, readingBTree());
  const { id: roleId } = await trx
    .insertInto('role')
    .values({ sortNum: 1, roleKey: READING_B_ROLE_KEY, name: '运营专员', appId, isEnable: '1', description: '运营服务平台的全部菜单与权限（菜单类型解读 B）', roleType: 2 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await grantToRole(trx, roleId, ids);
}
