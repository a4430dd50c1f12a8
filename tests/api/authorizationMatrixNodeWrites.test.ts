/**
 * THE AUTHORIZATION MATRIX, PERMISSION-NODE WRITES: the guard matches API elements by `url`, so a
 * caller allowed to write the menu/permission tree passes the guard of every row of
 * authorizationMatrix.test.ts for those routes; what they may write is decided below it. Every
 * route that writes nodes × each kind of write, by a caller holding the whole permission screen
 * but not the staff screen: within their grants it goes through (PASS), aimed at what they do not
 * hold or reach it is refused (1003). The same holds in a sub-system whose tree is in the second
 * reading of menu types (contract/menu.ts, reading B: top-level directory 5 → directory 4), where
 * the caller holds one branch.
 *
 * ADDING A ROUTE THAT WRITES NODES? Add it to NODE_WRITE_ROUTES and give it rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, MenuType } from '../../contract';
import { startTestServer, type TestServer } from './harness';
import { apiNode, baseAppId, grantNodes, nodeByCode, screenNodeIds, type NodeRow } from './screenGrants';

const PASS = 'pass';
const FORBIDDEN = Code.FORBIDDEN;

const NODE_WRITE_ROUTES = ['POST /permission/saveOrUpdate', 'GET /permission/delete', 'POST /permission/delete', 'POST /menu/saveOrUpdate', 'GET /menu/delete', 'POST /menu/delete'];

interface Request {
  query?: Record<string, string | number>;
  body?: unknown;
}
type Row = [method: 'GET' | 'POST', path: string, write: string, outcome: typeof PASS | typeof FORBIDDEN, request: () => Promise<Request>];

let server: TestServer;
let token: string;
let appId: number;
/** Held by the caller, one per PASS delete row. */
const spare: Record<string, number> = {};
/** The reading-B sub-system: `held` (5 → 4 → 1 → 2, granted to the caller) and `foreign` (5 → 4 → 1 → 2, not granted). */
let appB: number;
const treeB = {} as Record<'heldTop' | 'heldDir' | 'heldPage' | 'heldApi' | 'foreignTop' | 'foreignDir' | 'foreignPage' | 'foreignApi', NodeRow>;

const node = (code: string) => nodeByCode(server.db, code);
const api = (page: string, url: string) => apiNode(server.db, page, url);
const element = async (row: NodeRow, changes: Partial<NodeRow>) => {
  const { id, menuType, parentId, code, name, url } = { ...row, ...changes };
  return { body: { id, menuType, appId, parentId, code, name, url } };
};
const directory = async (row: Omit<NodeRow, 'id' | 'code' | 'appId' | 'version'> & { id?: number }, changes: Partial<NodeRow> = {}) => {
  const { id, menuType, parentId, name, sort, path, url, icon } = { ...row, ...changes };
  return { body: { id, menuType, appId, parentId, name, sort, path, url, icon } };
};
const newMenu = { menuType: MenuType.MENU, name: '新菜单', sort: 99, path: '/x', url: 'x', icon: 'table' };
/** A node of the reading-B tree as its save sends it. */
const inB = (row: NodeRow, changes: Partial<NodeRow> = {}) => {
  const { id, menuType, parentId, code, name, sort, path, url, icon } = { ...row, ...changes };
  return { body: row.menuType <= MenuType.API ? { id, menuType, appId: appB, parentId, code, name, url } : { id, menuType, appId: appB, parentId, name, sort, path, url, icon } };
};

