/**
 * Organisation nodes and menu/permission nodes carry a version (contract/recordVersion.ts): their
 * detail and tree answer it, every write moves it; a save naming an older one is refused with 1012
 * and the node as its detail answers it, writing nothing; a save naming none is written (last write
 * wins); the audit log shows the version's move like any column. Both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, walkTree, type OfficeNode, type PermissionNode } from '../../contract';
import { ADMIN, startTestServer, type TestServer } from './harness';

type NodeRecord = Omit<PermissionNode, 'children' | 'checked'>;
type OfficeRecord = Omit<OfficeNode, 'child'>;

let server: TestServer;
let token: string;
let appId: number;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.tokenFor(ADMIN.username, ADMIN.password);
  const app = { code: 'vers', name: '版本系统', businessType: 1, isEnable: '1', sort: 71, address: 'https://vers.example.com' };
  appId = (await server.call<{ id: number }>('POST', '/base/admin/app/saveOrUpdate', { token, body: app })).body.data.id;
});
afterAll(async () => {
  await server?.close();
});

const call = <T>(path: string, body: Record<string, unknown>) => server.call<T>('POST', `/base/admin${path}`, { token, body });
const detail = async <T>(path: string, id: number) => (await server.call<T>('GET', `/base/admin${path}`, { token, query: { id } })).body.data;
const lastAudit = async () => Number((await server.db.selectFrom('auditLog').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0);
const auditSince = async (id: number, table: string) =>
  (await server.db.selectFrom('auditLog').selectAll().where('id', '>', id).where('tableName', '=', table).orderBy('id').execute()).map(
    (row) => JSON.parse(row.changes ?? '{}') as Record<string, [unknown, unknown]>,
  );

/** Each kind of node: how to create one, save it with changes, and read its detail. */
const KINDS = [
  {
    kind: 'organisation node',
    table: 'office',
    detailPath: '/office/detail',
    create: async () => (await call<OfficeRecord>('/office/saveOrUpdate', { type: 1, name: `版本部门${Math.random()}`.slice(0, 12), remark: '原来的' })).body.data,
    save: (node: OfficeRecord, changes: Record<string, unknown>) => call<OfficeRecord>('/office/saveOrUpdate', { id: node.id, type: 1, name: node.name, remark: node.remark, ...changes }),
  },
  {
    kind: 'menu node',
    table: 'permission',
    detailPath: '/permission/detail',
    create: async () =>
      (await call<NodeRecord>('/permission/saveOrUpdate', { menuType: 3, appId, parentId: 0, name: '原来的', sort: 1, path: `/v${Math.random()}`.slice(0, 10), url: 'v', icon: 'tool' })).body
        .data,
    save: (node: NodeRecord, changes: Record<string, unknown>) => {
      const { name, ...rest } = changes;
      return call<NodeRecord>('/permission/saveOrUpdate', { ...node, version: undefined, ...rest, name: name ?? node.name });
    },
  },
  {
    kind: 'API element',
    table: 'permission',
    detailPath: '/permission/detail',
    create: async () => {
      const parent = (await call<NodeRecord>('/permission/saveOrUpdate', { menuType: 3, appId, parentId: 0, name: '上级', sort: 2, path: `/p${Math.random()}`.slice(0, 10), url: 'p', icon: 'tool' })).body.data;
      const page = (await call<NodeRecord>('/menu/saveOrUpdate', { menuType: 1, appId, parentId: (await call<NodeRecord>('/permission/saveOrUpdate', { menuType: 4, appId, parentId: parent.id, name: '菜单', sort: 1, path: `/m${Math.random()}`.slice(0, 10), url: 'm', icon: 'tool' })).body.data.id, code: `v:${Math.random()}`.slice(0, 12), name: '按钮' })).body.data;
      return (await call<NodeRecord>('/menu/saveOrUpdate', { menuType: 2, appId, parentId: page.id, code: '1001', name: '原来的', url: '/v/list' })).body.data;
    },
    save: (node: NodeRecord, changes: Record<string, unknown>) => call<NodeRecord>('/menu/saveOrUpdate', { id: node.id, menuType: 2, appId, parentId: node.parentId, code: node.code, url: node.url, name: node.name, ...changes }),
  },
] as const;

// The office's changed field is its remark, a permission node's its name.
const changed = (kind: string, value: string) => (kind === 'organisation node' ? { remark: value } : { name: value });
const valueOf = (kind: string, node: Record<string, unknown>) => (kind === 'organisation node' ? node.remark : node.name);

