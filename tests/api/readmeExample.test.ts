/**
 * The README's worked example of "Add a resource", copied from the README and run (so the README
 * cannot drift): dates with a rule between them, money, a code unique per channel, a fixed field,
 * sortable columns and timestamps, then a required field added to the table with rows. The
 * resource gets its matrix rows, audit writes and seeded nodes with no test row; an upgraded
 * database has the table a fresh one gets. On both databases (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, validateEntity, type ListData } from '../../contract';
import type { ResourceDefinition } from '../../resources/define';
import { resourceDefinitions } from '../../resources/registry';
import { tableColumns, tableIndexes } from '../../server/db/schemaIntrospection';
import { apiElementPath, isGuardedPath } from '../../server/http/paths';
import { declaredMatrixRows } from './declaredRows';
import { declaredTreeProblems } from './declaredTree';
import { runDeclaredWrites } from './declaredWrites';
import { ADMIN, handleOf, startTestServer, type TestServer } from './harness';
import { caseOf, keyOf, matrixCallers } from './matrixCallers';
import { CALLERS } from './matrixTypes';
import { importSnippets, readmeSnippets } from './readmeSnippets';

type Row = Record<string, unknown>;

const snippets = readmeSnippets();
const stepOf = (step: string) => snippets.filter((s) => s.step === step);
const FIRST = stepOf('A worked example');
const LATER = stepOf('Later: a required field on a table with rows');
const DEMO = snippets.filter((s) => s.path === 'resources/promotion/demo.ts');

/** The definition a step's files declare: its entity as that step writes it, the rest from the first step. */
async function promotionOf(step: typeof FIRST, disposers: Array<() => void>): Promise<ResourceDefinition> {
  const replaced = new Set(step.map((s) => s.path));
  const { modules, dispose } = await importSnippets([...step, ...FIRST.filter((s) => !replaced.has(s.path))]);
  disposers.push(dispose);
  const definition = modules.get('resources/promotion/definition.ts')?.promotionResource as ResourceDefinition | undefined;
  if (!definition) throw new Error('The README example declares no promotionResource in resources/promotion/definition.ts');
  return definition;
}

const disposers: Array<() => void> = [];
let v1: ResourceDefinition;
let v2: ResourceDefinition;
let server: TestServer;
let token: string;

