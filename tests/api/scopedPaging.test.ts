/**
 * Paging within a set of nodes: a data scope of several nodes, the department filter, or both. On
 * PostgreSQL such a page is read per node and merged by id (server/staff/listQuery.ts); on both
 * databases every page must hold the right members, newest first, none twice or skipped, with
 * the total of the whole set, for a scoped caller and for one reaching everyone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataScope, OfficeType } from '../../contract';
import { STAFF_CALLS } from '../../contract/paths';
import { ADMIN, startTestServer, type TestServer } from './harness';
import { create, list, staffInput } from './staffFixtures';

const BASE = '/base/admin';
const PASSWORD = 'Scope#Pages2024';
const PAGE = 4;

let server: TestServer;
let admin: string;
let token: string;
const node = { a: 0, a1: 0, a2: 0, b: 0 };

async function saveOffice(fields: Record<string, unknown>): Promise<number> {
  const { body } = await server.call<{ id: number }>('POST', `${BASE}/office/saveOrUpdate`, { token: admin, body: fields });
  if (body.code !== 0) throw new Error(`office save refused: ${body.msg}`);
  return body.data.id;
}

/** The ids placed in `offices`, newest first, as the database holds them. */
async function placedIn(offices: number[]): Promise<number[]> {
  const rows = await server.db.selectFrom('user').select('id').where('officeId', 'in', offices).orderBy('id', 'desc').execute();
  return rows.map((row) => row.id);
}

/** Every page of `query` read by `caller`, in order; each page's total must be the set's. */
async function walk(caller: string, query: Record<string, string | number>) {
  const seen: number[] = [];
  const totals = new Set<number>();
  for (let pageNo = 1; pageNo < 100; pageNo++) {
    const { body } = await list(server, caller, { ...query, pageNo, pageSize: PAGE });
    expect(body.code).toBe(0);
    totals.add(body.data.total);
    seen.push(...body.data.items.map((row) => row.id));
    if (body.data.items.length < PAGE) break;
  }
  return { ids: seen, totals: [...totals] };
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
  node.a = await saveOffice({ type: OfficeType.DEPARTMENT, name: '甲部' });
  node.a1 = await saveOffice({ type: OfficeType.GROUP, parentId: node.a, name: '甲一组' });
  node.a2 = await saveOffice({ type: OfficeType.GROUP, parentId: node.a, name: '甲二组' });
  node.b = await saveOffice({ type: OfficeType.DEPARTMENT, name: '乙部' });
  // Interleaved: consecutive ids fall in different nodes, so a page takes from several of them.
  const places = [node.a, node.a1, node.a2, node.b, null, node.a1, node.a];
  for (let i = 0; i < 31; i++) await create(server, admin, staffInput(1200 + i, { officeId: places[i % places.length] }));
  const { roleId } = await server.createUser({ code: 'pager', name: '分页', password: PASSWORD, apis: [STAFF_CALLS.list] });
  const saved = await server.call('POST', `${BASE}/roleDataScope/save`, { token: admin, body: { roleId, dataScope: DataScope.CHOSEN, officeIds: [node.a] } });
  if (saved.body.code !== 0) throw new Error(`scope save refused: ${saved.text}`);
  token = await server.tokenFor('pager', PASSWORD);
});
afterAll(async () => {
  await server?.close();
});

describe('paging within a set of nodes', () => {
  it('a scope of a department and its groups: every page newest first, each member once, the total of the scope', async () => {
    const expected = await placedIn([node.a, node.a1, node.a2]);
    expect(expected.length).toBeGreaterThan(3 * PAGE);
    expect(await walk(token, {})).toEqual({ ids: expected, totals: [expected.length] });
  });

  it('the department filter within the scope: a group alone, or the department with its groups', async () => {
    const group = await placedIn([node.a1]);
    expect(await walk(token, { officeId: node.a1 })).toEqual({ ids: group, totals: [group.length] });
    const department = await placedIn([node.a, node.a1, node.a2]);
    expect(await walk(token, { officeId: node.a })).toEqual({ ids: department, totals: [department.length] });
  });

  it('the department filter outside the scope answers nobody', async () => {
    expect(await walk(token, { officeId: node.b })).toEqual({ ids: [], totals: [0] });
  });

  it('a caller reaching everyone pages the department filter the same way', async () => {
    const department = await placedIn([node.a, node.a1, node.a2]);
    expect(await walk(admin, { officeId: node.a })).toEqual({ ids: department, totals: [department.length] });
    const other = await placedIn([node.b]);
    expect(await walk(admin, { officeId: node.b })).toEqual({ ids: other, totals: [other.length] });
  });
});
