import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract';
import { buildApp } from '../../server/app';
import { sha256Hex } from '../../server/auth/passwords';
import { DEFAULT_SESSION_POLICY, DEFAULT_THROTTLE_POLICY } from '../../server/config';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function failTimes(username: string, times: number, address: (i: number) => string) {
  for (let i = 0; i < times; i++) {
    const { body } = await server.login(username, 'wrong-password', { remoteAddress: address(i) });
    expect(body.code).toBe(Code.LOGIN_FAILED);
  }
}

describe('login throttling', () => {
  it('blocks a username from an address after 5 failures there within the window, even with the right password', async () => {
    await server.createUser({ code: 'throttled', password: 'right-password' });
    await failTimes('throttled', 5, () => '10.2.0.1');
    const blocked = await server.login('throttled', 'right-password', { remoteAddress: '10.2.0.1' });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ code: Code.TOO_MANY_ATTEMPTS, msg: '尝试次数过多，请稍后再试', data: null });
    // Differently cased, same counter.
    expect((await server.login('THROTTLED', 'right-password', { remoteAddress: '10.2.0.1' })).body.code).toBe(Code.TOO_MANY_ATTEMPTS);
    // Failures spread over addresses lock nothing: no account can be locked out by others.
    await server.createUser({ code: 'spread', password: 'right-password' });
    await failTimes('spread', 5, (i) => `10.2.1.${i + 1}`);
    expect((await server.login('spread', 'right-password', { remoteAddress: '10.2.1.9' })).body.code).toBe(Code.OK);
  });

  it('blocks a client address after 20 failures, whatever the username; other addresses are unaffected', async () => {
    await server.createUser({ code: 'victim', password: 'right-password' });
    for (let i = 0; i < 20; i++) {
      expect((await server.login(`guess${i}`, 'wrong-password', { remoteAddress: '10.3.0.1' })).body.code).toBe(Code.LOGIN_FAILED);
    }
    expect((await server.login('victim', 'right-password', { remoteAddress: '10.3.0.1' })).body.code).toBe(Code.TOO_MANY_ATTEMPTS);
    expect((await server.login('victim', 'right-password', { remoteAddress: '10.3.0.2' })).body.code).toBe(Code.OK);
  });

  it('forgives the username’s failures from that address after a successful login', async () => {
    await server.createUser({ code: 'forgiven', password: 'right-password' });
    await failTimes('forgiven', 4, () => '10.4.0.1');
    expect((await server.login('forgiven', 'right-password', { remoteAddress: '10.4.0.1' })).body.code).toBe(Code.OK);
    await failTimes('forgiven', 4, () => '10.4.0.1');
    expect((await server.login('forgiven', 'right-password', { remoteAddress: '10.4.0.1' })).body.code).toBe(Code.OK);
  });

  it('keeps its counts in the database: another server instance on the same database also blocks', async () => {
    await server.createUser({ code: 'shared', password: 'right-password' });
    await failTimes('shared', 5, () => '10.5.0.1');
    // The other instance has seen none of them: only the database can tell.
    const other = await buildApp({
      db: server.db,
      config: { workbenchUrl: '/login', trustProxy: false, session: DEFAULT_SESSION_POLICY, throttle: DEFAULT_THROTTLE_POLICY },
    });
    try {
      const response = await other.inject({
        method: 'POST',
        url: '/base/admin/user/login',
        payload: { username: 'shared', password: sha256Hex('right-password') },
        remoteAddress: '10.5.0.1',
      });
      expect(response.json().code).toBe(Code.TOO_MANY_ATTEMPTS);
    } finally {
      await other.close();
    }
  });

  it('does not count malformed requests as failures', async () => {
    await server.createUser({ code: 'malformed', password: 'right-password' });
    for (let i = 0; i < 6; i++) {
      const { body } = await server.call('POST', '/base/admin/user/login', { body: { username: 'malformed', password: 'short' }, remoteAddress: '10.6.0.1' });
      expect(body.code).toBe(Code.VALIDATION_FAILED);
    }
    expect((await server.login('malformed', 'right-password', { remoteAddress: '10.6.0.1' })).body.code).toBe(Code.OK);
  });
});
