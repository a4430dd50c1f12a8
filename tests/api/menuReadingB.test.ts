/**
 * The second reading of menu types (SPEC §3: "both are to be supported"; contract/menu.ts): a
 * sub-system whose tree is in reading B is built through the node-writing routes (top-level
 * directory 5 → directory 4 → page element 1 → API element 2), refused what reading B refuses,
 * granted to a role and answered to its holder; and a sub-system's reading cannot change once its
 * tree has nodes, so no tree is ever read anew.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type PermissionAnswer, type PermissionNode } from '../../contract';
import { ADMIN, startTestServer, type TestServer } from './harness';

type NodeRecord = Omit<PermissionNode, 'children' | 'checked'>;

let server: TestServer;
let token: string;
let appB: number;
const b = {} as Record<'top' | 'dir' | 'sub' | 'page' | 'api' | 'pageTop' | 'topPage' | 'topPageButton', NodeRecord>;

const SAVE = { directory: '/base/admin/permission/saveOrUpdate', element: '/base/admin/menu/saveOrUpdate' } as const;
const save = (call: keyof typeof SAVE, body: Record<string, unknown>, headers?: Record<string, string>) => server.call<NodeRecord>('POST', SAVE[call], { token, body, headers });

async function created(call: keyof typeof SAVE, body: Record<string, unknown>): Promise<NodeRecord> {
  const { body: answer } = await save(call, body);
  expect(answer.code, JSON.stringify(answer)).toBe(Code.OK);
  return answer.data;
}

const directory = (appId: number, menuType: number, parentId: number, key: string, url = key) => ({ menuType, appId, parentId, name: key, sort: 1, path: `/${key}`, url, icon: 'menu' });

async function saveApp(body: Record<string, unknown>) {
  return server.call<Record<string, unknown>>('POST', '/base/admin/app/saveOrUpdate', { token, body });
}

async function createApp(code: string, menuReading?: string): Promise<number> {
  const { body } = await saveApp({ code, name: `系统${code}`, businessType: 1, isEnable: '1', sort: 90, address: '/', ...(menuReading ? { menuReading } : {}) });
  expect(body.code, JSON.stringify(body)).toBe(Code.OK);
  return body.data.id as number;
}

const nodesOf = (appId: number) => server.db.selectFrom('permission').selectAll().where('appId', '=', appId).orderBy('id').execute();

beforeAll(async () => {
  server = await startTestServer();
  token = await server.tokenFor(ADMIN.username, ADMIN.password);
  appB = await createApp('readb', 'B');
  b.top = await created('directory', directory(appB, 5, 0, 'service'));
  b.dir = await created('directory', directory(appB, 4, b.top.id, 'tickets', 'placeholder'));
  b.sub = await created('directory', directory(appB, 4, b.dir.id, 'archive', 'placeholder'));
  b.page = await created('element', { menuType: 1, appId: appB, parentId: b.dir.id, code: 'tickets:list', name: '查询' });
  b.api = await created('element', { menuType: 2, appId: appB, parentId: b.page.id, code: '2001', name: '工单列表', url: '/v2/table/list' });
  // A top-level directory that is itself a page: a second 5, holding a page element directly.
  b.topPage = await created('directory', directory(appB, 5, 0, 'insight', 'placeholder'));
  b.topPageButton = await created('element', { menuType: 1, appId: appB, parentId: b.topPage.id, code: 'insight:list', name: '查看' });
});
afterAll(async () => {
  await server?.close();
});

describe('a tree in reading B, saved through the node-writing routes', () => {
  it('holds 5 → 4 → 4 → 1 → 2, and page elements directly under a 5', async () => {
    const stored = await nodesOf(appB);
    expect(stored.map((n) => [n.name || n.code, n.menuType, n.parentId])).toEqual([
      ['service', 5, 0],
      ['tickets', 4, b.top.id],
      ['archive', 4, b.dir.id],
      ['查询', 1, b.dir.id],
      ['工单列表', 2, b.page.id],
      ['insight', 5, 0],
      ['查看', 1, b.topPage.id],
    ]);
  });

  it('answers its directory tree (5 and 4, no elements) for the permission screen', async () => {
    const { body } = await server.call<PermissionNode[]>('GET', '/base/admin/permission/filterTree', { token, query: { appId: appB } });
    expect(body.code).toBe(Code.OK);
    const shape = (nodes: PermissionNode[]): unknown[] => nodes.map((n) => [n.menuType, n.name, shape(n.children)]);
    expect(shape(body.data)).toEqual([
      [5, 'service', [[4, 'tickets', [[4, 'archive', []]]]]],
      [5, 'insight', []],
    ]);
  });

  it('has no home to take: validMenuType allows any number of 5s, and no 3', async () => {
    const valid = (menuType: number) => server.call<boolean>('GET', '/base/admin/permission/validMenuType', { token, query: { appId: appB, menuType } });
    expect((await valid(5)).body.data).toBe(true);
    expect((await valid(4)).body.data).toBe(true);
    expect((await valid(3)).body.data).toBe(false);
  });
});

interface Refusal {
  case: string;
  call: keyof typeof SAVE;
  body: () => Record<string, unknown>;
  field: string;
  msg: string;
}

const refusals: Refusal[] = [
  { case: 'a directory (4) at the top', call: 'directory', body: () => directory(appB, 4, 0, 'loose'), field: 'parentId', msg: '目录只能位于顶级目录或目录之下' },
  { case: 'a directory under a page element', call: 'directory', body: () => directory(appB, 4, b.page.id, 'under'), field: 'parentId', msg: '目录只能位于顶级目录或目录之下' },
  { case: 'a top-level directory (5) under a parent', call: 'directory', body: () => directory(appB, 5, b.top.id, 'nested5'), field: 'parentId', msg: '顶级目录只能位于顶层，父节点须为0' },
  { case: 'a navigation (3), a type reading B lacks', call: 'directory', body: () => directory(appB, 3, 0, 'nav'), field: 'menuType', msg: '该子系统的菜单类型解读中没有这种类型' },
  {
    case: 'a page element at the top',
    call: 'element',
    body: () => ({ menuType: 1, appId: appB, parentId: 0, code: 'x:top', name: 'x' }),
    field: 'parentId',
    msg: '页面元素只能位于目录或顶级目录之下',
  },
  {
    case: 'an API element under a directory',
    call: 'element',
    body: () => ({ menuType: 2, appId: appB, parentId: b.dir.id, code: '9', name: 'x', url: '/x' }),
    field: 'parentId',
    msg: '接口元素只能位于页面元素之下',
  },
  { case: 'a 4 turned 5', call: 'directory', body: () => ({ ...b.dir, menuType: 5, parentId: 0 }), field: 'menuType', msg: '类型不可修改' },
];

describe('what reading B refuses', () => {
  it.each(refusals)('refuses $case and stores nothing', async (refusal) => {
    const before = await nodesOf(appB);
    const { status, body } = await save(refusal.call, refusal.body());
    expect(body, JSON.stringify(body)).toEqual({ code: Code.VALIDATION_FAILED, msg: refusal.msg, data: { fields: { [refusal.field]: refusal.msg } } });
    expect(status).toBeGreaterThanOrEqual(400);
    expect(await nodesOf(appB)).toEqual(before);
  });

  it('speaks English to an English caller', async () => {
    const { body } = await save('directory', directory(appB, 4, 0, 'loose'), { 'accept-language': 'en-US' });
    expect(body.msg).toBe('A directory must sit under a top-level directory or another directory');
    const nav = await save('directory', directory(appB, 3, 0, 'nav'), { 'accept-language': 'en-US' });
    expect(nav.body.msg).toBe("The sub-system's menu reading has no such type");
  });

  it('still refuses, in a reading-A app, a directory under a home (5) that reading B would take', async () => {
    const appA = await createApp('reada');
    const home = await created('directory', directory(appA, 5, 0, 'home'));
    const { body } = await save('directory', directory(appA, 4, home.id, 'm'));
    expect(body.msg).toBe('菜单只能位于导航或菜单之下');
    expect((await save('directory', directory(appA, 5, 0, 'home2'))).body.msg).toBe('该子系统已有首页');
  });
});

describe('granted to a role and answered to its holder', () => {
  let holder: string;
  let roleId: number;

  beforeAll(async () => {
    const role = await server.call<{ id: number }>('POST', '/base/admin/role/saveOrUpdate', {
      token,
      body: { sortNum: 1, roleKey: 'opsb', name: '运营B', appId: appB, isEnable: '1', roleType: 2, description: '' },
    });
    expect(role.body.code, JSON.stringify(role.body)).toBe(Code.OK);
    roleId = role.body.data.id;
    const ids = [b.top, b.dir, b.page, b.api, b.topPage, b.topPageButton].map((n) => n.id).join(',');
    const grant = await server.call('GET', '/base/admin/rolePermission/save', { token, query: { appId: appB, roleId, permissionIds: ids } });
    expect(grant.body.code, JSON.stringify(grant.body)).toBe(Code.OK);
    const { userId } = await server.createUser({ code: 'opsb1', password: 'opsb1-pass' });
    await server.db.insertInto('userRole').values({ userId, roleId }).execute();
    holder = await server.tokenFor('opsb1', 'opsb1-pass');
  });

  it('the grant tree of the role checks what was granted', async () => {
    const { body } = await server.call<PermissionNode[]>('GET', '/base/admin/permission/tree', { token, query: { appId: appB, roleId } });
    const checked = (nodes: PermissionNode[]): string[] => nodes.flatMap((n) => [...(n.checked ? [n.name] : []), ...checked(n.children)]);
    expect(checked(body.data)).toEqual(['service', 'tickets', '查询', '工单列表', 'insight', '查看']);
  });

  it('pemByUserAndApp answers the tree in reading B with its children (not its API elements)', async () => {
    const { body } = await server.call<PermissionAnswer>('GET', '/base/admin/permission/pemByUserAndApp', { token: holder, query: { appId: appB } });
    expect(body.code).toBe(Code.OK);
    expect(body.data.menuReading).toBe('B');
    const shape = (nodes: PermissionNode[]): unknown[] => nodes.map((n) => [n.menuType, n.code || n.name, shape(n.children)]);
    expect(shape(body.data.menus as PermissionNode[])).toEqual([
      [5, 'service', [[4, 'tickets', [[1, 'tickets:list', []]]]]],
      [5, 'insight', [[1, 'insight:list', []]]],
    ]);
  });

  it('the base app still answers in reading A', async () => {
    const { body } = await server.call<PermissionAnswer>('GET', '/base/admin/permission/pemByUserAndApp', { token });
    expect(body.data.menuReading).toBe('A');
  });

  it('the holder reaches the API element through the role (effective permissions) and sees the sub-system on the workbench', async () => {
    const { body } = await server.call<Array<{ id: number; granted: boolean; roles: Array<{ roleKey: string }>; children: unknown[] }>>('GET', '/base/admin/effective/tree', {
      token,
      query: { userId: (await server.db.selectFrom('user').select('id').where('code', '=', 'opsb1').executeTakeFirstOrThrow()).id, appId: appB },
    });
    expect(body.code).toBe(Code.OK);
    type Node = { id: number; granted: boolean; roles: Array<{ roleKey: string }>; children: Node[] };
    const find = (nodes: Node[], id: number): Node | undefined => nodes.map((n) => (n.id === id ? n : find(n.children, id))).find(Boolean);
    const api = find(body.data as Node[], b.api.id);
    expect(api).toMatchObject({ granted: true, roles: [{ roleKey: 'opsb' }] });
    const apps = await server.call<{ items: Array<{ code: string }> }>('GET', '/base/admin/workbench/apps', { token: holder });
    expect(apps.body.data.items.map((a) => a.code)).toContain('readb');
  });

  it('its API elements are type 2 as in reading A: they open no call of the base app, whose grants alone the guard reads', async () => {
    expect((await server.call('GET', '/v2/table/list', { token: holder })).body.code).toBe(Code.FORBIDDEN);
  });
});

describe('the reading of a sub-system', () => {
  it('defaults to A, changes freely while the tree is empty, and says whether the tree holds nodes', async () => {
    const id = await createApp('readc');
    const detail = async () => (await server.call<Record<string, unknown>>('GET', '/base/admin/app/detail', { token, query: { id } })).body.data;
    expect(await detail()).toMatchObject({ menuReading: 'A', inUse: false });
    expect((await saveApp({ ...(await detail()), id, menuReading: 'B' })).body.code).toBe(Code.OK);
    expect((await saveApp({ id, menuReading: 'A' })).body.code).toBe(Code.OK);
    expect(await detail()).toMatchObject({ menuReading: 'A', inUse: false });
  });

  it('cannot change once its tree has nodes: 1001 naming the field, nothing stored', async () => {
    const before = await server.db.selectFrom('app').selectAll().where('id', '=', appB).executeTakeFirstOrThrow();
    const { body } = await saveApp({ id: appB, menuReading: 'A' });
    expect(body).toEqual({
      code: Code.VALIDATION_FAILED,
      msg: '子系统已有菜单和权限节点，菜单类型解读不可再修改',
      data: { fields: { menuReading: '子系统已有菜单和权限节点，菜单类型解读不可再修改' } },
    });
    const english = await server.call('POST', '/base/admin/app/saveOrUpdate', { token, body: { id: appB, menuReading: 'A' }, headers: { 'accept-language': 'en-US' } });
    expect(english.body.msg).toBe("The sub-system's tree has nodes: its menu reading can no longer change");
    expect(await server.db.selectFrom('app').selectAll().where('id', '=', appB).executeTakeFirstOrThrow()).toEqual(before);
    const detail = await server.call<Record<string, unknown>>('GET', '/base/admin/app/detail', { token, query: { id: appB } });
    expect(detail.body.data).toMatchObject({ menuReading: 'B', inUse: true });
    // Its other fields still change, the reading sent as it is.
    expect((await saveApp({ id: appB, name: '运营B', menuReading: 'B' })).body.code).toBe(Code.OK);
  });

  it('a change racing the first node: never both, so no node is read in a reading it was not saved in', async () => {
    for (let i = 0; i < 4; i++) {
      const id = await createApp(`race${i}`);
      const [node, change] = await Promise.all([save('directory', directory(id, 3, 0, `nav${i}`)), saveApp({ id, menuReading: 'B' })]);
      const app = await server.db.selectFrom('app').select('menuReading').where('id', '=', id).executeTakeFirstOrThrow();
      const nodes = await nodesOf(id);
      expect([node.body.code, change.body.code]).not.toEqual([Code.OK, Code.OK]);
      expect([node.body.code, change.body.code]).toContain(Code.OK);
      if (app.menuReading === 'B') expect(nodes).toEqual([]);
      else expect(nodes.map((n) => n.menuType)).toEqual([3]);
    }
  });
});