beforeAll(async () => {
  v1 = await promotionOf(FIRST, disposers);
  v2 = await promotionOf(LATER, disposers);
  server = await startTestServer({ definitions: [...resourceDefinitions, v1] });
  token = await server.tokenFor(ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await server?.close();
  for (const dispose of disposers) dispose();
});

const save = (body: Row, locale = 'zh-CN') => server.call<Row>('POST', '/base/admin/promotion/saveOrUpdate', { token, body, headers: { 'accept-language': locale } });
const list = (query: Record<string, string | number> = {}) => server.call<ListData<Row>>('GET', '/base/admin/promotion/list', { token, query });
const spring = { channel: 'web', code: 'P1', title: '春季促销', startsOn: '2026-03-01', endsOn: '2026-03-31', unitPrice: 1999, quantity: 3 };

describe('the README example, as written', () => {
  it('has both steps, each naming its files', () => {
    expect(FIRST.map((s) => s.path)).toEqual(['contract/entities/promotion.ts', 'resources/promotion/definition.ts']);
    expect(LATER.map((s) => s.path)).toEqual(['contract/entities/promotion.ts']);
  });

  it('ships demo rows that keep the entity’s rules', async () => {
    expect(DEMO).toHaveLength(1);
    const { modules, dispose } = await importSnippets(DEMO);
    disposers.push(dispose);
    const rows = modules.get('resources/promotion/demo.ts')?.PROMOTION_DEMO_ROWS as Array<Record<string, unknown>>;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(validateEntity(v1.entity, row).ok, JSON.stringify(row)).toBe(true);
  });

  it('saves a promotion with its price exact, and times of its own', async () => {
    const answer = await save({ ...spring, createTime: 1, updateTime: 1 });
    expect(answer.body.code, answer.text).toBe(Code.OK);
    expect(answer.body.data).toMatchObject({ ...spring, unitPrice: 1999 });
    expect(Number(answer.body.data.createTime)).toBeGreaterThan(1);
    expect(Number(answer.body.data.updateTime)).toBeGreaterThanOrEqual(Number(answer.body.data.createTime));
  });

  it('refuses an end before the start, in the form’s words, and stores nothing', async () => {
    const before = (await list()).body.data.total;
    const zh = await save({ ...spring, code: 'P2', endsOn: '2026-02-28' });
    expect(zh.body.code).toBe(Code.VALIDATION_FAILED);
    expect(zh.body.msg).toContain('结束日期');
    const en = await save({ ...spring, code: 'P2', endsOn: '2026-02-28' }, 'en-US');
    expect(en.body.msg).toContain('Ends on');
    expect((await list()).body.data.total).toBe(before);
  });

  it('keeps a code unique per channel, and lets it be corrected', async () => {
    expect((await save({ ...spring, title: '重复' })).body.code).toBe(Code.DUPLICATE);
    const other = await save({ ...spring, channel: 'app', title: '应用内促销' });
    expect(other.body.code, other.text).toBe(Code.OK);
    const id = other.body.data.id;
    const corrected = await save({ id, code: 'P1-app' });
    expect(corrected.body.code, corrected.text).toBe(Code.OK);
    expect(corrected.body.data.code).toBe('P1-app');
    // The channel is fixed once created.
    expect((await save({ id, channel: 'web' })).body.code).toBe(Code.VALIDATION_FAILED);
  });

  it('finds promotions by a business among their tags and by ranges of days and prices, as its comments say', async () => {
    const tagged = await save({ ...spring, code: 'P-T', startsOn: '2027-05-01', endsOn: '2027-05-01', businesses: ['2', '1'], unitPrice: 1500 });
    expect(tagged.body.data).toMatchObject({ businesses: ['1', '2'] });
    const codes = async (query: Record<string, string | number>) => (await list(query)).body.data.items.map((row) => row.code);
    expect(await codes({ businesses: '2', startsOnFrom: '2027-05-01', unitPriceTo: 1999 })).toEqual(['P-T']);
    expect(await codes({ businesses: '3' })).toEqual([]);
    expect(await codes({ startsOnFrom: '2027-05-01', unitPriceFrom: 1501 })).toEqual([]);
    expect((await list({ unitPriceFrom: '19.99' })).body.code).toBe(Code.VALIDATION_FAILED);
  });

  it('sorts on the server by the columns it marks sortable, and by no other', async () => {
    await save({ ...spring, code: 'P3', title: '夏季促销', startsOn: '2026-06-01', endsOn: '2026-06-30', unitPrice: 500 });
    const byPrice = (await list({ sort: 'unitPrice', order: 'asc' })).body.data.items.map((row) => row.unitPrice);
    expect(byPrice).toEqual([...byPrice].sort((a, b) => Number(a) - Number(b)));
    expect(byPrice[0]).toBe(500);
    expect((await list({ sort: 'title', order: 'asc' })).body.code).toBe(Code.VALIDATION_FAILED);
  });

  it('gets matrix rows for its calls with no row written for it', async () => {
    const rows = declaredMatrixRows([v1]);
    const registered = server.app.routeTable.filter((r) => isGuardedPath(r.url) && r.method !== 'HEAD' && r.url.includes('/promotion/')).map((r) => keyOf(r.method, apiElementPath(r.url)));
    expect([...new Set(registered)].sort()).toEqual(rows.map(([method, path]) => keyOf(method, path)).sort());
    const callers = await matrixCallers(server);
    for (const row of rows) for (const caller of CALLERS) await callers.check(caseOf(row), caller);
  });

  it('is in the seeded menu tree and leaves audit rows of its own', async () => {
    expect(await declaredTreeProblems(server.db, [...resourceDefinitions, v1])).toEqual([]);
    await runDeclaredWrites(server, token, [v1], async ({ definition, route, url, answer }) => {
      expect(answer.body.code, `${route}: ${answer.text}`).toBe(0);
      const audited = await server.db.selectFrom('auditLog').select('tableName').where('route', '=', url).execute();
      expect(audited.map((row) => row.tableName), route).toContain(definition.table);
    });
  });
});

describe('the README’s later step: a required field on a table with rows', () => {
  it('gives the rows that exist its backfill, so saving one field of an old row works', async () => {
    const old = (await list({ sort: 'unitPrice', order: 'desc' })).body.data.items[0]!;
    await server.restart({ definitions: [...resourceDefinitions, v2] });
    token = await server.tokenFor(ADMIN.username, ADMIN.password);
    const items = (await list()).body.data.items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((row) => row.region === '全国')).toBe(true);
    const renamed = await save({ id: old.id, title: '改名的促销' });
    expect(renamed.body.code, renamed.text).toBe(Code.OK);
    expect(renamed.body.data).toMatchObject({ title: '改名的促销', region: '全国' });
    // A new record must name it.
    expect((await save({ ...spring, code: 'P9' })).body.code).toBe(Code.VALIDATION_FAILED);
    expect((await save({ ...spring, code: 'P9', region: '华东' })).body.code).toBe(Code.OK);
  });

  it('leaves the table as a fresh database gets it', async () => {
    const fresh = await startTestServer({ definitions: [...resourceDefinitions, v2] });
    try {
      expect(await tableColumns(handleOf(server), v2.table)).toEqual(await tableColumns(handleOf(fresh), v2.table));
      expect(await tableIndexes(handleOf(server), v2.table)).toEqual(await tableIndexes(handleOf(fresh), v2.table));
    } finally {
      await fresh.close();
    }
  });
});
