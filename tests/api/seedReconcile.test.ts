/**
 * Start-up reconciliation of the declared resources into the base app's menu tree
 * (server/db/reconcileResources.ts): a resource declared after the seed gets its menu, page
 * elements and API elements, granted to the super-admin; an administrator's edits stay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, defineEntity, MenuType, requiredText, text, type PermissionAnswer, type PermissionNode } from '../../contract';
import { crudActions, defineResource, type ResourceDefinition } from '../../resources/define';
import { findResource, resourceDefinitions } from '../../resources/registry';
import type { ReconcileLogger } from '../../server/db/reconcileResources';
import type { Permission } from '../../server/db/schema';
import { BESPOKE_SCREENS } from '../../server/db/screenCatalogue';
import { ADMIN, startTestServer, type TestServer } from './harness';

const param = findResource('param')!;
const withoutParam = resourceDefinitions.filter((d) => d.name !== 'param');

/** A resource of the `tools` group: menus only (the app serves the registry's routes). */
const gadget = defineResource({
  name: 'gadget',
  table: 'gadget',
  entity: defineEntity({ fields: { gadgetKey: requiredText(text('键', 'Key'), 20) } }),
  title: text('小工具', 'Gadgets'),
  menu: { navigation: 'tools', sort: 90, icon: 'tool', path: '/tools/gadget' },
  paging: 'page',
  keyCheck: { path: 'validateKey', param: 'gadgetKey' },
  search: ['gadgetKey'],
  sort: [['gadgetKey', 'asc']],
  columns: [{ field: 'gadgetKey' }],
  form: [{ field: 'gadgetKey' }],
});

function captureLogger(): ReconcileLogger & { lines: Array<{ level: string; details: object; message: string }> } {
  const lines: Array<{ level: string; details: object; message: string }> = [];
  return {
    lines,
    info: (details, message) => lines.push({ level: 'info', details, message }),
    warn: (details, message) => lines.push({ level: 'warn', details, message }),
  };
}

async function baseAppId(server: TestServer): Promise<number> {
  return (await server.db.selectFrom('app').select('id').where('code', '=', 'base').executeTakeFirstOrThrow()).id;
}

async function baseNodes(server: TestServer): Promise<Permission[]> {
  return server.db
    .selectFrom('permission')
    .selectAll()
    .where('appId', '=', await baseAppId(server))
    .orderBy('id')
    .execute();
}

async function superAdminGrants(server: TestServer): Promise<Set<number>> {
  const rows = await server.db
    .selectFrom('rolePermission as rp')
    .innerJoin('role as r', 'r.id', 'rp.roleId')
    .select('rp.permissionId')
    .where('r.roleKey', '=', 'superAdmin')
    .execute();
  return new Set(rows.map((r) => r.permissionId));
}

