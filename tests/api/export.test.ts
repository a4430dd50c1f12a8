/**
 * A declared list's export (`<endpoint>/export`): what the filters select, all pages, in the
 * columns asked for and their order, labels in the caller's language, text never a formula;
 * masked fields masked unless the caller holds reveal (then recorded as a reveal); every export
 * in the audit log with its filter, columns and rows; a refusal before the file as the JSON envelope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, roleEntity, TOKEN_HEADER } from '../../contract';
import { BUSINESS_TYPE_DICTIONARY, dictionaryItemText } from '../../contract/dictionaries';
import { XLSX_TYPE } from '../../contract/exportFile';
import { paramResource } from '../../resources/param/definition';
import { createRepository } from '../../server/crud/repository';
import { SUPPORT_ROLE_KEY } from '../../server/db/demoCustomers';
import { ADMIN, startTestServer, type TestServer } from './harness';
import { exportCall, readSheet } from './exportFiles';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer({ demo: true });
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await server?.close();
});

const lastAudit = async () => server.db.selectFrom('auditLog').selectAll().where('action', '=', 'export').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();

describe('a declared list’s export', () => {
  it('writes what the filter selects across pages, in the asked columns and order, never a formula', async () => {
    const rows = Array.from({ length: 2_500 }, (_, i) => ({ sortNum: i + 1, paramKey: `exp.${String(i).padStart(4, '0')}`, value: i === 7 ? '=1+2' : `v${i}`, remark: i === 8 ? '@SUM(A1)' : null, spareParam: null }));
    for (let i = 0; i < rows.length; i += 500) await server.db.insertInto('param').values(rows.slice(i, i + 500)).execute();

    const answer = await exportCall(server, admin, '/base/admin/param/export', { paramKey: 'exp.', columns: 'value,paramKey,remark' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe(XLSX_TYPE);
    expect(String(answer.headers['content-disposition'])).toMatch(/filename\*=UTF-8''%E5%8F%82%E6%95%B0%E9%85%8D%E7%BD%AE-\d{4}-\d{2}-\d{2}\.xlsx/);
    const { rows: sheet, hasFormula } = await readSheet(answer.bytes);
    expect(sheet[0]).toEqual(['值', 'Key', '备注']);
    expect(sheet).toHaveLength(2_501);
    expect(sheet[1]).toEqual(['v0', 'exp.0000']);
    expect(sheet[8]).toEqual(["'=1+2", 'exp.0007']);
    expect(sheet[9]).toEqual(['v8', 'exp.0008', "'@SUM(A1)"]);
    expect(sheet[2_500]).toEqual(['v2499', 'exp.2499']);
    expect(hasFormula).toBe(false);

    const audit = await lastAudit();
    expect(audit).toMatchObject({ tableName: 'param', route: '/base/admin/param/export', userCode: 'admin', method: 'GET' });
    expect(JSON.parse(audit.changes!)).toEqual({ filter: [null, { paramKey: 'exp.' }], columns: [null, ['value', 'paramKey', 'remark']], rows: [null, 2_500] });
  });

  it('names dictionary items, referenced records and options in the caller’s language', async () => {
    const inEnglish = { 'accept-language': 'en-US' };
    const roles = await server.app.inject({ method: 'GET', url: '/base/admin/role/export', query: { roleKey: 'support', columns: 'name,appId,roleType' }, headers: { [TOKEN_HEADER]: admin, ...inEnglish } });
    const roleSheet = (await readSheet(roles.rawPayload)).rows;
    expect(roleSheet[0]).toEqual(['name', 'appId', 'roleType'].map((field) => roleEntity.fields[field as keyof typeof roleEntity.fields].label['en-US']));
    const app = await server.db.selectFrom('app').select('name').where('code', '=', 'base').executeTakeFirstOrThrow();
    expect(roleSheet[1]![0]).toBe('客服');
    expect(roleSheet[1]![1]).toBe(app.name);
    expect(roleSheet[1]![2]).toBe('Normal role');

    const apps = await server.app.inject({ method: 'GET', url: '/base/admin/app/export', query: { columns: 'code,businessType' }, headers: { [TOKEN_HEADER]: admin, ...inEnglish } });
    const appSheet = (await readSheet(apps.rawPayload)).rows;
    const base = await server.db.selectFrom('app').select('businessType').where('code', '=', 'base').executeTakeFirstOrThrow();
    const item = await server.db
      .selectFrom('dic as item')
      .innerJoin('dic as d', 'd.id', 'item.parentId')
      .select('item.name')
      .where('d.dicKey', '=', BUSINESS_TYPE_DICTIONARY.dicKey)
      .where('item.dicKey', '=', String(base.businessType))
      .executeTakeFirstOrThrow();
    const english = dictionaryItemText(BUSINESS_TYPE_DICTIONARY.dicKey, String(base.businessType), item.name, 'en-US');
    expect(english).not.toBe(String(base.businessType));
    expect(appSheet.find((row) => row[0] === 'base')?.[1]).toBe(english);
  });

  it('refuses before the file, as the JSON envelope: an unknown or repeated column, a bad filter', async () => {
    const refused: Array<Record<string, string>> = [{ columns: 'value,nope' }, { columns: 'value,value' }, { tzOffset: 'x' }, { sort: 'nope' }];
    for (const params of refused) {
      const answer = await exportCall(server, admin, '/base/admin/param/export', params);
      expect(answer.envelope?.code, JSON.stringify(params)).toBe(Code.VALIDATION_FAILED);
    }
  });

  it('is a grant of its own: the list’s grant does not export', async () => {
    await server.createUser({ code: 'lister', password: 'Lister#2024', apis: ['/param/list'] });
    const lister = await server.tokenFor('lister', 'Lister#2024');
    expect((await exportCall(server, lister, '/base/admin/param/export')).envelope?.code).toBe(Code.FORBIDDEN);
    await server.createUser({ code: 'exporter', password: 'Exporter#2024', apis: ['/param/export'] });
    const exporter = await server.tokenFor('exporter', 'Exporter#2024');
    expect((await exportCall(server, exporter, '/base/admin/param/export')).status).toBe(200);
  });

  it('reads the rows page after page in the list’s order: ties and empty values in the ordering column, either direction', async () => {
    // Ties (sortNum repeats) and empty remarks: a keyset read must neither skip nor repeat rows at a page's edge.
    const rows = Array.from({ length: 61 }, (_, i) => ({ sortNum: i % 4, paramKey: `ks.${String(i).padStart(3, '0')}`, value: `k${i}`, remark: i % 3 === 0 ? null : `r${i % 5}`, spareParam: null }));
    await server.db.insertInto('param').values(rows).execute();
    const repository = createRepository(server.db, paramResource);
    const base = { filters: { paramKey: 'ks.' } };
    for (const sort of [undefined, { field: 'remark', direction: 'asc' as const }, { field: 'remark', direction: 'desc' as const }, { field: 'id', direction: 'desc' as const }]) {
      const query = { ...base, ...(sort ? { sort } : {}) };
      const listed = (await repository.list({ ...query, paging: { page: 1, size: 100 } })).items.map((row) => row.id);
      const read: number[] = [];
      for await (const page of repository.pages(query, 7)) {
        expect(page.length).toBeLessThanOrEqual(7);
        read.push(...page.map((row) => row.id));
      }
      expect(listed).toHaveLength(61);
      expect(read, JSON.stringify(sort)).toEqual(listed);
    }
  });
});

describe('personal data in an export', () => {
  it('stays masked without the reveal grant, and nothing is recorded as revealed', async () => {
    const { userId } = await server.createUser({ code: 'kefu02', password: 'Support#2024', apis: ['/customer/export'] });
    const role = await server.db.selectFrom('role').select('id').where('roleKey', '=', SUPPORT_ROLE_KEY).executeTakeFirstOrThrow();
    await server.db.insertInto('userRole').values({ userId, roleId: role.id }).execute();
    const support = await server.tokenFor('kefu02', 'Support#2024');
    const before = await server.db.selectFrom('customerReveal' as never).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow() as { n: number };

    const answer = await exportCall(server, support, '/base/admin/customer/export', { columns: 'name,telephone,email' });
    const sheet = (await readSheet(answer.bytes)).rows;
    expect(sheet.length).toBeGreaterThan(10);
    expect(sheet.slice(1).every((row) => String(row[1]).includes('*') && String(row[2]).includes('*'))).toBe(true);
    const after = await server.db.selectFrom('customerReveal' as never).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow() as { n: number };
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('is as stored for a holder of the reveal grant, and recorded as one reveal of its rows', async () => {
    const answer = await exportCall(server, admin, '/base/admin/customer/export', { columns: 'name,telephone' });
    const sheet = (await readSheet(answer.bytes)).rows;
    const stored = await server.db.selectFrom('customer' as never).select(['telephone' as never]).execute() as Array<{ telephone: string | null }>;
    const phones = new Set(stored.map((row) => row.telephone));
    expect(sheet.slice(1).every((row) => row[1] === null || phones.has(String(row[1])))).toBe(true);
    expect(sheet.slice(1).some((row) => row[1] !== null && !String(row[1]).includes('*'))).toBe(true);
    const entry = await server.db.selectFrom('customerReveal' as never).selectAll().orderBy('id' as never, 'desc').limit(1).executeTakeFirstOrThrow() as Record<string, unknown>;
    expect(entry).toMatchObject({ kind: 'export', staffCode: 'admin', matches: sheet.length - 1 });
  });

});
