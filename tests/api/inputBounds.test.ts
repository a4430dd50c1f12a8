/**
 * What an outside fuzzer found, each reproduced: every request carrying a list, a number or a text
 * is bounded before it reaches SQL or hashing, a value of the wrong shape is refused with 1001,
 * and every refusal, Fastify's own included, is the envelope in the caller's language.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, MAX_RESET_IDS, type ListData } from '../../contract';
import { sha256Hex } from '../../server/auth/passwords';
import { ADMIN, startTestServer, type TestServer } from './harness';
import { create, staffInput, USER } from './staffFixtures';

let server: TestServer;
let admin: string;
const EN = { 'accept-language': 'en-US' };

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await server?.close();
});

describe('search texts', () => {
  it('drop control characters before the full-text search: a NUL in the staff search finds what the text without it finds', async () => {
    await create(server, admin, staffInput(501, { name: '欧阳修远' }));
    expect((await server.call('GET', `${USER}/list?searchKey=%21%20%00`, { token: admin })).body).toMatchObject({ code: 0, data: { total: 0 } });
    for (const query of ['name=%E6%AC%A7%E9%98%B3%00%E4%BF%AE', 'searchKey=%00%E6%AC%A7%E9%98%B3%E4%BF%AE%E8%BF%9C', 'name=%E6%AC%A7%00']) {
      const answer = await server.call<ListData<{ name: string }>>('GET', `${USER}/list?${query}`, { token: admin });
      expect(answer.body.code, query).toBe(0);
      expect(answer.body.data.items.map((row) => row.name), query).toEqual(['欧阳修远']);
    }
  });

  it('are bounded by what the field holds: a longer one is refused naming the field, the longest one is searched', async () => {
    await server.call('POST', '/base/admin/param/saveOrUpdate', { token: admin, body: { sortNum: 1, paramKey: 'k-bounds', value: 'v', remark: 'x'.repeat(500) } });
    const tooLong = await server.call('POST', '/base/admin/param/list', { token: admin, body: { remark: 'x'.repeat(100_000) }, headers: EN });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ code: Code.VALIDATION_FAILED, msg: 'Remark must be at most 500 characters', data: { fields: { remark: 'Remark must be at most 500 characters' } } });
    const longest = await server.call<ListData<{ paramKey: string }>>('POST', '/base/admin/param/list', { token: admin, body: { remark: 'x'.repeat(500) } });
    expect(longest.body.data.items.map((row) => row.paramKey)).toEqual(['k-bounds']);

    const staffName = await server.call('GET', `${USER}/list`, { token: admin, query: { name: '张'.repeat(21) } });
    expect(staffName.body).toMatchObject({ code: Code.VALIDATION_FAILED, data: { fields: { name: '姓名长度不能超过20个字符' } } });
    const keyword = await server.call('POST', `${USER}/filterList`, { token: admin, body: { searchKey: 'x'.repeat(21) } });
    expect(keyword.body).toMatchObject({ code: Code.VALIDATION_FAILED, data: { fields: { searchKey: '关键字长度不能超过20个字符' } } });
  });
});

describe('paging numbers', () => {
  it.each(['/user/list', '/user/filterList', '/app/list', '/role/list', '/param/list'])('a huge JSON page number on %s reads as the first page', async (path) => {
    const first = await server.call('POST', `/base/admin${path}`, { token: admin, body: {} });
    const huge = await server.call('POST', `/base/admin${path}`, { token: admin, body: '{"pageNo":1e+21,"pageSize":1e+300}' });
    expect(huge.status).toBe(200);
    expect(huge.body).toEqual(first.body);
  });
});

describe('a value of the wrong shape', () => {
  const saveRoutes = () => server.app.routeTable.filter((r) => r.method === 'POST' && r.url.endsWith('/saveOrUpdate')).map((r) => r.url);

  it('is refused with 1001 on every saveOrUpdate, naming the field', async () => {
    expect(saveRoutes().length).toBeGreaterThan(5);
    for (const url of saveRoutes()) {
      const poisoned = { isEnable: { toString: 1 }, menuType: { toString: 1 }, type: { toString: 1 }, name: { valueOf: 1 }, appId: { toString: 1 } };
      for (const body of [poisoned, { userCenter: poisoned, roleIds: [{ toString: 1 }] }]) {
        const answer = await server.call('POST', url, { token: admin, body });
        expect(answer.status, `${url} ${answer.text}`).toBeLessThan(500);
        expect([Code.VALIDATION_FAILED, Code.NOT_FOUND], `${url} ${answer.text}`).toContain(answer.body.code);
      }
    }
    const app = await server.call('POST', '/base/admin/app/saveOrUpdate', {
      token: admin,
      body: { code: 'shape', name: '形状', businessType: 1, isEnable: { toString: 1 }, sort: 1, address: '/x' },
    });
    expect(app.body).toMatchObject({ code: Code.VALIDATION_FAILED, data: { fields: { isEnable: expect.any(String) } } });
  });

  it('is refused by the menu list', async () => {
    const answer = await server.call('POST', '/base/admin/menu/list', { token: admin, body: { parentId: { toString: 1 }, appId: { toString: 1 } } });
    expect(answer.body.code).toBe(Code.VALIDATION_FAILED);
  });

  it('a control character in saved text is refused (PostgreSQL cannot store NUL)', async () => {
    const answer = await server.call('POST', '/base/admin/param/saveOrUpdate', { token: admin, body: { sortNum: 1, paramKey: 'k\u0000nul', value: 'v' }, headers: EN });
    expect(answer.body).toMatchObject({ code: Code.VALIDATION_FAILED, data: { fields: { paramKey: 'Key cannot contain control characters' } } });
    expect(await server.db.selectFrom('param').select('id').where('paramKey', 'like', 'k%nul').execute()).toEqual([]);
  });
});

describe('password reset', () => {
  const reset = (ids: string, headers?: Record<string, string>) => server.call('POST', `${USER}/resetPwd`, { token: admin, body: { ids, pwd: sha256Hex('another-pass') }, headers });
  const ids = (n: number, from: number) => Array.from({ length: n }, (_, i) => from + i).join(',');

  it(`names at most ${MAX_RESET_IDS} accounts: 1,000 ids are refused at once, saying the bound`, async () => {
    const started = Date.now();
    const answer = await reset(ids(1000, 800_000), EN);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(answer.body).toMatchObject({ code: Code.VALIDATION_FAILED, msg: `At most ${MAX_RESET_IDS} passwords can be reset at once` });
  });

  it('checks that every account exists and may be reset before hashing, and leaves the others’ logins free meanwhile', async () => {
    const members: number[] = [];
    for (let n = 0; n < MAX_RESET_IDS; n++) members.push(await create(server, admin, staffInput(600 + n)));
    const hashes = async () => (await server.db.selectFrom('user').select('passwordHash').where('id', 'in', members).execute()).map((r) => r.passwordHash);
    const before = await hashes();

    let started = Date.now();
    expect((await reset(`${members.slice(1).join(',')},987654`)).body.code).toBe(Code.NOT_FOUND);
    expect(Date.now() - started, 'refused before any hashing').toBeLessThan(1000);
    const adminId = (await server.db.selectFrom('user').select('id').where('code', '=', 'admin').executeTakeFirstOrThrow()).id;
    started = Date.now();
    expect((await reset(`${members.slice(1).join(',')},${adminId}`)).body.code).toBe(Code.FORBIDDEN);
    expect(Date.now() - started, 'refused before any hashing').toBeLessThan(1000);
    expect(await hashes()).toEqual(before);

    const resetting = reset(members.join(','));
    started = Date.now();
    expect((await server.login(ADMIN.username, ADMIN.password)).body.code).toBe(0);
    expect(Date.now() - started, 'a login beside a full reset').toBeLessThan(1000);
    expect((await resetting).body.code).toBe(0);
    expect((await hashes()).every((hash, i) => hash !== before[i])).toBe(true);
  });
});

describe('Fastify’s own refusals answer the envelope in the caller’s language', () => {
  it('a path that is not a valid URL', async () => {
    const answer = await server.call('GET', '/base/admin/param/%', { token: admin, headers: EN });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: Code.BAD_REQUEST, msg: 'The request is malformed', data: null });
  });

  it('malformed JSON, a poisoned prototype key, an unknown content type and a body past the limit', async () => {
    const cases: Array<[string, Record<string, string>, number, number]> = [
      ['{"pageNo":', { 'content-type': 'application/json' }, 400, Code.BAD_REQUEST],
      ['{"__proto__":{"x":1}}', { 'content-type': 'application/json' }, 400, Code.BAD_REQUEST],
      ['{"constructor":{"prototype":{"x":1}}}', { 'content-type': 'application/json' }, 400, Code.BAD_REQUEST],
      ['<a/>', { 'content-type': 'application/xml' }, 415, Code.BAD_REQUEST],
      [`{"remark":"${'x'.repeat(1_100_000)}"}`, { 'content-type': 'application/json' }, 413, Code.PAYLOAD_TOO_LARGE],
    ];
    for (const [body, headers, status, code] of cases) {
      const answer = await server.call('POST', '/base/admin/param/list', { token: admin, body, headers: { ...headers, ...EN } });
      expect([answer.status, answer.body.code], body.slice(0, 40)).toEqual([status, code]);
      expect(answer.body.msg).toMatch(/^The request/);
    }
  });

  it('a 20 KB query string over a real connection (Node refuses it before Fastify sees a request)', async () => {
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const sent = httpRequest({ host: '127.0.0.1', port, path: `/base/admin/param/list?remark=${'x'.repeat(20_000)}`, headers: { ...EN, access_token: admin } }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      sent.on('error', reject);
      sent.end();
    });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({ code: Code.PAYLOAD_TOO_LARGE, msg: 'The request is too large', data: null });
    expect((server.app.server.address() as AddressInfo).port).toBe(Number(port));
  });
});
