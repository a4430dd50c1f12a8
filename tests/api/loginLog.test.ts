/**
 * The login log: every attempt at /user/login, with the account's code (or, for a name that is no
 * account's, a masked form of it), the address, the browser, the result and the reason, while the
 * answers themselves stay as they were (an unknown user and a wrong password answer alike).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract';
import { sha256Hex } from '../../server/auth/passwords';
import { ADMIN, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ throttle: { maxFailuresPerUserAndAddress: 3, maxFailuresPerAddress: 100 } });
  await server.createUser({ code: 'carol', password: 'carol-pass' });
  await server.createUser({ code: 'dave', password: 'dave-pass' });
  await server.db.updateTable('user').set({ isEnable: '0' }).where('code', '=', 'dave').execute();
});
afterAll(async () => {
  await server?.close();
});

const rowsFrom = (address: string) =>
  server.db.selectFrom('loginLog').select(['userName', 'address', 'userAgent', 'result', 'reason']).where('address', '=', address).orderBy('id').execute();

const attempt = (username: unknown, password: string, address: string) =>
  server.call('POST', '/base/admin/user/login', { body: { username, password: sha256Hex(password) }, remoteAddress: address, headers: { 'user-agent': 'Probe/1.0' } });

describe('the login log', () => {
  it('records a success and each kind of failure, while unknown user and wrong password answer alike', async () => {
    const address = '10.0.0.1';
    expect((await attempt(ADMIN.username, ADMIN.password, address)).body.code).toBe(Code.OK);
    const unknown = await attempt('nobody', 'whatever-1', address);
    const wrong = await attempt('carol', 'not-her-pass', address);
    expect(unknown.body).toEqual(wrong.body);
    expect((await attempt('dave', 'dave-pass', address)).body.code).toBe(Code.LOGIN_FAILED);
    expect((await attempt('', 'x', address)).body.code).toBe(Code.VALIDATION_FAILED);
    expect(await rowsFrom(address)).toEqual([
      { userName: 'admin', address, userAgent: 'Probe/1.0', result: 'success', reason: 'success' },
      { userName: 'no***(6)', address, userAgent: 'Probe/1.0', result: 'failure', reason: 'unknownUser' },
      { userName: 'carol', address, userAgent: 'Probe/1.0', result: 'failure', reason: 'wrongPassword' },
      { userName: 'dave', address, userAgent: 'Probe/1.0', result: 'failure', reason: 'disabled' },
      { userName: '', address, userAgent: 'Probe/1.0', result: 'failure', reason: 'invalid' },
    ]);
  });

  it('records every attempt of a burst past the throttle, refused ones as throttled', async () => {
    const address = '10.0.0.2';
    const answers = await Promise.all(Array.from({ length: 12 }, () => attempt('carol', 'guess-guess', address)));
    const throttled = answers.filter((a) => a.body.code === Code.TOO_MANY_ATTEMPTS).length;
    expect(throttled).toBeGreaterThan(0);
    const rows = await rowsFrom(address);
    expect(rows).toHaveLength(12);
    expect(rows.filter((r) => r.reason === 'throttled')).toHaveLength(throttled);
    expect(rows.filter((r) => r.reason === 'wrongPassword')).toHaveLength(12 - throttled);
  });

  it('keeps an account’s code; any other name only masked, its first characters and its length', async () => {
    const address = '10.0.0.3';
    await attempt('x'.repeat(80), 'whatever-1', address);
    await attempt({ $ne: 'admin' }, 'whatever-1', address);
    await attempt('ad\u0000min\u0007', 'whatever-1', address);
    await attempt('ab', 'whatever-1', address);
    await server.call('POST', '/base/admin/user/login', { body: { username: 'carol', password: 'not-hex' }, remoteAddress: address });
    const rows = await rowsFrom(address);
    expect(rows.map((r) => r.userName)).toEqual(['xx***(80)', '', 'admin', '***(2)', 'carol']);
    expect(rows.every((r) => r.result === 'failure')).toBe(true);
  });

  it('never keeps a password typed into the name box (second review, L2)', async () => {
    const address = '10.0.0.4';
    // As found: the admin's password typed as the user name, answered 1006 and stored as typed.
    const typed = 'Attack-2026-pass';
    expect((await attempt(typed, 'whatever-1', address)).body.code).toBe(Code.LOGIN_FAILED);
    // Refused before any lookup (throttled) and refused as malformed (invalid) alike.
    const throttled = await Promise.all(Array.from({ length: 5 }, () => attempt(`${typed}-2`, 'whatever-1', address)));
    expect(throttled.some((a) => a.body.code === Code.TOO_MANY_ATTEMPTS)).toBe(true);
    await server.call('POST', '/base/admin/user/login', { body: { username: `${typed}?`, password: 'not-hex' }, remoteAddress: address });
    const rows = await rowsFrom(address);
    expect(rows.map((r) => r.reason)).toEqual(expect.arrayContaining(['unknownUser', 'throttled', 'invalid']));
    expect(JSON.stringify(rows)).not.toContain('Attack-2026');
    expect(rows[0]!.userName).toBe('At***(16)');
    // Carol's own burst past the throttle still names her account.
    expect((await rowsFrom('10.0.0.2')).every((r) => r.userName === 'carol')).toBe(true);
  });

  it('never holds a password, its hash or a token', async () => {
    const token = await server.tokenFor(ADMIN.username, ADMIN.password);
    const all = JSON.stringify(await server.db.selectFrom('loginLog').selectAll().execute());
    for (const secret of [ADMIN.password, sha256Hex(ADMIN.password), token, 'carol-pass', sha256Hex('guess-guess')]) expect(all).not.toContain(secret);
  });
});
