/**
 * The department filter means the department and its groups: /user/list and /user/filterList with
 * a department's officeId answer the staff placed in it and in every group under it (what the
 * person list's 部门 filter and the organisation directory's member table ask), a group's officeId
 * its own staff only; totals follow the tree when a group moves, is added or deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfficeType } from '../../contract';
import { ADMIN, startTestServer, type TestServer } from './harness';
import { create, list, staffInput } from './staffFixtures';

let server: TestServer;
let admin: string;
const office = { ops: 0, service: 0, content: 0, sales: 0, east: 0 };

async function saveOffice(fields: Record<string, unknown>): Promise<number> {
  const { body } = await server.call<{ id: number }>('POST', '/base/admin/office/saveOrUpdate', { token: admin, body: fields });
  if (body.code !== 0) throw new Error(`office save refused: ${body.msg}`);
  return body.data.id;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
  office.ops = await saveOffice({ type: OfficeType.DEPARTMENT, name: '运营部' });
  office.service = await saveOffice({ type: OfficeType.GROUP, parentId: office.ops, name: '客服组' });
  office.content = await saveOffice({ type: OfficeType.GROUP, parentId: office.ops, name: '内容组' });
  office.sales = await saveOffice({ type: OfficeType.DEPARTMENT, name: '销售部' });
  office.east = await saveOffice({ type: OfficeType.GROUP, parentId: office.sales, name: '华东组' });
  const staff: Array<[string, number]> = [
    ['运营主管', office.ops],
    ['客服甲', office.service],
    ['客服乙', office.service],
    ['编辑丙', office.content],
    ['销售丁', office.sales],
    ['销售戊', office.east],
  ];
  let n = 300;
  for (const [name, officeId] of staff) await create(server, admin, staffInput(n++, { name, officeId }));
});
afterAll(async () => {
  await server?.close();
});

const names = (items: Array<{ name: string }>) => items.map((i) => i.name).sort();
const totalOf = async (query: Record<string, string | number>, path = 'list') => (await list(server, admin, { pageSize: 1, ...query }, path)).body.data.total;

describe('the department filter', () => {
  it('answers a department’s own staff and its groups’ staff, each row naming its group', async () => {
    const { body } = await list(server, admin, { officeId: office.ops, pageSize: 10 });
    expect(body.code).toBe(0);
    expect(body.data.total).toBe(4);
    expect(names(body.data.items)).toEqual(['客服乙', '客服甲', '编辑丙', '运营主管'].sort());
    expect(Object.fromEntries(body.data.items.map((row) => [row.name, row.officeName]))).toEqual({ 运营主管: '运营部', 客服甲: '客服组', 客服乙: '客服组', 编辑丙: '内容组' });
  });

  it('answers a group’s own staff only', async () => {
    expect(names((await list(server, admin, { officeId: office.service })).body.data.items)).toEqual(['客服乙', '客服甲'].sort());
    expect(await totalOf({ officeId: office.east })).toBe(1);
  });

  it('counts the whole department on a full page and pages through it', async () => {
    // A full first page makes the list count: the total is the department with its groups.
    expect(await totalOf({ officeId: office.ops })).toBe(4);
    const page2 = (await list(server, admin, { officeId: office.ops, pageNo: 2, pageSize: 3 })).body.data;
    expect(page2).toMatchObject({ total: 4 });
    expect(page2.items.map((row) => row.idx)).toEqual([4]);
  });

  it('holds with the other filters and in the add-member picker', async () => {
    expect(names((await list(server, admin, { officeId: office.ops, name: '客服' })).body.data.items)).toEqual(['客服乙', '客服甲'].sort());
    expect(names((await list(server, admin, { officeId: office.ops, name: '客服甲' })).body.data.items)).toEqual(['客服甲']);
    expect(names((await list(server, admin, { officeId: office.ops, searchKey: '编辑' }, 'filterList')).body.data.items)).toEqual(['编辑丙']);
    expect(await totalOf({ officeId: office.sales }, 'filterList')).toBe(2);
  });

  it('follows the tree: a group moved, added or deleted changes the department’s total at once', async () => {
    expect(await totalOf({ officeId: office.ops })).toBe(4);
    // 内容组 moves to 销售部: no staff row changes, the department totals still follow.
    await saveOffice({ id: office.content, type: OfficeType.GROUP, parentId: office.sales, name: '内容组' });
    expect(await totalOf({ officeId: office.ops })).toBe(3);
    expect(await totalOf({ officeId: office.sales })).toBe(3);
    // Back again: the totals counted before the move are right once more.
    await saveOffice({ id: office.content, type: OfficeType.GROUP, parentId: office.ops, name: '内容组' });
    expect(await totalOf({ officeId: office.ops })).toBe(4);
    expect(await totalOf({ officeId: office.sales })).toBe(2);

    const fresh = await saveOffice({ type: OfficeType.GROUP, parentId: office.ops, name: '新媒体组' });
    await create(server, admin, staffInput(320, { name: '新人己', officeId: fresh }));
    expect(await totalOf({ officeId: office.ops })).toBe(5);
    const { body } = await server.call('GET', '/base/admin/office/delete', { token: admin, query: { ids: fresh } });
    expect(body.code).toBe(0);
    expect(await totalOf({ officeId: office.ops })).toBe(4);
  });

  it('answers nobody for a department that does not exist', async () => {
    expect(await totalOf({ officeId: 987654 })).toBe(0);
  });
});
