/**
 * The tree's rules on every save: each refused save answers its code on the field at fault, with a
 * clear message, and stores nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type PermissionNode } from '../../contract';
import { ADMIN, startTestServer, type TestServer } from './harness';

type NodeRecord = Omit<PermissionNode, 'children' | 'checked'>;
type Call = 'directory' | 'element';

let server: TestServer;
let token: string;
let appId: number;
let otherAppId: number;
const a = {} as Record<'navigation' | 'menu' | 'subMenu' | 'home' | 'page' | 'homePage' | 'api', NodeRecord>;
const b = {} as Record<'navigation' | 'menu', NodeRecord>;

const PATHS: Record<Call, string> = { directory: '/base/admin/permission/saveOrUpdate', element: '/base/admin/menu/saveOrUpdate' };
const save = (call: Call, body: Record<string, unknown>, headers?: Record<string, string>) => server.call<NodeRecord>('POST', PATHS[call], { token, body, headers });

async function created(call: Call, body: Record<string, unknown>): Promise<NodeRecord> {
  const { body: answer } = await save(call, body);
  expect(answer.code, JSON.stringify(answer)).toBe(Code.OK);
  return answer.data;
}

const directory = (forApp: number, menuType: number, parentId: number, key: string) => ({
  menuType,
  appId: forApp,
  parentId,
  name: key,
  sort: 1,
  path: `/${key}`,
  url: key,
  icon: 'menu',
});

async function createApp(code: string): Promise<number> {
  const body = { code, name: `系统${code}`, businessType: 1, isEnable: '1', sort: 90, address: `https://${code}.example.com` };
  const { body: answer } = await server.call<{ id: number }>('POST', '/base/admin/app/saveOrUpdate', { token, body });
  return answer.data.id;
}

/** Everything a refused save could have touched. */
const snapshot = async () => ({
  nodes: await server.db.selectFrom('permission').selectAll().where('appId', 'in', [appId, otherAppId]).orderBy('id').execute(),
  grants: await server.db.selectFrom('rolePermission').selectAll().orderBy('roleId').orderBy('permissionId').execute(),
});

beforeAll(async () => {
  server = await startTestServer();
  token = await server.tokenFor(ADMIN.username, ADMIN.password);
  appId = await createApp('prules');
  otherAppId = await createApp('prulesb');
  a.navigation = await created('directory', directory(appId, 3, 0, 'nav'));
  a.menu = await created('directory', directory(appId, 4, a.navigation.id, 'menu'));
  a.subMenu = await created('directory', directory(appId, 4, a.menu.id, 'sub'));
  a.home = await created('directory', directory(appId, 5, 0, 'home'));
  a.page = await created('element', { menuType: 1, appId, parentId: a.menu.id, code: 'menu:list', name: '查询' });
  a.homePage = await created('element', { menuType: 1, appId, parentId: a.home.id, code: 'home:view', name: '查看' });
  a.api = await created('element', { menuType: 2, appId, parentId: a.page.id, code: '1001', name: '列表', url: '/menu/list' });
  b.navigation = await created('directory', directory(otherAppId, 3, 0, 'bnav'));
  b.menu = await created('directory', directory(otherAppId, 4, b.navigation.id, 'bmenu'));
});
afterAll(async () => {
  await server?.close();
});

interface Refusal {
  case: string;
  call: Call;
  body: () => Record<string, unknown>;
  code: Code;
  field: string;
  msg: string;
}

const MISSING = 987654;
const TOO_BIG = 9999999999;

