/**
 * A list's headers sort on the server: `sort` names a column the definition marks sortable (any
 * other field is refused with 1001 naming the parameter), `order` is asc or desc, and `id` breaks
 * ties so equal values never repeat or vanish across pages. `timestamps` gives server-managed
 * createTime and updateTime that a request cannot set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, digits, requiredText, text } from '../../contract';
import { defineEntity } from '../../contract/entity';
import { defineResource, type ResourceDefinition } from '../../resources/define';
import { findResource, resourceDefinitions } from '../../resources/registry';
import { definitionProblems } from '../../server/crud/definitionRules';
import { sortIndexes } from '../../server/db/resourceTables';
import { ADMIN, startTestServer, type TestServer } from './harness';

const shelfEntity = defineEntity({
  fields: { label: requiredText(text('名称', 'Label'), 20), rank: digits(text('等级', 'Rank'), 5), note: requiredText(text('备注', 'Note'), 20) },
});
const shelves = defineResource({
  name: 'sortedShelf',
  entity: shelfEntity,
  table: 'sorted_shelf',
  title: text('货架', 'Shelves'),
  menu: { navigation: 'tools', sort: 92, icon: 'filetext', path: '/tools/sortedShelf' },
  paging: 'pageNo',
  search: ['label'],
  sort: [['label', 'asc']],
  columns: [{ field: 'label', sortable: true }, { field: 'rank', sortable: true }, { field: 'note' }, { field: 'updateTime', sortable: true }],
  form: [{ field: 'label' }, { field: 'rank' }, { field: 'note' }],
  timestamps: true,
});

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer({ definitions: [...resourceDefinitions, shelves] });
  token = await server.tokenFor(ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await server?.close();
});

interface Shelf {
  id: number;
  label: string;
  rank: number;
  createTime: number;
  updateTime: number;
}
const save = (body: Record<string, unknown>) => server.call<Shelf>('POST', '/base/admin/sortedShelf/saveOrUpdate', { token, body });
const list = (query: Record<string, string | number>) => server.call<{ items: Shelf[]; total: number }>('GET', '/base/admin/sortedShelf/list', { token, query: { pageNo: 1, pageSize: 50, ...query } });

describe('sorting a list on the server', () => {
  beforeAll(async () => {
    // Five rows share rank 2: only the id tells them apart.
    for (const [label, rank] of [['c', 2], ['a', 3], ['e', 2], ['b', 1], ['d', 2], ['f', 2], ['g', 2]] as const) {
      expect((await save({ label, rank, note: 'n' })).body.code).toBe(Code.OK);
    }
  });

  it('orders by a sortable column, either way', async () => {
    expect((await list({ sort: 'label', order: 'desc' })).body.data.items.map((r) => r.label)).toEqual(['g', 'f', 'e', 'd', 'c', 'b', 'a']);
    expect((await list({ sort: 'label', order: 'asc' })).body.data.items.map((r) => r.label)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect((await list({ sort: 'rank' })).body.data.items.map((r) => r.rank)).toEqual([1, 2, 2, 2, 2, 2, 3]);
  });

  it('breaks ties by id, so pages of equal values neither repeat nor skip a row', async () => {
    const whole = (await list({ sort: 'rank', order: 'desc' })).body.data.items.map((r) => r.id);
    const paged: number[] = [];
    for (const pageNo of [1, 2, 3, 4]) {
      const page = await list({ sort: 'rank', order: 'desc', pageNo, pageSize: 2 });
      paged.push(...page.body.data.items.map((r) => r.id));
    }
    expect(paged).toEqual(whole);
    const tied = (await list({ sort: 'rank', order: 'desc' })).body.data.items.filter((r) => r.rank === 2).map((r) => r.id);
    expect(tied).toEqual([...tied].sort((a, b) => a - b));
  });

  it('refuses a field that is not a sortable column, and an order other than asc or desc (1001 naming the parameter)', async () => {
    for (const sort of ['note', 'id', 'nothing', 'createTime']) {
      const answer = await list({ sort });
      expect(answer.body.code).toBe(Code.VALIDATION_FAILED);
      expect(answer.body.data).toMatchObject({ fields: { sort: expect.any(String) } });
    }
    const order = await list({ sort: 'label', order: 'sideways' });
    expect(order.body.code).toBe(Code.VALIDATION_FAILED);
    expect(order.body.data).toMatchObject({ fields: { order: expect.any(String) } });
  });

  it('indexes each sortable column', () => {
    expect(sortIndexes(shelves as ResourceDefinition)).toEqual([['label'], ['rank'], ['updateTime']]);
  });
});

describe('definitions that would sort on what they must not', () => {
  it('refuse to start with a sortable masked column: its order would tell the value', () => {
    const customer = findResource('customer')!;
    const sortingPhones = { ...customer, columns: customer.columns.map((c) => (c.field === 'telephone' ? { ...c, sortable: true } : c)) };
    expect(definitionProblems(sortingPhones, resourceDefinitions).join('\n')).toMatch(/telephone is masked .* sortable column/);
  });

  it('refuse a sortable column that is no stored field, and timestamps without `timestamps`', () => {
    const bare = { ...shelves, timestamps: false, columns: [{ field: 'ghost', sortable: true }, { field: 'createTime' }] } as ResourceDefinition;
    const problems = definitionProblems(bare, resourceDefinitions).join('\n');
    expect(problems).toContain('sortable names ghost');
    expect(problems).toContain('columns names createTime');
    expect(definitionProblems(shelves as ResourceDefinition, resourceDefinitions)).toEqual([]);
  });
});

describe('timestamps', () => {
  it('are set on insert, keep createTime on update, move updateTime, and are never taken from the request', async () => {
    const created = (await save({ label: 'time', rank: 9, note: 'x', createTime: 5, updateTime: 6 })).body.data;
    expect(created.createTime).toBeGreaterThan(1_000_000_000_000);
    expect(created.updateTime).toBe(created.createTime);

    // Two saves a millisecond apart at least: the update time must be later than the creation.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const updated = (await save({ id: created.id, note: 'y', createTime: 7, updateTime: 8 })).body.data;
    expect(updated.createTime).toBe(created.createTime);
    expect(updated.updateTime).toBeGreaterThan(created.updateTime);

    const detail = await server.call<Shelf>('GET', '/base/admin/sortedShelf/detail', { token, query: { id: created.id } });
    expect(detail.body.data).toMatchObject({ createTime: created.createTime, updateTime: updated.updateTime });
    const newest = (await list({ sort: 'updateTime', order: 'desc', pageSize: 1 })).body.data.items[0];
    expect(newest?.id).toBe(created.id);
  });

  it('fills an update time missing from rows written before it (from their creation time)', async () => {
    const row = await server.db
      .insertInto('app')
      .values({ code: 'legacy', name: '旧系统', businessType: 2, isEnable: '0', sort: 95, address: '/legacy', logo: null, createTime: 1234 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.restart();
    const app = await server.call<{ createTime: number; updateTime: number }>('GET', '/base/admin/app/detail', { token: await server.tokenFor(ADMIN.username, ADMIN.password), query: { id: row.id } });
    expect(app.body.data).toMatchObject({ createTime: 1234, updateTime: 1234 });
  });
});
