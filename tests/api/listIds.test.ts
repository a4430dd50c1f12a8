/**
 * A list call naming `ids` answers those records only: as the list answers them (masked, scoped,
 * with the same filters and required filters), one page whatever their number, at most the max
 * page size of storable ids (1001 naming `ids` otherwise). The console reads a reference's labels
 * this way, so a label shows past the first 1000 referenced records.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appEntity, Code, MAX_PAGE_SIZE, type ListData } from '../../contract';
import { SUPPORT_ROLE_KEY } from '../../server/db/demoCustomers';
import { stored } from '../../server/db/seedValues';
import { ADMIN, startTestServer, type TestServer } from './harness';
import { grantNodes, screenNodeIds } from './screenGrants';

type Row = Record<string, unknown> & { id: number };

const APPS = 1200;

let server: TestServer;
let admin: string;
let support: string;
/** The apps inserted here, in the order of the app list (by `sort`). */
let apps: Row[];
beforeAll(async () => {
  server = await startTestServer({ demo: true });
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
  const rows = Array.from({ length: APPS }, (_, i) => ({
    ...stored(appEntity, { code: `many${i}`, name: `子系统${i}`, businessType: 1, isEnable: '1', sort: 100_000 + i, address: 'https://many.example.com' }),
    createTime: Date.now(),
  }));
  for (let i = 0; i < rows.length; i += 300) await server.db.insertInto('app').values(rows.slice(i, i + 300)).execute();
  apps = (await server.db.selectFrom('app').selectAll().where('code', 'like', 'many%').orderBy('sort').execute()) as unknown as Row[];
  const { userId } = await server.createUser({ code: 'kefu02', password: 'Support#2024', apis: [] });
  const role = await server.db.selectFrom('role').select('id').where('roleKey', '=', SUPPORT_ROLE_KEY).executeTakeFirstOrThrow();
  await server.db.insertInto('userRole').values({ userId, roleId: role.id }).execute();
  support = await server.tokenFor('kefu02', 'Support#2024');
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const list = (token: string, path: string, query: Record<string, string | number>) => server.call<ListData<Row>>('GET', `/base/admin${path}`, { token, query });

describe('a list call naming ids', () => {
  it(`answers the label of the role's sub-system that is row 1,150 of ${APPS.toLocaleString('en-US')}, which no list page of the first 1000 holds`, async () => {
    const far = apps[1149]!;
    const saved = await server.call<Row>('POST', '/base/admin/role/saveOrUpdate', {
      token: admin,
      body: { sortNum: 9, roleKey: 'farAway', name: '远处的角色', appId: far.id, roleType: 2, isEnable: '1' },
    });
    expect(saved.body.code).toBe(Code.OK);
    const firstPage = (await list(admin, '/app/list', { pageNo: 1, pageSize: MAX_PAGE_SIZE })).body.data;
    expect(firstPage.items.some((app) => app.id === far.id)).toBe(false);

    const role = (await list(admin, '/role/list', { roleKey: 'farAway' })).body.data.items[0]!;
    const labels = (await list(admin, '/app/list', { ids: String(role.appId) })).body.data;
    expect(labels.items.map((app) => app.name)).toEqual(['子系统1149']);
    expect(labels.total).toBe(1);
  });

  it('answers exactly those records in one page, whatever paging it names; unknown ids are left out', async () => {
    const named = [apps[3]!, apps[1199]!, apps[600]!];
    const answer = (await list(admin, '/app/list', { ids: [...named.map((app) => app.id), 2_000_000_000].join(','), pageNo: 3, pageSize: 1 })).body.data;
    expect(answer.items.map((app) => app.id).sort((a, b) => a - b)).toEqual(named.map((app) => app.id).sort((a, b) => a - b));
    expect(answer.total).toBe(3);
  });

  it('answers as many as the max page size in one call', async () => {
    const ids = apps.slice(0, MAX_PAGE_SIZE).map((app) => app.id);
    const answer = (await list(admin, '/app/list', { ids: ids.join(',') })).body.data;
    expect(answer.items).toHaveLength(MAX_PAGE_SIZE);
  });

  it('keeps the list\'s other conditions: a search the rows do not match leaves them out', async () => {
    const answer = (await list(admin, '/app/list', { ids: `${apps[5]!.id},${apps[15]!.id}`, name: '子系统15' })).body.data;
    expect(answer.items.map((app) => app.name)).toEqual(['子系统15']);
  });

  it('refuses malformed, unstorable or too many ids with 1001 naming ids', async () => {
    const tooMany = Array.from({ length: MAX_PAGE_SIZE + 1 }, (_, i) => i + 1).join(',');
    for (const ids of ['', 'abc', '1,,2', '0', '-3', '1.5', '2147483648', '1 or 1=1', tooMany]) {
      const answer = await list(admin, '/app/list', { ids });
      expect(answer.body.code, ids.slice(0, 20)).toBe(Code.VALIDATION_FAILED);
      expect(Object.keys((answer.body.data as unknown as { fields: Record<string, string> }).fields)).toEqual(['ids']);
    }
  });

  it('masks personal data as the list does', async () => {
    const customer = (await list(support, '/customer/list', { userType: 1, size: 1 })).body.data.items[0]!;
    const stored = (await server.db.selectFrom('customer' as never).selectAll().where('id' as never, '=', customer.id as never).executeTakeFirstOrThrow()) as Row;
    const answer = (await list(support, '/customer/list', { ids: String(customer.id) })).body.data.items;
    expect(answer).toEqual([customer]);
    expect(answer[0]!.telephone).not.toBe(stored.telephone);
    expect(answer[0]!.telephone).toMatch(/^1\d{2}\*{4}\d{4}$/);
  });

  it('keeps requiring the required filters, and answers no row of another owner', async () => {
    const [first, second] = (await list(support, '/customer/list', { userType: 1, size: 2 })).body.data.items;
    const bank = (await list(support, '/customer/bank/list', { userId: first!.id, size: 1 })).body.data.items[0]!;
    const withoutOwner = await list(support, '/customer/bank/list', { ids: String(bank.id) });
    expect(withoutOwner.body.code).toBe(Code.VALIDATION_FAILED);
    expect(Object.keys((withoutOwner.body.data as unknown as { fields: Record<string, string> }).fields)).toEqual(['userId']);
    expect((await list(support, '/customer/bank/list', { ids: String(bank.id), userId: second!.id })).body.data.items).toEqual([]);
    const own = (await list(support, '/customer/bank/list', { ids: String(bank.id), userId: first!.id })).body.data.items;
    expect(own).toEqual([bank]);
    expect(String(own[0]!.payAccount)).toContain('*');
  });

  it('answers only the resource\'s own rows: a dictionary item is not a dictionary', async () => {
    const dictionary = (await list(admin, '/dic/list', { parentId: 0, pageSize: 1 })).body.data.items[0]!;
    const item = (await list(admin, '/dic/list', { parentId: dictionary.id, pageSize: 1 })).body.data.items[0]!;
    expect((await list(admin, '/dic/list', { ids: `${dictionary.id},${item.id}` })).body.data.items.map((row) => row.id)).toEqual([dictionary.id]);
    expect((await list(admin, '/dic/list', { ids: `${dictionary.id},${item.id}`, parentId: dictionary.id })).body.data.items.map((row) => row.id)).toEqual([item.id]);
  });

  it('answers only the sessions the list shows: one idle past the limit is left out', async () => {
    const { userId } = await server.createUser({ code: 'idle01', password: 'Idle#2024' });
    await server.tokenFor('idle01', 'Idle#2024');
    await server.tokenFor('idle01', 'Idle#2024');
    const own = await server.db.selectFrom('session').select('id').where('userId', '=', userId).orderBy('id').execute();
    const ids = own.map((s) => s.id).join(',');
    expect((await list(admin, '/onlineSession/list', { ids })).body.data.items.map((s) => s.id)).toEqual(expect.arrayContaining(own.map((s) => s.id)));
    await server.db.updateTable('session').set({ lastSeenAt: 1 }).where('id', '=', own[0]!.id).execute();
    expect((await list(admin, '/onlineSession/list', { ids })).body.data.items.map((s) => s.id)).toEqual([own[1]!.id]);
  });

  it('is answered to a caller granted a screen whose cells show the labels (the role screen: no grant beyond it)', async () => {
    const { roleId } = await server.createUser({ code: 'roles01', password: 'Roles#2024' });
    await grantNodes(server.db, roleId, await screenNodeIds(server.db, 'role'));
    const token = await server.tokenFor('roles01', 'Roles#2024');
    const answer = await list(token, '/app/list', { ids: String(apps[1149]!.id) });
    expect(answer.body.code).toBe(Code.OK);
    expect(answer.body.data.items.map((app) => app.name)).toEqual(['子系统1149']);
  });
});
