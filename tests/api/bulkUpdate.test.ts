/**
 * `<endpoint>/bulkUpdate` (server/crud/bulkUpdate.ts) on the roles (`bulk: ['isEnable']`) and the
 * dictionary items (a switch column, on the endpoint they share with their dictionaries): every
 * row is checked as its own save, all are written in one transaction or none, the refusal lists
 * each refused row with its save's message, and the call is its own grant (`<resource>:bulkEdit`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type BulkRefused, type BulkUpdated, type ListData } from '../../contract';
import { VERSION_FIELD } from '../../contract/recordVersion';
import { ADMIN, startTestServer, type TestServer } from './harness';

type Role = { id: number; roleKey: string; isEnable: string };

let server: TestServer;
let token: string;
let baseId: number;
let superAdminId: number;

beforeAll(async () => {
  server = await startTestServer();
  token = await server.tokenFor(ADMIN.username, ADMIN.password);
  baseId = (await server.db.selectFrom('app').select('id').where('code', '=', 'base').executeTakeFirstOrThrow()).id;
  superAdminId = (await server.db.selectFrom('role').select('id').where('roleKey', '=', 'superAdmin').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await server?.close();
});

const bulk = <T = BulkUpdated>(path: string, body: Record<string, unknown>, as = token) => server.call<T>('POST', `/base/admin/${path}/bulkUpdate`, { token: as, body });

async function role(roleKey: string): Promise<Role> {
  const body = { sortNum: 5, roleKey, name: `角色${roleKey}`, appId: baseId, roleType: 2, isEnable: '1' };
  const { body: answer } = await server.call<Role>('POST', '/base/admin/role/saveOrUpdate', { token, body });
  expect(answer.code, JSON.stringify(answer)).toBe(Code.OK);
  return answer.data;
}

async function enabled(ids: readonly number[]): Promise<Record<number, string>> {
  const rows = await server.db.selectFrom('role').select(['id', 'isEnable']).where('id', 'in', ids).execute();
  return Object.fromEntries(rows.map((r) => [r.id, String(r.isEnable)]));
}

describe('bulk update of roles', () => {
  it('switches every selected role off in one call, an audit row and a new version each', async () => {
    const [a, b] = [await role('bulkA'), await role('bulkB')];
    const before = Number((await server.db.selectFrom('auditLog').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0);
    const { body } = await bulk('role', { ids: [a.id, b.id], values: { isEnable: '0' } });
    expect(body).toMatchObject({ code: Code.OK, data: { updated: 2 } });
    expect(await enabled([a.id, b.id])).toEqual({ [a.id]: '0', [b.id]: '0' });
    // Each row's version moves as a save's would: an edit read before the bulk update is now stale.
    const stale = await server.call('POST', '/base/admin/role/saveOrUpdate', { token, body: { id: a.id, name: '旧表单', [VERSION_FIELD]: (a as unknown as Record<string, number>)[VERSION_FIELD] } });
    expect(stale.body.code).toBe(Code.STALE_VERSION);
    const audited = await server.db.selectFrom('auditLog').select('recordId').where('id', '>', before).where('tableName', '=', 'role').execute();
    expect(audited.map((r) => Number(r.recordId)).sort()).toEqual([a.id, b.id].sort());
  });

  it('refuses the whole batch when one row is one its own save would refuse, naming it with that save’s message', async () => {
    const c = await role('bulkC');
    const single = await server.call('POST', '/base/admin/role/saveOrUpdate', { token, body: { id: superAdminId, isEnable: '0' } });
    const { body } = await bulk<BulkRefused>('role', { ids: [c.id, superAdminId], values: { isEnable: '0' } });
    expect(body.code).toBe(single.body.code);
    expect(body.data.refused).toEqual([{ id: superAdminId, label: expect.any(String), code: single.body.code, message: single.body.msg }]);
    expect(body.msg).toBe('1 条记录未能修改，均未保存');
    // All or nothing: the row that passed was not written either.
    expect(await enabled([c.id, superAdminId])).toEqual({ [c.id]: '1', [superAdminId]: '1' });
  });

  it('checks the value as a save does, and sets only the fields the definition allows in bulk', async () => {
    const d = await role('bulkD');
    const bad = await bulk<BulkRefused>('role', { ids: [d.id], values: { isEnable: '7' } });
    expect(bad.body.code).toBe(Code.VALIDATION_FAILED);
    expect(bad.body.data.refused).toEqual([expect.objectContaining({ id: d.id, code: Code.VALIDATION_FAILED })]);
    for (const values of [{ name: 'x' }, { roleKey: 'other' }, {}, 'isEnable']) {
      expect((await bulk('role', { ids: [d.id], values })).body.code, JSON.stringify(values)).toBe(Code.VALIDATION_FAILED);
    }
    expect((await bulk('role', { ids: [d.id] })).body.code).toBe(Code.VALIDATION_FAILED);
    expect((await bulk('role', { ids: Array.from({ length: 1001 }, (_, i) => i + 1), values: { isEnable: '0' } })).body.code).toBe(Code.VALIDATION_FAILED);
    expect(await enabled([d.id])).toEqual({ [d.id]: '1' });
  });

  it('answers 1004 and writes nothing when an id names no role', async () => {
    const e = await role('bulkE');
    expect((await bulk('role', { ids: [e.id, 99999999], values: { isEnable: '0' } })).body.code).toBe(Code.NOT_FOUND);
    expect(await enabled([e.id])).toEqual({ [e.id]: '1' });
  });

  it('is a grant of its own: editing roles does not give it', async () => {
    const f = await role('bulkF');
    await server.createUser({ code: 'roleeditor', password: 'Editor#Test2024', apis: ['/role/list', '/role/detail', '/role/saveOrUpdate'] });
    const editor = await server.tokenFor('roleeditor', 'Editor#Test2024');
    expect((await bulk('role', { ids: [f.id], values: { isEnable: '0' } }, editor)).body.code).toBe(Code.FORBIDDEN);
    expect(await enabled([f.id])).toEqual({ [f.id]: '1' });
  });

  it('refuses a bulk caller each row their own save would refuse: roles granting what they do not hold', async () => {
    const g = await role('bulkG');
    // g grants the role screen, which the caller (granted only the bulk call) does not hold.
    const node = await server.db.selectFrom('permission').select('id').where('code', '=', 'role:edit').executeTakeFirstOrThrow();
    await server.db.insertInto('rolePermission').values({ roleId: g.id, permissionId: node.id }).execute();
    await server.createUser({ code: 'bulker', password: 'Bulker#Test2024', apis: ['/role/bulkUpdate'] });
    const bulker = await server.tokenFor('bulker', 'Bulker#Test2024');
    const single = await server.call('POST', '/base/admin/role/saveOrUpdate', { token, body: { id: g.id, isEnable: '0' } });
    expect(single.body.code).toBe(Code.OK);
    await server.call('POST', '/base/admin/role/saveOrUpdate', { token, body: { id: g.id, isEnable: '1' } });
    const { body } = await bulk<BulkRefused>('role', { ids: [g.id], values: { isEnable: '0' } }, bulker);
    expect(body.code).toBe(Code.FORBIDDEN);
    expect(body.data.refused).toEqual([expect.objectContaining({ id: g.id, code: Code.FORBIDDEN })]);
    expect(await enabled([g.id])).toEqual({ [g.id]: '1' });
  });
});

describe('bulk update of dictionary items (a switch column, on the endpoint shared with the dictionaries)', () => {
  it('switches the items off, and answers 1003 for dictionaries, which have nothing to set in bulk', async () => {
    const save = (body: Record<string, unknown>) => server.call<{ id: number }>('POST', '/base/admin/dic/saveOrUpdate', { token, body });
    const dic = (await save({ name: '批量', dicKey: 'bulk_dic', type: 2 })).body.data;
    for (const value of ['1', '2']) expect((await save({ parentId: dic.id, name: `项${value}`, dicKey: value })).body.code).toBe(Code.OK);
    const items = async () => (await server.call<ListData<{ id: number; openStatus: number }>>('GET', '/base/admin/dic/list', { token, query: { parentId: dic.id } })).body.data.items;
    const ids = (await items()).map((item) => item.id);
    const off = (await items())[0]!.openStatus === 1 ? 0 : 1;
    expect((await bulk('dic', { ids, values: { openStatus: off } })).body).toMatchObject({ code: Code.OK, data: { updated: 2 } });
    expect((await items()).map((item) => item.openStatus)).toEqual([off, off]);
    expect((await bulk('dic', { ids: [dic.id], values: { openStatus: off } })).body.code).toBe(Code.FORBIDDEN);
  });
});
