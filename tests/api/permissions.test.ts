/**
 * Authorization as a table: every kind of caller against every kind of call, including the callers
 * expected to be refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract';
import { ADMIN, startTestServer, type TestServer } from './harness';

let server: TestServer;
const tokens: Record<string, string> = {};
let paramId: number;

beforeAll(async () => {
  server = await startTestServer();
  await server.createUser({ code: 'reader', password: 'reader-pass', apis: ['/param/list'] });
  await server.createUser({ code: 'norole', password: 'norole-pass' });
  const { roleId } = await server.createUser({ code: 'offrole', password: 'offrole-pass', apis: ['/param/list', '/app/list'] });
  await server.db.updateTable('role').set({ isEnable: '0' }).where('id', '=', roleId).execute();
  tokens.admin = await server.tokenFor(ADMIN.username, ADMIN.password);
  tokens.reader = await server.tokenFor('reader', 'reader-pass');
  tokens.norole = await server.tokenFor('norole', 'norole-pass');
  tokens.offrole = await server.tokenFor('offrole', 'offrole-pass');
  const created = await server.call<{ id: number }>('POST', '/base/admin/param/saveOrUpdate', {
    token: tokens.admin,
    body: { sortNum: 1, paramKey: 'perm.fixture', value: 'v' },
  });
  paramId = created.body.data.id;
});
afterAll(async () => {
  await server?.close();
});

type Caller = 'admin' | 'reader' | 'norole' | 'offrole';
interface Row {
  call: string;
  method: 'GET' | 'POST';
  url: () => string;
  body?: () => unknown;
  allowed: Caller[];
}

const table: Row[] = [
  { call: 'param list', method: 'GET', url: () => '/base/admin/param/list', allowed: ['admin', 'reader'] },
  { call: 'param list (POST)', method: 'POST', url: () => '/base/admin/param/list', body: () => ({ page: 1 }), allowed: ['admin', 'reader'] },
  { call: 'param detail', method: 'GET', url: () => `/base/admin/param/detail?id=${paramId}`, allowed: ['admin'] },
  {
    call: 'param save',
    method: 'POST',
    url: () => '/base/admin/param/saveOrUpdate',
    body: () => ({ id: paramId, sortNum: 2, paramKey: 'perm.fixture', value: 'changed' }),
    allowed: ['admin'],
  },
  { call: 'param key check', method: 'GET', url: () => '/base/admin/param/vaildKey?paramKey=x', allowed: ['admin'] },
  { call: 'param delete', method: 'GET', url: () => '/base/admin/param/delete?ids=999999', allowed: ['admin'] },
  { call: 'app list', method: 'GET', url: () => '/base/admin/app/list', allowed: ['admin'] },
  { call: 'app key check', method: 'GET', url: () => '/base/admin/app/validateCode?code=x', allowed: ['admin'] },
];

describe.each(table)('$call', (row) => {
  it.each<Caller>(['admin', 'reader', 'norole', 'offrole'])('for %s', async (caller) => {
    const { status, body } = await server.call(row.method, row.url(), { token: tokens[caller], body: row.body?.() });
    if (row.allowed.includes(caller)) {
      expect(body.code).not.toBe(Code.FORBIDDEN);
      expect([Code.OK, Code.NOT_FOUND]).toContain(body.code);
    } else {
      expect(status).toBe(403);
      expect(body).toEqual({ code: Code.FORBIDDEN, msg: '没有访问权限', data: null });
    }
  });
});

describe('refused calls', () => {
  it('change nothing', async () => {
    const refused = await server.call('POST', '/base/admin/param/saveOrUpdate', {
      token: tokens.reader,
      body: { sortNum: 1, paramKey: 'sneaky', value: 'v' },
    });
    expect(refused.body.code).toBe(Code.FORBIDDEN);
    const stored = await server.db.selectFrom('param').select('id').where('paramKey', '=', 'sneaky').execute();
    expect(stored).toEqual([]);
  });

  it('do not parse the body first: a refused caller with malformed JSON still gets 1003', async () => {
    const { body } = await server.call('POST', '/base/admin/param/saveOrUpdate', { token: tokens.reader, body: '{"broken' });
    expect(body.code).toBe(Code.FORBIDDEN);
  });
});

describe('grants', () => {
  it('take effect on the very next request, both ways', async () => {
    const { userId, roleId } = await server.createUser({ code: 'grantee', password: 'grantee-pass' });
    const token = await server.tokenFor('grantee', 'grantee-pass');
    expect((await server.call('GET', '/base/admin/app/list', { token })).body.code).toBe(Code.FORBIDDEN);

    const api = await server.db.selectFrom('permission').select('id').where('url', '=', '/app/list').where('menuType', '=', 2).execute();
    await server.db.insertInto('rolePermission').values(api.map((p) => ({ roleId, permissionId: p.id }))).execute();
    expect((await server.call('GET', '/base/admin/app/list', { token })).body.code).toBe(Code.OK);

    await server.db.deleteFrom('userRole').where('userId', '=', userId).execute();
    expect((await server.call('GET', '/base/admin/app/list', { token })).body.code).toBe(Code.FORBIDDEN);
  });

  it('of another app do not open base app routes', async () => {
    const { roleId } = await server.createUser({ code: 'otherapp', password: 'otherapp-pass' });
    const other = await server.call<{ id: number }>('POST', '/base/admin/app/saveOrUpdate', {
      token: tokens.admin,
      body: { code: 'other', name: '其他系统', businessType: 1, isEnable: '1', sort: 9, address: 'https://other.example.com' },
    });
    const { id: permissionId } = await server.db
      .insertInto('permission')
      .values({ parentId: 0, appId: other.body.data.id, name: '同名接口', sort: 1, path: '', url: '/app/list', icon: '', code: '9001', menuType: 2 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db.insertInto('rolePermission').values({ roleId, permissionId }).execute();
    const token = await server.tokenFor('otherapp', 'otherapp-pass');
    expect((await server.call('GET', '/base/admin/app/list', { token })).body.code).toBe(Code.FORBIDDEN);
  });
});

describe('unknown routes under /base/admin', () => {
  it('answer 1002 to anonymous callers, so routes cannot be enumerated', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const { status, body } = await server.call(method, '/base/admin/secret/thing');
      expect(status).toBe(401);
      expect(body.code).toBe(Code.NO_TOKEN);
    }
  });

  it('answer 1003 to authenticated callers, even the super admin', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const { status, body } = await server.call(method, '/base/admin/secret/thing', { token: tokens.admin });
      expect(status).toBe(403);
      expect(body.code).toBe(Code.FORBIDDEN);
    }
  });

  it('answer 1007 to an ended session', async () => {
    const token = await server.tokenFor(ADMIN.username, ADMIN.password);
    await server.call('POST', '/base/admin/user/logout', { token });
    expect((await server.call('GET', '/base/admin/nope', { token })).body.code).toBe(Code.TOKEN_EXPIRED);
  });
});

describe('session calls', () => {
  it('need only a valid session, no grant', async () => {
    expect((await server.call('GET', '/base/admin/user/info', { token: tokens.norole })).body.code).toBe(Code.OK);
    const menus = await server.call<{ menus: unknown[] }>('GET', '/base/admin/permission/pemByUserAndApp', { token: tokens.norole });
    expect(menus.body.code).toBe(Code.OK);
    expect(menus.body.data.menus).toEqual([]);
  });
});
