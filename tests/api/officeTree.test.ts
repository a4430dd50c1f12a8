/**
 * The organisation tree through its calls: departments at the top, groups under a department,
 * the tree of /office/list, every refused save storing nothing, and the cascading delete that
 * unplaces the members of every node it removes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type OfficeNode } from '../../contract';
import { ADMIN, startTestServer, type TestServer } from './harness';

interface OfficeRecord {
  id: number;
  type: 1 | 2;
  parentId: number;
  name: string;
  remark: string | null;
  createTime: number;
  version: number;
}

let server: TestServer;
let token: string;

const save = (body: Record<string, unknown>, locale = 'en-US') =>
  server.call<OfficeRecord>('POST', '/base/admin/office/saveOrUpdate', { token, body, headers: { 'accept-language': locale } });
const list = () => server.call<OfficeNode[]>('GET', '/base/admin/office/list', { token });
const remove = (ids: string) => server.call<{ deleted: number }>('GET', '/base/admin/office/delete', { token, query: { ids } });
const offices = () => server.db.selectFrom('office').selectAll().orderBy('id').execute();

async function saved(body: Record<string, unknown>): Promise<OfficeRecord> {
  const answer = await save(body);
  expect(answer.body.code, answer.text).toBe(Code.OK);
  return answer.body.data;
}

async function member(code: string, officeId: number, adminFlag = 0): Promise<number> {
  const row = { code, name: code, passwordHash: 'unused', isEnable: '1' as const, mustChangePassword: 0, createTime: Date.now(), officeId, adminFlag };
  return (await server.db.insertInto('user').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

/** Saving `body` is refused with 1001 on `field`, and no office changes. */
async function expectRefused(body: Record<string, unknown>, field: string, code: number = Code.VALIDATION_FAILED): Promise<string> {
  const before = await offices();
  const answer = await save(body);
  expect(answer.body.code, answer.text).toBe(code);
  const fields = (answer.body.data as unknown as { fields: Record<string, string> }).fields;
  expect(Object.keys(fields)).toContain(field);
  expect(await offices()).toEqual(before);
  return fields[field]!;
}

