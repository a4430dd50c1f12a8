import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { defineEntity, digits, optionalText, requiredText, text } from '../../contract';
import { defineResource } from '../../resources/define';
import { syncResourceTables } from '../../server/db/resourceTables';
import { isUniqueViolation } from '../../server/db/uniqueViolation';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const gadget = (withColour: boolean) =>
  defineResource({
    name: 'gadget',
    table: 'gadget',
    entity: defineEntity({
      fields: {
        gadgetKey: requiredText(text('键', 'Key'), 20),
        weight: digits(text('重量', 'Weight'), 10),
        ...(withColour ? { colourName: optionalText(text('颜色', 'Colour'), 10) } : {}),
      },
      unique: { field: 'gadgetKey', duplicate: text('重复', 'Taken') },
    }),
    title: text('小工具', 'Gadgets'),
    menu: { navigation: 'tools', sort: 99, icon: 'tool', path: '/tools/gadget' },
    paging: 'page',
    search: ['gadgetKey'],
    sort: [['weight', 'asc']],
    columns: [{ field: 'gadgetKey' }],
    form: [{ field: 'gadgetKey' }],
    timestamps: true,
  });

describe('resource tables', () => {
  it('creates a table from a definition and extends it additively, keeping rows', async () => {
    const db = server.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await syncResourceTables({ db: server.db, dialect: server.dialect, close: async () => {} }, [gadget(false)]);
    await db.insertInto('gadget').values({ gadgetKey: 'g1', weight: 12345678901, createTime: 1 }).execute();

    await syncResourceTables({ db: server.db, dialect: server.dialect, close: async () => {} }, [gadget(true)]);
    await syncResourceTables({ db: server.db, dialect: server.dialect, close: async () => {} }, [gadget(true)]);
    await db.insertInto('gadget').values({ gadgetKey: 'g2', weight: 2, colourName: 'red', createTime: 2 }).execute();

    const rows = await db.selectFrom('gadget').select(['id', 'gadgetKey', 'weight', 'colourName', 'createTime']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 1, gadgetKey: 'g1', weight: 12345678901, colourName: null, createTime: 1 },
      { id: 2, gadgetKey: 'g2', weight: 2, colourName: 'red', createTime: 2 },
    ]);
    const duplicate = await db.insertInto('gadget').values({ gadgetKey: 'g1', weight: 3, createTime: 3 }).execute().catch((e: unknown) => e);
    expect(isUniqueViolation(duplicate)).toBe(true);
    const missingRequired = await db.insertInto('gadget').values({ weight: 3, createTime: 3 }).execute().catch((e: unknown) => e);
    expect(missingRequired).toBeInstanceOf(Error);
  });

  it('uses snake_case columns', async () => {
    const columns = await (server.db.withoutPlugins() as unknown as Kysely<unknown>).introspection.getTables();
    const current = server.dialect === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(server.db)).rows[0]?.s : undefined;
    const param = columns.find((t) => t.name === 'param' && (current === undefined || t.schema === current));
    expect(param?.columns.map((c) => c.name).sort()).toEqual(['id', 'param_key', 'remark', 'sort_num', 'spare_param', 'value']);
  });
});
