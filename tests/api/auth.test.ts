import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract';
import { sha256Hex } from '../../server/auth/passwords';
import { ADMIN, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('login', () => {
  it('answers a token, the base app id, the granted menu tree and the password-change flag', async () => {
    const { status, body } = await server.login(ADMIN.username, ADMIN.password);
    expect(status).toBe(200);
    expect(body.code).toBe(Code.OK);
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const base = await server.db.selectFrom('app').select('id').where('code', '=', 'base').executeTakeFirstOrThrow();
    expect(body.data.appId).toBe(base.id);
    expect(body.data.auth_router.length).toBeGreaterThan(0);
    expect(body.data.mustChangePassword).toBe(false);
  });

  it('trims the username', async () => {
    const { body } = await server.call('POST', '/base/admin/user/login', { body: { username: '  admin ', password: sha256Hex(ADMIN.password) } });
    expect(body.code).toBe(Code.OK);
  });

  it('refuses a wrong password and an unknown user with the same message', async () => {
    const wrong = await server.login(ADMIN.username, 'not-the-password', { remoteAddress: '10.1.0.1' });
    const unknown = await server.login('nobody', ADMIN.password, { remoteAddress: '10.1.0.2' });
    expect(wrong.body.code).toBe(Code.LOGIN_FAILED);
    expect(unknown.body.code).toBe(Code.LOGIN_FAILED);
    expect(wrong.body.msg).toBe('用户名或密码错误');
    expect(unknown.body.msg).toBe(wrong.body.msg);
    expect(wrong.body.data).toBeNull();
  });

  it('refuses a disabled user even with the right password', async () => {
    await server.createUser({ code: 'disabled1', password: 'secret-1' });
    await server.db.updateTable('user').set({ isEnable: '0' }).where('code', '=', 'disabled1').execute();
    const { body } = await server.login('disabled1', 'secret-1');
    expect(body.code).toBe(Code.LOGIN_FAILED);
  });

  it('validates the request shape with field messages', async () => {
    const notHashed = await server.call('POST', '/base/admin/user/login', { body: { username: 'admin', password: 'plain-text' } });
    expect(notHashed.status).toBe(400);
    expect(notHashed.body.code).toBe(Code.VALIDATION_FAILED);
    expect(notHashed.body.data).toEqual({ fields: { password: expect.any(String) } });

    const empty = await server.call<{ fields: Record<string, string> }>('POST', '/base/admin/user/login', { body: {} });
    expect(empty.body.code).toBe(Code.VALIDATION_FAILED);
    expect(Object.keys(empty.body.data.fields).sort()).toEqual(['password', 'username']);
    expect(empty.body.data.fields.username).toBe('用户名不能为空');
  });

  it('stores only a hash of the token and a salted scrypt of the password', async () => {
    const token = await server.tokenFor(ADMIN.username, ADMIN.password);
    const sessions = await server.db.selectFrom('session').select('tokenHash').execute();
    expect(sessions.some((s) => s.tokenHash === token)).toBe(false);
    expect(sessions.every((s) => /^[0-9a-f]{64}$/.test(s.tokenHash))).toBe(true);
    const admin = await server.db.selectFrom('user').select('passwordHash').where('code', '=', 'admin').executeTakeFirstOrThrow();
    expect(admin.passwordHash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+$/);
    expect(admin.passwordHash).not.toContain(sha256Hex(ADMIN.password));
  });
});

describe('tokens', () => {
  it('answers 1002 without a token, on session and permission routes alike', async () => {
    for (const url of ['/base/admin/user/info', '/base/admin/param/list', '/base/admin/permission/pemByUserAndApp']) {
      const { status, body } = await server.call('GET', url);
      expect(status).toBe(401);
      expect(body).toEqual({ code: Code.NO_TOKEN, msg: '请先登录', data: null });
    }
  });

  it('answers 1002 to a forged token', async () => {
    const forged = Buffer.alloc(32, 7).toString('base64url');
    const { body } = await server.call('GET', '/base/admin/user/info', { token: forged });
    expect(body.code).toBe(Code.NO_TOKEN);
  });

  it('gives the caller info with the header token, or the token query parameter', async () => {
    const token = await server.tokenFor(ADMIN.username, ADMIN.password);
    const byHeader = await server.call<{ name: string; code: string }>('GET', '/base/admin/user/info', { token });
    expect(byHeader.body.code).toBe(Code.OK);
    expect(byHeader.body.data).toMatchObject({ name: '超级管理员', code: 'admin', avatar: '' });
    const byQuery = await server.call('GET', '/base/admin/user/info', { query: { token } });
    expect(byQuery.body).toEqual(byHeader.body);
  });

  it('answers 1007 after logout, and logout of one session leaves the others', async () => {
    const first = await server.tokenFor(ADMIN.username, ADMIN.password);
    const second = await server.tokenFor(ADMIN.username, ADMIN.password);
    expect((await server.call('POST', '/base/admin/user/logout', { token: first })).body.code).toBe(Code.OK);
    const after = await server.call('GET', '/base/admin/param/list', { token: first });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(Code.TOKEN_EXPIRED);
    expect((await server.call('GET', '/base/admin/param/list', { token: second })).body.code).toBe(Code.OK);
  });

  it('ends the sessions of a user who is disabled (1007)', async () => {
    await server.createUser({ code: 'disabled2', password: 'secret-2', apis: ['/param/list'] });
    const token = await server.tokenFor('disabled2', 'secret-2');
    expect((await server.call('GET', '/base/admin/param/list', { token })).body.code).toBe(Code.OK);
    await server.db.updateTable('user').set({ isEnable: '0' }).where('code', '=', 'disabled2').execute();
    expect((await server.call('GET', '/base/admin/param/list', { token })).body.code).toBe(Code.TOKEN_EXPIRED);
    expect((await server.call('GET', '/base/admin/user/info', { token })).body.code).toBe(Code.TOKEN_EXPIRED);
  });

  it('makes a user who must change the password do that first (1008), session calls still work', async () => {
    await server.createUser({ code: 'mustchange', password: 'secret-3', apis: ['/param/list'] });
    await server.db.updateTable('user').set({ mustChangePassword: 1 }).where('code', '=', 'mustchange').execute();
    const login = await server.login('mustchange', 'secret-3');
    expect(login.body.data.mustChangePassword).toBe(true);
    const token = login.body.data.token;
    const refused = await server.call('GET', '/base/admin/param/list', { token });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(Code.PASSWORD_CHANGE_REQUIRED);
    expect((await server.call('GET', '/base/admin/user/info', { token })).body.code).toBe(Code.OK);
  });
});
