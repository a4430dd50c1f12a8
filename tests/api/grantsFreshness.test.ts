/**
 * The guard keeps each user's granted API paths in memory, but a change of grants holds from the
 * very next request, even when another server sharing the database made it (written here straight
 * to the database, past this server's routes).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let token: string;
let roleId: number;
let userId: number;

beforeAll(async () => {
  server = await startTestServer();
  ({ roleId, userId } = await server.createUser({ code: 'cached01', password: 'cached-pass-1', apis: ['/param/list'] }));
  token = await server.tokenFor('cached01', 'cached-pass-1');
});
afterAll(() => server.close());

const listParams = async () => (await server.call('GET', '/base/admin/param/list', { token })).body.code;
const listApps = async () => (await server.call('GET', '/base/admin/app/list', { token })).body.code;

async function apiElement(url: string): Promise<number> {
  const row = await server.db.selectFrom('permission').select('id').where('url', '=', url).where('menuType', '=', 2).executeTakeFirstOrThrow();
  return row.id;
}

describe('grants seen by the guard', () => {
  it('follow a grant added and taken away elsewhere, on the next request', async () => {
    expect(await listParams()).toBe(Code.OK);
    expect(await listApps()).toBe(Code.FORBIDDEN);

    const appList = await apiElement('/app/list');
    await server.db.insertInto('rolePermission').values({ roleId, permissionId: appList }).execute();
    expect(await listApps()).toBe(Code.OK);

    await server.db.deleteFrom('rolePermission').where('roleId', '=', roleId).where('permissionId', '=', appList).execute();
    expect(await listApps()).toBe(Code.FORBIDDEN);
    expect(await listParams()).toBe(Code.OK);
  });

  it('follow a role disabled, and the role taken from the user', async () => {
    await server.db.updateTable('role').set({ isEnable: '0' }).where('id', '=', roleId).execute();
    expect(await listParams()).toBe(Code.FORBIDDEN);
    await server.db.updateTable('role').set({ isEnable: '1' }).where('id', '=', roleId).execute();
    expect(await listParams()).toBe(Code.OK);

    await server.db.deleteFrom('userRole').where('userId', '=', userId).execute();
    expect(await listParams()).toBe(Code.FORBIDDEN);
    await server.db.insertInto('userRole').values({ userId, roleId }).execute();
    expect(await listParams()).toBe(Code.OK);
  });

  it('follow an API element whose address changes', async () => {
    const paramList = await apiElement('/param/list');
    await server.db.updateTable('permission').set({ url: '/param/elsewhere' }).where('id', '=', paramList).execute();
    expect(await listParams()).toBe(Code.FORBIDDEN);
    await server.db.updateTable('permission').set({ url: '/param/list' }).where('id', '=', paramList).execute();
    expect(await listParams()).toBe(Code.OK);
  });
});
