/**
 * The effective view's roles and the comparison of two staff: GET /base/admin/effective/roles
 * (every role a staff member holds by a link not ended, with its data scope and end) and
 * /effective/compare (what each of two staff reaches in an app that the other does not, through
 * which role, and how much both reach). What is reached is the guard's own rule (grants.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_APP_CODE, Code, MenuType } from '../../contract';
import { DataScope } from '../../contract/dataScope';
import type { EffectiveComparison, HeldRole } from '../../contract/effective';
import { grantedIds } from '../../server/auth/grants';
import { ADMIN, startTestServer, type TestServer } from './harness';

const NONE = 987654;
const DAY = 24 * 60 * 60 * 1000;

let server: TestServer;
let viewerToken: string;
let baseAppId: number;
let otherAppId: number;
let aliceId: number;
let bobId: number;
let adminId: number;
const roles: Record<'a' | 'b' | 'shared' | 'off' | 'ended' | 'timed' | 'other', number> = { a: 0, b: 0, shared: 0, off: 0, ended: 0, timed: 0, other: 0 };
let salesId: number;
let supportId: number;

interface NodeRow {
  id: number;
  parentId: number;
  name: string;
  code: string;
  url: string;
  menuType: number;
}
let nodes: NodeRow[];

const byCode = (code: string) => nodes.find((n) => n.code === code && n.menuType !== MenuType.API)!;
const apisBelow = (pageId: number) => nodes.filter((n) => n.parentId === pageId && n.menuType === MenuType.API);
/** A screen's menu, list page element and its APIs (not its navigation). */
const screenNodes = (screen: string) => {
  const page = byCode(`${screen}:list`);
  return [byCode(screen), page, ...apisBelow(page.id)].map((n) => n.id);
};
const withNavigation = (screen: string) => [byCode('system').id, ...screenNodes(screen)];
/** Names from the root down to the node, read from the stored tree. */
function pathOf(id: number): string[] {
  const node = nodes.find((n) => n.id === id);
  return node ? [...pathOf(node.parentId), node.name] : [];
}

async function role(key: string, options: { appId?: number; isEnable?: '1' | '0'; grants?: number[]; holders: number[]; expiresAt?: number | null; sortNum?: number }) {
  const { id } = await server.db
    .insertInto('role')
    .values({ sortNum: options.sortNum ?? 1, roleKey: key, name: `name ${key}`, appId: options.appId ?? baseAppId, isEnable: options.isEnable ?? '1', description: null, roleType: 2 })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const userId of options.holders) await server.db.insertInto('userRole').values({ userId, roleId: id, expiresAt: options.expiresAt ?? null }).execute();
  const grants = [...new Set(options.grants ?? [])];
  if (grants.length) await server.db.insertInto('rolePermission').values(grants.map((permissionId) => ({ roleId: id, permissionId }))).execute();
  return id;
}

