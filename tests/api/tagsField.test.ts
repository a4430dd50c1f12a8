/**
 * Tags fields end to end (both databases): a save keeps the values sorted and once each, refuses
 * what is no enabled item or no record (1001 on the field), and a list filter finds a row by one
 * whole value, never by a part of one or by a value that only looks like SQL.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, optionalTags, requiredText, tags, text, type ListData } from '../../contract';
import { defineEntity } from '../../contract/entity';
import { defineResource } from '../../resources/define';
import { resourceDefinitions } from '../../resources/registry';
import { ADMIN, startTestServer, type TestServer } from './harness';

const TOPIC = 'ARTICLE_TOPIC';
/** Item values that a careless match would confuse: a prefix, a case, quotes, commas, LIKE's wildcards, SQL. */
const ITEMS = ['a', 'ab', 'A', 'x"y', 'c,d', '%', '_', 'b\\', "a' or '1'='1", 'old'];

const article = defineResource({
  name: 'article',
  entity: defineEntity({
    fields: {
      title: requiredText(text('标题', 'Title'), 20),
      topics: tags(text('主题', 'Topics'), { dictionary: TOPIC, max: 4 }),
      roleIds: optionalTags(text('角色', 'Roles'), { reference: true, max: 3 }),
    },
  }),
  table: 'article',
  title: text('文章', 'Articles'),
  menu: { navigation: 'tools', sort: 93, icon: 'filetext', path: '/tools/article' },
  paging: 'pageNo',
  search: ['title'],
  filters: ['topics', 'roleIds'],
  references: { roleIds: { resource: 'role', labelField: 'name' } },
  sort: [['title', 'asc']],
  columns: [{ field: 'title' }, { field: 'topics' }, { field: 'roleIds' }],
  form: [{ field: 'title' }, { field: 'topics' }, { field: 'roleIds' }],
});

let server: TestServer;
let token: string;
let roleIds: number[];
let oldItemId: number;
beforeAll(async () => {
  server = await startTestServer({ definitions: [...resourceDefinitions, article] });
  token = await server.tokenFor(ADMIN.username, ADMIN.password);
  const dic = await server.call<{ id: number }>('POST', '/base/admin/dic/saveOrUpdate', { token, body: { name: '文章主题', dicKey: TOPIC, type: 2, parentId: 0 } });
  for (const value of ITEMS) {
    const item = await server.call<{ id: number }>('POST', '/base/admin/dic/saveOrUpdate', { token, body: { name: `主题${value}`, dicKey: value, parentId: dic.body.data.id } });
    expect(item.body.code, item.text).toBe(Code.OK);
    if (value === 'old') oldItemId = item.body.data.id;
  }
  roleIds = (await server.db.selectFrom('role').select('id').orderBy('id').execute()).map((row) => row.id);
});
afterAll(async () => {
  await server?.close();
});

type Article = { id: number; title: string; topics: string[]; roleIds: number[] | null };
const save = (body: Record<string, unknown>) => server.call<Article>('POST', '/base/admin/article/saveOrUpdate', { token, body });
const titles = async (query: Record<string, string | number>) => {
  const { body } = await server.call<ListData<Article>>('GET', '/base/admin/article/list', { token, query: { pageNo: 1, pageSize: 100, ...query } });
  expect(body.code, JSON.stringify(body)).toBe(Code.OK);
  return body.data.items.map((row) => row.title);
};
const storedText = async (id: number) => {
  const raw = server.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  return (await raw.selectFrom('article').select('topics').where('id', '=', id).executeTakeFirstOrThrow()).topics;
};

