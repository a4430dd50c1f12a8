/**
 * A new password (an administrator's reset, a member's change) is refused when it is the SHA-256
 * of the empty string or of a common weak password, with a message that says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract';
import { sha256Hex } from '../../server/auth/passwords';
import { ADMIN, startTestServer, type TestServer } from './harness';

let server: TestServer;
let admin: string;
let memberId: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
  ({ userId: memberId } = await server.createUser({ code: 'member', password: 'member-pass-1' }));
});
afterAll(async () => {
  await server?.close();
});

const WEAK = ['', 'a', '123456', 'password', 'admin123', 'qwerty', '88888888'];
const reset = (pwd: string, locale = 'zh-CN') =>
  server.call('GET', '/base/admin/user/resetPwd', { token: admin, query: { ids: memberId, pwd }, headers: { 'accept-language': locale } });

describe('a weak new password', () => {
  it('is refused on reset, naming the field and saying why, in both languages', async () => {
    for (const weak of WEAK) {
      const { body } = await reset(sha256Hex(weak));
      expect(body, JSON.stringify(weak)).toMatchObject({ code: Code.VALIDATION_FAILED, data: { fields: { pwd: '该密码为空或过于常见，请换一个更难猜的密码' } } });
    }
    expect((await reset(sha256Hex('a'), 'en-US')).body.msg).toBe('This password is empty or too common; choose one that is harder to guess');
    expect((await server.login('member', 'member-pass-1')).body.code).toBe(Code.OK);
    expect((await reset(sha256Hex('k3m9x2p7'))).body.code).toBe(Code.OK);
  });

  it('is refused on change, and the password stays', async () => {
    const token = await server.tokenFor('member', 'k3m9x2p7');
    for (const weak of WEAK) {
      const { body } = await server.call('POST', '/base/admin/user/changePwd', { token, body: { oldPwd: sha256Hex('k3m9x2p7'), newPwd: sha256Hex(weak) } });
      expect(body, JSON.stringify(weak)).toMatchObject({ code: Code.VALIDATION_FAILED, data: { fields: { newPwd: '该密码为空或过于常见，请换一个更难猜的密码' } } });
    }
    expect((await server.login('member', 'k3m9x2p7')).body.code).toBe(Code.OK);
  });
});
