/**
 * Importing declared resources from .xlsx (`importable: true`: parameters and roles): the template,
 * the dry run's report of every bad row, the all-or-none commit audited per record, the file sent
 * again, duplicates within the file and against the database, the file's bounds, and the grant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { IMPORT_LIMITS } from '../../contract/importFile';
import { runImport } from '../../server/import/runImport';
import { ADMIN, startTestServer, type TestServer } from './harness';
import { downloadSheets, importFile, xlsxOf } from './importFiles';

let server: TestServer;
let admin: string;
const PARAM = '/base/admin/param';
const ROLE = '/base/admin/role';

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await server?.close();
});

const paramKeys = async () => (await server.db.selectFrom('param').select('paramKey').orderBy('paramKey').execute()).map((row) => row.paramKey);

describe('the import template', () => {
  it('holds the form’s columns in the caller’s language, required ones marked, and a sheet explaining each', async () => {
    const zh = await downloadSheets(server, admin, `${PARAM}/importTemplate`, 'zh-CN');
    expect(zh.status).toBe(200);
    expect(zh.type).toContain('spreadsheetml');
    expect(zh.sheets[0]![0]).toEqual(['*排序号', '*Key', '*值', '备用参数', '备注']);
    expect(zh.sheets[1]!.map((row) => row[0])).toEqual(expect.arrayContaining(['*Key', '备注']));
    const en = await downloadSheets(server, admin, `${ROLE}/importTemplate`, 'en-US');
    expect(en.sheets[0]![0]).toEqual(['*Role number', '*Sub-system', '*Role key', '*Role name', '*Role type', 'Status', 'Description']);
    const roleType = en.sheets[1]!.find((row) => row[0] === '*Role type')!;
    expect(roleType[1]).toBe('Required');
    expect(String(roleType[3])).toMatch(/\S/);
  });
});

describe('a parameters file', () => {
  it('dry run: reports exactly the bad rows and fields, and writes nothing', async () => {
    const before = await paramKeys();
    const file = await xlsxOf([
      ['排序号', '*Key', '值', '备注'],
      [1, 'import.ok', 'one', null],
      [2, 'import.noValue', null, 'no value'],
      [null, null, null, null],
      [3, 'x'.repeat(51), 'v', null],
    ]);
    const answer = await importFile(server, admin, `${PARAM}/import`, file);
    expect(answer.body.code, answer.text).toBe(0);
    const report = answer.body.data;
    expect(report.rows).toBe(3);
    expect(report.valid).toBe(1);
    expect(report.imported).toBe(0);
    expect(report.problems.map((p) => [p.row, p.field])).toEqual([
      [3, 'value'],
      [5, 'paramKey'],
    ]);
    expect(report.problems[0]!.column).toBe('*值');
    expect(await paramKeys()).toEqual(before);
  });

  it('commit with a bad row: 1001 with the report, nothing written', async () => {
    const before = await paramKeys();
    const file = await xlsxOf([
      ['Sort number', 'Key', 'Value'],
      [1, 'import.a', 'a'],
      [2, 'import.b', null],
    ]);
    const answer = await importFile(server, admin, `${PARAM}/import`, file, { commit: true, locale: 'en-US' });
    expect(answer.body.code).toBe(1001);
    expect(answer.body.msg).toBe('1 row(s) have problems; nothing was imported');
    expect(answer.body.data.problems).toEqual([{ row: 3, field: 'value', column: '*Value', message: expect.any(String) }]);
    expect(await paramKeys()).toEqual(before);
  });

  it('commits a good file in one go, each record audited as a create; the same file again changes nothing', async () => {
    const file = await xlsxOf([
      ['排序号', 'Key', '值', '备注'],
      [7, 'import.first', 'one', '首个'],
      [8, 'import.second', 2, null],
    ]);
    const answer = await importFile(server, admin, `${PARAM}/import`, file, { commit: true });
    expect(answer.body.code, answer.text).toBe(0);
    expect(answer.body.data).toMatchObject({ rows: 2, valid: 2, imported: 2, problems: [], importedBefore: null });
    const stored = await server.db.selectFrom('param').select(['id', 'paramKey', 'value', 'sortNum']).where('paramKey', 'in', ['import.first', 'import.second']).orderBy('paramKey').execute();
    expect(stored.map((row) => [row.paramKey, row.value, Number(row.sortNum)])).toEqual([
      ['import.first', 'one', 7],
      ['import.second', '2', 8],
    ]);
    const audit = await server.db.selectFrom('auditLog').select(['recordId', 'action', 'route', 'userName']).where('tableName', '=', 'param').where('route', '=', `${PARAM}/import`).execute();
    expect(audit.map((row) => row.action)).toEqual(['insert', 'insert']);
    expect(audit.map((row) => String(row.recordId)).sort()).toEqual(stored.map((row) => String(row.id)).sort());
    expect(audit.every((row) => row.userName !== null)).toBe(true);

    const again = await importFile(server, admin, `${PARAM}/import`, file, { commit: true });
    expect(again.body.code).toBe(0);
    expect(again.body.data.imported).toBe(0);
    expect(again.body.data.importedBefore).toEqual({ at: expect.any(String), by: expect.any(String) });
    const dry = await importFile(server, admin, `${PARAM}/import`, file);
    expect(dry.body.data.importedBefore).not.toBeNull();
    expect(await server.db.selectFrom('param').select('id').where('paramKey', 'like', 'import.%').execute()).toHaveLength(2);
  });

  it('names a key repeated within the file (and its earlier row) and one already stored', async () => {
    const file = await xlsxOf([
      ['sortNum', 'Key', 'Value'],
      [1, 'import.twice', 'a'],
      [2, 'import.twice', 'b'],
      [3, 'import.first', 'c'],
    ]);
    const report = (await importFile(server, admin, `${PARAM}/import`, file, { locale: 'en-US' })).body.data;
    expect(report.problems.map((p) => [p.row, p.field])).toEqual([
      [3, 'paramKey'],
      [4, 'paramKey'],
    ]);
    expect(report.problems[0]!.message).toBe('Key repeats row 2');
    expect(report.problems[1]!.message).toBe('This key already exists');
  });

  it('refuses a file that is no .xlsx, a wrong header, too many rows and too many bytes, clearly', async () => {
    const say = async (bytes: Buffer) => (await importFile(server, admin, `${PARAM}/import`, bytes, { locale: 'en-US' })).body;
    expect(await say(Buffer.from('name,value\na,b\n'))).toMatchObject({ code: 1001, msg: 'The file could not be read; use the downloaded template (.xlsx)' });
    expect(await say(await xlsxOf([['sortNum', 'Key', 'Value', 'Colour'], [1, 'k', 'v', 'red']]))).toMatchObject({ code: 1001, msg: 'Unknown column: Colour' });
    expect(await say(await xlsxOf([['sortNum', 'Key'], [1, 'k']]))).toMatchObject({ code: 1001, msg: 'Missing column: Value' });
    expect(await say(await xlsxOf([['sortNum', 'Key', 'Value']]))).toMatchObject({ code: 1001, msg: 'The file holds no data rows' });
    const many = await xlsxOf([['sortNum', 'Key', 'Value'], ...Array.from({ length: IMPORT_LIMITS.rows + 1 }, (_, i) => [i, `k${i}`, 'v'])]);
    expect(await say(many)).toMatchObject({ code: 1001, msg: `A file may hold at most ${IMPORT_LIMITS.rows} data rows; this one holds ${IMPORT_LIMITS.rows + 1}` });
    const huge = Buffer.alloc(IMPORT_LIMITS.bytes + 1, 1);
    const answer = await importFile(server, admin, `${PARAM}/import`, huge, { locale: 'en-US' });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ code: 1010, msg: 'A file may be at most 5 MB' });
    expect(await paramKeys()).not.toContain('k0');
  });
});

describe('the deadline', () => {
  it('stops checking a file past its time, with the message to split it, and writes nothing', async () => {
    const bytes = await xlsxOf([['sortNum', 'Key', 'Value'], [1, 'import.late', 'v']]);
    // The route's request as the engine reads it; a plan whose time is already up.
    const request = { body: bytes, query: {}, locale: 'en-US', caller: null } as unknown as FastifyRequest;
    const plan = { table: 'param', columns: [], unique: [], millis: -1, check: async () => ({}), write: async () => {} };
    const headerless = runImport(request, server.db, plan);
    await expect(headerless).rejects.toMatchObject({ msg: 'Row 1 should be the template header' });
    const column = (field: string, label: string) => ({ field, label: { 'zh-CN': label, 'en-US': label }, required: false, rule: { 'zh-CN': '', 'en-US': '' }, parse: (cell: string) => ({ value: cell }) });
    const columns = [column('sortNum', 'sortNum'), column('paramKey', 'Key'), column('value', 'Value')];
    await expect(runImport(request, server.db, { ...plan, columns })).rejects.toMatchObject({ code: 1001, msg: 'Checking the file took too long; split it into smaller files' });
    expect(await paramKeys()).not.toContain('import.late');
  });
});

describe('a roles file', () => {
  it('finds the sub-system by its name and the type by its label in either language', async () => {
    const BASE = (await server.db.selectFrom('app').select('name').where('code', '=', 'base').executeTakeFirstOrThrow()).name;
    const file = await xlsxOf([
      ['角色编号', '所属子系统', '角色Key', '角色名称', 'Role type', '状态'],
      [1, BASE, 'imp_a', '导入甲', 'x', '启用'],
      [2, 'No such system', 'imp_b', '导入乙', '普通角色', 'Enabled'],
    ]);
    const report = (await importFile(server, admin, `${ROLE}/import`, file, { locale: 'en-US' })).body.data;
    expect(report.problems.map((p) => [p.row, p.field])).toEqual([
      [2, 'roleType'],
      [3, 'appId'],
    ]);
    expect(report.problems[1]!.message).toContain('No such system');
  });
});

describe('the grant', () => {
  it('refuses a caller without the import element, and answers one holding it', async () => {
    await server.createUser({ code: 'noimport', password: 'noimport-pass', apis: ['/param/list'] });
    await server.createUser({ code: 'importer', password: 'importer-pass', apis: ['/param/import', '/param/importTemplate'] });
    const file = await xlsxOf([['sortNum', 'Key', 'Value'], [1, 'import.granted', 'v']]);
    const refused = await importFile(server, await server.tokenFor('noimport', 'noimport-pass'), `${PARAM}/import`, file);
    expect(refused.body.code).toBe(1003);
    const allowed = await importFile(server, await server.tokenFor('importer', 'importer-pass'), `${PARAM}/import`, file);
    expect(allowed.body.code, allowed.text).toBe(0);
  });
});
