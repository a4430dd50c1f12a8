/**
 * The workbench handoff never gives an address the platform does not trust a credential: a card
 * asks the server for its link (POST /base/admin/workbench/handoff). The console's own origin and
 * WORKBENCH_TRUSTED_ORIGINS get a one-time code bound to the app, exchanged once within a minute
 * (POST /base/admin/user/handoff) for a session of its own; every other address gets a plain link.
 * Sub-system addresses are http(s) URLs or same-site paths, checked on save.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type LoginAnswer, type UserInfo } from '../../contract';
import { ADMIN, startTestServer, type TestServer } from './harness';

let server: TestServer;
let admin: string;
const appIds: Record<string, number> = {};

beforeAll(async () => {
  server = await startTestServer({ demo: true, workbenchTrustedOrigins: ['https://report.example.com'] });
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
  for (const { id, code } of await server.db.selectFrom('app').select(['id', 'code']).execute()) appIds[code] = id;
});
afterAll(async () => {
  await server?.close();
});

const link = async (token: string, appId: number) => server.call<{ url: string }>('POST', '/base/admin/workbench/handoff', { token, body: { appId } });
const exchange = (handoff: string, appId: number) => server.call<LoginAnswer>('POST', '/base/admin/user/handoff', { body: { handoff, appId } });
const info = (token: string) => server.call<UserInfo>('GET', '/base/admin/user/info', { token });

/** Every query value of a link, tried as a token and as a code: none may open a session here. */
async function expectNoCredential(url: string, appId: number): Promise<void> {
  for (const value of new URL(url, 'http://console.invalid').searchParams.values()) {
    expect((await info(value)).body.code).toBe(Code.NO_TOKEN);
    expect((await exchange(value, appId)).body.code).toBe(Code.NO_TOKEN);
  }
}

describe('the link of a workbench card', () => {
  it('to an address outside the trusted origins carries nothing that works here', async () => {
    const saved = await server.call('POST', '/base/admin/app/saveOrUpdate', {
      token: admin,
      body: { id: appIds.crm, code: 'crm', name: '客户管理系统', businessType: 1, isEnable: '1', sort: 20, address: 'http://evil.example/collect?x=1' },
    });
    expect(saved.body.code).toBe(Code.OK);
    const { body } = await link(admin, appIds.crm!);
    expect(body.code).toBe(Code.OK);
    expect(body.data.url).toBe('http://evil.example/collect?x=1');
    expect(body.data.url).not.toContain(admin);
    await expectNoCredential(body.data.url, appIds.crm!);
  });

  it('to the console itself carries a one-time code for that app, exchanged once for a new session', async () => {
    const { body } = await link(admin, appIds.base!);
    expect(body.code).toBe(Code.OK);
    const url = new URL(body.data.url, 'http://console.invalid');
    expect(url.pathname).toBe('/');
    expect(url.searchParams.get('appId')).toBe(String(appIds.base));
    const code = url.searchParams.get('handoff')!;
    expect(code).toMatch(/^[\w-]{43}$/);
    expect(body.data.url).not.toContain(admin);
    expect((await info(code)).body.code).toBe(Code.NO_TOKEN);

    expect((await exchange(code, appIds.crm!)).body.code).toBe(Code.NO_TOKEN);
    const exchanged = await exchange(code, appIds.base!);
    expect(exchanged.body.code).toBe(Code.OK);
    expect(exchanged.body.data.appId).toBe(appIds.base);
    expect(exchanged.body.data.token).not.toBe(admin);
    expect((await info(exchanged.body.data.token)).body.data.code).toBe(ADMIN.username);
    expect((await exchange(code, appIds.base!)).body.code).toBe(Code.NO_TOKEN);
  });

  it('to the console’s own origin written out carries a code too', async () => {
    await server.db.updateTable('app').set({ address: 'http://localhost/system/param' }).where('id', '=', appIds.base!).execute();
    const url = new URL((await link(admin, appIds.base!)).body.data.url);
    expect(url.origin + url.pathname).toBe('http://localhost/system/param');
    expect((await exchange(url.searchParams.get('handoff')!, appIds.base!)).body.code).toBe(Code.OK);
    await server.db.updateTable('app').set({ address: '/' }).where('id', '=', appIds.base!).execute();
  });

  it('carries a code that is dead after a minute', async () => {
    const url = new URL((await link(admin, appIds.base!)).body.data.url, 'http://console.invalid');
    await server.db.updateTable('handoffCode').set({ expiresAt: Date.now() - 1 }).execute();
    expect((await exchange(url.searchParams.get('handoff')!, appIds.base!)).body.code).toBe(Code.NO_TOKEN);
  });

  it('to a trusted origin (WORKBENCH_TRUSTED_ORIGINS) carries a code too', async () => {
    const { body } = await link(admin, appIds.report!);
    const url = new URL(body.data.url);
    expect(url.origin).toBe('https://report.example.com');
    expect((await exchange(url.searchParams.get('handoff')!, appIds.report!)).body.code).toBe(Code.OK);
  });

  it('exists only for the apps the caller sees on the workbench', async () => {
    await server.createUser({ code: 'nobody', password: 'nobody-pass' });
    const nobody = await server.tokenFor('nobody', 'nobody-pass');
    expect((await link(nobody, appIds.base!)).body.code).toBe(Code.NOT_FOUND);
    expect((await link(admin, appIds.sso!)).body.code).toBe(Code.NOT_FOUND);
    expect((await link(admin, 987654)).body.code).toBe(Code.NOT_FOUND);
  });
});

describe('sub-system addresses', () => {
  it('are http(s) URLs or paths of the site: javascript: and other schemes are refused with 1001 on the address', async () => {
    for (const address of ['javascript:alert(document.cookie)', 'JaVaScRiPt:alert(1)', 'data:text/html,<script>alert(1)</script>', '//evil.example', '/\\evil.example', 'vbscript:x', 'http:evil']) {
      const { body } = await server.call('POST', '/base/admin/app/saveOrUpdate', {
        token: admin,
        body: { code: 'badaddr', name: '坏地址', businessType: 1, isEnable: '1', sort: 99, address },
      });
      expect(body.code, address).toBe(Code.VALIDATION_FAILED);
      expect(body.data, address).toEqual({ fields: { address: '访问地址须为 http(s) 地址或以 / 开头的路径' } });
    }
  });

  it('stored before the rule, are never linked to', async () => {
    await server.db.updateTable('app').set({ address: 'javascript:alert(1)' }).where('id', '=', appIds.adx!).execute();
    const { body } = await link(admin, appIds.adx!);
    expect(body.code).toBe(Code.VALIDATION_FAILED);
    expect(Object.keys((body.data as unknown as { fields: object }).fields)).toEqual(['address']);
  });
});
