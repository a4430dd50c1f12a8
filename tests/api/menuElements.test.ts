/**
 * Page elements and API elements: saving them, listing a node's children, and deleting nodes with
 * their descendants and grants, all or nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, MenuType, type ListData, type PermissionNode } from '../../contract';
import { ADMIN, startTestServer, type TestServer } from './harness';

type NodeRecord = Omit<PermissionNode, 'children' | 'checked'>;

let server: TestServer;
let token: string;
let appId: number;
let navigation: NodeRecord;

const saveDirectory = (body: Record<string, unknown>) => server.call<NodeRecord>('POST', '/base/admin/permission/saveOrUpdate', { token, body });
const saveElement = (body: Record<string, unknown>) => server.call<NodeRecord>('POST', '/base/admin/menu/saveOrUpdate', { token, body });
const list = (query: Record<string, string | number>) => server.call<ListData<NodeRecord>>('GET', '/base/admin/menu/list', { token, query });

async function created(answer: Promise<{ body: { code: number; data: NodeRecord } }>): Promise<NodeRecord> {
  const { body } = await answer;
  expect(body.code, JSON.stringify(body)).toBe(Code.OK);
  return body.data;
}

let serial = 0;
const menu = (parentId = navigation.id) =>
  created(saveDirectory({ menuType: 4, appId, parentId, name: `菜单${++serial}`, sort: serial, path: `/m${serial}`, url: `m${serial}`, icon: 'filetext' }));
const page = (parentId: number, code: string, name = '按钮') => created(saveElement({ menuType: 1, appId, parentId, code, name }));
const api = (parentId: number, code: string, url = '/x/list') => created(saveElement({ menuType: 2, appId, parentId, code, name: '接口', url }));

const idsOf = (nodes: NodeRecord[]) => nodes.map((n) => n.id);
const existing = async (ids: number[]) =>
  (await server.db.selectFrom('permission').select('id').where('id', 'in', ids).orderBy('id').execute()).map((r) => r.id);
const grantsOf = async (ids: number[]) =>
  (await server.db.selectFrom('rolePermission').select('permissionId').where('permissionId', 'in', ids).execute()).map((r) => r.permissionId);

beforeAll(async () => {
  server = await startTestServer();
  token = await server.tokenFor(ADMIN.username, ADMIN.password);
  const app = await server.call<{ id: number }>('POST', '/base/admin/app/saveOrUpdate', {
    token,
    body: { code: 'pelem', name: '元素系统', businessType: 1, isEnable: '1', sort: 80, address: 'https://pelem.example.com' },
  });
  appId = app.body.data.id;
  navigation = await created(saveDirectory({ menuType: 3, appId, parentId: 0, name: '导航', sort: 1, path: '/n', url: 'n', icon: 'menu' }));
});
afterAll(async () => {
  await server?.close();
});

describe('page and API elements', () => {
  it('are created last among their siblings and updated in place', async () => {
    const parent = await menu();
    const first = await page(parent.id, 'el:list', '查询');
    const second = await page(parent.id, 'el:create', '新增');
    expect([first.sort, second.sort]).toEqual([1, 2]);

    const renamed = await created(saveElement({ ...first, menuType: '1', code: 'el:query', name: '检索', id: first.id }));
    // Each write moves the node's version.
    expect(renamed).toEqual({ ...first, code: 'el:query', name: '检索', version: first.version! + 1 });

    const call = await api(first.id, '1001', '/el/list');
    const updated = await created(saveElement({ ...call, code: 7, url: '/el/query', id: call.id }));
    expect(updated).toEqual({ ...call, code: '7', url: '/el/query', version: call.version! + 1 });
  });

  it('move under another menu, going last there', async () => {
    const [from, to] = [await menu(), await menu()];
    const moving = await page(from.id, 'mv:list');
    await page(to.id, 'mv:a');
    await page(to.id, 'mv:b');
    const moved = await created(saveElement({ ...moving, parentId: to.id, id: moving.id }));
    expect(moved).toMatchObject({ parentId: to.id, sort: 3 });
  });

  it('refuse a type other than 1 or 2 on /menu/saveOrUpdate', async () => {
    const parent = await menu();
    for (const menuType of [undefined, '', 3, 'x']) {
      const { body } = await saveElement({ menuType, appId, parentId: parent.id, code: 'bad:type', name: 'x' });
      expect(body.code).toBe(Code.VALIDATION_FAILED);
      expect(Object.keys((body.data as unknown as { fields: object }).fields)).toEqual(['menuType']);
    }
    expect(await list({ parentId: parent.id })).toMatchObject({ body: { data: { items: [], total: 0 } } });
  });
});

describe('/menu/list', () => {
  let parent: NodeRecord;
  beforeAll(async () => {
    parent = await menu();
    // Sorts set directly: elements have no sort field, and equal sorts must fall back to the id.
    for (const [code, sort] of [['ls:c', 3], ['ls:a', 1], ['ls:b', 1]] as const) {
      const element = await page(parent.id, code);
      await server.db.updateTable('permission').set({ sort }).where('id', '=', element.id).execute();
    }
    await menu(parent.id);
  });

  it('answers the children of that type ordered by sort then id, by GET or POST', async () => {
    const { body } = await list({ parentId: parent.id, menuType: MenuType.PAGE_ELEMENT });
    expect(body.code).toBe(Code.OK);
    expect(body.data.total).toBe(3);
    expect(body.data.items.map((n) => n.code)).toEqual(['ls:a', 'ls:b', 'ls:c']);
    expect(body.data.items.every((n) => n.parentId === parent.id && n.menuType === MenuType.PAGE_ELEMENT)).toBe(true);
    const post = await server.call<ListData<NodeRecord>>('POST', '/base/admin/menu/list', { token, body: { parentId: parent.id, menuType: '1' } });
    expect(post.body.data).toEqual(body.data);
    expect((await list({ parentId: parent.id })).body.data.total).toBe(4);
    expect((await list({ parentId: parent.id, menuType: MenuType.API })).body.data).toEqual({ items: [], total: 0 });
  });

  it('pages when asked to', async () => {
    const { body } = await list({ parentId: parent.id, menuType: 1, pageNo: 2, pageSize: 2 });
    expect(body.data).toEqual({ items: [expect.objectContaining({ code: 'ls:c' })], total: 3 });
  });

  it('answers 1004 for a missing parent and 1001 for bad parameters', async () => {
    expect((await list({ parentId: 987654, menuType: 1 })).body.code).toBe(Code.NOT_FOUND);
    const malformed: Record<string, string | number>[] = [{ menuType: 1 }, { parentId: 0 }, { parentId: 'x' }, { parentId: parent.id, menuType: 9 }];
    for (const query of malformed) {
      expect((await list(query)).body.code, JSON.stringify(query)).toBe(Code.VALIDATION_FAILED);
    }
  });
});

describe('delete', () => {
  async function subtree() {
    const top = await menu();
    const child = await menu(top.id);
    const button = await page(child.id, `del:${++serial}`);
    const call = await api(button.id, String(5000 + serial));
    const topButton = await page(top.id, `del:${++serial}`);
    return { top, nodes: [top, child, button, call, topButton] };
  }

  it('removes the nodes with all their descendants and their grants, in one call', async () => {
    const { top, nodes } = await subtree();
    const bystander = await menu();
    const { roleId } = await server.createUser({ code: 'delgrants', password: 'delgrants-pass' });
    await server.db.insertInto('rolePermission').values([...nodes, bystander].map((n) => ({ roleId, permissionId: n.id }))).execute();

    const { body } = await server.call<{ deleted: number }>('GET', '/base/admin/permission/delete', { token, query: { ids: String(top.id) } });
    expect(body).toEqual({ code: Code.OK, msg: '操作成功', data: { deleted: 5 } });
    expect(await existing(idsOf(nodes))).toEqual([]);
    expect(await grantsOf(idsOf(nodes))).toEqual([]);
    expect(await existing([bystander.id])).toEqual([bystander.id]);
    expect(await grantsOf([bystander.id])).toEqual([bystander.id]);
  });

  it('takes elements by /menu/delete, several ids at once, a descendant named too counted once', async () => {
    const { nodes } = await subtree();
    const [, child, button, call, topButton] = nodes as [NodeRecord, NodeRecord, NodeRecord, NodeRecord, NodeRecord];
    const { body } = await server.call<{ deleted: number }>('POST', '/base/admin/menu/delete', { token, body: { ids: `${button.id},${call.id},${topButton.id}` } });
    expect(body.data).toEqual({ deleted: 3 });
    expect(await existing(idsOf(nodes))).toEqual([nodes[0]!.id, child.id]);
  });

  it('deletes nothing when one id is missing (1004)', async () => {
    const { nodes } = await subtree();
    const { roleId } = await server.createUser({ code: 'keepgrants', password: 'keepgrants-pass' });
    await server.db.insertInto('rolePermission').values(nodes.map((n) => ({ roleId, permissionId: n.id }))).execute();
    for (const path of ['/permission/delete', '/menu/delete']) {
      for (const missing of ['987654', '99999999999']) {
        const { status, body } = await server.call('GET', `/base/admin${path}`, { token, query: { ids: `${nodes[0]!.id},${missing}` } });
        expect(status).toBe(404);
        expect(body.code).toBe(Code.NOT_FOUND);
      }
    }
    expect(await existing(idsOf(nodes))).toEqual(idsOf(nodes).sort((a, b) => a - b));
    expect((await grantsOf(idsOf(nodes))).length).toBe(nodes.length);
  });

  it('refuses malformed ids (1001)', async () => {
    for (const ids of ['', 'a', '1,,2', '-1', '0']) {
      expect((await server.call('GET', '/base/admin/menu/delete', { token, query: { ids } })).body.code, ids).toBe(Code.VALIDATION_FAILED);
    }
    expect((await server.call('GET', '/base/admin/permission/delete', { token })).body.code).toBe(Code.VALIDATION_FAILED);
  });
});
