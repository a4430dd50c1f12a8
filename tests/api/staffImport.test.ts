/**
 * The person list's import (/user/import): the template, each row checked as /user/saveOrUpdate
 * checks a new account (every problem of every row reported), code and telephone repeated within
 * the file or taken already, the all-or-none commit creating accounts as a save does (audited, an
 * unusable password that must be changed, the department and roles by name), the same file sent
 * again, and the grant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from './harness';
import { downloadSheets, importFile, xlsxOf } from './importFiles';
import { create, staffInput, USER } from './staffFixtures';
import { STAFF_IMPORT_HEADER, staffImportRow } from './staffImportFixtures';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
  await server.db.insertInto('office').values({ type: 1, parentId: 0, name: '导入部', remark: null, createTime: Date.now() }).execute();
});
afterAll(async () => {
  await server?.close();
});

const codes = async () => (await server.db.selectFrom('user').select('code').orderBy('code').execute()).map((row) => row.code);

describe('the person list’s import', () => {
  it('offers a template with the new account’s columns, required ones marked, and their rules', async () => {
    const { status, sheets } = await downloadSheets(server, admin, `${USER}/importTemplate`, 'zh-CN');
    expect(status).toBe(200);
    expect(sheets[0]![0]).toEqual(expect.arrayContaining(['*员工编号', '*姓名', '*手机号', '*性别', '*身份证号', '部门', '关联角色', '*户籍地区']));
    const sex = sheets[1]!.find((row) => row[0] === '*性别')!;
    expect(sex[3]).toBe('男、女');
  });

  it('dry run: every problem of the bad rows, by row and column; nothing written', async () => {
    const before = await codes();
    const file = await xlsxOf([
      STAFF_IMPORT_HEADER,
      staffImportRow(201, '甲'),
      staffImportRow(202, '乙', { telephone: '123', census: '浙江省 / 无此市' }),
      staffImportRow(203, '丙'),
      staffImportRow(204, '丁', { officeId: '没有的部门', sex: '未知' }),
    ]);
    const answer = await importFile(server, admin, `${USER}/import`, file);
    expect(answer.body.code, answer.text).toBe(0);
    expect(answer.body.data).toMatchObject({ rows: 4, valid: 2, imported: 0 });
    expect(answer.body.data.problems.map((p) => [p.row, p.field]).sort()).toEqual([
      [3, 'census'],
      [3, 'telephone'],
      [5, 'officeId'],
      [5, 'sex'],
    ]);
    expect(await codes()).toEqual(before);
  });

  it('names code and telephone repeated within the file and those of existing accounts', async () => {
    await create(server, admin, staffInput(300, { name: '在库' }));
    const file = await xlsxOf([
      STAFF_IMPORT_HEADER,
      staffImportRow(301, '一'),
      staffImportRow(302, '二', { code: 'E00301' }),
      staffImportRow(303, '三', { telephone: '13800000301' }),
      staffImportRow(304, '四', { code: 'E00300' }),
    ]);
    const report = (await importFile(server, admin, `${USER}/import`, file, { locale: 'en-US' })).body.data;
    expect(report.problems.map((p) => [p.row, p.field, p.message])).toEqual([
      [3, 'code', 'Employee code repeats row 2'],
      [4, 'telephone', 'Mobile phone repeats row 2'],
      [5, 'code', expect.any(String)],
    ]);
  });

  it('commit with a bad row writes nothing (1001 with the report)', async () => {
    const before = await codes();
    const file = await xlsxOf([STAFF_IMPORT_HEADER, staffImportRow(401, '好'), staffImportRow(402, '坏', { card: '123' })]);
    const answer = await importFile(server, admin, `${USER}/import`, file, { commit: true });
    expect(answer.body.code).toBe(1001);
    expect(answer.body.data.problems).toEqual([expect.objectContaining({ row: 3, field: 'card' })]);
    expect(await codes()).toEqual(before);
  });

  it('commits a good file: accounts as a save creates them, audited; the same file again changes nothing', async () => {
    const role = await server.db.selectFrom('role').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow();
    const file = await xlsxOf([
      STAFF_IMPORT_HEADER,
      staffImportRow(501, '导入一', { officeId: '导入部', roles: role.name }),
      staffImportRow(502, '导入二', { 启用: 'Disabled' }),
    ]);
    const answer = await importFile(server, admin, `${USER}/import`, file, { commit: true });
    expect(answer.body.code, answer.text).toBe(0);
    expect(answer.body.data).toMatchObject({ rows: 2, imported: 2, problems: [] });
    const made = await server.db.selectFrom('user').selectAll().where('code', 'in', ['E00501', 'E00502']).orderBy('code').execute();
    expect(made.map((u) => [u.name, u.isEnable, u.mustChangePassword, u.censusArea, u.liveArea])).toEqual([
      ['导入一', '1', 1, '330106', '110105'],
      ['导入二', '0', 1, '330106', '110105'],
    ]);
    const office = await server.db.selectFrom('office').select('id').where('name', '=', '导入部').executeTakeFirstOrThrow();
    expect(made[0]!.officeId).toBe(office.id);
    expect(await server.db.selectFrom('userRole').select('roleId').where('userId', '=', made[0]!.id).execute()).toEqual([{ roleId: role.id }]);
    const audit = await server.db.selectFrom('auditLog').select(['tableName', 'action']).where('route', '=', `${USER}/import`).execute();
    expect(audit.filter((row) => row.tableName === 'user').map((row) => row.action)).toEqual(['insert', 'insert']);
    expect(audit.some((row) => row.tableName === 'user_role')).toBe(true);
    // Nobody can sign in with a password nobody knows.
    expect((await server.login('E00501', '')).body.code).not.toBe(0);

    const again = await importFile(server, admin, `${USER}/import`, file, { commit: true });
    expect(again.body.data.imported).toBe(0);
    expect(again.body.data.importedBefore?.by).toBeTruthy();
    expect(await server.db.selectFrom('user').select('id').where('code', 'in', ['E00501', 'E00502']).execute()).toHaveLength(2);
  });

  it('refuses a caller without the import element', async () => {
    await server.createUser({ code: 'staffreader', password: 'staffreader-pass', apis: ['/user/list'] });
    const file = await xlsxOf([STAFF_IMPORT_HEADER, staffImportRow(601, '无权')]);
    const answer = await importFile(server, await server.tokenFor('staffreader', 'staffreader-pass'), `${USER}/import`, file);
    expect(answer.body.code).toBe(1003);
  });
});
