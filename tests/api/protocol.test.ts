import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { Code } from '../../contract';
import { ADMIN, startTestServer, type TestServer } from './harness';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.tokenFor(ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await server?.close();
});

describe('request bodies', () => {
  it('answers malformed JSON with 1000, on public and guarded routes', async () => {
    for (const [url, auth] of [['/base/admin/user/login', undefined], ['/base/admin/param/saveOrUpdate', token]] as const) {
      const { status, body } = await server.call('POST', url, { token: auth, body: '{"username": "admin",' });
      expect(status).toBe(400);
      expect(body).toEqual({ code: Code.BAD_REQUEST, msg: '请求格式错误', data: null });
    }
  });

  it('answers an unsupported content type with 1000', async () => {
    const { status, body } = await server.call('POST', '/base/admin/param/saveOrUpdate', {
      token,
      body: 'paramKey=a',
      headers: { 'content-type': 'text/csv' },
    });
    expect(status).toBe(415);
    expect(body.code).toBe(Code.BAD_REQUEST);
  });

  it('refuses a body over 1 MiB with 1010 and stores nothing', async () => {
    const huge = JSON.stringify({ sortNum: 1, paramKey: 'huge', value: 'v', remark: 'x'.repeat(1.5 * 1024 * 1024) });
    const { status, body } = await server.call('POST', '/base/admin/param/saveOrUpdate', { token, body: huge });
    expect(status).toBe(413);
    expect(body).toEqual({ code: Code.PAYLOAD_TOO_LARGE, msg: '请求内容过大', data: null });
    expect(await server.db.selectFrom('param').select('id').where('paramKey', '=', 'huge').execute()).toEqual([]);
  });

  it('ignores unknown fields and keeps the envelope for a JSON array body', async () => {
    const saved = await server.call<Record<string, unknown>>('POST', '/base/admin/param/saveOrUpdate', {
      token,
      body: { sortNum: 1, paramKey: 'extra', value: 'v', isAdmin: true, createTime: 5, version: 7 },
    });
    expect(saved.body.code).toBe(Code.OK);
    expect(Object.keys(saved.body.data).sort()).toEqual(['id', 'paramKey', 'remark', 'sortNum', 'spareParam', 'value', 'version']);
    // The version is the server's: a new record starts at 1 whatever the request says.
    expect(saved.body.data.version).toBe(1);
    const array = await server.call('POST', '/base/admin/param/saveOrUpdate', { token, body: [1, 2] });
    expect(array.body.code).toBe(Code.VALIDATION_FAILED);
  });
});

describe('language', () => {
  it('answers in Chinese by default and in English when Accept-Language starts with en', async () => {
    expect((await server.call('GET', '/base/admin/user/info')).body.msg).toBe('请先登录');
    expect((await server.call('GET', '/base/admin/user/info', { headers: { 'accept-language': 'zh-CN,zh;q=0.9' } })).body.msg).toBe('请先登录');
    expect((await server.call('GET', '/base/admin/user/info', { headers: { 'accept-language': 'en-GB,en;q=0.8' } })).body.msg).toBe('Please log in');
    const ok = await server.call('GET', '/base/admin/param/list', { token, headers: { 'accept-language': 'en' } });
    expect(ok.body.msg).toBe('operation successful');
  });
});

describe('headers', () => {
  it('sets security headers everywhere and forbids caching API answers', async () => {
    for (const url of ['/base/admin/param/list', '/healthz', '/nowhere']) {
      const { headers } = await server.call('GET', url, { token });
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['referrer-policy']).toBe('no-referrer');
    }
    expect((await server.call('GET', '/base/admin/param/list', { token })).headers['cache-control']).toBe('no-store');
  });
});

describe('health', () => {
  it('answers 200 {status: ok} without a token', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('unknown paths outside the API', () => {
  it('answer 1004 when no console is built', async () => {
    const { status, body } = await server.call('GET', '/system/param');
    expect(status).toBe(404);
    expect(body.code).toBe(Code.NOT_FOUND);
  });
});

describe('internal errors', () => {
  it('answer 1500 with a generic message and no stack trace or SQL', async () => {
    const broken = await startTestServer();
    try {
      const adminToken = await broken.tokenFor(ADMIN.username, ADMIN.password);
      await sql`drop table param`.execute(broken.db);
      const { status, body, text } = await broken.call('GET', '/base/admin/param/list', { token: adminToken });
      expect(status).toBe(500);
      expect(body).toEqual({ code: Code.INTERNAL_ERROR, msg: '服务器内部错误', data: null });
      expect(text).not.toMatch(/param|stack|at |select|sqlite|relation/i);
    } finally {
      await broken.close();
    }
  });
});
