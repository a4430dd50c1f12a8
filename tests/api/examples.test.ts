/**
 * The example pages (SPEC §1): the sample table is a real table paged by the server at
 * /v2/table/list; the placeholder menus nest two levels below Examples; the Examples navigation
 * belongs to the super-admin role only, and nothing about it accepts a login without the right
 * password.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, MenuType, type ListData, type PermissionAnswer, type PermissionNode, type SampleRow } from '../../contract';
import { SAMPLE_DEMO_ROWS } from '../../resources/sample/demo';

const DEMO_SAMPLE_COUNT = SAMPLE_DEMO_ROWS.length;
import { ADMIN, startTestServer, type TestServer } from './harness';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer({ demo: true });
  token = await server.tokenFor(ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await server?.close();
});

const list = (query: Record<string, string | number>) => server.call<ListData<SampleRow>>('GET', '/v2/table/list', { token, query });

describe('the sample table', () => {
  it('pages the seeded rows on the server, newest first', async () => {
    const first = (await list({ page: 1, size: 10 })).body.data;
    const second = (await list({ page: 2, size: 10 })).body.data;
    expect(first.total).toBe(DEMO_SAMPLE_COUNT);
    expect(first.items).toHaveLength(10);
    const times = [...first.items, ...second.items].map((row) => row.displayTime);
    expect(times).toEqual([...times].sort().reverse());
    expect(new Set([...first.items, ...second.items].map((row) => row.id)).size).toBe(20);
    expect((await list({ page: 13, size: 10 })).body.data).toEqual({ items: [], total: DEMO_SAMPLE_COUNT });
  });

  it('searches titles and authors, and filters by status', async () => {
    const byTitle = (await list({ title: '字典', size: 100 })).body.data;
    expect(byTitle.total).toBeGreaterThan(0);
    expect(byTitle.items.every((row) => row.title.includes('字典'))).toBe(true);
    const drafts = (await list({ status: 1, size: 100 })).body.data;
    expect(drafts.total).toBe(DEMO_SAMPLE_COUNT / 5);
    expect(drafts.items.every((row) => row.status === 1)).toBe(true);
  });

  it('is read-only: there is no save or delete, even for the super-admin', async () => {
    expect((await server.call('POST', '/v2/table/saveOrUpdate', { token, body: { title: 'x' } })).body.code).toBe(Code.FORBIDDEN);
    expect((await server.call('GET', '/v2/table/delete', { token, query: { ids: 1 } })).body.code).toBe(Code.FORBIDDEN);
  });
});

describe('the placeholder menus (SPEC §1)', () => {
  it('nest two levels below Examples, each page naming a page the console has', async () => {
    const { body } = await server.call<PermissionAnswer>('GET', '/base/admin/permission/pemByUserAndApp', { token });
    const examples = (body.data.menus as PermissionNode[]).find((m) => m.url === 'examples')!;
    const directories = (nodes: PermissionNode[]): unknown[] =>
      nodes.filter((n) => n.menuType === MenuType.MENU).map((n) => [n.name, n.path, n.url, ...(n.children.some((c) => c.menuType === MenuType.MENU) ? [directories(n.children)] : [])]);
    const nested = directories(examples.children).find((entry) => (entry as unknown[])[2] === 'nestedMenu');
    expect(nested).toEqual([
      '多级菜单',
      '/examples/nested',
      'nestedMenu',
      [
        ['菜单一', '/examples/nested/menu1', 'nestedMenu1', [
          ['菜单一之一', '/examples/nested/menu1/menu1-1', 'nestedMenu1a'],
          ['菜单一之二', '/examples/nested/menu1/menu1-2', 'nestedMenu1b'],
        ]],
        ['菜单二', '/examples/nested/menu2', 'nestedMenu2'],
      ],
    ]);
  });

  it('are granted, every node of them, to the super-admin role and to no other role the seed makes', async () => {
    const group = await server.db.selectFrom('permission').select('id').where('url', '=', 'nestedMenu').executeTakeFirstOrThrow();
    const ids = [group.id];
    for (let i = 0; i < ids.length; i++) ids.push(...(await server.db.selectFrom('permission').select('id').where('parentId', '=', ids[i]!).execute()).map((n) => n.id));
    expect(ids.length).toBe(2 + 3 * 2);
    const holders = await server.db.selectFrom('rolePermission as rp').innerJoin('role as r', 'r.id', 'rp.roleId').select(['r.roleKey', 'rp.permissionId']).where('rp.permissionId', 'in', ids).execute();
    expect(new Set(holders.map((h) => h.roleKey))).toEqual(new Set(['superAdmin']));
    expect(holders).toHaveLength(ids.length);
  });
});

describe('the Examples navigation', () => {
  it('is granted to the super-admin role and to no other role the seed makes', async () => {
    const examples = await server.db.selectFrom('permission').select(['id']).where('url', '=', 'examples').where('menuType', '=', 3).executeTakeFirstOrThrow();
    const holders = await server.db
      .selectFrom('rolePermission as rp')
      .innerJoin('role as r', 'r.id', 'rp.roleId')
      .select('r.roleKey')
      .where('rp.permissionId', '=', examples.id)
      .execute();
    expect(holders.map((h) => h.roleKey)).toEqual(['superAdmin']);
  });

  it('is not reached by a staff member without it', async () => {
    await server.createUser({ code: 'plain', password: 'Plain#2024x', apis: ['/param/list'] });
    const plain = await server.tokenFor('plain', 'Plain#2024x');
    expect((await server.call('GET', '/v2/table/list', { token: plain })).body.code).toBe(Code.FORBIDDEN);
  });

  it('comes with no demo login: a wrong password for admin is refused', async () => {
    expect((await server.login('admin', 'anything')).body.code).toBe(Code.LOGIN_FAILED);
  });
});
