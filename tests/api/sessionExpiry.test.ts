import { afterAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract';
import { ADMIN, startTestServer, type TestServer, type TestServerOptions } from './harness';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

async function serverWith(session: TestServerOptions['session']) {
  const server = await startTestServer({ session });
  servers.push(server);
  return server;
}

describe('session expiry', () => {
  it('expires a session left idle longer than the idle limit, while use keeps it alive', async () => {
    const server = await serverWith({ idleMs: 1000, touchIntervalMs: 0 });
    const token = await server.tokenFor(ADMIN.username, ADMIN.password);
    for (let i = 0; i < 3; i++) {
      await sleep(300);
      expect((await server.call('GET', '/base/admin/user/info', { token })).body.code).toBe(Code.OK);
    }
    await sleep(1300);
    const expired = await server.call('GET', '/base/admin/user/info', { token });
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe(Code.TOKEN_EXPIRED);
  });

  it('expires a session older than the absolute limit however busy it is', async () => {
    const server = await serverWith({ absoluteMs: 600, touchIntervalMs: 0 });
    const token = await server.tokenFor(ADMIN.username, ADMIN.password);
    expect((await server.call('GET', '/base/admin/param/list', { token })).body.code).toBe(Code.OK);
    await sleep(700);
    expect((await server.call('GET', '/base/admin/param/list', { token })).body.code).toBe(Code.TOKEN_EXPIRED);
    // A new login starts a new session.
    const fresh = await server.tokenFor(ADMIN.username, ADMIN.password);
    expect((await server.call('GET', '/base/admin/param/list', { token: fresh })).body.code).toBe(Code.OK);
  });

  it('writes lastSeenAt at most once per touch interval, not on every request', async () => {
    const server = await serverWith({});
    const token = await server.tokenFor(ADMIN.username, ADMIN.password);
    const before = await server.db.selectFrom('session').select(['id', 'lastSeenAt', 'createdAt']).executeTakeFirstOrThrow();
    await sleep(20);
    for (let i = 0; i < 3; i++) await server.call('GET', '/base/admin/user/info', { token });
    const after = await server.db.selectFrom('session').select('lastSeenAt').where('id', '=', before.id).executeTakeFirstOrThrow();
    expect(after.lastSeenAt).toBe(before.lastSeenAt);
    expect(typeof before.createdAt).toBe('number');
  });
});
