/**
 * Live lists, server side (contract/live.ts, server/live): a subscriber hears of a write within a
 * second, only of resources whose list it is granted now, on any server sharing the PostgreSQL
 * database; streams are bounded per user and need a session.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, LIVE_LIMITS } from '../../contract';
import { ADMIN, peerServer, startTestServer, type TestServer } from './harness';
import { subscribe, type Subscriber } from './liveStream';

let server: TestServer;
let address: string;
let adminToken: string;
let watcher: Subscriber;
const opened: Subscriber[] = [];

const open = async (token: string | undefined, at = address) => {
  const subscriber = await subscribe(at, token);
  opened.push(subscriber);
  return subscriber;
};
let serial = 0;
const saveParam = async () => {
  const { body } = await server.call<{ id: number }>('POST', '/base/admin/param/saveOrUpdate', { token: adminToken, body: { sortNum: 1, paramKey: `live.${++serial}`, value: 'v' } });
  expect(body.code, JSON.stringify(body)).toBe(Code.OK);
  return String(body.data.id);
};
const saveApp = async () => {
  const code = `live${++serial}`;
  const { body } = await server.call<{ id: number }>('POST', '/base/admin/app/saveOrUpdate', {
    token: adminToken,
    body: { code, name: `系统${code}`, businessType: 1, isEnable: '1', sort: 60, address: `https://${code}.example.com` },
  });
  expect(body.code, JSON.stringify(body)).toBe(Code.OK);
  return String(body.data.id);
};

beforeAll(async () => {
  server = await startTestServer();
  address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  adminToken = await server.tokenFor(ADMIN.username, ADMIN.password);
  // The super-admin hears of every write: once it has an event, every stream has had its turn at it.
  watcher = await open(adminToken);
});
afterAll(async () => {
  for (const subscriber of opened) subscriber.close();
  await server?.close();
});

describe('the event stream', () => {
  it('opens as server-sent events: retry, then ready, uncompressed and never cached', async () => {
    const subscriber = await open(adminToken);
    expect(subscriber.status).toBe(200);
    expect(subscriber.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(subscriber.headers['content-encoding']).toBeUndefined();
    expect(subscriber.headers['cache-control']).toBe('no-store');
    expect(subscriber.text().startsWith(`retry: ${LIVE_LIMITS.retryMs}\nevent: ready\ndata: {}\n\n`)).toBe(true);
  });

  it('refuses a caller without a token with 1002, in the envelope', async () => {
    const answer = await server.call('GET', '/base/admin/live/events');
    expect(answer.body.code).toBe(Code.NO_TOKEN);
    const subscriber = await open(undefined);
    expect(subscriber.status).toBe(401);
  });

  it('tells a subscriber of a parameter save within a second: resource, id and action, no values', async () => {
    const subscriber = await open(adminToken);
    const started = Date.now();
    const id = await saveParam();
    const change = await subscriber.nextChange((c) => c.resource === 'param' && c.ids.includes(id), 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(change).toEqual({ resource: 'param', ids: [id], action: 'created' });
  });

  it('sends a subscriber without the parameter list grant none of its events, while it hears of what it may list', async () => {
    await server.createUser({ code: 'liveapp', password: 'Live#Pass2024', apis: ['/app/list'] });
    const subscriber = await open(await server.tokenFor('liveapp', 'Live#Pass2024'));
    const paramId = await saveParam();
    const appId = await saveApp();
    await subscriber.nextChange((c) => c.resource === 'app' && c.ids.includes(appId), 1000);
    // The super-admin's stream heard of both: every stream has had its turn at both events.
    await watcher.nextChange((c) => c.resource === 'param' && c.ids.includes(paramId));
    await watcher.nextChange((c) => c.resource === 'app' && c.ids.includes(appId));
    expect(subscriber.changes().filter((c) => c.resource === 'param')).toEqual([]);
  });

  it('stops a revoked grant from the next event on', async () => {
    const { roleId } = await server.createUser({ code: 'liverevoke', password: 'Live#Pass2024', apis: ['/param/list', '/app/list'] });
    const subscriber = await open(await server.tokenFor('liverevoke', 'Live#Pass2024'));
    const first = await saveParam();
    await subscriber.nextChange((c) => c.resource === 'param' && c.ids.includes(first));
    const paramList = await server.db.selectFrom('permission').select('id').where('url', '=', '/param/list').executeTakeFirstOrThrow();
    const { body } = await server.call('POST', '/base/admin/rolePermission/save', {
      token: adminToken,
      body: { appId: (await server.db.selectFrom('app').select('id').where('code', '=', 'base').executeTakeFirstOrThrow()).id, roleId, permissionIds: (await server.db.selectFrom('rolePermission').select('permissionId').where('roleId', '=', roleId).execute()).map((r) => r.permissionId).filter((p) => p !== paramList.id).join(',') },
    });
    expect(body.code, JSON.stringify(body)).toBe(Code.OK);
    const second = await saveParam();
    const appId = await saveApp();
    await subscriber.nextChange((c) => c.resource === 'app' && c.ids.includes(appId));
    await watcher.nextChange((c) => c.resource === 'param' && c.ids.includes(second));
    await watcher.nextChange((c) => c.resource === 'app' && c.ids.includes(appId));
    expect(subscriber.changes().filter((c) => c.resource === 'param').map((c) => c.ids)).toEqual([[first]]);
  });

  it('closes a stream whose session ended at its next event, sending it nothing more', async () => {
    const token = await server.tokenFor(ADMIN.username, ADMIN.password);
    const subscriber = await open(token);
    expect((await server.call('POST', '/base/admin/user/logout', { token })).body.code).toBe(Code.OK);
    await saveParam();
    await subscriber.ended;
    expect(subscriber.changes()).toEqual([]);
  });

  it(`keeps ${LIVE_LIMITS.perUser} streams per user: one more closes the oldest`, async () => {
    await server.createUser({ code: 'livetabs', password: 'Live#Pass2024', apis: ['/param/list'] });
    const token = await server.tokenFor('livetabs', 'Live#Pass2024');
    const tabs: Subscriber[] = [];
    for (let i = 0; i < LIVE_LIMITS.perUser; i++) tabs.push(await open(token));
    const newest = await open(token);
    await tabs[0]!.ended;
    const id = await saveParam();
    await newest.nextChange((c) => c.ids.includes(id));
    for (const tab of tabs.slice(1)) await tab.nextChange((c) => c.ids.includes(id));
    expect(tabs[0]!.changes()).toEqual([]);
  });

  it('ends every stream when the app closes', async () => {
    const other = await startTestServer();
    const at = await other.app.listen({ port: 0, host: '127.0.0.1' });
    const subscriber = await open(await other.tokenFor(ADMIN.username, ADMIN.password), at);
    await other.close();
    await subscriber.ended;
  });
});

// PostgreSQL only: SQLite is one process, whose in-memory bus the tests above cover.
if (process.env.TEST_DATABASE_URL) describe('two servers on one PostgreSQL database', () => {
  let peer: FastifyInstance;
  let closePeer: () => Promise<void>;

  beforeAll(async () => {
    ({ app: peer, close: closePeer } = await peerServer(server));
  });
  afterAll(async () => {
    await closePeer?.();
  });

  it('delivers a write on one to a subscriber of the other within a second', async () => {
    const peerAddress = await peer.listen({ port: 0, host: '127.0.0.1' });
    const subscriber = await open(adminToken, peerAddress);
    const started = Date.now();
    const id = await saveParam();
    expect(await subscriber.nextChange((c) => c.resource === 'param' && c.ids.includes(id), 1000)).toEqual({ resource: 'param', ids: [id], action: 'created' });
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
