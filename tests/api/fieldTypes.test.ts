/**
 * Dates, instants and money end to end on a declared resource: the columns the definition gives
 * them, what a save refuses (naming the field, storing nothing) and what it keeps, to the fen.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, date, dateTime, money, optionalDate, optionalDateTime, optionalMoney, requiredText, text } from '../../contract';
import { defineEntity } from '../../contract/entity';
import { defineResource } from '../../resources/define';
import { resourceDefinitions } from '../../resources/registry';
import { ADMIN, startTestServer, type TestServer } from './harness';

const offer = defineResource({
  name: 'offer',
  entity: defineEntity({
    fields: {
      title: requiredText(text('名称', 'Title'), 20),
      startsOn: date(text('开始日期', 'Starts on')),
      endsOn: optionalDate(text('结束日期', 'Ends on')),
      publishedAt: dateTime(text('发布时间', 'Published at')),
      closedAt: optionalDateTime(text('关闭时间', 'Closed at')),
      price: money(text('价格', 'Price')),
      discount: optionalMoney(text('优惠', 'Discount')),
    },
  }),
  table: 'offer',
  title: text('优惠活动', 'Offers'),
  menu: { navigation: 'tools', sort: 92, icon: 'filetext', path: '/tools/offer' },
  paging: 'pageNo',
  search: ['title'],
  ranges: ['startsOn', 'publishedAt', 'price'],
  sort: [['startsOn', 'asc']],
  columns: [{ field: 'title' }, { field: 'startsOn' }, { field: 'publishedAt' }, { field: 'price' }],
  form: [{ field: 'title' }, { field: 'startsOn', to: 'endsOn' }, { field: 'publishedAt' }, { field: 'price' }],
});

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer({ definitions: [...resourceDefinitions, offer] });
  token = await server.tokenFor(ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await server?.close();
});

type Offer = Record<string, unknown> & { id: number };
const save = (body: Record<string, unknown>) => server.call<Offer>('POST', '/base/admin/offer/saveOrUpdate', { token, body });
const stored = () => (server.db as unknown as Kysely<Record<string, Record<string, unknown>>>).selectFrom('offer').selectAll().execute();

const GOOD = { title: 'spring', startsOn: '2024-02-29', endsOn: '2024-03-31', publishedAt: 1_709_164_800_123, price: 1999, discount: '5' };

describe('date, date-time and money fields of a declared resource', () => {
  it('get a ten-character text column for a day, and integer columns for an instant and an amount', async () => {
    const raw = server.db.withoutPlugins() as unknown as Kysely<unknown>;
    if (server.dialect === 'postgres') {
      const { rows } = await sql<{ name: string; type: string; length: number | null }>`
        select column_name as name, data_type as type, character_maximum_length as length from information_schema.columns
        where table_schema = current_schema() and table_name = 'offer'`.execute(raw);
      const types = Object.fromEntries(rows.map((r) => [r.name, [r.type, r.length]]));
      expect(types).toMatchObject({
        starts_on: ['character varying', 10],
        ends_on: ['character varying', 10],
        published_at: ['bigint', null],
        closed_at: ['bigint', null],
        price: ['bigint', null],
        discount: ['bigint', null],
      });
    } else {
      const { rows } = await sql<{ name: string; type: string }>`select name, type from pragma_table_info('offer')`.execute(raw);
      const types = Object.fromEntries(rows.map((r) => [r.name, r.type.toLowerCase()]));
      expect(types).toMatchObject({ starts_on: 'text', ends_on: 'text', published_at: 'integer', closed_at: 'integer', price: 'integer', discount: 'integer' });
    }
  });

  it.each([
    ['startsOn', { startsOn: '2001-02-29' }, '开始日期日期格式不正确'],
    ['startsOn', { startsOn: '2024-1-1' }, '开始日期日期格式不正确'],
    ['endsOn', { endsOn: '31/03/2024' }, '结束日期日期格式不正确'],
    ['publishedAt', { publishedAt: -1 }, '发布时间须为1970年至9999年之间的时间'],
    ['publishedAt', { publishedAt: 253_402_300_800_000 }, '发布时间须为1970年至9999年之间的时间'],
    ['publishedAt', { publishedAt: '2024-02-29 10:00' }, '发布时间须为1970年至9999年之间的时间'],
    ['price', { price: 19.99 }, '价格最多保留2位小数'],
    ['price', { price: -100 }, '价格不能小于0.00'],
    ['price', { price: '99999999999999999999' }, '价格不能大于90071992547409.91'],
    ['price', { price: 'free' }, '价格须为数字'],
    ['price', { price: null }, '价格不能为空'],
  ])('answers 1001 naming %s for %j, and stores nothing', async (field, bad, message) => {
    const { body } = await save({ ...GOOD, ...bad });
    expect(body.code).toBe(Code.VALIDATION_FAILED);
    expect(body.data).toEqual({ fields: { [field]: message } });
    expect(await stored()).toEqual([]);
  });

  it('keeps a good save exactly: the day as written, the instant to the millisecond, 1999 fen as 1999', async () => {
    const created = await save(GOOD);
    expect(created.body.code, JSON.stringify(created.body)).toBe(Code.OK);
    const expected = { ...GOOD, id: expect.any(Number), discount: 5, closedAt: null, version: 1 };
    expect(created.body.data).toEqual(expected);
    const { id } = created.body.data;
    const detail = await server.call<Offer>('GET', '/base/admin/offer/detail', { token, query: { id } });
    expect(detail.body.data).toEqual(expected);
    expect(await stored()).toEqual([{ ...expected, id }]);

    const largest = await save({ id, price: Number.MAX_SAFE_INTEGER, discount: '', closedAt: '1709164800999' });
    expect(largest.body.data).toMatchObject({ price: Number.MAX_SAFE_INTEGER, discount: null, closedAt: 1_709_164_800_999 });
    const list = await server.call<{ items: Offer[] }>('GET', '/base/admin/offer/list', { token, query: { pageNo: 1, pageSize: 10 } });
    expect(list.body.data.items).toEqual([{ ...expected, id, price: Number.MAX_SAFE_INTEGER, discount: null, closedAt: 1_709_164_800_999, version: 2 }]);
  });
});

describe('ranges over a day, an instant and an amount', () => {
  const titles = async (query: Record<string, string | number>) => {
    const { body } = await server.call<{ items: Offer[] }>('GET', '/base/admin/offer/list', { token, query: { pageNo: 1, pageSize: 100, ...query } });
    expect(body.code, JSON.stringify(body)).toBe(Code.OK);
    return body.data.items.map((row) => row.title).sort();
  };
  const refusal = async (query: Record<string, string | number>) => (await server.call('GET', '/base/admin/offer/list', { token, query })).body;

  it('compare each bound as the field holds it: a day, epoch milliseconds, fen', async () => {
    await save({ title: 'march', startsOn: '2025-03-01', publishedAt: Date.UTC(2025, 2, 1), price: 1999 });
    await save({ title: 'april', startsOn: '2025-04-15', publishedAt: Date.UTC(2025, 3, 15), price: 1998 });
    expect(await titles({ startsOnFrom: '2025-03-01', startsOnTo: '2025-03-01' })).toEqual(['march']);
    expect(await titles({ startsOnFrom: '2025-03-02' })).toEqual(['april']);
    expect(await titles({ publishedAtFrom: Date.UTC(2025, 3, 1), publishedAtTo: Date.UTC(2025, 3, 30) })).toEqual(['april']);
    // ¥19.99 typed in the search form travels as 1999 fen, as a save's amount does.
    expect(await titles({ priceFrom: 1999, startsOnFrom: '2025-01-01' })).toEqual(['march']);
    expect(await titles({ priceTo: '1998', startsOnFrom: '2025-01-01' })).toEqual(['april']);
  });

  it.each([
    ['startsOnFrom', { startsOnFrom: 0 }, 'startsOnFrom日期格式不正确'],
    ['startsOnTo', { startsOnTo: '2025-02-30' }, 'startsOnTo日期格式不正确'],
    ['publishedAtFrom', { publishedAtFrom: '2025-03-01' }, 'publishedAtFrom须为1970年至9999年之间的时间'],
    ['priceFrom', { priceFrom: '19.99' }, 'priceFrom最多保留2位小数'],
    ['priceTo', { priceTo: 'cheap' }, 'priceTo须为数字'],
  ])('refuse a bad bound with 1001 naming %s', async (param, query, message) => {
    expect(await refusal(query)).toMatchObject({ code: Code.VALIDATION_FAILED, data: { fields: { [param]: message } } });
  });
});
