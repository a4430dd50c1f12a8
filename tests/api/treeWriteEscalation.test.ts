/**
 * Editing the menu/permission tree is editing grants: the guard matches a caller's API elements by
 * their `url`. A staff member holding the permission screen (but not the staff screen) tries every
 * write and sequence of writes that would widen their own reach or another role's; each is refused
 * with 1003 and changes nothing, while the same writes within their reach go through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, MenuType } from '../../contract';
import { ADMIN, startTestServer, type TestServer } from './harness';
import { apiNode, baseAppId, grantNodes, nodeByCode, screenNodeIds, type NodeRow } from './screenGrants';

let server: TestServer;
let admin: string;
let editor: string;
let granter: string;
let peer: string;
let peerRole: number;
let appId: number;

beforeAll(async () => {
  server = await startTestServer();
  appId = await baseAppId(server.db);
  const screen = await screenNodeIds(server.db, 'permission');
  const { roleId: editorRole } = await server.createUser({ code: 'editor', password: 'editor-pass' });
  await grantNodes(server.db, editorRole, screen);
  const { roleId: granterRole } = await server.createUser({ code: 'granter', password: 'granter-pass', apis: ['/rolePermission/save'] });
  await grantNodes(server.db, granterRole, screen);
  ({ roleId: peerRole } = await server.createUser({ code: 'peer', password: 'peer-pass' }));
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
  editor = await server.tokenFor('editor', 'editor-pass');
  granter = await server.tokenFor('granter', 'granter-pass');
  peer = await server.tokenFor('peer', 'peer-pass');
});
afterAll(async () => {
  await server?.close();
});

const stored = (id: number) => server.db.selectFrom('permission').selectAll().where('id', '=', id).executeTakeFirst();
const nodeCount = async () => (await server.db.selectFrom('permission').select('id').execute()).length;
const codeOf = async (answer: Promise<{ body: { code: number } }>) => (await answer).body.code;

function saveElement(token: string, node: Pick<NodeRow, 'menuType' | 'parentId' | 'code' | 'name' | 'url'> & { id?: number }) {
  const { id, menuType, parentId, code, name, url } = node;
  return server.call<NodeRow>('POST', '/base/admin/menu/saveOrUpdate', { token, body: { id, menuType, appId, parentId, code, name, url } });
}
function saveDirectory(token: string, node: Omit<NodeRow, 'appId' | 'code' | 'id' | 'version'> & { id?: number }) {
  return server.call<NodeRow>('POST', '/base/admin/permission/saveOrUpdate', { token, body: { ...node, appId } });
}
const remove = (token: string, path: '/menu/delete' | '/permission/delete', id: number) => server.call('GET', `/base/admin${path}`, { token, query: { ids: id } });
/** Whether the guard lets the caller through to `path` (the call itself may still refuse its empty parameters). */
const canCall = async (token: string, path: string, method: 'GET' | 'POST' = 'GET') => (await server.call(method, `/base/admin${path}`, { token })).body.code !== Code.FORBIDDEN;

