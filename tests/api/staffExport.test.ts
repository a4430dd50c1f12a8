/**
 * The person list's export (/user/export): what the list's filters select, every page, newest
 * first, in the list's columns or those asked for, labels in the caller's language; read from the
 * database a page at a time (no statement answers more than a page, however many members match);
 * recorded in the audit log with its filter (personal values masked), columns and rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, TOKEN_HEADER, type ListData, type StaffListRow } from '../../contract';
import { exportPageSize } from '../../server/export/sendExport';
import { ADMIN, startTestServer, type TestServer } from './harness';
import { exportCall, readSheet } from './exportFiles';
import { staffInput, USER } from './staffFixtures';

const MEMBERS = 2_600;

let server: TestServer;
let admin: string;
let departmentId: number;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
  departmentId = (await server.db.insertInto('office').values({ type: 1, parentId: 0, name: '导出部', remark: null, createTime: Date.now() }).returning('id').executeTakeFirstOrThrow()).id;
  const rows = Array.from({ length: MEMBERS }, (_, i) => ({
    ...staffInput(i + 1, i === 4 ? { name: '=cmd|calc' } : {}),
    officeId: i % 2 === 0 ? departmentId : null,
    passwordHash: 'unusable',
    mustChangePassword: 1,
    createTime: Date.now(),
    adminFlag: 0,
  }));
  for (let i = 0; i < rows.length; i += 400) await server.db.insertInto('user').values(rows.slice(i, i + 400) as never).execute();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/** Runs `work` and answers it with the row count of every statement it ran. */
async function statementSizes(work: () => Promise<unknown>): Promise<number[]> {
  const executor = server.db.getExecutor();
  const original = executor.executeQuery.bind(executor);
  const sizes: number[] = [];
  executor.executeQuery = (async (query: Parameters<typeof original>[0]) => {
    const result = await original(query);
    sizes.push(result.rows.length);
    return result;
  }) as typeof executor.executeQuery;
  try {
    await work();
  } finally {
    executor.executeQuery = original;
  }
  return sizes;
}

describe('the person list’s export', () => {
  it('writes every member the filter selects, newest first, in the list’s columns, reading a page at a time', async () => {
    const list = (await server.call<ListData<StaffListRow>>('GET', `${USER}/list`, { token: admin, query: { officeId: departmentId, pageSize: 1 } })).body.data;
    expect(list.total).toBe(MEMBERS / 2);

    let answer: Awaited<ReturnType<typeof exportCall>> | undefined;
    const sizes = await statementSizes(async () => {
      answer = await exportCall(server, admin, `${USER}/export`, { officeId: departmentId });
    });
    expect(answer!.status).toBe(200);
    const pageSize = exportPageSize(server.db);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(pageSize);
    expect(sizes.filter((n) => n === pageSize).length).toBeGreaterThanOrEqual(2);

    const { rows, hasFormula } = await readSheet(answer!.bytes);
    expect(rows[0]).toEqual(['员工编号', '姓名', '手机号', '性别', '身份证号', '户籍地址', '毕业院校', '专业', '部门', '关联角色', '启用']);
    expect(rows).toHaveLength(MEMBERS / 2 + 1);
    // Newest first, as the list: the last member added to the department comes first.
    expect(rows[1]!.slice(0, 4)).toEqual(['E02599', '员工2599', '13800002599', '男']);
    expect(rows[1]![5]).toBe('浙江省 / 杭州市 / 西湖区 文三路 90 号');
    expect(rows[1]![8]).toBe('导出部');
    expect(rows[1]![10]).toBe('启用');
    expect(rows.find((row) => row[0] === 'E00005')?.[1]).toBe("'=cmd|calc");
    expect(hasFormula).toBe(false);
    expect(new Set(rows.slice(1).map((row) => row[0])).size).toBe(MEMBERS / 2);
  });

  it('writes the columns asked for, in their order, in the caller’s language', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: `${USER}/export`,
      headers: { [TOKEN_HEADER]: admin, 'accept-language': 'en-US', 'content-type': 'application/json' },
      payload: JSON.stringify({ telephone: '1380000100', columns: 'education,name,sex,census' }),
    });
    const { rows } = await readSheet(response.rawPayload);
    expect(rows[0]).toEqual(['Education', 'Name', 'Sex', 'Census address']);
    expect(rows.slice(1).map((row) => row[1])).toEqual(['员工1009', '员工1008', '员工1007', '员工1006', '员工1005', '员工1004', '员工1003', '员工1002', '员工1001', '员工1000']);
    expect(rows[1]![0]).toBe("Bachelor's degree");
    expect(rows[1]![2]).toBe('Male');
    expect(rows[1]![3]).toBe('Zhejiang / Hangzhou / Xihu District 文三路 90 号');
  });

  it('is recorded with its filter (personal values masked), its columns and its rows', async () => {
    await exportCall(server, admin, `${USER}/export`, { telephone: '13800002', name: '员工', columns: 'code,name' });
    const audit = await server.db.selectFrom('auditLog').selectAll().where('action', '=', 'export').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ tableName: 'user', route: `${USER}/export`, userCode: 'admin' });
    expect(JSON.parse(audit.changes!)).toEqual({ filter: [null, { telephone: '******', name: '员工' }], columns: [null, ['code', 'name']], rows: [null, 601] });
    expect(audit.changes).not.toContain('13800002');
  });

  it('refuses a bad filter or column before the file, as the JSON envelope', async () => {
    expect((await exportCall(server, admin, `${USER}/export`, { columns: 'code,passwordHash' })).envelope?.code).toBe(Code.VALIDATION_FAILED);
    expect((await exportCall(server, admin, `${USER}/export`, { officeId: 'x' })).envelope?.code).toBe(Code.VALIDATION_FAILED);
    expect((await exportCall(server, admin, `${USER}/export`, { name: 'x'.repeat(200) })).envelope?.code).toBe(Code.VALIDATION_FAILED);
  });

  it('is a grant of its own: the person list’s grant does not export', async () => {
    await server.createUser({ code: 'viewer', password: 'Viewer#2024', apis: ['/user/list'] });
    const viewer = await server.tokenFor('viewer', 'Viewer#2024');
    expect((await exportCall(server, viewer, `${USER}/export`)).envelope?.code).toBe(Code.FORBIDDEN);
  });
});