beforeAll(async () => {
  server = await startTestServer();
  token = await server.tokenFor(ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await server?.close();
});

describe('building the tree', () => {
  it('creates departments at the top and groups under them, and lists them as a tree', async () => {
    const sales = await saved({ type: 1, parentId: 0, name: '销售部', remark: '华东' });
    expect(sales).toEqual({ id: expect.any(Number), type: 1, parentId: 0, name: '销售部', remark: '华东', createTime: expect.any(Number), version: 1 });
    const research = await saved({ type: '1', name: 'Research' });
    const east = await saved({ type: 2, parentId: sales.id, name: 'East' });
    const west = await saved({ type: '2', parentId: String(sales.id), name: 'West', remark: '' });
    expect(west).toMatchObject({ type: 2, parentId: sales.id, remark: null });

    const { body } = await list();
    expect(body.code).toBe(Code.OK);
    const shape = (nodes: OfficeNode[]): unknown => nodes.map((n) => ({ name: n.name, type: n.type, parentId: n.parentId, child: shape(n.child) }));
    expect(shape(body.data)).toEqual([
      {
        name: '销售部',
        type: 1,
        parentId: 0,
        child: [
          { name: 'East', type: 2, parentId: sales.id, child: [] },
          { name: 'West', type: 2, parentId: sales.id, child: [] },
        ],
      },
      { name: 'Research', type: 1, parentId: 0, child: [] },
    ]);

    const detail = await server.call<OfficeRecord>('GET', '/base/admin/office/detail', { token, query: { id: east.id } });
    expect(detail.body.data).toEqual(east);
    expect((await server.call('POST', '/base/admin/office/list', { token, body: {} })).body.data).toEqual(body.data);
    await remove(`${sales.id},${research.id}`);
  });

  it('edits a node and moves a group to another department, keeping its creation time', async () => {
    const first = await saved({ type: 1, name: 'First' });
    const second = await saved({ type: 1, name: 'Second' });
    const group = await saved({ type: 2, parentId: first.id, name: 'Team' });
    const moved = await saved({ id: group.id, type: 2, parentId: second.id, name: 'Team B', remark: 'moved' });
    // Each write moves the node's version (a dialog read before it cannot overwrite it).
    expect(moved).toEqual({ ...group, parentId: second.id, name: 'Team B', remark: 'moved', version: group.version + 1 });
    const renamed = await saved({ id: first.id, type: 1, parentId: 0, name: 'First dept' });
    expect(renamed).toEqual({ ...first, name: 'First dept', version: first.version + 1 });
    await remove(`${first.id},${second.id}`);
  });

  it('stores injection strings literally', async () => {
    const name = "x';DROP TABLE office";
    const remark = '<script>alert(1)</script> OR 1=1';
    const node = await saved({ type: 1, name, remark });
    expect((await server.call<OfficeRecord>('GET', '/base/admin/office/detail', { token, query: { id: node.id } })).body.data).toMatchObject({ name, remark });
    await remove(String(node.id));
  });
});

describe('refused saves store nothing', () => {
  let department: OfficeRecord;
  let group: OfficeRecord;
  beforeAll(async () => {
    department = await saved({ type: 1, name: 'Rules dept' });
    group = await saved({ type: 2, parentId: department.id, name: 'Rules group' });
  });

  it('refuses a group without a parent', async () => {
    expect(await expectRefused({ type: 2, name: 'Orphan' }, 'parentId')).toBe('Please choose Parent organisation');
    await expectRefused({ type: 2, parentId: 0, name: 'Orphan' }, 'parentId');
    await expectRefused({ type: 2, parentId: '', name: 'Orphan' }, 'parentId');
  });

  it('refuses a department with a parent', async () => {
    const message = await expectRefused({ type: 1, parentId: department.id, name: 'Sub dept' }, 'parentId');
    expect(message).toBe('A department sits at the top: it has no parent organisation');
    const zh = await save({ type: 1, parentId: department.id, name: 'Sub dept' }, 'zh-CN');
    expect(zh.body.msg).toBe('部门位于顶层，上级组织须为空');
  });

  it('refuses a group under a missing parent or under another group', async () => {
    expect(await expectRefused({ type: 2, parentId: 987654, name: 'Lost' }, 'parentId')).toBe('The parent organisation does not exist');
    await expectRefused({ type: 2, parentId: '99999999999', name: 'Lost' }, 'parentId');
    expect(await expectRefused({ type: 2, parentId: group.id, name: 'Nested' }, 'parentId')).toBe('A group must sit under a department');
    await expectRefused({ id: group.id, type: 2, parentId: 987654, name: 'Rules group' }, 'parentId');
    await expectRefused({ id: group.id, type: 2, parentId: group.id, name: 'Rules group' }, 'parentId');
  });

  it('refuses a change of type either way', async () => {
    expect(await expectRefused({ id: group.id, type: 1, parentId: 0, name: 'Rules group' }, 'type')).toBe('Type cannot be changed');
    await expectRefused({ id: department.id, type: 2, parentId: department.id, name: 'Rules dept' }, 'type');
  });

  it('refuses a missing or too long name, a too long remark and an unknown type', async () => {
    await expectRefused({ type: 1, name: '' }, 'name');
    await expectRefused({ type: 1 }, 'name');
    await expectRefused({ type: 1, name: 'n'.repeat(21) }, 'name');
    await expectRefused({ type: 1, name: 'Remark', remark: 'r'.repeat(501) }, 'remark');
    await expectRefused({ type: 3, name: 'Third' }, 'type');
    await expectRefused({ name: 'Typeless' }, 'type');
    await expectRefused({ type: 2, name: 'n'.repeat(21) }, 'parentId');
    expect(await saved({ type: 1, name: '名'.repeat(20), remark: 'r'.repeat(500) })).toMatchObject({ name: '名'.repeat(20) });
  });

  it('refuses a second department, or a second group under one department, of the same name (1005)', async () => {
    const other = await saved({ type: 1, name: 'Rules other dept' });
    expect(await expectRefused({ type: 1, name: 'Rules dept' }, 'name', Code.DUPLICATE)).toBe('A department with this name already exists');
    expect(await expectRefused({ id: other.id, type: 1, name: 'Rules dept' }, 'name', Code.DUPLICATE)).toBe('A department with this name already exists');
    expect(await expectRefused({ type: 2, parentId: department.id, name: 'Rules group' }, 'name', Code.DUPLICATE)).toBe(
      'This department already has a group with this name',
    );
    const zh = await save({ type: 2, parentId: department.id, name: 'Rules group' }, 'zh-CN');
    expect(zh.body.msg).toBe('该部门下已有同名小组');
    // The same group name under another department, a node keeping its own name, a group named as a department: all fine.
    const moved = await saved({ type: 2, parentId: other.id, name: 'Rules group' });
    await expectRefused({ id: moved.id, type: 2, parentId: department.id, name: 'Rules group' }, 'name', Code.DUPLICATE);
    expect(await saved({ id: group.id, type: 2, parentId: department.id, name: 'Rules group', remark: 'kept' })).toMatchObject({ remark: 'kept' });
    expect(await saved({ type: 2, parentId: department.id, name: 'Rules dept' })).toMatchObject({ name: 'Rules dept' });
  });

  it('lets only one of several saves made at once take a new name', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => save({ type: 1, name: 'Raced dept' })));
    expect(answers.map((a) => a.body.code).sort()).toEqual([Code.OK, ...Array.from({ length: 7 }, () => Code.DUPLICATE)].sort());
    expect((await offices()).filter((o) => o.name === 'Raced dept')).toHaveLength(1);
  });

  it('answers 1004 for an unknown id, on save and detail', async () => {
    const before = await offices();
    expect((await save({ id: 987654, type: 1, name: 'Ghost' })).body.code).toBe(Code.NOT_FOUND);
    expect(await offices()).toEqual(before);
    expect((await server.call('GET', '/base/admin/office/detail', { token, query: { id: 987654 } })).body.code).toBe(Code.NOT_FOUND);
    expect((await server.call('GET', '/base/admin/office/detail', { token, query: { id: 'x' } })).body.code).toBe(Code.VALIDATION_FAILED);
  });
});