describe('the permission screen without the staff screen', () => {
  it('cannot re-point one of its own API elements to /user/list (the reported self-grant)', async () => {
    const element = await apiNode(server.db, 'permission:list', '/menu/list');
    expect(await canCall(editor, '/user/list')).toBe(false);
    expect(await codeOf(saveElement(editor, { ...element, url: '/user/list' }))).toBe(Code.FORBIDDEN);
    expect(await stored(element.id)).toEqual(element);
    expect(await canCall(editor, '/user/list')).toBe(false);
  });

  it('cannot create an API element for a route it does not reach, anywhere', async () => {
    const page = await nodeByCode(server.db, 'permission:list');
    const before = await nodeCount();
    expect(await codeOf(saveElement(editor, { menuType: MenuType.API, parentId: page.id, code: '9001', name: '偷接口', url: '/user/list' }))).toBe(Code.FORBIDDEN);
    expect(await nodeCount()).toBe(before);
  });

  it('cannot move one of its API elements under a page element it does not hold', async () => {
    const element = await apiNode(server.db, 'permission:list', '/permission/detail');
    const foreign = await nodeByCode(server.db, 'user:list');
    expect(await codeOf(saveElement(editor, { ...element, parentId: foreign.id }))).toBe(Code.FORBIDDEN);
    expect(await stored(element.id)).toEqual(element);
  });

  it('cannot update, delete or place a child under a node outside its grants', async () => {
    const foreignApi = await apiNode(server.db, 'user:list', '/user/list');
    const foreignPage = await nodeByCode(server.db, 'user:list');
    const foreignMenu = await nodeByCode(server.db, 'user');
    const foreignNavigation = await nodeByCode(server.db, 'organisation');
    const before = await nodeCount();
    expect(await codeOf(saveElement(editor, { ...foreignApi, name: '改名' }))).toBe(Code.FORBIDDEN);
    expect(await codeOf(saveElement(editor, { menuType: MenuType.API, parentId: foreignPage.id, code: '9002', name: '新接口', url: '/menu/list' }))).toBe(Code.FORBIDDEN);
    expect(await codeOf(saveElement(editor, { menuType: MenuType.PAGE_ELEMENT, parentId: foreignMenu.id, code: 'user:steal', name: '按钮', url: '' }))).toBe(Code.FORBIDDEN);
    expect(await codeOf(saveDirectory(editor, { ...foreignMenu, name: '改名' }))).toBe(Code.FORBIDDEN);
    const menu = { menuType: MenuType.MENU, parentId: foreignNavigation.id, name: '新菜单', sort: 99, path: '/x', url: 'x', icon: 'table' };
    expect(await codeOf(saveDirectory(editor, menu))).toBe(Code.FORBIDDEN);
    expect(await codeOf(remove(editor, '/menu/delete', foreignApi.id))).toBe(Code.FORBIDDEN);
    expect(await codeOf(remove(editor, '/permission/delete', foreignMenu.id))).toBe(Code.FORBIDDEN);
    expect(await nodeCount()).toBe(before);
    expect(await stored(foreignApi.id)).toEqual(foreignApi);
    expect(await stored(foreignMenu.id)).toEqual(foreignMenu);
  });

  it('cannot move its own menu under a navigation entry it does not hold', async () => {
    const own = await nodeByCode(server.db, 'permission');
    const foreignNavigation = await nodeByCode(server.db, 'organisation');
    expect(await codeOf(saveDirectory(editor, { ...own, parentId: foreignNavigation.id }))).toBe(Code.FORBIDDEN);
    expect(await stored(own.id)).toEqual(own);
  });

  it('edits within its reach: renames its nodes and adds API elements for routes it holds', async () => {
    const element = await apiNode(server.db, 'permission:list', '/app/list');
    const renamed = await saveElement(editor, { ...element, name: '子系统列表' });
    expect(renamed.body.code).toBe(Code.OK);
    expect(await stored(element.id)).toEqual({ ...element, name: '子系统列表', version: element.version + 1 });
    const page = await nodeByCode(server.db, 'permission:list');
    const added = await saveElement(editor, { menuType: MenuType.API, parentId: page.id, code: '9003', name: '树', url: '/permission/tree' });
    expect(added.body.code).toBe(Code.OK);
  });
});

describe('sequences of allowed writes', () => {
  it('re-pointing an element within the caller’s reach may not hand the route to another role holding it', async () => {
    const element = await apiNode(server.db, 'permission:create', '/permission/validMenuType');
    await grantNodes(server.db, peerRole, [element.id]);
    expect(await canCall(peer, '/menu/list')).toBe(false);
    expect(await codeOf(saveElement(editor, { ...element, url: '/menu/list' }))).toBe(Code.FORBIDDEN);
    expect(await stored(element.id)).toEqual(element);
    expect(await canCall(peer, '/menu/list')).toBe(false);

    // Once every role holding it reaches the route already, nobody gains anything.
    await grantNodes(server.db, peerRole, [(await apiNode(server.db, 'permission:list', '/menu/list')).id]);
    expect(await codeOf(saveElement(editor, { ...element, url: '/menu/list' }))).toBe(Code.OK);
  });

  it('a node the caller creates is nobody’s: it can be neither granted nor re-pointed by them', async () => {
    const page = await nodeByCode(server.db, 'permission:list');
    const created = await saveElement(granter, { menuType: MenuType.API, parentId: page.id, code: '9004', name: '过滤树', url: '/permission/filterTree' });
    expect(created.body.code).toBe(Code.OK);
    const id = created.body.data.id;
    const grant = await server.call('GET', '/base/admin/rolePermission/save', { token: granter, query: { appId, roleId: peerRole, permissionIds: String(id) } });
    expect(grant.body.code).toBe(Code.FORBIDDEN);
    expect(await codeOf(saveElement(granter, { ...created.body.data, url: '/user/list' }))).toBe(Code.FORBIDDEN);
    expect(await stored(id)).toEqual(created.body.data);
  });

  it('deleting an element and creating it again gives nobody back the route', async () => {
    const element = await apiNode(server.db, 'permission:create', '/permission/saveOrUpdate');
    await grantNodes(server.db, peerRole, [element.id]);
    expect(await canCall(peer, '/permission/saveOrUpdate', 'POST')).toBe(true);
    expect(await codeOf(remove(editor, '/menu/delete', element.id))).toBe(Code.OK);
    const again = await saveElement(editor, { ...element, id: undefined });
    expect(again.body.code).toBe(Code.OK);
    expect(again.body.data.id).not.toBe(element.id);
    expect(await canCall(peer, '/permission/saveOrUpdate', 'POST')).toBe(false);
  });

  it('the super-admin still points any element anywhere', async () => {
    const element = await apiNode(server.db, 'permission:list', '/permission/filterTree');
    expect(await codeOf(saveElement(admin, { ...element, url: '/user/detail' }))).toBe(Code.OK);
    expect(await codeOf(saveElement(admin, element))).toBe(Code.OK);
    // Put back as it was, two writes later.
    expect(await stored(element.id)).toEqual({ ...element, version: element.version + 2 });
  });
});

