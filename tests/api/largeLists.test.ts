/**
 * Lists the server builds from the data, not from the caller, go into statements in parts: a
 * statement takes at most 32,766 parameters on SQLite and 65,535 on PostgreSQL. Each case holds
 * more rows than SQLite takes in one statement and failed with 500 before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, MenuType, OfficeType } from '../../contract';
import { ADMIN, startTestServer, type TestServer } from './harness';

/** One more than SQLite's parameters per statement. */
const MANY = 32_767;

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.tokenFor(ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await server?.close();
});

async function insertInParts<T>(rows: T[], insert: (part: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) await insert(rows.slice(i, i + 1000));
}

describe('lists that grow with the data', () => {
  it(`deletes a menu with ${MANY.toLocaleString('en-US')} page elements below it`, async () => {
    const app = await server.call<{ id: number }>('POST', '/base/admin/app/saveOrUpdate', {
      token,
      body: { code: 'wide', name: '宽树系统', businessType: 1, isEnable: '1', sort: 91, address: 'https://wide.example.com' },
    });
    const appId = app.body.data.id;
    const nav = await server.call<{ id: number }>('POST', '/base/admin/permission/saveOrUpdate', {
      token,
      body: { menuType: MenuType.NAVIGATION, appId, parentId: 0, name: '导航', sort: 1, path: '/w', url: 'w', icon: 'menu' },
    });
    const navId = nav.body.data.id;
    const rows = Array.from({ length: MANY }, (_, i) => ({ parentId: navId, appId, name: `元素${i}`, sort: 1, path: '', url: '', icon: '', code: `wide:${i}`, menuType: MenuType.PAGE_ELEMENT }));
    await insertInParts(rows, (part) => server.db.insertInto('permission').values(part).execute());

    const answer = await server.call<number>('GET', '/base/admin/permission/delete', { token, query: { ids: navId } });
    expect(answer.body.code).toBe(Code.OK);
    const left = await server.db.selectFrom('permission').select(({ fn }) => fn.countAll<number>().as('n')).where('appId', '=', appId).executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
  }, 120_000);

  it(`deletes a department with ${MANY.toLocaleString('en-US')} groups below it`, async () => {
    const department = await server.db.insertInto('office').values({ type: OfficeType.DEPARTMENT, parentId: 0, name: '大部门', remark: null, createTime: Date.now() }).returning('id').executeTakeFirstOrThrow();
    const rows = Array.from({ length: MANY }, (_, i) => ({ type: OfficeType.GROUP, parentId: department.id, name: `组${i}`, remark: null, createTime: Date.now() }));
    await insertInParts(rows, (part) => server.db.insertInto('office').values(part).execute());

    const answer = await server.call('GET', '/base/admin/office/delete', { token, query: { ids: department.id } });
    expect(answer.body.code).toBe(Code.OK);
    const left = await server.db.selectFrom('office').select(({ fn }) => fn.countAll<number>().as('n')).where('name', 'like', '组%').executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
  }, 120_000);
});