const refusals: Refusal[] = [
  { case: 'a second home page', call: 'directory', body: () => directory(appId, 5, 0, 'home2'), code: Code.DUPLICATE, field: 'menuType', msg: '该子系统已有首页' },
  ...[
    ['a navigation entry below another node', () => directory(appId, 3, a.navigation.id, 'n2')],
    ['a home page below another node', () => directory(otherAppId, 5, b.navigation.id, 'h2')],
  ].map(([name, body]) => ({
    case: name as string,
    call: 'directory' as const,
    body: body as () => Record<string, unknown>,
    code: Code.VALIDATION_FAILED,
    field: 'parentId',
    msg: '导航和首页只能位于顶层，父节点须为0',
  })),
  ...[
    ['a menu at the top', 0],
    ['a menu under the home page', 'home'],
    ['a menu under a page element', 'page'],
  ].map(([name, parent]) => ({
    case: name as string,
    call: 'directory' as const,
    body: () => directory(appId, 4, parent === 0 ? 0 : a[parent as 'home' | 'page'].id, 'm2'),
    code: Code.VALIDATION_FAILED,
    field: 'parentId',
    msg: '菜单只能位于导航或菜单之下',
  })),
  ...[
    ['a page element at the top', 0],
    ['a page element under a navigation entry', 'navigation'],
    ['a page element under an API element', 'api'],
  ].map(([name, parent]) => ({
    case: name as string,
    call: 'element' as const,
    body: () => ({ menuType: 1, appId, parentId: parent === 0 ? 0 : a[parent as 'navigation' | 'api'].id, code: 'x:y', name: 'x' }),
    code: Code.VALIDATION_FAILED,
    field: 'parentId',
    msg: '页面元素只能位于菜单或首页之下',
  })),
  ...[
    ['an API element at the top', 0],
    ['an API element under a menu', 'menu'],
    ['an API element under an API element', 'api'],
  ].map(([name, parent]) => ({
    case: name as string,
    call: 'element' as const,
    body: () => ({ menuType: 2, appId, parentId: parent === 0 ? 0 : a[parent as 'menu' | 'api'].id, code: '9', name: 'x', url: '/x' }),
    code: Code.VALIDATION_FAILED,
    field: 'parentId',
    msg: '接口元素只能位于页面元素之下',
  })),
  { case: 'a menu under another app', call: 'directory', body: () => directory(appId, 4, b.menu.id, 'm3'), code: Code.VALIDATION_FAILED, field: 'parentId', msg: '父节点不属于该子系统' },
  {
    case: 'a page element under another app',
    call: 'element',
    body: () => ({ menuType: 1, appId: otherAppId, parentId: a.menu.id, code: 'x:z', name: 'x' }),
    code: Code.VALIDATION_FAILED,
    field: 'parentId',
    msg: '父节点不属于该子系统',
  },
  ...[MISSING, TOO_BIG].map((parentId) => ({
    case: `a missing parent ${parentId}`,
    call: 'directory' as const,
    body: () => directory(appId, 4, parentId, 'm4'),
    code: Code.VALIDATION_FAILED,
    field: 'parentId',
    msg: '父节点不存在',
  })),
  { case: 'a missing app', call: 'directory', body: () => directory(MISSING, 3, 0, 'n3'), code: Code.VALIDATION_FAILED, field: 'appId', msg: '子系统不存在' },
  { case: 'a menu under itself', call: 'directory', body: () => ({ ...a.menu, id: a.menu.id, parentId: a.menu.id }), code: Code.CONFLICT, field: 'parentId', msg: '不能把节点移到它自己或它的下级节点之下' },
  { case: 'a menu under its own child', call: 'directory', body: () => ({ ...a.menu, parentId: a.subMenu.id }), code: Code.CONFLICT, field: 'parentId', msg: '不能把节点移到它自己或它的下级节点之下' },
  { case: 'a menu turned navigation', call: 'directory', body: () => ({ ...a.menu, menuType: 3, parentId: 0 }), code: Code.VALIDATION_FAILED, field: 'menuType', msg: '类型不可修改' },
  { case: 'a home turned navigation', call: 'directory', body: () => ({ ...a.home, menuType: 3 }), code: Code.VALIDATION_FAILED, field: 'menuType', msg: '类型不可修改' },
  { case: 'a page element turned API', call: 'element', body: () => ({ ...a.page, menuType: 2, code: '77', url: '/x' }), code: Code.VALIDATION_FAILED, field: 'menuType', msg: '类型不可修改' },
  { case: 'a menu saved as an element', call: 'element', body: () => ({ ...a.menu, menuType: 1, code: 'm:x' }), code: Code.VALIDATION_FAILED, field: 'menuType', msg: '类型不可修改' },
  { case: 'a page element saved as a directory', call: 'directory', body: () => ({ ...directory(appId, 4, a.menu.id, 'p'), id: a.page.id }), code: Code.VALIDATION_FAILED, field: 'menuType', msg: '类型不可修改' },
  { case: 'a menu moved to another app', call: 'directory', body: () => ({ ...a.menu, appId: otherAppId, parentId: b.navigation.id }), code: Code.VALIDATION_FAILED, field: 'appId', msg: '所属子系统不可修改' },
  {
    case: 'a duplicate page code on create',
    call: 'element',
    body: () => ({ menuType: 1, appId, parentId: a.subMenu.id, code: 'menu:list', name: '重复' }),
    code: Code.DUPLICATE,
    field: 'code',
    msg: '页面编码不可以重复',
  },
  { case: 'a duplicate page code on update', call: 'element', body: () => ({ ...a.homePage, code: ' menu:list ' }), code: Code.DUPLICATE, field: 'code', msg: '页面编码不可以重复' },
];

