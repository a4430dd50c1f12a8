/**
 * Roles through the generic CRUD of resources/role/definition.ts: a key unique per app, the key
 * check with its app, the exact app filter, both paging styles and the 1000-row cap, every limit
 * at its boundary, and a delete that takes the role's grants and user links with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { Code, defineEntity, digits, requiredText, text, type ListData, type Role } from '../../contract';
import { defineResource } from '../../resources/define';
import { syncResourceTables } from '../../server/db/resourceTables';
import { isUniqueViolation } from '../../server/db/uniqueViolation';
import { ADMIN, startTestServer, type TestServer } from './harness';

let server: TestServer;
let token: string;
let baseId: number;
let crmId: number;

beforeAll(async () => {
  server = await startTestServer({ demo: true });
  token = await server.tokenFor(ADMIN.username, ADMIN.password);
  const appId = async (code: string) => (await server.db.selectFrom('app').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  [baseId, crmId] = [await appId('base'), await appId('crm')];
});
afterAll(async () => {
  await server?.close();
});

const roleBody = (roleKey: string, extra: Record<string, unknown> = {}) => ({
  sortNum: 5,
  roleKey,
  name: `角色${roleKey}`.slice(0, 20),
  appId: baseId,
  roleType: 2,
  isEnable: '1',
  description: '测试角色',
  ...extra,
});
const save = (body: Record<string, unknown>, headers?: Record<string, string>) => server.call<Role>('POST', '/base/admin/role/saveOrUpdate', { token, body, headers });
const list = (query: Record<string, string | number>) => server.call<ListData<Role>>('GET', '/base/admin/role/list', { token, query });
const validateKey = (query: Record<string, string | number>) => server.call<boolean>('GET', '/base/admin/role/validateKey', { token, query });
const fieldsOf = (data: unknown) => (data as { fields: Record<string, string> }).fields;

describe('role list', () => {
  it('lists the seeded super-admin role with every column of the screen', async () => {
    const { body } = await list({ pageNo: 1, pageSize: 10 });
    expect(body.code).toBe(Code.OK);
    expect(body.data.items[0]).toEqual({
      id: expect.any(Number),
      sortNum: 1,
      roleKey: 'superAdmin',
      name: '超级管理员',
      appId: baseId,
      roleType: 1,
      isEnable: '1',
      description: '拥有基础平台的全部权限',
      version: 1,
    });
  });

  it('filters by the owning app exactly, alone or with the key search', async () => {
    for (const [key, appId] of [['f.viewer', baseId], ['f.viewer', crmId], ['f.editor', crmId]] as const) {
      expect((await save(roleBody(key, { appId }))).body.code).toBe(Code.OK);
    }
    const inCrm = await list({ appId: crmId, pageSize: 1000 });
    expect(inCrm.body.data.items.map((r) => [r.roleKey, r.appId])).toEqual([
      ['f.viewer', crmId],
      ['f.editor', crmId],
    ]);
    expect(inCrm.body.data.total).toBe(2);
    expect((await list({ appId: crmId, roleKey: 'view' })).body.data.items.map((r) => r.roleKey)).toEqual(['f.viewer']);
    expect((await list({ appId: String(crmId) })).body.data.total).toBe(2);
    expect((await list({ appId: 'abc' })).body.data).toEqual({ items: [], total: 0 });
    expect((await list({ appId: '99999999999' })).body.data).toEqual({ items: [], total: 0 });
  });

  it('pages with pageNo/pageSize and with page/size alike', async () => {
    const { id: appId } = await server.db
      .insertInto('app')
      .values({ code: 'paging', name: '分页', businessType: 2, isEnable: '0', sort: 90, address: '/p', logo: null, createTime: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 1; i <= 12; i++) expect((await save(roleBody(`p${String(i).padStart(2, '0')}`, { appId, sortNum: i }))).body.code).toBe(Code.OK);
    const byPageNo = await list({ appId, pageNo: 2, pageSize: 5 });
    const byPage = await list({ appId, page: 2, size: 5 });
    expect(byPageNo.body.data.items.map((r) => r.roleKey)).toEqual(['p06', 'p07', 'p08', 'p09', 'p10']);
    expect(byPage.body.data).toEqual(byPageNo.body.data);
    expect(byPage.body.data.total).toBe(12);
    expect((await list({ appId, pageNo: 3, pageSize: 5 })).body.data.items.map((r) => r.roleKey)).toEqual(['p11', 'p12']);
    expect((await list({ appId })).body.data.items).toHaveLength(10);
  });

  it('answers a dropdown up to 1000 rows and never more', async () => {
    const { id: appId } = await server.db
      .insertInto('app')
      .values({ code: 'many', name: '多角色', businessType: 2, isEnable: '0', sort: 91, address: '/m', logo: null, createTime: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = Array.from({ length: 1001 }, (_, i) => ({ sortNum: i, roleKey: `m${i}`, name: `m${i}`, appId, isEnable: '1' as const, description: null, roleType: 2 }));
    for (let i = 0; i < rows.length; i += 250) await server.db.insertInto('role').values(rows.slice(i, i + 250)).execute();
    const full = await list({ appId, pageNo: 1, pageSize: 1000 });
    expect(full.body.data.items).toHaveLength(1000);
    expect(full.body.data.total).toBe(1001);
    expect((await list({ appId, page: 1, size: 1001 })).body.data.items).toHaveLength(1000);
    expect((await list({ appId, pageNo: 2, pageSize: 1000 })).body.data.items.map((r) => r.roleKey)).toEqual(['m1000']);
  });
});

describe('role keys are unique per app', () => {
  it('accepts one key in two apps and refuses it twice in one, with the role message', async () => {
    expect((await save(roleBody('auditor'))).body.code).toBe(Code.OK);
    expect((await save(roleBody('auditor', { appId: crmId }))).body.code).toBe(Code.OK);
    const again = await save(roleBody('auditor', { name: '另一个' }));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: Code.DUPLICATE, msg: 'key不可以重复', data: { fields: { roleKey: 'key不可以重复' } } });
    expect((await save(roleBody('auditor', { appId: crmId }), { 'accept-language': 'en-US' })).body.msg).toBe('This key already exists in the sub-system');
    const stored = await server.db.selectFrom('role').select('appId').where('roleKey', '=', 'auditor').orderBy('appId').execute();
    expect(stored.map((r) => r.appId)).toEqual([baseId, crmId]);
  });

  it('lets the composite index decide between simultaneous saves of one key in one app', async () => {
    const answers = await Promise.all([save(roleBody('racer')), save(roleBody('racer')), save(roleBody('racer', { appId: crmId }))]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([Code.OK, Code.OK, Code.DUPLICATE]);
  });

  it('key check: free, taken in the app, free in another app, owned by the role being edited', async () => {
    const own = (await save(roleBody('checked'))).body.data;
    const other = (await save(roleBody('other.one'))).body.data;
    expect((await validateKey({ roleKey: 'nobody', appId: baseId })).body).toMatchObject({ code: Code.OK, data: true });
    expect((await validateKey({ roleKey: 'checked', appId: baseId })).body.data).toBe(false);
    expect((await validateKey({ roleKey: ' checked ', appId: String(baseId) })).body.data).toBe(false);
    expect((await validateKey({ roleKey: 'checked', appId: crmId })).body.data).toBe(true);
    expect((await validateKey({ roleKey: 'checked', appId: baseId, id: own.id })).body.data).toBe(true);
    expect((await validateKey({ roleKey: 'checked', appId: baseId, id: other.id })).body.data).toBe(false);
    expect((await validateKey({ roleKey: 'checked', appId: 99999999999 })).body.data).toBe(true);
  });

  it('key check: refuses a missing or malformed key or app with 1001', async () => {
    expect((await validateKey({ appId: baseId })).body.code).toBe(Code.VALIDATION_FAILED);
    const noApp = await validateKey({ roleKey: 'checked' });
    expect(noApp.body.code).toBe(Code.VALIDATION_FAILED);
    expect(Object.keys(fieldsOf(noApp.body.data))).toEqual(['appId']);
    expect((await validateKey({ roleKey: 'checked', appId: 'x' })).body.code).toBe(Code.VALIDATION_FAILED);
    expect((await validateKey({ roleKey: 'checked', appId: baseId, id: 'x' })).body.code).toBe(Code.VALIDATION_FAILED);
  });
});

describe('a key unique within another field, in any declared resource', () => {
  it('gets a composite unique index: one key per scope value, any number of scopes', async () => {
    const gadget = defineResource({
      name: 'gadget',
      table: 'gadget',
      entity: defineEntity({
        fields: { gadgetKey: requiredText(text('键', 'Key'), 20), shelf: digits(text('架', 'Shelf'), 10) },
        unique: { fields: ['shelf', 'gadgetKey'], duplicate: text('重复', 'Taken') },
      }),
      title: text('小工具', 'Gadgets'),
      menu: { navigation: 'tools', sort: 99, icon: 'tool', path: '/tools/gadget' },
      paging: 'page',
      search: ['gadgetKey'],
      sort: [['gadgetKey', 'asc']],
      columns: [{ field: 'gadgetKey' }],
      form: [{ field: 'gadgetKey' }],
    });
    await syncResourceTables({ db: server.db, dialect: server.dialect, close: async () => {} }, [gadget]);
    const db = server.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await db.insertInto('gadget').values([{ gadgetKey: 'g', shelf: 1 }, { gadgetKey: 'g', shelf: 2 }]).execute();
    const duplicate = await db.insertInto('gadget').values({ gadgetKey: 'g', shelf: 1 }).execute().catch((e: unknown) => e);
    expect(isUniqueViolation(duplicate)).toBe(true);
  });
});

describe('editing a role', () => {
  it('updates the other fields and keeps the key and the app fixed', async () => {
    const role = (await save(roleBody('editable'))).body.data;
    const updated = await save({ ...roleBody('editable', { name: '改名', description: '', isEnable: '0', roleType: '1' }), id: role.id });
    expect(updated.body.data).toMatchObject({ id: role.id, name: '改名', description: null, isEnable: '0', roleType: 1 });
    for (const change of [{ roleKey: 'renamed' }, { appId: crmId }]) {
      const refused = await save({ ...roleBody('editable', change), id: role.id });
      expect(refused.body.code).toBe(Code.VALIDATION_FAILED);
      expect(Object.keys(fieldsOf(refused.body.data))).toEqual(Object.keys(change));
    }
    expect((await server.call<Role>('GET', '/base/admin/role/detail', { token, query: { id: role.id } })).body.data).toMatchObject({ roleKey: 'editable', appId: baseId });
    expect((await save({ ...roleBody('editable'), id: 99999999999 })).body.code).toBe(Code.NOT_FOUND);
  });

  it('refuses an app that does not exist', async () => {
    for (const appId of [987654, 99999999999, 'x', '']) {
      const refused = await save(roleBody('orphan', { appId }));
      expect(refused.body.code, String(appId)).toBe(Code.VALIDATION_FAILED);
      expect(Object.keys(fieldsOf(refused.body.data))).toEqual(['appId']);
    }
  });
});

describe('role limits', () => {
  let serial = 0;
  const key = (length: number) => {
    const prefix = `L${++serial}-`;
    return prefix + 'k'.repeat(length - prefix.length);
  };
  const cases: Array<{ field: string; value: unknown; accepted: boolean }> = [
    { field: 'roleKey', value: key(20), accepted: true },
    { field: 'roleKey', value: key(21), accepted: false },
    { field: 'roleKey', value: '  ', accepted: false },
    { field: 'name', value: '名'.repeat(20), accepted: true },
    { field: 'name', value: '名'.repeat(21), accepted: false },
    { field: 'description', value: 'd'.repeat(100), accepted: true },
    { field: 'description', value: 'd'.repeat(101), accepted: false },
    { field: 'sortNum', value: '9999999999', accepted: true },
    { field: 'sortNum', value: '12345678901', accepted: false },
    { field: 'sortNum', value: '1a', accepted: false },
    { field: 'roleType', value: 1, accepted: true },
    { field: 'roleType', value: 3, accepted: false },
    { field: 'isEnable', value: '0', accepted: true },
    { field: 'isEnable', value: '2', accepted: false },
    { field: 'appId', value: undefined, accepted: false },
  ];

  const shown = (value: unknown) => (typeof value === 'string' && value.length > 12 ? `${value.length} chars` : JSON.stringify(value) ?? 'absent');
  it.each(cases.map((c) => ({ ...c, shown: shown(c.value) })))('$field = $shown: accepted $accepted', async ({ field, value, accepted }) => {
    const body = { ...roleBody(key(12)), [field]: value };
    const answer = await save(body);
    if (accepted) {
      expect(answer.body.code, JSON.stringify(answer.body)).toBe(Code.OK);
      const stored = await server.call<Record<string, unknown>>('GET', '/base/admin/role/detail', { token, query: { id: answer.body.data.id } });
      expect(String(stored.body.data[field])).toBe(String(value));
    } else {
      expect(answer.body.code).toBe(Code.VALIDATION_FAILED);
      expect(Object.keys(fieldsOf(answer.body.data))).toEqual([field]);
      expect(await server.db.selectFrom('role').select('id').where('roleKey', '=', String(body.roleKey)).execute()).toEqual([]);
    }
  });
});

describe('the status flag', () => {
  const stored = async (body: Record<string, unknown>) => {
    const answer = await save(body);
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(Code.OK);
    return (await server.call<Role>('GET', '/base/admin/role/detail', { token, query: { id: answer.body.data.id } })).body.data.isEnable;
  };

  it("takes true/false as well as '1'/'0', and answers '1'/'0'", async () => {
    const base = roleBody('flag.a');
    expect(await stored({ ...base, roleKey: 'flag.true', isEnable: true })).toBe('1');
    expect(await stored({ ...base, roleKey: 'flag.one', isEnable: '1' })).toBe('1');
    expect(await stored({ ...base, roleKey: 'flag.false', isEnable: false })).toBe('0');
    expect(await stored({ ...base, roleKey: 'flag.zero', isEnable: '0' })).toBe('0');
  });

  it('makes a new role enabled when the status is not given, and keeps it on an update that leaves it out', async () => {
    const { isEnable: _omitted, ...withoutStatus } = roleBody('flag.default');
    expect(await stored(withoutStatus)).toBe('1');
    const off = (await save({ ...roleBody('flag.kept'), isEnable: '0' })).body.data;
    expect(await stored({ id: off.id, name: 'renamed' })).toBe('0');
  });
});

describe('deleting roles', () => {
  it('takes the grants and the user links of the roles with them, all or nothing', async () => {
    const { userId, roleId } = await server.createUser({ code: 'linked', password: 'linked-pass', apis: ['/param/list'] });
    const spare = (await save(roleBody('spare'))).body.data;
    expect((await server.call('GET', '/base/admin/role/delete', { token, query: { ids: `${roleId},987654` } })).body.code).toBe(Code.NOT_FOUND);
    expect(await server.db.selectFrom('rolePermission').select('permissionId').where('roleId', '=', roleId).execute()).toHaveLength(1);

    const deleted = await server.call('POST', '/base/admin/role/delete', { token, body: { ids: `${roleId},${spare.id}` } });
    expect(deleted.body.code).toBe(Code.OK);
    expect(await server.db.selectFrom('role').select('id').where('id', 'in', [roleId, spare.id]).execute()).toEqual([]);
    expect(await server.db.selectFrom('rolePermission').select('permissionId').where('roleId', '=', roleId).execute()).toEqual([]);
    expect(await server.db.selectFrom('userRole').select('roleId').where('userId', '=', userId).execute()).toEqual([]);
    expect((await server.call('GET', '/base/admin/role/delete', { token, query: { ids: 99999999999 } })).body.code).toBe(Code.NOT_FOUND);
  });
});