const ROWS: Row[] = [
  ['POST', '/permission/saveOrUpdate', 'rename a held menu', PASS, async () => directory(await node('permission'))],
  ['POST', '/permission/saveOrUpdate', 'rename a menu outside the grants', FORBIDDEN, async () => directory(await node('user'), { name: '改名' })],
  ['POST', '/permission/saveOrUpdate', 'move a held menu under a navigation outside the grants', FORBIDDEN, async () => directory(await node('permission'), { parentId: (await node('organisation')).id })],
  ['POST', '/permission/saveOrUpdate', 'create a menu under a navigation outside the grants', FORBIDDEN, async () => directory({ ...newMenu, parentId: (await node('organisation')).id })],
  ['POST', '/menu/saveOrUpdate', 'rename a held API element', PASS, async () => element(await api('permission:list', '/menu/list'), { name: '子节点' })],
  ['POST', '/menu/saveOrUpdate', 'create an API element for a held route', PASS, async () => element(await api('permission:list', '/menu/list'), { id: undefined, code: '9100' })],
  ['POST', '/menu/saveOrUpdate', 're-point a held API element to /user/list', FORBIDDEN, async () => element(await api('permission:list', '/menu/list'), { url: '/user/list' })],
  ['POST', '/menu/saveOrUpdate', 'create an API element for /user/list under a held page element', FORBIDDEN, async () => element(await api('permission:list', '/menu/list'), { id: undefined, url: '/user/list' })],
  ['POST', '/menu/saveOrUpdate', 'move a held API element under a page element outside the grants', FORBIDDEN, async () => element(await api('permission:list', '/menu/list'), { parentId: (await node('user:list')).id })],
  ['POST', '/menu/saveOrUpdate', 'rename an API element outside the grants', FORBIDDEN, async () => element(await api('user:list', '/user/list'), { name: '改名' })],
  ['POST', '/menu/saveOrUpdate', 'create a page element under a menu outside the grants', FORBIDDEN, async () => element(await node('user:list'), { id: undefined, code: 'user:x' })],
  ['POST', '/permission/saveOrUpdate', 'rename a held directory of a reading-B tree', PASS, async () => inB(treeB.heldDir, { name: '工单' })],
  ['POST', '/permission/saveOrUpdate', 'add a directory under a held top-level directory of a reading-B tree', PASS, async () => inB(treeB.heldDir, { id: undefined, path: '/b/new' })],
  ['POST', '/permission/saveOrUpdate', 'rename a top-level directory of a reading-B tree outside the grants', FORBIDDEN, async () => inB(treeB.foreignTop, { name: '改名' })],
  ['POST', '/permission/saveOrUpdate', 'add a directory under a top-level directory of a reading-B tree outside the grants', FORBIDDEN, async () => inB(treeB.foreignDir, { id: undefined, path: '/b/x' })],
  ['POST', '/menu/saveOrUpdate', 'add an API element to a reading-B tree for a url the caller holds there', PASS, async () => inB(treeB.heldApi, { id: undefined, code: '9301' })],
  ['POST', '/menu/saveOrUpdate', 'add an API element to a reading-B tree for a url the caller does not hold there', FORBIDDEN, async () => inB(treeB.heldApi, { id: undefined, code: '9302', url: '/user/list' })],
  ['POST', '/menu/saveOrUpdate', 'add a page element under a directory of a reading-B tree outside the grants', FORBIDDEN, async () => inB(treeB.heldPage, { id: undefined, code: 'b:x', parentId: treeB.foreignDir.id })],
  ['GET', '/permission/delete', 'delete a directory of a reading-B tree outside the grants', FORBIDDEN, async () => ({ query: { ids: treeB.foreignDir.id } })],
  ['GET', '/menu/delete', 'delete an API element of a reading-B tree outside the grants', FORBIDDEN, async () => ({ query: { ids: treeB.foreignApi.id } })],
  ['GET', '/permission/delete', 'delete a held menu', PASS, async () => ({ query: { ids: spare['GET /permission/delete']! } })],
  ['GET', '/permission/delete', 'delete a menu outside the grants', FORBIDDEN, async () => ({ query: { ids: (await node('user')).id } })],
  ['POST', '/permission/delete', 'delete a held menu', PASS, async () => ({ body: { ids: String(spare['POST /permission/delete']) } })],
  ['POST', '/permission/delete', 'delete a menu outside the grants', FORBIDDEN, async () => ({ body: { ids: String((await node('user')).id) } })],
  ['GET', '/menu/delete', 'delete a held API element', PASS, async () => ({ query: { ids: spare['GET /menu/delete']! } })],
  ['GET', '/menu/delete', 'delete an API element outside the grants', FORBIDDEN, async () => ({ query: { ids: (await api('user:list', '/user/list')).id } })],
  ['POST', '/menu/delete', 'delete a held API element', PASS, async () => ({ body: { ids: String(spare['POST /menu/delete']) } })],
  ['POST', '/menu/delete', 'delete an API element outside the grants', FORBIDDEN, async () => ({ body: { ids: String((await api('user:list', '/user/list')).id) } })],
];

