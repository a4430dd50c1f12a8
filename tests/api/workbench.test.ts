/**
 * The workbench on the server: GET /workbench serves the self-contained page under a CSP that
 * allows exactly its inline script and style; GET /base/admin/workbench/apps answers the shown
 * sub-systems in which the caller holds a node (a super-admin: all shown ones), sorted by sort.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, MenuType, type ListData } from '../../contract';
import type { WorkbenchApp } from '../../server/workbench/apps';
import { ADMIN, startTestServer, type TestServer } from './harness';

let server: TestServer;
let admin: string;
const appIds: Record<string, number> = {};

beforeAll(async () => {
  server = await startTestServer({ demo: true });
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
  for (const { id, code } of await server.db.selectFrom('app').select(['id', 'code']).execute()) appIds[code] = id;
});
afterAll(async () => {
  await server?.close();
});

const apps = (token?: string) => server.call<ListData<WorkbenchApp>>('GET', '/base/admin/workbench/apps', { token });
const codes = async (token: string) => (await apps(token)).body.data.items.map((a) => a.code);

/** A staff member whose role holds one node of each app in `appCodes`. */
async function staffHolding(code: string, appCodes: string[]): Promise<string> {
  const { roleId } = await server.createUser({ code, password: `${code}-pass` });
  for (const appCode of appCodes) {
    const { id } = await server.db
      .insertInto('permission')
      .values({ parentId: 0, appId: appIds[appCode]!, name: `${code}菜单`, sort: 1, path: `/${code}`, url: code, icon: '', code, menuType: MenuType.NAVIGATION })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db.insertInto('rolePermission').values({ roleId, permissionId: id }).execute();
  }
  return server.tokenFor(code, `${code}-pass`);
}

describe('GET /workbench', () => {
  it('serves the page with a CSP naming the hashes of its inline script and style, nothing else', async () => {
    const page = await server.call('GET', '/workbench');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.text).toContain('<html lang="zh-CN">');
    const hash = (source: string) => `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
    const script = /<script>([\s\S]*?)<\/script>/.exec(page.text)![1]!;
    const style = /<style>([\s\S]*?)<\/style>/.exec(page.text)![1]!;
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain(`script-src ${hash(script)}`);
    expect(csp).toContain(`style-src ${hash(style)}`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("connect-src 'self'");
    expect(page.text.match(/<script/g)).toHaveLength(1);
    expect(script).toContain('/base/admin/workbench/apps');
    expect(script).toContain('/login?redirect=/workbench');
  });

  it('needs no token: the page holds no data', async () => {
    expect((await server.call('GET', '/workbench', { token: 'forged' })).status).toBe(200);
  });
});

describe('GET /base/admin/workbench/apps', () => {
  it('answers 1002 without a valid token and 1007 for an ended session', async () => {
    expect((await apps()).body.code).toBe(Code.NO_TOKEN);
    expect((await apps('forged-token')).body.code).toBe(Code.NO_TOKEN);
    const ended = await server.tokenFor(ADMIN.username, ADMIN.password);
    await server.call('POST', '/base/admin/user/logout', { token: ended });
    expect((await apps(ended)).body.code).toBe(Code.TOKEN_EXPIRED);
  });

  it('gives the super-admin every shown app, sorted by sort, with what a card needs', async () => {
    const { body } = await apps(admin);
    expect(body.code).toBe(Code.OK);
    expect(body.data.items.map((a) => a.code)).toEqual(['base', 'crm', 'adx', 'report', 'ops']);
    expect(body.data.total).toBe(5);
    expect(body.data.items[1]).toEqual({ id: appIds.crm, code: 'crm', name: '客户管理系统', businessType: 1, sort: 20, address: 'https://crm.example.com', logo: null });
  });

  it('gives staff the shown apps in which they hold a node, and nothing without grants', async () => {
    expect(await codes(await staffHolding('crmonly', ['crm']))).toEqual(['crm']);
    expect(await codes(await staffHolding('twoapps', ['report', 'base']))).toEqual(['base', 'report']);
    expect(await codes(await staffHolding('hiddenapp', ['sso']))).toEqual([]);
    await server.createUser({ code: 'nogrants', password: 'nogrants-pass' });
    const token = await server.tokenFor('nogrants', 'nogrants-pass');
    expect(await codes(token)).toEqual([]);
    // A disabled role holds nothing, from the very next request.
    const crmOnly = await server.tokenFor('crmonly', 'crmonly-pass');
    const crmRole = await server.db.selectFrom('userRole as ur').innerJoin('user as u', 'u.id', 'ur.userId').select('ur.roleId').where('u.code', '=', 'crmonly').executeTakeFirstOrThrow();
    await server.db.updateTable('role').set({ isEnable: '0' }).where('id', '=', crmRole.roleId).execute();
    expect(await codes(crmOnly)).toEqual([]);
  });

  it('follows the shown flag and the sort of the apps', async () => {
    await server.db.updateTable('app').set({ sort: 1000 }).where('code', '=', 'crm').execute();
    await server.db.updateTable('app').set({ isEnable: '0' }).where('code', '=', 'adx').execute();
    expect(await codes(admin)).toEqual(['base', 'report', 'ops', 'crm']);
  });

  it('gives a holder of the demo role of the reading-B sub-system that sub-system (the readings hold alike)', async () => {
    const { userId, roleId } = await server.createUser({ code: 'opsholder', password: 'opsholder-pass' });
    const ops = await server.db.selectFrom('role').select('id').where('roleKey', '=', 'opsStaff').executeTakeFirstOrThrow();
    await server.db.deleteFrom('userRole').where('roleId', '=', roleId).execute();
    await server.db.insertInto('userRole').values({ userId, roleId: ops.id }).execute();
    expect(await codes(await server.tokenFor('opsholder', 'opsholder-pass'))).toEqual(['ops']);
  });
});