async function office(name: string, type: 1 | 2, parentId = 0): Promise<number> {
  const row = await server.db.insertInto('office').values({ name, type, parentId, remark: null, createTime: Date.now() }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

const compare = (query: Record<string, string | number>, token = viewerToken) => server.call<EffectiveComparison>('GET', '/base/admin/effective/compare', { token, query });
const heldRoles = (query: Record<string, string | number>, token = viewerToken) => server.call<HeldRole[]>('GET', '/base/admin/effective/roles', { token, query });
const ids = (list: Array<{ id: number }>) => list.map((n) => n.id).sort((a, b) => a - b);
const sorted = (set: Iterable<number>) => [...set].sort((a, b) => a - b);

beforeAll(async () => {
  server = await startTestServer();
  baseAppId = (await server.db.selectFrom('app').select('id').where('code', '=', BASE_APP_CODE).executeTakeFirstOrThrow()).id;
  nodes = await server.db.selectFrom('permission').select(['id', 'parentId', 'name', 'code', 'url', 'menuType']).where('appId', '=', baseAppId).execute();
  adminId = (await server.db.selectFrom('user').select('id').where('code', '=', ADMIN.username).executeTakeFirstOrThrow()).id;
  await server.createUser({ code: 'viewer', password: 'Viewer#2024x', apis: ['/effective/users', '/effective/tree', '/effective/roles', '/effective/compare'] });
  viewerToken = await server.tokenFor('viewer', 'Viewer#2024x');
  aliceId = (await server.createUser({ code: 'alice', name: 'Alice Zhang', password: 'Alice#2024xx' })).userId;
  bobId = (await server.createUser({ code: 'bob', name: 'Bob Li', password: 'Bob#2024xxxx' })).userId;
  const admin = await server.tokenFor(ADMIN.username, ADMIN.password);
  const saved = await server.call('POST', '/base/admin/app/saveOrUpdate', {
    token: admin,
    body: { code: 'ops', name: 'Ops', businessType: 1, isEnable: '1', sort: '2', address: 'http://ops.test' },
  });
  expect(saved.body.code, saved.text).toBe(Code.OK);
  otherAppId = (await server.db.selectFrom('app').select('id').where('code', '=', 'ops').executeTakeFirstOrThrow()).id;

  const now = Date.now();
  // alice: the permission screen (roleA), bob: the dictionary screen (roleB); both: the parameters screen.
  roles.a = await role('roleA', { grants: withNavigation('permission'), holders: [aliceId], sortNum: 2 });
  roles.shared = await role('roleShared', { grants: withNavigation('param'), holders: [aliceId, bobId], sortNum: 1 });
  roles.b = await role('roleB', { grants: withNavigation('dic'), holders: [bobId] });
  // What alice holds but may not use: a disabled role and a link that has ended, both granting the app screen.
  roles.off = await role('roleOff', { isEnable: '0', grants: withNavigation('app'), holders: [aliceId], sortNum: 3 });
  roles.ended = await role('roleEnded', { grants: withNavigation('app'), holders: [aliceId], expiresAt: now - 1000 });
  // A link ending in three days still grants (the role screen) until then.
  roles.timed = await role('roleTimed', { grants: withNavigation('role'), holders: [aliceId], expiresAt: now + 3 * DAY, sortNum: 4 });
  roles.other = await role('opsRole', { appId: otherAppId, holders: [aliceId] });

  salesId = await office('Sales', 1);
  supportId = await office('Support', 1);
  await office('Sales East', 2, salesId);
  await server.db.insertInto('roleDataScope').values({ roleId: roles.a, dataScope: DataScope.CHOSEN }).execute();
  await server.db.insertInto('roleScopeOffice').values([salesId, supportId].map((officeId) => ({ roleId: roles.a, officeId }))).execute();
  await server.db.insertInto('roleDataScope').values({ roleId: roles.shared, dataScope: DataScope.DEPARTMENT }).execute();
});
afterAll(async () => {
  await server?.close();
});

describe('GET /effective/compare', () => {
  it('lists what each reaches that the other does not, through which role, and counts what both reach', async () => {
    const { body } = await compare({ userId: aliceId, otherUserId: bobId, appId: baseAppId });
    expect(body.code).toBe(Code.OK);
    const { onlyUser, onlyOther, shared } = body.data;

    expect(ids(onlyUser)).toEqual(sorted([...screenNodes('permission'), ...screenNodes('role')]));
    expect(ids(onlyOther)).toEqual(sorted(screenNodes('dic')));
    // The navigation and the parameters screen.
    expect(shared).toBe(withNavigation('param').length);

    const keysOf = (list: typeof onlyUser, id: number) => list.find((n) => n.id === id)?.roles.map((r) => r.roleKey);
    for (const id of screenNodes('permission')) expect(keysOf(onlyUser, id)).toEqual(['roleA']);
    for (const id of screenNodes('role')) expect(keysOf(onlyUser, id)).toEqual(['roleTimed']);
    for (const id of screenNodes('dic')) expect(keysOf(onlyOther, id)).toEqual(['roleB']);
    expect(onlyUser.find((n) => n.id === byCode('permission').id)!.roles[0]).toEqual({ id: roles.a, roleKey: 'roleA', name: 'name roleA' });
  });

  it('gives each node its path from the root and its type, in the order of the tree', async () => {
    const { body } = await compare({ userId: aliceId, otherUserId: bobId, appId: baseAppId });
    const dicList = body.data.onlyOther.find((n) => n.id === byCode('dic:list').id)!;
    expect(dicList.path).toEqual(pathOf(byCode('dic:list').id));
    expect(dicList.path).toHaveLength(3);
    expect(dicList.path[0]).toBe(byCode('system').name);
    expect(dicList.menuType).toBe(MenuType.PAGE_ELEMENT);
    const api = body.data.onlyOther.find((n) => n.id === apisBelow(byCode('dic:list').id)[0]!.id)!;
    expect(api.menuType).toBe(MenuType.API);
    expect(api.path).toHaveLength(4);
    // A menu comes before its page element, and that before its APIs.
    const order = body.data.onlyOther.map((n) => n.id);
    expect(order.indexOf(byCode('dic').id)).toBeLessThan(order.indexOf(byCode('dic:list').id));
    expect(order.indexOf(byCode('dic:list').id)).toBeLessThan(order.indexOf(api.id));
  });

  it('leaves out a disabled role and an ended link: neither reaches nor is named', async () => {
    const { body } = await compare({ userId: aliceId, otherUserId: bobId, appId: baseAppId });
    const all = [...body.data.onlyUser, ...body.data.onlyOther];
    for (const id of screenNodes('app')) expect(all.some((n) => n.id === id)).toBe(false);
    expect(all.flatMap((n) => n.roles).some((r) => r.id === roles.off || r.id === roles.ended)).toBe(false);
  });

  it('is the guard’s own rule, seen from either side', async () => {
    const [alice, bob] = await Promise.all([grantedIds(server.db, aliceId, baseAppId), grantedIds(server.db, bobId, baseAppId)]);
    const { body } = await compare({ userId: bobId, otherUserId: aliceId, appId: baseAppId });
    expect(ids(body.data.onlyUser)).toEqual(sorted([...bob].filter((id) => !alice.has(id))));
    expect(ids(body.data.onlyOther)).toEqual(sorted([...alice].filter((id) => !bob.has(id))));
    expect(body.data.shared).toBe([...alice].filter((id) => bob.has(id)).length);
    // And through the guard itself: bob may list dictionaries, alice may not.
    const bobToken = await server.tokenFor('bob', 'Bob#2024xxxx');
    const aliceToken = await server.tokenFor('alice', 'Alice#2024xx');
    expect((await server.call('GET', '/base/admin/dic/list', { token: bobToken })).body.code).toBe(Code.OK);
    expect((await server.call('GET', '/base/admin/dic/list', { token: aliceToken })).body.code).toBe(Code.FORBIDDEN);
  });

  it('names the super-admin role on every node the admin alone reaches', async () => {
    const { body } = await compare({ userId: adminId, otherUserId: aliceId, appId: baseAppId });
    const alice = await grantedIds(server.db, aliceId, baseAppId);
    expect(body.data.onlyOther).toEqual([]);
    expect(body.data.shared).toBe(alice.size);
    expect(body.data.onlyUser).toHaveLength(nodes.length - alice.size);
    expect(body.data.onlyUser.every((n) => n.roles.some((r) => r.roleKey === 'superAdmin'))).toBe(true);
    expect(body.data.onlyUser.some((n) => n.path.at(-1) === nodes.find((x) => x.url === '/effective/compare')!.name)).toBe(true);
  });

  it('answers an empty difference for the same staff member twice, and for an app neither holds anything in', async () => {
    const alice = await grantedIds(server.db, aliceId, baseAppId);
    expect((await compare({ userId: aliceId, otherUserId: aliceId, appId: baseAppId })).body.data).toEqual({ onlyUser: [], onlyOther: [], shared: alice.size });
    expect((await compare({ userId: aliceId, otherUserId: bobId, appId: otherAppId })).body.data).toEqual({ onlyUser: [], onlyOther: [], shared: 0 });
  });

  it('answers 1004 for a missing staff member or app, 1001 for a missing or malformed id', async () => {
    for (const query of [
      { userId: NONE, otherUserId: bobId, appId: baseAppId },
      { userId: aliceId, otherUserId: NONE, appId: baseAppId },
      { userId: aliceId, otherUserId: bobId, appId: NONE },
    ]) {
      const { body, status } = await compare(query);
      expect([body.code, status], JSON.stringify(query)).toEqual([Code.NOT_FOUND, 404]);
    }
    const malformed: Array<Record<string, string | number>> = [{ userId: aliceId, appId: baseAppId }, { otherUserId: bobId, appId: baseAppId }, { userId: aliceId, otherUserId: bobId }, { userId: aliceId, otherUserId: 'x', appId: baseAppId }, { userId: aliceId, otherUserId: -1, appId: baseAppId }];
    for (const query of malformed) {
      expect((await compare(query)).body.code, JSON.stringify(query)).toBe(Code.VALIDATION_FAILED);
    }
  });
});

describe('GET /effective/roles', () => {
  it('lists every role held by a link not ended, in every app, disabled ones saying so, with scope and end', async () => {
    const { body } = await heldRoles({ userId: aliceId });
    expect(body.code).toBe(Code.OK);
    const byKey = new Map(body.data.map((r) => [r.roleKey, r]));
    expect([...byKey.keys()].sort()).toEqual(['opsRole', 'r_alice', 'roleA', 'roleOff', 'roleShared', 'roleTimed'].sort());
    expect(byKey.get('roleA')).toEqual({
      id: roles.a,
      roleKey: 'roleA',
      name: 'name roleA',
      appId: baseAppId,
      isEnable: '1',
      dataScope: DataScope.CHOSEN,
      scopeOffices: [
        { id: salesId, name: 'Sales' },
        { id: supportId, name: 'Support' },
      ],
      expiresAt: null,
    });
    expect(byKey.get('roleShared')).toMatchObject({ dataScope: DataScope.DEPARTMENT, scopeOffices: [] });
    expect(byKey.get('roleOff')).toMatchObject({ isEnable: '0', dataScope: DataScope.ALL });
    expect(byKey.get('opsRole')).toMatchObject({ appId: otherAppId, dataScope: DataScope.ALL });
    const timed = byKey.get('roleTimed')!;
    expect(timed.expiresAt).toBeGreaterThan(Date.now() + 2 * DAY);
    expect(timed.expiresAt).toBeLessThan(Date.now() + 4 * DAY);
    // Base-app roles first, by their order.
    expect(body.data.findIndex((r) => r.roleKey === 'opsRole')).toBe(body.data.length - 1);
    expect(body.data.findIndex((r) => r.roleKey === 'roleShared')).toBeLessThan(body.data.findIndex((r) => r.roleKey === 'roleA'));
  });

  it('drops a link from the moment it ends, and what it granted from the comparison', async () => {
    await server.db.updateTable('userRole').set({ expiresAt: Date.now() - 1 }).where('userId', '=', aliceId).where('roleId', '=', roles.timed).execute();
    try {
      const { body } = await heldRoles({ userId: aliceId });
      expect(body.data.some((r) => r.id === roles.timed)).toBe(false);
      const reach = await compare({ userId: aliceId, otherUserId: bobId, appId: baseAppId });
      expect(reach.body.data.onlyUser.some((n) => screenNodes('role').includes(n.id))).toBe(false);
    } finally {
      await server.db.updateTable('userRole').set({ expiresAt: Date.now() + 3 * DAY }).where('userId', '=', aliceId).where('roleId', '=', roles.timed).execute();
    }
  });

  it('answers an empty list for staff holding nothing, 1004 for a missing one, 1001 without an id', async () => {
    const { userId } = await server.createUser({ code: 'carol', password: 'Carol#2024xx' });
    await server.db.deleteFrom('userRole').where('userId', '=', userId).execute();
    expect((await heldRoles({ userId })).body).toMatchObject({ code: Code.OK, data: [] });
    const missing = await heldRoles({ userId: NONE });
    expect([missing.body.code, missing.status]).toEqual([Code.NOT_FOUND, 404]);
    expect((await heldRoles({})).body.code).toBe(Code.VALIDATION_FAILED);
    expect((await heldRoles({ userId: 'x' })).body.code).toBe(Code.VALIDATION_FAILED);
  });
});

describe('access', () => {
  it('needs each call’s own API element: the tree’s does not open the roles or the comparison', async () => {
    await server.createUser({ code: 'treeonly', password: 'Treeonly#2024', apis: ['/effective/users', '/effective/tree'] });
    const token = await server.tokenFor('treeonly', 'Treeonly#2024');
    expect((await heldRoles({ userId: aliceId }, token)).body.code).toBe(Code.FORBIDDEN);
    expect((await compare({ userId: aliceId, otherUserId: bobId, appId: baseAppId }, token)).body.code).toBe(Code.FORBIDDEN);
  });

  it('puts both calls below the effective screen’s list button, granted with it', async () => {
    const page = byCode('effective:list');
    expect(apisBelow(page.id).map((n) => n.url)).toEqual(expect.arrayContaining(['/effective/roles', '/effective/compare']));
  });
});
