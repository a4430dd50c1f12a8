/**
 * Bursts of password checks: each attempt is counted before any hashing, so concurrent guesses
 * cannot all slip past the limit, and a burst from one address neither stalls other addresses'
 * logins nor locks the account for them. /user/changePwd is held to the same limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract';
import { buildApp } from '../../server/app';
import { DEFAULT_SESSION_POLICY, DEFAULT_THROTTLE_POLICY } from '../../server/config';
import { sha256Hex } from '../../server/auth/passwords';
import { ADMIN, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const LIMIT = DEFAULT_THROTTLE_POLICY.maxFailuresPerUserAndAddress;

/** Failed attempts the database holds for the username (any address). */
async function recordedFor(username: string): Promise<number> {
  const rows = await server.db.selectFrom('loginAttempt').select('key').where('scope', '!=', 'address').execute();
  return rows.filter((row) => row.key === username || row.key.startsWith(`${username}|`)).length;
}

const codes = (answers: Array<{ body: { code: number } }>) => answers.map((a) => a.body.code);
const countOf = (list: number[], code: number) => list.filter((c) => c === code).length;

describe('a burst of logins', () => {
  it('60 concurrent wrong passwords for one user: all 60 counted, at most the limit checked, the rest refused at once', async () => {
    await server.createUser({ code: 'target', password: 'target-pass' });
    const answers = codes(await Promise.all(Array.from({ length: 60 }, () => server.login('target', 'wrong-password', { remoteAddress: '10.9.0.1' }))));
    expect(countOf(answers, Code.LOGIN_FAILED)).toBeGreaterThan(0);
    expect(countOf(answers, Code.LOGIN_FAILED)).toBeLessThanOrEqual(LIMIT);
    expect(countOf(answers, Code.TOO_MANY_ATTEMPTS)).toBe(60 - countOf(answers, Code.LOGIN_FAILED));
    expect(await recordedFor('target')).toBe(60);
    expect((await server.login('target', 'target-pass', { remoteAddress: '10.9.0.1' })).body.code).toBe(Code.TOO_MANY_ATTEMPTS);
  });

  it('the same burst split over two server instances on one database: still at most the limit checked', async () => {
    await server.createUser({ code: 'shared', password: 'shared-pass' });
    // Hashing unbounded here, so only the counting in the database stands between the burst and the limit.
    const throttle = { ...DEFAULT_THROTTLE_POLICY, maxConcurrentHashes: 100, maxConcurrentHashesPerAddress: 100 };
    const instances = await Promise.all([1, 2].map(() => buildApp({ db: server.db, config: { workbenchUrl: '/login', trustProxy: false, session: DEFAULT_SESSION_POLICY, throttle } })));
    try {
      const payload = { username: 'shared', password: sha256Hex('wrong') };
      const answers = await Promise.all(
        instances.flatMap((instance) =>
          Array.from({ length: 30 }, async () => (await instance.inject({ method: 'POST', url: '/base/admin/user/login', payload, remoteAddress: '10.9.4.1' })).json().code as number),
        ),
      );
      expect(countOf(answers, Code.LOGIN_FAILED)).toBeLessThanOrEqual(LIMIT);
      expect(countOf(answers, Code.TOO_MANY_ATTEMPTS)).toBe(60 - countOf(answers, Code.LOGIN_FAILED));
      expect(await recordedFor('shared')).toBe(60);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
    }
  });

  it('300 wrong logins from one address: admin’s correct login from another address answers within a second', async () => {
    // On a loaded machine every login is slower: the bound grows with an uncontended login's time,
    // measured before and after the burst (the slower of the two), so a load that rises meanwhile
    // raises the bound too; a login queued behind 300 hashes would still exceed it many times over.
    const quietLogin = async (address: string) => {
      const start = performance.now();
      expect((await server.login(ADMIN.username, ADMIN.password, { remoteAddress: address })).body.code).toBe(Code.OK);
      return performance.now() - start;
    };
    const before = await quietLogin('10.9.1.3');
    const burst = Promise.all(Array.from({ length: 300 }, (_, i) => server.login(`guess${i}`, 'wrong-password', { remoteAddress: '10.9.1.1' })));
    await new Promise((resolve) => setImmediate(resolve));
    const started = performance.now();
    const answer = await server.login(ADMIN.username, ADMIN.password, { remoteAddress: '10.9.1.2' });
    const elapsed = performance.now() - started;
    const codesOfBurst = codes(await burst);
    const after = await quietLogin('10.9.1.4');
    expect(answer.body.code).toBe(Code.OK);
    expect(elapsed).toBeLessThan(Math.max(1000, 6 * Math.max(before, after)));
    const refused = countOf(codesOfBurst, Code.TOO_MANY_ATTEMPTS);
    expect(refused).toBeGreaterThanOrEqual(300 - DEFAULT_THROTTLE_POLICY.maxFailuresPerAddress);
  }, 60_000);

  it('cannot lock the account out for other addresses', async () => {
    for (let i = 0; i < LIMIT + 3; i++) await server.login(ADMIN.username, 'wrong-password', { remoteAddress: '10.9.2.1' });
    expect((await server.login(ADMIN.username, ADMIN.password, { remoteAddress: '10.9.2.1' })).body.code).toBe(Code.TOO_MANY_ATTEMPTS);
    expect((await server.login(ADMIN.username, ADMIN.password, { remoteAddress: '10.9.2.2' })).body.code).toBe(Code.OK);
  });
});

describe('changing the password', () => {
  it('is throttled like login: wrong current passwords are refused after the limit, the right one too', async () => {
    await server.createUser({ code: 'changer', password: 'changer-pass' });
    const token = await server.tokenFor('changer', 'changer-pass');
    const change = (oldPwd: string) =>
      server.call('POST', '/base/admin/user/changePwd', { token, body: { oldPwd: sha256Hex(oldPwd), newPwd: sha256Hex('changer-new-pass') }, remoteAddress: '10.9.3.1' });
    const answers: number[] = [];
    for (let i = 0; i < 30; i++) answers.push((await change(`guess-${i}`)).body.code);
    expect(countOf(answers, Code.LOGIN_FAILED)).toBe(LIMIT);
    expect(countOf(answers, Code.TOO_MANY_ATTEMPTS)).toBe(30 - LIMIT);
    expect((await change('changer-pass')).body.code).toBe(Code.TOO_MANY_ATTEMPTS);
    expect((await server.login('changer', 'changer-pass')).body.code).toBe(Code.OK);
  });
});
