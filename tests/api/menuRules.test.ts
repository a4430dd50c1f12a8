/**
 * Menu paths, icons and API addresses are checked on the server (contract/menuRules.ts, the rule
 * the menu dialogs show): the path of the report (`wms inbound 页面`) and an icon the console
 * does not have used to save with 提交成功; now each is refused on its field and nothing is stored.
 * A directory's path is unique within its sub-system; the seeded tree saves again unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, isDirectoryType, MenuType, type PermissionRecord } from '../../contract';
import { ADMIN, startTestServer, type TestServer } from './harness';

let server: TestServer;
let token: string;
let appId: number;
let otherAppId: number;
let navigationId: number;
let pageId: number;

const DIRECTORY = '/base/admin/permission/saveOrUpdate';
const ELEMENT = '/base/admin/menu/saveOrUpdate';
const save = (path: string, body: Record<string, unknown>, locale = 'zh-CN') => server.call<PermissionRecord>('POST', path, { token, body, headers: { 'accept-language': locale } });

async function createApp(code: string): Promise<number> {
  const body = { code, name: `系统${code}`, businessType: 1, isEnable: '1', sort: 90, address: `https://${code}.example.com` };
  const { body: answer } = await server.call<{ id: number }>('POST', '/base/admin/app/saveOrUpdate', { token, body });
  return answer.data.id;
}

const menu = (overrides: Record<string, unknown> = {}) => ({ menuType: MenuType.MENU, appId, parentId: navigationId, name: '入库管理', sort: 1, path: '/wms/inbound', url: 'inbound', icon: 'table', ...overrides });
const countNodes = async () => Number((await server.db.selectFrom('permission').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  server = await startTestServer();
  token = await server.tokenFor(ADMIN.username, ADMIN.password);
  appId = await createApp('wms');
  otherAppId = await createApp('wmsb');
  const navigation = await save(DIRECTORY, { menuType: MenuType.NAVIGATION, appId, parentId: 0, name: '仓储', sort: 1, path: '/wms', url: 'wms', icon: 'appstore' });
  navigationId = navigation.body.data.id;
  const page = await save(DIRECTORY, menu({ path: '/wms/stock', name: '库存' }));
  const element = await save(ELEMENT, { menuType: MenuType.PAGE_ELEMENT, appId, parentId: page.body.data.id, code: 'stock:list', name: '查询' });
  pageId = element.body.data.id;
});
afterAll(async () => {
  await server?.close();
});

describe('a menu’s path and icon', () => {
  it('refuses the path of the report on its field, storing nothing', async () => {
    const before = await countNodes();
    const { body } = await save(DIRECTORY, menu({ path: 'wms inbound 页面' }));
    expect(body.code).toBe(Code.VALIDATION_FAILED);
    expect(body.data).toEqual({ fields: { path: '路径不能包含空格' } });
    expect((await save(DIRECTORY, menu({ path: 'wms/inbound' }), 'en-US')).body.data).toEqual({ fields: { path: 'Path must start with "/"' } });
    expect((await save(DIRECTORY, menu({ path: '/wms/入库' }))).body.code).toBe(Code.VALIDATION_FAILED);
    expect(await countNodes()).toBe(before);
  });

  it('refuses an icon the console does not have', async () => {
    const { body } = await save(DIRECTORY, menu({ icon: 'no-such-icon' }));
    expect(body.code).toBe(Code.VALIDATION_FAILED);
    expect(body.data).toEqual({ fields: { icon: '图标须为图标选择器中的图标' } });
  });

  it('saves a good path and icon, then refuses the same path for another menu of the sub-system only', async () => {
    const first = await save(DIRECTORY, menu());
    expect(first.body.code).toBe(Code.OK);
    const again = await save(DIRECTORY, menu({ name: '入库单', path: '/wms/inbound/' }));
    expect(again.body.code).toBe(Code.DUPLICATE);
    expect(again.body.data).toEqual({ fields: { path: '该子系统中已有菜单使用此路径' } });
    // Saving the menu itself again, unchanged, is no clash.
    expect((await save(DIRECTORY, { ...menu(), id: first.body.data.id })).body.code).toBe(Code.OK);

    const otherNavigation = await save(DIRECTORY, { menuType: MenuType.NAVIGATION, appId: otherAppId, parentId: 0, name: '仓储', sort: 1, path: '/wms', url: 'wms', icon: 'appstore' });
    expect(otherNavigation.body.code).toBe(Code.OK);
    expect((await save(DIRECTORY, menu({ appId: otherAppId, parentId: otherNavigation.body.data.id }))).body.code).toBe(Code.OK);
  });
});

describe('an API element’s address', () => {
  const api = (url: string) => ({ menuType: MenuType.API, appId, parentId: pageId, code: '1001', name: '库存列表', url });

  it('starts with "/" and has no spaces', async () => {
    const { body } = await save(ELEMENT, api('wms/stock/list'));
    expect(body.code).toBe(Code.VALIDATION_FAILED);
    expect(body.data).toEqual({ fields: { url: '接口地址须以“/”开头' } });
    expect((await save(ELEMENT, api('/wms/stock list'))).body.data).toEqual({ fields: { url: '接口地址不能包含空格' } });
    expect((await save(ELEMENT, api('/wms/stock/list'))).body.code).toBe(Code.OK);
  });
});

describe('the seeded tree', () => {
  it('saves again unchanged: every directory and API element of the base app passes the rules', async () => {
    const baseId = (await server.db.selectFrom('app').select('id').where('code', '=', 'base').executeTakeFirstOrThrow()).id;
    const nodes = await server.db.selectFrom('permission').selectAll().where('appId', '=', baseId).execute();
    const directories = nodes.filter((node) => isDirectoryType('A', node.menuType));
    const apis = nodes.filter((node) => node.menuType === MenuType.API);
    expect(directories.length).toBeGreaterThan(10);
    for (const node of directories) {
      const { body } = await save(DIRECTORY, { id: node.id, menuType: node.menuType, appId: node.appId, parentId: node.parentId, name: node.name, sort: node.sort, path: node.path, url: node.url, icon: node.icon });
      expect(body.code, `${node.path} ${body.msg}`).toBe(Code.OK);
    }
    for (const node of apis) {
      const { body } = await save(ELEMENT, { id: node.id, menuType: node.menuType, appId: node.appId, parentId: node.parentId, name: node.name, code: node.code, url: node.url });
      expect(body.code, `${node.url} ${body.msg}`).toBe(Code.OK);
    }
  });
});