describe('in a sub-system whose tree is in reading B (top-level directory 5 → directory 4)', () => {
  let appB: number;
  let top: NodeRow;
  let dir: NodeRow;
  let page: NodeRow;
  let held: NodeRow;

  beforeAll(async () => {
    ({ id: appB } = await server.db
      .insertInto('app')
      .values({ code: 'bescal', name: '解读B', businessType: 1, isEnable: '1', sort: 99, address: '/', logo: null, menuReading: 'B', createTime: 1 })
      .returning('id')
      .executeTakeFirstOrThrow());
    const insert = (values: Partial<NodeRow> & Pick<NodeRow, 'menuType' | 'parentId' | 'name'>) =>
      server.db.insertInto('permission').values({ appId: appB, sort: 1, path: '', url: '', icon: '', code: '', ...values }).returningAll().executeTakeFirstOrThrow();
    top = await insert({ menuType: MenuType.HOME, parentId: 0, name: '服务', path: '/s', url: 's', icon: 'appstore' });
    dir = await insert({ menuType: MenuType.MENU, parentId: top.id, name: '工单', path: '/s/t', url: 'placeholder', icon: 'table' });
    page = await insert({ menuType: MenuType.PAGE_ELEMENT, parentId: dir.id, name: '查询', code: 's:list' });
    held = await insert({ menuType: MenuType.API, parentId: page.id, name: '列表', code: '9400', url: '/v2/table/list' });
    const { roleId: granterRole } = await server.db.selectFrom('role').select('id as roleId').where('roleKey', '=', 'r_granter').executeTakeFirstOrThrow();
    await grantNodes(server.db, granterRole, [top.id, dir.id, page.id, held.id]);
  });

  const saveB = (token: string, body: Record<string, unknown>) => server.call<NodeRow>('POST', '/base/admin/menu/saveOrUpdate', { token, body: { ...body, appId: appB } });

  it('a held API element is not re-pointed to a url the caller reaches in another app only', async () => {
    // The granter reaches /menu/list in the base app, not in this sub-system.
    expect(await canCall(granter, '/menu/list')).toBe(true);
    const { id, menuType, parentId, code, name } = held;
    expect((await saveB(granter, { id, menuType, parentId, code, name, url: '/menu/list' })).body.code).toBe(Code.FORBIDDEN);
    expect(await stored(held.id)).toEqual(held);
  });

  it('a node the caller creates below its directory is nobody’s: it cannot grant it to another role', async () => {
    const created = await saveB(granter, { menuType: MenuType.API, parentId: page.id, code: '9401', name: '又一个', url: '/v2/table/list' });
    expect(created.body.code, JSON.stringify(created.body)).toBe(Code.OK);
    const role = await server.db
      .insertInto('role')
      .values({ sortNum: 1, roleKey: 'bpeer', name: 'B同事', appId: appB, isEnable: '1', description: null, roleType: 2 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const grant = await server.call('GET', '/base/admin/rolePermission/save', { token: granter, query: { appId: appB, roleId: role.id, permissionIds: String(created.body.data.id) } });
    expect(grant.body.code).toBe(Code.FORBIDDEN);
    expect(await server.db.selectFrom('rolePermission').select('permissionId').where('roleId', '=', role.id).execute()).toEqual([]);
  });

  it('a directory placed below a top-level directory it does not hold is refused, as in reading A', async () => {
    const foreign = await server.db
      .insertInto('permission')
      .values({ appId: appB, menuType: MenuType.HOME, parentId: 0, name: '看板', sort: 2, path: '/k', url: 'k', icon: 'appstore', code: '' })
      .returningAll()
      .executeTakeFirstOrThrow();
    const before = await nodeCount();
    const body = { menuType: MenuType.MENU, appId: appB, parentId: foreign.id, name: '报表', sort: 1, path: '/k/r', url: 'placeholder', icon: 'table' };
    expect((await server.call('POST', '/base/admin/permission/saveOrUpdate', { token: granter, body })).body.code).toBe(Code.FORBIDDEN);
    expect((await server.call('POST', '/base/admin/permission/saveOrUpdate', { token: granter, body: { ...body, parentId: top.id, path: '/s/r' } })).body.code).toBe(Code.OK);
    expect(await nodeCount()).toBe(before + 1);
  });
});