describe.each(KINDS)('$kind versions', ({ kind, table, detailPath, create, save }) => {
  type Saver = (node: Record<string, unknown>, changes: Record<string, unknown>) => ReturnType<typeof call<Record<string, unknown> & { version: number }>>;
  const saveNode = save as unknown as Saver;

  it('answers version 1 when created and moves it by one per save that changes the node, the audit log showing it', async () => {
    const node = (await create()) as unknown as Record<string, unknown>;
    expect(node.version).toBe(1);
    expect((await detail<Record<string, unknown>>(detailPath, node.id as number)).version).toBe(1);
    const since = await lastAudit();
    const saved = await saveNode(node, { ...changed(kind, '新的'), version: 1 });
    expect(saved.body.code, saved.text).toBe(Code.OK);
    expect(saved.body.data.version).toBe(2);
    expect(await auditSince(since, table)).toEqual([expect.objectContaining({ version: [1, 2] })]);
    // The same values again: nothing written, the version stays.
    expect((await saveNode(saved.body.data, { version: 2 })).body.data.version).toBe(2);
  });

  it('refuses a save read at an older version with 1012 and the node as its detail answers it, writing nothing', async () => {
    const node = (await create()) as unknown as Record<string, unknown>;
    expect((await saveNode(node, { ...changed(kind, '他们的'), version: 1 })).body.code).toBe(Code.OK);
    const since = await lastAudit();

    const stale = await saveNode(node, { ...changed(kind, '我的'), version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe(Code.STALE_VERSION);
    const current = (stale.body.data as unknown as { current: Record<string, unknown> }).current;
    const stored = await detail<Record<string, unknown>>(detailPath, node.id as number);
    expect(current).toEqual(stored);
    expect(valueOf(kind, stored)).toBe('他们的');
    expect(stored.version).toBe(2);
    expect(await auditSince(since, table)).toEqual([]);

    const again = await saveNode(node, { ...changed(kind, '我的'), version: 2 });
    expect(again.body.data.version).toBe(3);
    expect(valueOf(kind, again.body.data)).toBe('我的');
  });

  it('writes a save naming no version whatever happened since (last write wins)', async () => {
    const node = (await create()) as unknown as Record<string, unknown>;
    await saveNode(node, { ...changed(kind, '他们的'), version: 1 });
    const { body } = await saveNode(node, changed(kind, '我的'));
    expect(body.code).toBe(Code.OK);
    expect(body.data.version).toBe(3);
    expect(valueOf(kind, body.data)).toBe('我的');
  });

  it('lets exactly one of two saves read at the same version win', async () => {
    const node = (await create()) as unknown as Record<string, unknown>;
    const answers = await Promise.all(['甲', '乙', '丙'].map((value) => saveNode(node, { ...changed(kind, value), version: 1 })));
    expect(answers.map((answer) => answer.body.code).sort()).toEqual([Code.OK, Code.STALE_VERSION, Code.STALE_VERSION]);
    expect((await detail<Record<string, unknown>>(detailPath, node.id as number)).version).toBe(2);
  });

  it('refuses a malformed version with 1001, writing nothing', async () => {
    const node = (await create()) as unknown as Record<string, unknown>;
    const { body } = await saveNode(node, { ...changed(kind, '我的'), version: 'x' });
    expect(body.code).toBe(Code.VALIDATION_FAILED);
    expect((await detail<Record<string, unknown>>(detailPath, node.id as number)).version).toBe(1);
  });
});

describe('the trees', () => {
  it('answer each node’s version, so a dialog opened from the tree can send it', async () => {
    const office = (await call<OfficeRecord>('/office/saveOrUpdate', { type: 1, name: '树上的部门' })).body.data;
    const offices = (await server.call<OfficeNode[]>('GET', '/base/admin/office/list', { token })).body.data;
    expect(offices.find((node) => node.id === office.id)).toMatchObject({ version: 1 });
    const tree = (await server.call<PermissionNode[]>('GET', '/base/admin/permission/filterTree', { token, query: { appId } })).body.data;
    expect([...walkTree(tree)].every((node) => node.version === 1 || (node.version ?? 0) > 1)).toBe(true);
    expect([...walkTree(tree)].length).toBeGreaterThan(0);
  });
});
