import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { choice, defineEntity, digits, optionalText, requiredText, text } from '../../contract';
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

const SIZES = [
  { value: 'S', label: text('小', 'Small') },
  { value: 'L', label: text('大', 'Large') },
] as const;

const gadget = (withColour: boolean, withSize = false) =>
  defineResource({
    name: 'gadget',
    table: 'gadget',
    entity: defineEntity({
      fields: {
        gadgetKey: requiredText(text('键', 'Key'), 20),
        weight: digits(text('重量', 'Weight'), 10),
        ...(withColour ? { colourName: optionalText(text('颜色', 'Colour'), 10) } : {}),
        ...(withSize ? { sizeKind: choice(text('尺寸', 'Size'), SIZES, 'S') } : {}),
      },
      unique: { fields: ['gadgetKey'], duplicate: text('重复', 'Taken') },
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

  it('gives rows already there the default of a field added with one, and requires it from then on', async () => {
    const db = server.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await syncResourceTables({ db: server.db, dialect: server.dialect, close: async () => {} }, [gadget(true, true)]);
    await db.insertInto('gadget').values({ gadgetKey: 'g3', weight: 3, sizeKind: 'L', createTime: 3 }).execute();

    const rows = await db.selectFrom('gadget').select(['gadgetKey', 'sizeKind']).orderBy('id').execute();
    expect(rows).toEqual([
      { gadgetKey: 'g1', sizeKind: 'S' },
      { gadgetKey: 'g2', sizeKind: 'S' },
      { gadgetKey: 'g3', sizeKind: 'L' },
    ]);
    const blank = await db.insertInto('gadget').values({ gadgetKey: 'g4', weight: 4, sizeKind: null, createTime: 4 }).execute().catch((e: unknown) => e);
    expect(blank).toBeInstanceOf(Error);
  });

  it('uses snake_case columns', async () => {
    const columns = await (server.db.withoutPlugins() as unknown as Kysely<unknown>).introspection.getTables();
    const current = server.dialect === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(server.db)).rows[0]?.s : undefined;
    const param = columns.find((t) => t.name === 'param' && (current === undefined || t.schema === current));
    expect(param?.columns.map((c) => c.name).sort()).toEqual(['id', 'param_key', 'remark', 'sort_num', 'spare_param', 'value', 'version']);
  });
});