async function count(server: TestServer, table: 'permission' | 'rolePermission'): Promise<number> {
  return Number((await server.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
}

const maxDigitCode = (nodes: readonly Permission[]) => Math.max(...nodes.filter((n) => /^\d+$/.test(n.code)).map((n) => Number(n.code)));

/** The node and its descendants, as an administrator deleting it in the menu screen removes them. */
async function deleteSubtree(server: TestServer, id: number): Promise<void> {
  const nodes = await baseNodes(server);
  const ids = [id];
  for (let i = 0; i < ids.length; i++) ids.push(...nodes.filter((n) => n.parentId === ids[i]).map((n) => n.id));
  await server.db.deleteFrom('permission').where('id', 'in', ids).execute();
}

function expectApiCodesWellFormed(nodes: readonly Permission[]) {
  const apis = nodes.filter((n) => n.menuType === MenuType.API);
  for (const api of apis) expect(api.code).toMatch(/^\d{1,10}$/);
  expect(new Set(apis.map((a) => a.code)).size).toBe(apis.length);
}

/** The resource's menu with its page elements and their API urls, as the database holds them. */
function menuShape(nodes: readonly Permission[], menu: Permission) {
  return nodes
    .filter((n) => n.parentId === menu.id && n.menuType === MenuType.PAGE_ELEMENT)
    .map((element) => ({
      code: element.code,
      apis: nodes.filter((n) => n.parentId === element.id && n.menuType === MenuType.API).map((n) => n.url),
    }));
}

const declaredShape = (definition: ResourceDefinition) => crudActions(definition).map(({ code, apis }) => ({ code, apis }));

describe('a resource declared after the seed', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer({ definitions: withoutParam });
    token = await server.tokenFor(ADMIN.username, ADMIN.password);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is not in a tree seeded without it', async () => {
    expect(server.prepared).toMatchObject({ seeded: true, reconciled: { added: [] } });
    expect((await baseNodes(server)).filter((n) => n.url === 'param' || n.code.startsWith('param:'))).toEqual([]);
    expect((await server.call('GET', '/base/admin/param/list', { token })).body.code).toBe(Code.FORBIDDEN);
  });

  it('gets its menu, page elements and API elements at the next start, granted to the super-admin', async () => {
    const before = await baseNodes(server);
    const logger = captureLogger();
    const result = await server.restart({ definitions: resourceDefinitions, prepareLogger: logger });

    const actions = crudActions(param);
    const nodeCount = 1 + actions.length + actions.reduce((n, a) => n + a.apis.length, 0);
    expect(result).toEqual({ seeded: false, reconciled: { added: [{ resource: 'param', kind: 'menu', code: 'param', nodes: nodeCount }] } });
    expect(logger.lines).toEqual([
      { level: 'info', details: { resource: 'param', kind: 'menu', code: 'param', nodes: nodeCount }, message: expect.stringContaining('param') },
    ]);

    const nodes = await baseNodes(server);
    const added = nodes.filter((n) => !before.some((b) => b.id === n.id));
    expect(added).toHaveLength(nodeCount);
    const system = nodes.find((n) => n.menuType === MenuType.NAVIGATION && n.url === 'system')!;
    const menu = nodes.find((n) => n.menuType === MenuType.MENU && n.url === 'param')!;
    expect(menu).toMatchObject({ parentId: system.id, name: '参数配置', code: 'param', sort: 50, icon: 'setting', path: '/system/param' });
    expect(menuShape(nodes, menu)).toEqual(declaredShape(param));
    const elements = nodes.filter((n) => n.parentId === menu.id);
    expect(elements.map((e) => [e.name, e.sort])).toEqual([
      ['查询', 1],
      ['新增', 2],
      ['编辑', 3],
      ['删除', 4],
      ['导出', 5],
      ['导入', 6],
      ['变更历史', 7],
      ['撤销变更', 8],
    ]);

    // New API codes continue after the largest code of the base app.
    const maxBefore = maxDigitCode(before);
    for (const api of added.filter((n) => n.menuType === MenuType.API)) expect(Number(api.code)).toBeGreaterThan(maxBefore);
    expectApiCodesWellFormed(nodes);

    const granted = await superAdminGrants(server);
    expect(added.filter((n) => !granted.has(n.id))).toEqual([]);

    const menus = (await server.call<PermissionAnswer>('GET', '/base/admin/permission/pemByUserAndApp', { token })).body.data.menus as PermissionNode[];
    const listed = menus.find((m) => m.url === 'system')!.children.find((m) => m.url === 'param');
    expect(listed?.children.map((c) => c.code)).toEqual(actions.map((a) => a.code));

    const list = await server.call<{ total: number }>('GET', '/base/admin/param/list', { token });
    expect(list.body.code).toBe(Code.OK);
    expect(list.body.data.total).toBe(0);
  });

  it('adds nothing when started again', async () => {
    const before = [await count(server, 'permission'), await count(server, 'rolePermission')];
    const logger = captureLogger();
    expect((await server.restart({ definitions: resourceDefinitions, prepareLogger: logger })).reconciled).toEqual({ added: [] });
    expect((await server.restart({ definitions: resourceDefinitions, prepareLogger: logger })).reconciled).toEqual({ added: [] });
    expect([await count(server, 'permission'), await count(server, 'rolePermission')]).toEqual(before);
    expect(logger.lines).toEqual([]);
  });
});

