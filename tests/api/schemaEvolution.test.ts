/**
 * A declared resource's table evolves with its definition: a database upgraded from v1 to v2
 * (rows kept) has exactly the schema a fresh database gets from v2, on SQLite and PostgreSQL, and
 * the rows already there take each new required field's backfill so they stay editable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { Code, choice, defineEntity, digits, optionalText, requiredText, text, type Field } from '../../contract';
import { defineResource, type ResourceDefinition } from '../../resources/define';
import { resourceDefinitions } from '../../resources/registry';
import type { DatabaseHandle } from '../../server/db/database';
import { indexName, syncResourceTables } from '../../server/db/resourceTables';
import { tableColumns, tableIndexes } from '../../server/db/schemaIntrospection';
import { ADMIN, freshDatabase, handleOf, startTestServer, type TestServer } from './harness';

const SWITCH = [
  { value: '1', label: text('启用', 'On') },
  { value: '0', label: text('停用', 'Off') },
] as const;

const v1Fields = {
  widgetKey: requiredText(text('键', 'Key'), 20),
  isOn: choice(text('状态', 'Status'), SWITCH, '1'),
  weight: digits(text('重量', 'Weight'), 10),
};

const withBackfill = <V>(field: Field<V>, backfill: string | number): Field<V> => ({ ...field, backfill });

function widget(fields: Record<string, Field>, extra: Pick<ResourceDefinition, 'indexes'> = {}): ResourceDefinition {
  return defineResource({
    name: 'widget',
    table: 'widget',
    entity: defineEntity({ fields, unique: { fields: ['widgetKey'], duplicate: text('重复', 'Taken') } }),
    title: text('部件', 'Widgets'),
    menu: { navigation: 'tools', sort: 98, icon: 'tool', path: '/tools/widget' },
    paging: 'page',
    search: ['widgetKey'],
    filters: ['isOn'],
    sort: [['weight', 'asc']],
    columns: [{ field: 'widgetKey' }, { field: 'isOn', cell: 'switch' }],
    form: Object.keys(fields).map((field) => ({ field })),
    ...extra,
  });
}

const v1 = widget(v1Fields);
const v2 = widget(
  {
    ...v1Fields,
    dueDate: withBackfill(requiredText(text('截止日期', 'Due date'), 10), '2026-12-31'),
    note: optionalText(text('备注', 'Note'), 50),
    priceCents: withBackfill(digits(text('价格（分）', 'Price (cents)'), 12), 0),
  },
  { indexes: [['weight', 'widgetKey']] },
);
const v2WithoutValue = widget({ ...v1Fields, dueDate: requiredText(text('截止日期', 'Due date'), 10) });

let server: TestServer;
let handle: DatabaseHandle;
beforeAll(async () => {
  server = await startTestServer();
  handle = handleOf(server);
});
afterAll(async () => {
  await server?.close();
});

const rows = () => server.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
const shape = async (on: DatabaseHandle) => ({ columns: await tableColumns(on, 'widget'), indexes: await tableIndexes(on, 'widget') });

describe('schema evolution of a declared resource', () => {
  it('refuses to add a required field without defaultValue or backfill to a table holding rows, changing nothing', async () => {
    await syncResourceTables(handle, [v1]);
    await rows().insertInto('widget').values([{ widgetKey: 'w1', isOn: '1', weight: 5 }, { widgetKey: 'w2', isOn: '0', weight: 7 }]).execute();
    const before = await shape(handle);

    const refusal = await syncResourceTables(handle, [v2WithoutValue]).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(Error);
    expect((refusal as Error).message).toMatch(/Resource widget: the required field dueDate .*declare defaultValue or backfill/);
    expect(await shape(handle)).toEqual(before);
  });

  it('gives an upgraded table the columns and indexes a fresh one gets, and old rows the backfill', async () => {
    await syncResourceTables(handle, [v2]);
    await syncResourceTables(handle, [v2]);

    const fresh = await freshDatabase();
    try {
      await syncResourceTables(fresh.handle, [v2]);
      const expected = await shape(fresh.handle);
      expect(await shape(handle)).toEqual(expected);
      // The new required fields are NOT NULL with their backfill as default; the optional one is nullable.
      expect(expected.columns.find((c) => c.name === 'due_date')).toMatchObject({ isNullable: false, defaultValue: expect.stringContaining('2026-12-31') });
      expect(expected.columns.find((c) => c.name === 'price_cents')).toMatchObject({ isNullable: false, defaultValue: expect.stringMatching(/^'?0/) });
      expect(expected.columns.find((c) => c.name === 'note')).toMatchObject({ isNullable: true, defaultValue: null });
      expect(expected.indexes.map((i) => [i.name, i.columns, i.isUnique])).toEqual(
        expect.arrayContaining([
          ['widget_widget_key_unique', ['widget_key'], true],
          ['widget_is_on_idx', ['is_on'], false],
          ['widget_weight_idx', ['weight'], false],
          ['widget_weight_widget_key_idx', ['weight', 'widget_key'], false],
        ]),
      );
    } finally {
      await fresh.handle.close();
      await fresh.dispose();
    }

    const old = await rows().selectFrom('widget').select(['widgetKey', 'dueDate', 'priceCents', 'note']).orderBy('id').execute();
    expect(old).toEqual([
      { widgetKey: 'w1', dueDate: '2026-12-31', priceCents: 0, note: null },
      { widgetKey: 'w2', dueDate: '2026-12-31', priceCents: 0, note: null },
    ]);
  });

  it('saves a switch of a row stored before the required field was added', async () => {
    await server.restart({ definitions: [...resourceDefinitions, v2] });
    const token = await server.tokenFor(ADMIN.username, ADMIN.password);
    const { id } = await rows().selectFrom('widget').select('id').where('widgetKey', '=', 'w1').executeTakeFirstOrThrow();

    const saved = await server.call('POST', '/base/admin/widget/saveOrUpdate', { token, body: { id, isOn: '0' } });
    expect(saved.body.code, saved.text).toBe(Code.OK);
    expect(await rows().selectFrom('widget').select(['isOn', 'dueDate']).where('id', '=', id).executeTakeFirst()).toEqual({ isOn: '0', dueDate: '2026-12-31' });
  });
});

describe('timestamps turned on for a table with rows', () => {
  it('starts, gives the rows that predate them 0, and times every save from then on', async () => {
    const timed = { ...v2, timestamps: true, columns: [...v2.columns, { field: 'updateTime', sortable: true }] } as ResourceDefinition;
    await server.restart({ definitions: [...resourceDefinitions, timed] });
    const token = await server.tokenFor(ADMIN.username, ADMIN.password);
    const before = await rows().selectFrom('widget').select(['widgetKey', 'createTime', 'updateTime']).orderBy('id').execute();
    expect(before).toEqual([
      { widgetKey: 'w1', createTime: 0, updateTime: 0 },
      { widgetKey: 'w2', createTime: 0, updateTime: 0 },
    ]);
    const { id, isOn } = await rows().selectFrom('widget').select(['id', 'isOn']).where('widgetKey', '=', 'w2').executeTakeFirstOrThrow();
    // A save that changes the row (one that changes nothing writes nothing, and times nothing).
    const saved = await server.call<{ createTime: number; updateTime: number }>('POST', '/base/admin/widget/saveOrUpdate', { token, body: { id, isOn: isOn === '1' ? '0' : '1' } });
    expect(saved.body.code, saved.text).toBe(Code.OK);
    expect(saved.body.data.createTime).toBe(0);
    expect(saved.body.data.updateTime).toBeGreaterThan(0);
    const list = await server.call<{ items: Array<{ widgetKey: string }> }>('GET', '/base/admin/widget/list', { token, query: { sort: 'updateTime', order: 'desc' } });
    expect(list.body.data.items.map((row) => row.widgetKey)).toEqual(['w2', 'w1']);
  });
});

describe('index names', () => {
  it('stay within PostgreSQL’s 63 characters, distinct and the same at every start', () => {
    const long = ['aVeryLongFieldNameIndeed', 'anotherVeryLongFieldName'];
    const name = indexName('someRatherLongTableName', long, 'idx');
    expect(name.length).toBeLessThanOrEqual(63);
    expect(indexName('someRatherLongTableName', long, 'idx')).toBe(name);
    expect(indexName('someRatherLongTableName', [...long, 'x'], 'idx')).not.toBe(name);
    expect(indexName('widget', ['weight'], 'idx')).toBe('widget_weight_idx');
  });
});
