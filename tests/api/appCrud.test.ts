import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type App, type ListData } from '../../contract';
import { ADMIN, startTestServer, type TestServer } from './harness';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ demo: true });
  token = await server.tokenFor(ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await server?.close();
});

const appBody = (code: string, extra: Record<string, unknown> = {}) => ({
  code,
  name: `系统${code}`,
  businessType: 1,
  isEnable: '1',
  sort: 60,
  address: `https://${code}.example.com`,
  ...extra,
});
const save = (body: Record<string, unknown>, headers?: Record<string, string>) =>
  server.call<App>('POST', '/base/admin/app/saveOrUpdate', { token, body, headers });
const validateCode = (query: Record<string, string | number>) => server.call<boolean>('GET', '/base/admin/app/validateCode', { token, query });

describe('sub-systems end to end', () => {
  it('lists the seeded apps ordered by sort, with pageNo/pageSize', async () => {
    const { body } = await server.call<ListData<App>>('GET', '/base/admin/app/list', { token, query: { pageNo: 1, pageSize: 1000 } });
    expect(body.code).toBe(Code.OK);
    expect(body.data.items[0]).toMatchObject({ code: 'base', name: '基础平台', businessType: 3, isEnable: '1', address: '/', logo: null });
    const sorts = body.data.items.map((a) => a.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
    expect(body.data.total).toBe(body.data.items.length);
  });

  it('creates with a server-set createTime that an update keeps', async () => {
    const before = Date.now();
    const created = await save(appBody('life', { businessType: '2', createTime: 1 }));
    expect(created.body.code).toBe(Code.OK);
    const record = created.body.data as App & { createTime: number };
    expect(record).toMatchObject({ code: 'life', businessType: 2, logo: null });
    expect(record.createTime).toBeGreaterThanOrEqual(before);

    const updated = await save({ ...appBody('life', { name: '改名', logo: 'https://cdn.example.com/l.png' }), id: record.id });
    expect(updated.body.data).toMatchObject({ id: record.id, name: '改名', logo: 'https://cdn.example.com/l.png', createTime: record.createTime });

    const found = await server.call<ListData<App>>('GET', '/base/admin/app/list', { token, query: { name: '改' } });
    expect(found.body.data.items.map((a) => a.code)).toEqual(['life']);
    expect((await server.call('GET', '/base/admin/app/delete', { token, query: { ids: record.id } })).body.code).toBe(Code.OK);
  });
});

describe('duplicates', () => {
  it('refuses a second app with the same code with the contract message', async () => {
    expect((await save(appBody('dup'))).body.code).toBe(Code.OK);
    const again = await save(appBody('dup', { name: '另一个' }));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: Code.DUPLICATE, msg: '子系统编号不可以重复', data: { fields: { code: '子系统编号不可以重复' } } });
    const english = await save(appBody('dup'), { 'accept-language': 'en-US,en;q=0.9' });
    expect(english.body.msg).toBe('This sub-system code already exists');
    const stored = await server.db.selectFrom('app').select('id').where('code', '=', 'dup').execute();
    expect(stored).toHaveLength(1);
  });

  it('refuses a duplicate parameter key with the contract message', async () => {
    const body = { sortNum: 1, paramKey: 'dup.key', value: 'v' };
    expect((await server.call('POST', '/base/admin/param/saveOrUpdate', { token, body })).body.code).toBe(Code.OK);
    const again = await server.call('POST', '/base/admin/param/saveOrUpdate', { token, body });
    expect(again.body.code).toBe(Code.DUPLICATE);
    expect(again.body.msg).toBe('key值不可以重复');
  });

  it('lets the key check say free, taken, or owned by the record being edited', async () => {
    const own = (await save(appBody('owned'))).body.data;
    const other = (await save(appBody('other'))).body.data;
    expect((await validateCode({ code: 'free-code' })).body).toMatchObject({ code: Code.OK, data: true });
    expect((await validateCode({ code: 'owned' })).body.data).toBe(false);
    expect((await validateCode({ code: ' owned ' })).body.data).toBe(false);
    expect((await validateCode({ code: 'owned', id: own.id })).body.data).toBe(true);
    expect((await validateCode({ code: 'owned', id: other.id })).body.data).toBe(false);
    expect((await validateCode({})).body.code).toBe(Code.VALIDATION_FAILED);
    expect((await validateCode({ code: 'owned', id: 'x' })).body.code).toBe(Code.VALIDATION_FAILED);

    const vaildKey = (paramKey: string) => server.call<boolean>('GET', '/base/admin/param/vaildKey', { token, query: { paramKey } });
    expect((await vaildKey('site.title')).body.data).toBe(false);
    expect((await vaildKey('no.such.key')).body.data).toBe(true);
  });

  it('lets the database index decide between two simultaneous saves of one code', async () => {
    const answers = await Promise.all([save(appBody('race')), save(appBody('race')), save(appBody('race'))]);
    const codes = answers.map((a) => a.body.code).sort();
    expect(codes).toEqual([Code.OK, Code.DUPLICATE, Code.DUPLICATE]);
  });
});

describe('protected sub-systems', () => {
  it('never deletes the base platform', async () => {
    const base = await server.db.selectFrom('app').select('id').where('code', '=', 'base').executeTakeFirstOrThrow();
    const crm = await server.db.selectFrom('app').select('id').where('code', '=', 'crm').executeTakeFirstOrThrow();
    const { status, body } = await server.call('GET', '/base/admin/app/delete', { token, query: { ids: `${crm.id},${base.id}` } });
    expect(status).toBe(409);
    expect(body.code).toBe(Code.CONFLICT);
    expect(body.msg).toBe('基础平台不能删除');
    expect(await server.db.selectFrom('app').select('id').where('id', 'in', [base.id, crm.id]).execute()).toHaveLength(2);
  });

  it('refuses to delete a sub-system that still has roles', async () => {
    const app = (await save(appBody('inuse'))).body.data;
    await server.db
      .insertInto('role')
      .values({ sortNum: 1, roleKey: 'viewer', name: '查看者', appId: app.id, isEnable: '1', description: null, roleType: 2 })
      .execute();
    const { body } = await server.call('GET', '/base/admin/app/delete', { token, query: { ids: app.id } });
    expect(body.code).toBe(Code.CONFLICT);
    expect((await server.call('GET', '/base/admin/app/detail', { token, query: { id: app.id } })).body.code).toBe(Code.OK);
  });
});
