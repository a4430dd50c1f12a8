/**
 * The save rule for a dictionary value that was switched off (or deleted) after records took it,
 * kept on purpose (README "Dictionaries"; server/crud/recordChecks.ts unknownChoice): a record that
 * holds it saves again unchanged, as its edit form sends it whole, so switching a value off never
 * makes every record using it uneditable; a record that did not hold it cannot take it. The
 * console reads the switched-off item with its switch (`ListByKey?all=1`) to show it marked off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract';
import { ADMIN, startTestServer, type TestServer } from './harness';

let server: TestServer;
let token: string;
let supportItemId: number;

type App = { id: number; code: string; name: string; businessType: number; isEnable: string; sort: number; address: string };
const app = (code: string, businessType: number) => ({ code, name: `系统${code}`, businessType, isEnable: '1', sort: 1, address: `https://${code}.example.com` });
const saveApp = (body: Record<string, unknown>) => server.call<App>('POST', '/base/admin/app/saveOrUpdate', { token, body });
const switchItem = (openStatus: 0 | 1) => server.call('POST', '/base/admin/dic/saveOrUpdate', { token, body: { id: supportItemId, openStatus } });

beforeAll(async () => {
  server = await startTestServer();
  token = await server.tokenFor(ADMIN.username, ADMIN.password);
  const item = await server.db
    .selectFrom('dic as item')
    .innerJoin('dic as d', 'd.id', 'item.parentId')
    .select('item.id')
    .where('d.dicKey', '=', 'business_type')
    .where('item.dicKey', '=', '2')
    .executeTakeFirstOrThrow();
  supportItemId = item.id;
});
afterAll(async () => {
  await server?.close();
});

describe('a business type switched off after sub-systems took it', () => {
  it('is kept by the sub-system holding it, saved again unchanged as its edit form sends it', async () => {
    const support = (await saveApp(app('kept', 2))).body.data;
    expect((await switchItem(0)).body.code).toBe(Code.OK);

    const { body } = await saveApp({ ...support, name: '仍是支撑系统' });
    expect(body.code).toBe(Code.OK);
    expect(body.data).toMatchObject({ id: support.id, name: '仍是支撑系统', businessType: 2 });

    // What the console reads to show it: the item, with its switch off.
    const items = await server.call<Array<{ dicKey: string; openStatus: number }>>('GET', '/base/admin/dic/ListByKey', { token, query: { dicKey: 'business_type', all: 1 } });
    expect(items.body.data.find((i) => i.dicKey === '2')).toMatchObject({ openStatus: 0 });
    const enabled = await server.call<Array<{ dicKey: string }>>('GET', '/base/admin/dic/ListByKey', { token, query: { dicKey: 'business_type' } });
    expect(enabled.body.data.map((i) => i.dicKey)).not.toContain('2');
  });

  it('is refused for a sub-system that did not hold it, new or existing', async () => {
    const created = await saveApp(app('fresh', 2));
    expect(created.body.code).toBe(Code.VALIDATION_FAILED);
    expect(created.body.data).toEqual({ fields: { businessType: '业务类型的取值无效' } });

    const business = (await saveApp(app('other', 1))).body.data;
    const changed = await saveApp({ ...business, businessType: 2 });
    expect(changed.body.code).toBe(Code.VALIDATION_FAILED);
    expect((await server.db.selectFrom('app').select('businessType').where('id', '=', business.id).executeTakeFirstOrThrow()).businessType).toBe(1);
  });

  it('is open to every sub-system again once switched back on', async () => {
    expect((await switchItem(1)).body.code).toBe(Code.OK);
    expect((await saveApp(app('again', 2))).body.code).toBe(Code.OK);
  });
});