describe('a tags field of dictionary items and one of records', () => {
  it('keeps the values sorted and once each, answers them as arrays and stores their JSON text', async () => {
    const created = await save({ title: 't1', topics: ['ab', 'a', 'ab', ' A '], roleIds: [roleIds[0], roleIds[0]] });
    expect(created.body.code, created.text).toBe(Code.OK);
    expect(created.body.data).toMatchObject({ topics: ['A', 'a', 'ab'], roleIds: [roleIds[0]] });
    expect(await storedText(created.body.data.id)).toBe('["A","a","ab"]');
    const detail = await server.call<Article>('GET', '/base/admin/article/detail', { token, query: { id: created.body.data.id } });
    expect(detail.body.data).toMatchObject({ topics: ['A', 'a', 'ab'], roleIds: [roleIds[0]] });
    // A comma inside a value is escaped in the text, which reads back as it was sent.
    const comma = await save({ title: 't-comma', topics: ['c,d', 'x"y'] });
    expect(await storedText(comma.body.data.id)).toBe('["c\\u002cd","x\\"y"]');
    expect(comma.body.data.topics).toEqual(['c,d', 'x"y']);
  });

  it.each([
    ['topics', { topics: [] }, '请选择主题'],
    ['topics', { topics: 'a' }, '主题的取值无效'],
    ['topics', { topics: ['a', { x: 1 }] }, '主题的取值无效'],
    ['topics', { topics: ['a', 'ab', 'A', '%', '_'] }, '主题最多选择4项'],
    ['topics', { topics: ['nope'] }, '主题的取值无效'],
    ['roleIds', { roleIds: [999_999] }, '角色的取值无效'],
    ['roleIds', { roleIds: ['x'] }, '角色的取值无效'],
  ])('answers 1001 on %s for %j and stores nothing', async (field, bad, message) => {
    const before = await titles({});
    const { body } = await save({ title: 'refused', topics: ['a'], ...bad });
    expect(body.code).toBe(Code.VALIDATION_FAILED);
    expect(body.data).toEqual({ fields: { [field]: message } });
    expect(await titles({})).toEqual(before);
  });

  it('keeps an item switched off since the record chose it, and refuses it anew', async () => {
    const kept = await save({ title: 't-old', topics: ['old', 'a'] });
    expect(kept.body.code, kept.text).toBe(Code.OK);
    await server.call('POST', '/base/admin/dic/saveOrUpdate', { token, body: { id: oldItemId, openStatus: 0 } });
    expect((await save({ id: kept.body.data.id, topics: ['old', 'ab'] })).body.code).toBe(Code.OK);
    expect((await save({ title: 't-new', topics: ['old'] })).body).toMatchObject({ code: Code.VALIDATION_FAILED, data: { fields: { topics: '主题的取值无效' } } });
  });

  it('finds rows by one whole value: a is not ab nor A, and wildcards, quotes and SQL are plain values', async () => {
    await save({ title: 'only-ab', topics: ['ab'] });
    await save({ title: 'only-A', topics: ['A'] });
    await save({ title: 'wild', topics: ['%', '_', 'b\\'] });
    await save({ title: 'sql', topics: ["a' or '1'='1"] });
    expect(await titles({ topics: 'a' })).toEqual(['t1']);
    expect(await titles({ topics: 'ab' })).toEqual(['only-ab', 't-old', 't1']);
    expect(await titles({ topics: 'A' })).toEqual(['only-A', 't1']);
    expect(await titles({ topics: '%' })).toEqual(['wild']);
    expect(await titles({ topics: '_' })).toEqual(['wild']);
    expect(await titles({ topics: 'b\\' })).toEqual(['wild']);
    expect(await titles({ topics: 'c,d' })).toEqual(['t-comma']);
    expect(await titles({ topics: 'c' })).toEqual([]);
    expect(await titles({ topics: 'x"y' })).toEqual(['t-comma']);
    expect(await titles({ topics: "a' or '1'='1" })).toEqual(['sql']);
    expect(await titles({ topics: "' or 1=1 --" })).toEqual([]);
    expect(await titles({ topics: 'a"],["' })).toEqual([]);
    expect(await titles({ roleIds: roleIds[0]! })).toEqual(['t1']);
    expect(await titles({ roleIds: 'x' })).toEqual([]);
    // The table is still there and whole.
    const { rows } = await sql<{ n: number }>`select count(*) as n from article`.execute(server.db);
    expect(Number(rows[0]!.n)).toBe(7);
  });

  it('keeps the dictionary a tags field reads from being deleted', async () => {
    const dic = await server.db.selectFrom('dic').select('id').where('dicKey', '=', TOPIC).where('parentId', '=', 0).executeTakeFirstOrThrow();
    const { body } = await server.call('POST', '/base/admin/dic/delete', { token, body: { ids: String(dic.id) } });
    expect(body.code).toBe(Code.CONFLICT);
  });
});
