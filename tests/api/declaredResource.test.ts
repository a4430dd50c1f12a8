/**
 * DECLARED ONCE, TESTED ONCE: a resource only this test declares (a master with a unique key and
 * its key check, an ordered detail, demo rows) gets the authorization matrix's rows, the audit
 * coverage's writes and the seeded tree's nodes from its definitions, with no row written for it;
 * and a demo row breaking its entity's rules stops the start.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choice, defineEntity, digits, optionalText, reference, requiredText, text, type ListData } from '../../contract';
import { defineResource, endpointOf, type ResourceDefinition } from '../../resources/define';
import { resourceDefinitions } from '../../resources/registry';
import { apiElementPath, isGuardedPath } from '../../server/http/paths';
import { declaredMatrixRows } from './declaredRows';
import { declaredTreeProblems } from './declaredTree';
import { runDeclaredWrites } from './declaredWrites';
import { ADMIN, startTestServer, type TestServer } from './harness';
import { caseOf, headCasesOf, keyOf, matrixCallers } from './matrixCallers';
import { CALLERS } from './matrixTypes';

const SIZES = [
  { value: 'S', label: text('小', 'Small') },
  { value: 'L', label: text('大', 'Large') },
] as const;

const gadgetEntity = defineEntity({
  fields: {
    gadgetKey: requiredText(text('键', 'Key'), 20),
    name: requiredText(text('名称', 'Name'), 20),
    sizeKind: choice(text('尺寸', 'Size'), SIZES, 'S'),
    weight: digits(text('重量', 'Weight'), 6),
    note: optionalText(text('备注', 'Note'), 50),
  },
  unique: { fields: ['gadgetKey'], duplicate: text('键重复', 'Key taken') },
});

const gadget = (rows: ReadonlyArray<Record<string, string | number>>) =>
  defineResource({
    name: 'gadget',
    table: 'gadget',
    entity: gadgetEntity,
    title: text('小工具', 'Gadgets'),
    menu: { navigation: 'tools', sort: 99, icon: 'tool', path: '/tools/gadget' },
    labelField: 'name',
    paging: 'page',
    keyCheck: { path: 'validateKey', param: 'gadgetKey' },
    search: ['gadgetKey', 'name'],
    filters: ['sizeKind'],
    sort: [['weight', 'asc']],
    columns: [{ field: 'gadgetKey' }, { field: 'name' }, { field: 'sizeKind', cell: 'option' }, { field: 'weight' }],
    form: [{ field: 'gadgetKey' }, { field: 'name' }, { field: 'sizeKind', widget: 'radio' }, { field: 'weight' }, { field: 'note' }],
    timestamps: true,
    demo: { rows: async () => rows },
  });

const gadgetPart = defineResource({
  name: 'gadgetPart',
  table: 'gadget_part',
  entity: defineEntity({
    fields: {
      gadgetId: reference(text('所属小工具', 'Gadget')),
      partKey: requiredText(text('部件键', 'Part key'), 20),
      sortNum: digits(text('排序号', 'Sort number'), 10, false),
    },
    unique: { fields: ['gadgetId', 'partKey'], duplicate: text('部件键重复', 'Part key taken') },
  }),
  title: text('部件', 'Parts'),
  parent: { resource: 'gadget', field: 'gadgetId' },
  order: { field: 'sortNum' },
  paging: 'page',
  keyCheck: { path: 'validateKey', param: 'partKey' },
  search: ['partKey'],
  sort: [['sortNum', 'asc']],
  columns: [{ field: 'partKey' }, { field: 'sortNum', cell: 'order' }],
  form: [{ field: 'partKey' }],
});

const DEMO = [
  { gadgetKey: 'g1', name: '一号', sizeKind: 'S', weight: 3 },
  { gadgetKey: 'g2', name: '二号', sizeKind: 'L', weight: 1 },
];
const THROWAWAY: readonly ResourceDefinition[] = [gadget(DEMO), gadgetPart];
const DEFINITIONS = [...resourceDefinitions, ...THROWAWAY];
const ROWS = declaredMatrixRows(THROWAWAY);
const CASES = ROWS.map(caseOf);
const isThrowaway = (path: string) => THROWAWAY.some((d) => path.startsWith(`${apiElementPath(endpointOf(d))}/`));

let server: TestServer;
let callers: Awaited<ReturnType<typeof matrixCallers>>;
beforeAll(async () => {
  server = await startTestServer({ demo: true, definitions: DEFINITIONS });
  callers = await matrixCallers(server);
});
afterAll(async () => {
  await server?.close();
});

describe('a resource declared with no test row', () => {
  it('has a derived matrix row for every route it gets', () => {
    const registered = server.app.routeTable.filter((r) => isGuardedPath(r.url) && r.method !== 'HEAD').map((r) => keyOf(r.method, apiElementPath(r.url)));
    const own = [...new Set(registered.filter((route) => isThrowaway(route.split(' ')[1]!)))].sort();
    expect(own).toEqual(ROWS.map(([method, path]) => keyOf(method, path)).sort());
    expect(own).toEqual(expect.arrayContaining(['GET /gadget/validateKey', 'POST /gadgetPart/move', 'POST /gadget/deleteImpact']));
  });

  describe.each([...CASES, ...headCasesOf(CASES)])('$method $path', (c) => {
    it.each(CALLERS)('%s', (caller) => callers.check(c, caller));
  });

  it('has its menu, buttons and API elements in the seeded tree', async () => {
    expect(await declaredTreeProblems(server.db, DEFINITIONS)).toEqual([]);
  });

  it('leaves audit rows of its tables after each save, move and delete', async () => {
    const token = await server.tokenFor(ADMIN.username, ADMIN.password);
    const seen: string[] = [];
    await runDeclaredWrites(server, token, DEFINITIONS.filter((d) => THROWAWAY.includes(d)), async ({ definition, route, url, answer }) => {
      expect(answer.body.code, `${route}: ${answer.text}`).toBe(0);
      const rows = await server.db.selectFrom('auditLog').select(['tableName', 'userName']).where('route', '=', url).execute();
      expect(rows.map((row) => row.tableName), route).toContain(definition.table);
      seen.push(route);
    });
    // Each edited and the edit reverted (its history's revert is audited as its own write).
    expect(seen).toEqual([
      'POST /gadget/saveOrUpdate',
      'POST /gadget/saveOrUpdate',
      'POST /gadget/revert',
      'POST /gadgetPart/saveOrUpdate',
      'POST /gadgetPart/saveOrUpdate',
      'POST /gadgetPart/move',
      'POST /gadgetPart/saveOrUpdate',
      'POST /gadgetPart/revert',
      'POST /gadgetPart/delete',
      'POST /gadget/delete',
    ]);
  });

  it('shows its demo rows, seeded once in their order', async () => {
    const token = await server.tokenFor(ADMIN.username, ADMIN.password);
    const { body } = await server.call<ListData<Record<string, unknown>>>('GET', '/base/admin/gadget/list', { token, query: { sizeKind: 'S' } });
    expect(body.data.items.map((row) => row.gadgetKey)).toEqual(['g1']);
    const all = (await server.call<ListData<Record<string, unknown>>>('GET', '/base/admin/gadget/list', { token })).body.data;
    expect(all.items.map((row) => [row.id, row.gadgetKey])).toEqual([
      [2, 'g2'],
      [1, 'g1'],
    ]);
    await server.restart({ definitions: DEFINITIONS });
    expect((await server.call<ListData<unknown>>('GET', '/base/admin/gadget/list', { token: await server.tokenFor(ADMIN.username, ADMIN.password) })).body.data.total).toBe(2);
  });
});

describe('a demo row breaking its entity’s rules', () => {
  it('stops the demo seed, naming the resource, the row and the field', async () => {
    const broken = gadget([...DEMO, { gadgetKey: 'g3', name: '三号', sizeKind: 'M', weight: 2 }]);
    const started = startTestServer({ demo: true, definitions: [...resourceDefinitions, broken, gadgetPart] });
    await expect(started).rejects.toThrow(/Demo row 3 of gadget breaks its rules .*sizeKind/);
  });

  it('stops it when it repeats a key', async () => {
    const repeated = gadget([...DEMO, { gadgetKey: 'g1', name: '又一号', sizeKind: 'S', weight: 2 }]);
    await expect(startTestServer({ demo: true, definitions: [...resourceDefinitions, repeated, gadgetPart] })).rejects.toThrow(/Demo row 3 of gadget repeats the key gadgetKey/);
  });
});