describe('an administrator’s changes to a resource menu', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  const find = async (predicate: (n: Permission) => boolean) => (await baseNodes(server)).find(predicate)!;

  it('are nothing to reconcile on a freshly seeded database', () => {
    expect(server.prepared).toMatchObject({ seeded: true, reconciled: { added: [] } });
  });

  it('keep a renamed, re-sorted and moved menu as it is', async () => {
    const menu = await find((n) => n.menuType === MenuType.MENU && n.url === 'param');
    const organisation = await find((n) => n.menuType === MenuType.NAVIGATION && n.url === 'organisation');
    const edited = { name: '系统参数', sort: 5, icon: 'control', path: '/organisation/params', parentId: organisation.id };
    await server.db.updateTable('permission').set(edited).where('id', '=', menu.id).execute();
    const list = await find((n) => n.parentId === menu.id && n.code === 'param:list');
    await server.db.updateTable('permission').set({ name: '查看', sort: 9 }).where('id', '=', list.id).execute();
    const before = await count(server, 'permission');

    expect((await server.restart({ definitions: resourceDefinitions })).reconciled).toEqual({ added: [] });
    expect(await count(server, 'permission')).toBe(before);
    expect(await find((n) => n.id === menu.id)).toMatchObject(edited);
    expect(await find((n) => n.id === list.id)).toMatchObject({ name: '查看', sort: 9 });
    expect((await baseNodes(server)).filter((n) => n.menuType === MenuType.MENU && n.url === 'param')).toHaveLength(1);
  });

  // The definition is the source of a resource's buttons (crudActions) and of the calls each one
  // needs: a deleted page element or API element comes back at the next start. Revoking it from
  // a role is how an administrator takes a button away.
  it('get a deleted page element and a deleted API element back, granted to the super-admin', async () => {
    const nodes = await baseNodes(server);
    const menu = nodes.find((n) => n.menuType === MenuType.MENU && n.url === 'param')!;
    const remove = nodes.find((n) => n.parentId === menu.id && n.code === 'param:delete')!;
    const create = nodes.find((n) => n.parentId === menu.id && n.code === 'param:create')!;
    const keyCheck = nodes.find((n) => n.parentId === create.id && n.url === '/param/vaildKey')!;
    await deleteSubtree(server, remove.id);
    await deleteSubtree(server, keyCheck.id);
    const before = await baseNodes(server);

    const logger = captureLogger();
    const result = await server.restart({ definitions: resourceDefinitions, prepareLogger: logger });
    expect(result.reconciled.added).toEqual([
      { resource: 'param', kind: 'apiElements', code: 'param:create', nodes: 1, apis: ['/param/vaildKey'] },
      { resource: 'param', kind: 'pageElement', code: 'param:delete', nodes: 3 },
    ]);
    expect(logger.lines.map((l) => [l.level, l.details])).toEqual([
      ['info', { resource: 'param', kind: 'apiElements', code: 'param:create', nodes: 1, apis: ['/param/vaildKey'] }],
      ['info', { resource: 'param', kind: 'pageElement', code: 'param:delete', nodes: 3 }],
    ]);

    const after = await baseNodes(server);
    const added = after.filter((n) => !before.some((b) => b.id === n.id));
    expect(added.map((n) => [n.menuType, n.code.includes(':') ? n.code : n.url, n.sort])).toEqual([
      [MenuType.API, '/param/vaildKey', 2],
      [MenuType.PAGE_ELEMENT, 'param:delete', 4],
      [MenuType.API, '/param/delete', 1],
      [MenuType.API, '/param/deleteImpact', 2],
    ]);
    expect(added.find((n) => n.url === '/param/vaildKey')?.parentId).toBe(create.id);
    // The element added back comes after those that stayed (its place is its `sort`).
    const byCode = (shape: ReturnType<typeof declaredShape>) => [...shape].sort((a, b) => a.code.localeCompare(b.code));
    expect(byCode(menuShape(after, menu))).toEqual(byCode(declaredShape(param)));
    const granted = await superAdminGrants(server);
    expect(added.filter((n) => !granted.has(n.id))).toEqual([]);
    for (const api of added.filter((n) => n.menuType === MenuType.API)) expect(Number(api.code)).toBeGreaterThan(maxDigitCode(before));
    expectApiCodesWellFormed(after);

    // The admin's edits of the previous test are still there.
    expect(after.find((n) => n.id === menu.id)).toMatchObject({ name: '系统参数', sort: 5 });
  });

  it('grant a call a button now needs to every role holding that button', async () => {
    const nodes = await baseNodes(server);
    const menu = nodes.find((n) => n.menuType === MenuType.MENU && n.url === 'param')!;
    const create = nodes.find((n) => n.parentId === menu.id && n.code === 'param:create')!;
    const { roleId } = await server.createUser({ code: 'paramclerk', password: 'paramclerk-pass' });
    await server.db.insertInto('rolePermission').values({ roleId, permissionId: create.id }).execute();
    const other = await server.createUser({ code: 'bystander', password: 'bystander-pass', apis: ['/param/list'] });
    await deleteSubtree(server, nodes.find((n) => n.parentId === create.id && n.url === '/param/vaildKey')!.id);

    await server.restart({ definitions: resourceDefinitions });
    const keyCheck = (await baseNodes(server)).find((n) => n.parentId === create.id && n.url === '/param/vaildKey')!;
    const holders = (await server.db.selectFrom('rolePermission').select('roleId').where('permissionId', '=', keyCheck.id).execute()).map((r) => r.roleId);
    expect(holders).toContain(roleId);
    expect(holders).not.toContain(other.roleId);
  });

  it('put back the nested placeholder menus inside what is left of their groups, granted to the super-admin', async () => {
    const outer = await find((n) => n.menuType === MenuType.MENU && n.url === 'nestedMenu');
    const inner = await find((n) => n.menuType === MenuType.MENU && n.url === 'nestedMenu1');
    await deleteSubtree(server, inner.id);
    const inside = await server.restart({ definitions: resourceDefinitions });
    // The inner group comes back inside the outer one, with its first screen; the second returns under it.
    expect(inside.reconciled.added).toEqual([
      { resource: 'nestedMenu1a', kind: 'group', code: 'nestedMenu1', nodes: 3 },
      { resource: 'nestedMenu1b', kind: 'menu', code: 'nestedMenu1b', nodes: 2 },
    ]);
    const backInner = await find((n) => n.menuType === MenuType.MENU && n.url === 'nestedMenu1');
    expect(backInner).toMatchObject({ parentId: outer.id, name: '菜单一', path: '/examples/nested/menu1', code: 'nestedMenu1' });
    const pages = (await baseNodes(server)).filter((n) => n.parentId === backInner.id).map((n) => n.url);
    expect(pages).toEqual(['nestedMenu1a', 'nestedMenu1b']);

    await deleteSubtree(server, outer.id);
    const whole = await server.restart({ definitions: resourceDefinitions });
    expect(whole.reconciled.added.map(({ resource, kind, code }) => [resource, kind, code])).toEqual([
      ['nestedMenu1a', 'group', 'nestedMenu'],
      ['nestedMenu1b', 'menu', 'nestedMenu1b'],
      ['nestedMenu2', 'menu', 'nestedMenu2'],
    ]);
    const examples = await find((n) => n.menuType === MenuType.NAVIGATION && n.url === 'examples');
    const backOuter = await find((n) => n.menuType === MenuType.MENU && n.url === 'nestedMenu');
    expect(backOuter.parentId).toBe(examples.id);
    const granted = await superAdminGrants(server);
    expect((await baseNodes(server)).filter((n) => /^nestedMenu/.test(n.url) || /^nestedMenu/.test(n.code)).every((n) => granted.has(n.id))).toBe(true);
    expect((await server.restart({ definitions: resourceDefinitions })).reconciled).toEqual({ added: [] });
  });

  it('recreate a deleted navigation group for a new resource of that group', async () => {
    const tools = await find((n) => n.menuType === MenuType.NAVIGATION && n.url === 'tools');
    await deleteSubtree(server, tools.id);
    // An administrator's all-digit code elsewhere in the tree: new API codes go after it.
    const home = await find((n) => n.menuType === MenuType.HOME);
    await server.db.updateTable('permission').set({ code: '900000' }).where('id', '=', home.id).execute();

    const result = await server.restart({ definitions: [...resourceDefinitions, gadget] });
    const actions = crudActions(gadget);
    const nodeCount = 2 + actions.length + actions.reduce((n, a) => n + a.apis.length, 0);
    // The group comes back with the first of its screens (declared resources in registry order,
    // then the catalogue's bespoke screens), and the others return under it.
    const bespokeTools = BESPOKE_SCREENS.filter((screen) => screen.navigation === 'tools').map((screen) => screen.component);
    const declaredTools = [...resourceDefinitions, gadget].filter((d) => d.menu?.navigation === 'tools').map((d) => d.name);
    const toolScreens = [...declaredTools, ...bespokeTools];
    expect(result.reconciled.added).toEqual(
      toolScreens.map((name, i) => ({
        resource: name,
        kind: i === 0 ? 'navigation' : 'menu',
        code: i === 0 ? 'tools' : name,
        // The navigation node counts with the first screen only.
        nodes: name === 'gadget' ? nodeCount - (i === 0 ? 0 : 1) : expect.any(Number),
      })),
    );

    const nodes = await baseNodes(server);
    const navigation = nodes.find((n) => n.menuType === MenuType.NAVIGATION && n.url === 'tools')!;
    expect(navigation).toMatchObject({ parentId: 0, name: '工具', code: 'tools', path: '/tools', sort: 40, icon: 'tool' });
    const menu = nodes.find((n) => n.menuType === MenuType.MENU && n.url === 'gadget')!;
    expect(menu).toMatchObject({ parentId: navigation.id, name: '小工具', path: '/tools/gadget', sort: 90 });
    expect(menuShape(nodes, menu)).toEqual(declaredShape(gadget));
    // Codes of the API elements added now (the group's screens) go after the administrator's 900000.
    const addedCodes = nodes.filter((n) => n.menuType === MenuType.API && Number(n.code) > 900000).map((n) => Number(n.code));
    expect(Math.min(...addedCodes)).toBe(900001);
    const gadgetCodes = nodes.filter((n) => n.menuType === MenuType.API && n.url.startsWith('/gadget/')).map((n) => Number(n.code));
    expect(Math.min(...gadgetCodes)).toBeGreaterThan(900000);
    expectApiCodesWellFormed(nodes);

    const token = await server.tokenFor(ADMIN.username, ADMIN.password);
    const menus = (await server.call<PermissionAnswer>('GET', '/base/admin/permission/pemByUserAndApp', { token })).body.data.menus as PermissionNode[];
    expect(menus.find((m) => m.url === 'tools')?.children.map((m) => m.url).sort()).toEqual([...toolScreens].sort());

    expect((await server.restart({ definitions: [...resourceDefinitions, gadget] })).reconciled).toEqual({ added: [] });
  });
});
