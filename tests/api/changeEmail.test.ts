/**
 * A member changes their own e-mail (/user/changeEmail): a session call that asks for the current
 * password, follows the staff e-mail rule, is throttled like login and stays closed while a
 * password change is required.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract';
import { sha256Hex } from '../../server/auth/passwords';
import { ADMIN, startTestServer, type TestServer } from './harness';

let server: TestServer;
let member: string;
let memberId: number;

beforeAll(async () => {
  server = await startTestServer();
  ({ userId: memberId } = await server.createUser({ code: 'mailer', password: 'mailer-pass-1' }));
  member = await server.tokenFor('mailer', 'mailer-pass-1');
});
afterAll(async () => {
  await server?.close();
});

const change = (token: string, body: Record<string, unknown>, remoteAddress = '10.7.0.1') =>
  server.call('POST', '/base/admin/user/changeEmail', { token, body, remoteAddress });
const storedEmail = async () => (await server.db.selectFrom('user').select('email').where('id', '=', memberId).executeTakeFirstOrThrow()).email;

describe('changing one’s own e-mail', () => {
  it('needs no API element, only the current password, and stores the new address', async () => {
    const answer = await change(member, { pwd: sha256Hex('mailer-pass-1'), email: 'mailer@example.com' });
    expect(answer.body.code).toBe(Code.OK);
    expect(await storedEmail()).toBe('mailer@example.com');
  });

  it('refuses a wrong current password on the field and keeps the address', async () => {
    const answer = await change(member, { pwd: sha256Hex('not-it'), email: 'other@example.com' });
    expect(answer.body.code).toBe(Code.LOGIN_FAILED);
    expect(answer.body.data).toMatchObject({ fields: { pwd: '原密码不正确' } });
    expect(await storedEmail()).toBe('mailer@example.com');
  });

  it('follows the staff e-mail rule (6–32 characters, a valid address), in the caller’s language', async () => {
    for (const email of ['bad', 'no-at-sign.example.com', `${'x'.repeat(30)}@example.com`, '']) {
      const answer = await change(member, { pwd: sha256Hex('mailer-pass-1'), email });
      expect(answer.body.code).toBe(Code.VALIDATION_FAILED);
      expect(answer.body.data).toHaveProperty('fields.email');
    }
    expect(await storedEmail()).toBe('mailer@example.com');
  });

  it('is throttled like login: after the limit even the right password is refused', async () => {
    const other = await server.createUser({ code: 'guessed', password: 'guessed-pass-1' });
    const token = await server.tokenFor('guessed', 'guessed-pass-1');
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) codes.push((await change(token, { pwd: sha256Hex(`guess-${i}`), email: 'x@example.com' }, '10.7.0.2')).body.code);
    expect(codes.filter((code) => code === Code.TOO_MANY_ATTEMPTS).length).toBeGreaterThan(0);
    expect((await change(token, { pwd: sha256Hex('guessed-pass-1'), email: 'guessed@example.com' }, '10.7.0.2')).body.code).toBe(Code.TOO_MANY_ATTEMPTS);
    const email = (await server.db.selectFrom('user').select('email').where('id', '=', other.userId).executeTakeFirstOrThrow()).email;
    expect(email).not.toBe('guessed@example.com');
  });

  it('stays closed while a password change is required', async () => {
    const admin = await server.tokenFor(ADMIN.username, ADMIN.password);
    const reset = await server.call('POST', '/base/admin/user/resetPwd', { token: admin, body: { ids: String(memberId), pwd: sha256Hex('temp-pass-9') } });
    expect(reset.body.code).toBe(Code.OK);
    const fresh = await server.tokenFor('mailer', 'temp-pass-9');
    const answer = await change(fresh, { pwd: sha256Hex('temp-pass-9'), email: 'late@example.com' });
    expect(answer.body.code).toBe(Code.PASSWORD_CHANGE_REQUIRED);
    expect(await storedEmail()).toBe('mailer@example.com');
  });
});