describe('refused saves', () => {
  it.each(refusals)('refuse $case and store nothing', async (refusal) => {
    const before = await snapshot();
    const { status, body } = await save(refusal.call, refusal.body());
    expect(body, JSON.stringify(body)).toEqual({ code: refusal.code, msg: refusal.msg, data: { fields: { [refusal.field]: refusal.msg } } });
    expect(status).toBeGreaterThanOrEqual(400);
    expect(await snapshot()).toEqual(before);
  });

  it('answer 1004 to an update of a missing node, storing nothing', async () => {
    const before = await snapshot();
    for (const id of [MISSING, TOO_BIG]) {
      expect((await save('directory', { ...directory(appId, 3, 0, 'ghost'), id })).body.code).toBe(Code.NOT_FOUND);
      expect((await save('element', { menuType: 1, appId, parentId: a.menu.id, code: 'ghost', name: 'ghost', id })).body.code).toBe(Code.NOT_FOUND);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('speak English to an English caller', async () => {
    const { body } = await save('directory', directory(appId, 4, 0, 'm5'), { 'accept-language': 'en-US' });
    expect(body.msg).toBe('A menu must sit under a navigation entry or another menu');
    const home = await save('directory', directory(appId, 5, 0, 'h5'), { 'accept-language': 'en' });
    expect(home.body.data).toEqual({ fields: { menuType: 'This sub-system already has a home page' } });
    const cycle = await save('directory', { ...a.menu, parentId: a.subMenu.id }, { 'accept-language': 'en-US' });
    expect(cycle.body.msg).toBe('A node cannot be moved under itself or one of its descendants');
    const fixed = await save('directory', { ...a.menu, appId: otherAppId }, { 'accept-language': 'en-US' });
    expect(fixed.body.msg).toBe('Sub-system cannot be changed');
  });
});

describe('what the rules allow', () => {
  it('a page element code that another app uses, a menu under a menu, and a move that is no cycle', async () => {
    await created('element', { menuType: 1, appId: otherAppId, parentId: b.menu.id, code: 'menu:list', name: '查询' });
    const deeper = await created('directory', directory(appId, 4, a.subMenu.id, 'deeper'));
    const moved = await created('directory', { ...a.subMenu, parentId: a.navigation.id });
    expect(moved.parentId).toBe(a.navigation.id);
    expect((await created('directory', { ...deeper, parentId: a.menu.id })).parentId).toBe(a.menu.id);
    expect((await created('element', { ...a.page, name: '查询列表' })).code).toBe('menu:list');
  });
});