/** A node made for a PASS delete row: a menu under the permission screen's navigation, or an API element of its list button. */
async function spareNode(kind: 'menu' | 'api'): Promise<number> {
  const parent = kind === 'menu' ? (await node('permission')).parentId : (await node('permission:list')).id;
  const values = kind === 'menu' ? { ...newMenu, code: '' } : { menuType: MenuType.API, name: '备用', sort: 99, path: '', url: '/menu/list', icon: '', code: '9200' };
  const { id } = await server.db.insertInto('permission').values({ ...values, appId, parentId: parent }).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** A reading-B sub-system with two branches, stored directly (the routes' own rules are menuReadingB.test.ts's). */
async function readingBTree(): Promise<void> {
  ({ id: appB } = await server.db
    .insertInto('app')
    .values({ code: 'bmatrix', name: '解读B', businessType: 1, isEnable: '1', sort: 99, address: '/', logo: null, menuReading: 'B', createTime: 1 })
    .returning('id')
    .executeTakeFirstOrThrow());
  const insert = async (values: Partial<NodeRow> & Pick<NodeRow, 'menuType' | 'parentId' | 'name'>) =>
    server.db.insertInto('permission').values({ appId: appB, sort: 1, path: '', url: '', icon: '', code: '', ...values }).returningAll().executeTakeFirstOrThrow();
  treeB.heldTop = await insert({ menuType: MenuType.HOME, parentId: 0, name: '服务', path: '/b', url: 'b', icon: 'appstore' });
  treeB.heldDir = await insert({ menuType: MenuType.MENU, parentId: treeB.heldTop.id, name: '工单', path: '/b/tickets', url: 'placeholder', icon: 'table' });
  treeB.heldPage = await insert({ menuType: MenuType.PAGE_ELEMENT, parentId: treeB.heldDir.id, name: '查询', code: 'b:list' });
  treeB.heldApi = await insert({ menuType: MenuType.API, parentId: treeB.heldPage.id, name: '列表', code: '9300', url: '/v2/table/list' });
  treeB.foreignTop = await insert({ menuType: MenuType.HOME, parentId: 0, name: '看板', path: '/c', url: 'c', icon: 'appstore' });
  treeB.foreignDir = await insert({ menuType: MenuType.MENU, parentId: treeB.foreignTop.id, name: '报表', path: '/c/report', url: 'placeholder', icon: 'table' });
  treeB.foreignPage = await insert({ menuType: MenuType.PAGE_ELEMENT, parentId: treeB.foreignDir.id, name: '查询', code: 'c:list' });
  treeB.foreignApi = await insert({ menuType: MenuType.API, parentId: treeB.foreignPage.id, name: '列表', code: '9310', url: '/user/list' });
}

beforeAll(async () => {
  server = await startTestServer();
  appId = await baseAppId(server.db);
  await readingBTree();
  const { roleId } = await server.createUser({ code: 'screen', password: 'screen-pass' });
  for (const route of NODE_WRITE_ROUTES.filter((r) => r.endsWith('delete'))) spare[route] = await spareNode(route.includes('/menu/') ? 'api' : 'menu');
  await grantNodes(server.db, roleId, [...(await screenNodeIds(server.db, 'permission')), ...Object.values(spare), treeB.heldTop.id, treeB.heldDir.id, treeB.heldPage.id, treeB.heldApi.id]);
  token = await server.tokenFor('screen', 'screen-pass');
});
afterAll(async () => {
  await server?.close();
});

describe('permission-node writes by a caller holding the permission screen but not the staff screen', () => {
  it('cover every route that writes nodes, within and beyond the grants', () => {
    const registered = new Set(server.app.routeTable.map((r) => `${r.method} ${r.url}`));
    for (const route of NODE_WRITE_ROUTES) {
      const [method, path] = route.split(' ');
      expect(registered.has(`${method} /base/admin${path}`), route).toBe(true);
      const outcomes = ROWS.filter((r) => r[0] === method && r[1] === path).map((r) => r[3]);
      expect(outcomes, route).toContain(PASS);
      expect(outcomes, route).toContain(FORBIDDEN);
    }
  });

  it.each(ROWS)('%s %s: %s → %s', async (method, path, _write, outcome, request) => {
    const { body } = await server.call(method, `/base/admin${path}`, { token, ...(await request()) });
    if (outcome === PASS) expect(body.code, JSON.stringify(body)).toBe(Code.OK);
    else expect(body.code, JSON.stringify(body)).toBe(outcome);
  });
});