describe('deleting nodes', () => {
  it('deletes a department with its groups, unplacing the members of all of them', async () => {
    const department = await saved({ type: 1, name: 'Doomed' });
    const groupA = await saved({ type: 2, parentId: department.id, name: 'Doomed A' });
    const groupB = await saved({ type: 2, parentId: department.id, name: 'Doomed B' });
    const keeper = await saved({ type: 1, name: 'Keeper' });
    const inDepartment = await member('d1', department.id, 1);
    const inGroup = await member('d2', groupA.id, 1);
    const elsewhere = await member('d3', keeper.id, 1);

    const answer = await server.call<{ deleted: number }>('POST', '/base/admin/office/delete', { token, body: { ids: String(department.id) } });
    expect(answer.body).toMatchObject({ code: Code.OK, data: { deleted: 3 } });
    const remaining = (await offices()).map((o) => o.id);
    expect(remaining).not.toContain(department.id);
    expect(remaining).not.toContain(groupA.id);
    expect(remaining).not.toContain(groupB.id);
    expect(remaining).toContain(keeper.id);
    const users = await server.db.selectFrom('user').select(['id', 'officeId', 'adminFlag']).where('id', 'in', [inDepartment, inGroup, elsewhere]).orderBy('id').execute();
    expect(users).toEqual([
      { id: inDepartment, officeId: null, adminFlag: 0 },
      { id: inGroup, officeId: null, adminFlag: 0 },
      { id: elsewhere, officeId: keeper.id, adminFlag: 1 },
    ]);
  });

  it('deletes a single group and leaves its department', async () => {
    const department = await saved({ type: 1, name: 'Parent' });
    const group = await saved({ type: 2, parentId: department.id, name: 'Child' });
    expect((await remove(String(group.id))).body.data).toEqual({ deleted: 1 });
    expect((await offices()).map((o) => o.id)).toContain(department.id);
  });

  it('deletes nothing when one id is unknown or malformed', async () => {
    const department = await saved({ type: 1, name: 'Survivor' });
    await saved({ type: 2, parentId: department.id, name: 'Survivor group' });
    const unplaced = await member('d4', department.id, 1);
    const before = await offices();
    expect((await remove(`${department.id},987654`)).body.code).toBe(Code.NOT_FOUND);
    expect((await remove(`${department.id},x`)).body.code).toBe(Code.VALIDATION_FAILED);
    expect((await remove('')).body.code).toBe(Code.VALIDATION_FAILED);
    expect(await offices()).toEqual(before);
    expect(await server.db.selectFrom('user').select(['officeId', 'adminFlag']).where('id', '=', unplaced).executeTakeFirst()).toEqual({ officeId: department.id, adminFlag: 1 });
  });
});
