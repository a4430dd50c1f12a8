/**
 * A definition decides where its calls live (`endpoint`) and which of them exist (`actions`): a
 * read-only resource below another prefix gets list and detail there, behind the guard, with
 * page elements and API elements for exactly those calls, and no save or delete at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, MenuType, requiredText, text } from '../../contract';
import { defineEntity } from '../../contract/entity';
import { crudActions, defineResource } from '../../resources/define';
import { resourceDefinitions } from '../../resources/registry';
import { uaResource } from '../../resources/ua/definition';
import { ADMIN, startTestServer, type TestServer } from './harness';

const logEntity = defineEntity({ fields: { line: requiredText(text('内容', 'Line'), 50) } });
const readOnlyLog = defineResource({
  name: 'gadgetLog',
  endpoint: '/v2/gadgetLog',
  actions: ['list'],
  pageSizes: [30, 50],
  entity: logEntity,
  table: 'gadget_log',
  title: text('小工具日志', 'Gadget log'),
  menu: { navigation: 'tools', sort: 90, icon: 'filetext', path: '/tools/gadgetLog' },
  paging: 'page',
  search: ['line'],
  sort: [['line', 'asc']],
  columns: [{ field: 'line' }],
  form: [{ field: 'line' }],
});

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer({ definitions: [...resourceDefinitions, readOnlyLog] });
  token = await server.tokenFor(ADMIN.username, ADMIN.password);
  await server.db
    .withoutPlugins()
    .insertInto('gadget_log' as never)
    .values([{ line: 'first' }, { line: 'second' }] as never)
    .execute();
});
afterAll(async () => {
  await server?.close();
});

describe('a read-only resource at its own endpoint', () => {
  it('has a page element for listing and one for exporting, whose API elements name the whole paths', () => {
    expect(crudActions(readOnlyLog).map(({ code, apis }) => ({ code, apis }))).toEqual([
      { code: 'gadgetLog:list', apis: ['/v2/gadgetLog/list', '/v2/gadgetLog/detail'] },
      { code: 'gadgetLog:export', apis: ['/v2/gadgetLog/export'] },
    ]);
  });

  it('exports at the path its definition names: the UA list beside its endpoint’s own /export (the parser’s regexes.yaml)', () => {
    expect(crudActions(uaResource).filter(({ code }) => code === 'ua:export').map(({ apis }) => apis)).toEqual([['/v2/ua/exportXlsx']]);
    const routes = server.app.routeTable.filter((route) => route.url.startsWith('/v2/ua/export')).map((route) => route.url);
    expect([...new Set(routes)].sort()).toEqual(['/v2/ua/export', '/v2/ua/exportXlsx']);
  });

  it('is seeded with exactly those nodes, granted to the super-admin', async () => {
    const nodes = await server.db.selectFrom('permission').select(['url', 'menuType', 'code']).where('url', 'like', '/v2/gadgetLog/%').execute();
    expect(nodes.map((n) => n.url).sort()).toEqual(['/v2/gadgetLog/detail', '/v2/gadgetLog/export', '/v2/gadgetLog/list']);
    expect(nodes.every((n) => n.menuType === MenuType.API)).toBe(true);
  });

  it('lists and answers detail below its endpoint, not below /base/admin', async () => {
    const list = await server.call<{ items: Array<{ id: number; line: string }>; total: number }>('GET', '/v2/gadgetLog/list', { token, query: { page: 1, size: 30 } });
    expect(list.body).toMatchObject({ code: 0, data: { total: 2, items: [{ line: 'first' }, { line: 'second' }] } });
    const detail = await server.call('GET', '/v2/gadgetLog/detail', { token, query: { id: list.body.data.items[0]!.id } });
    expect(detail.body).toMatchObject({ code: 0, data: { line: 'first' } });
    expect((await server.call('GET', '/base/admin/gadgetLog/list', { token })).body.code).toBe(Code.FORBIDDEN);
  });

  it('has no save, delete or key check: even the super-admin is refused and nothing changes', async () => {
    const save = await server.call('POST', '/v2/gadgetLog/saveOrUpdate', { token, body: { line: 'third' } });
    const remove = await server.call('GET', '/v2/gadgetLog/delete', { token, query: { ids: 1 } });
    expect([save.body.code, remove.body.code]).toEqual([Code.FORBIDDEN, Code.FORBIDDEN]);
    const list = await server.call<{ total: number }>('GET', '/v2/gadgetLog/list', { token });
    expect(list.body.data.total).toBe(2);
  });

  it('asks for a token like every other call', async () => {
    expect((await server.call('GET', '/v2/gadgetLog/list')).body.code).toBe(Code.NO_TOKEN);
  });
});
