/**
 * Dictionaries and their items through /dic (SPEC §2.13, §3, §4, §5, §7): both levels share the
 * calls, told apart by parentId. Items keep positions 1…n; ListByKey never answers stale items,
 * also when another server sharing the database made the change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type DictionaryEntry, type ListData } from '../../contract';
import { buildApp } from '../../server/app';
import { DEFAULT_SESSION_POLICY, DEFAULT_THROTTLE_POLICY } from '../../server/config';
import { ADMIN, startTestServer, type TestServer } from './harness';

type Row = { id: number; name: string; dicKey: string; type?: number; sortNum?: number; openStatus?: number; parentId?: number; version: number };

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.tokenFor(ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await server?.close();
});

const save = (body: Record<string, unknown>) => server.call<Row>('POST', '/base/admin/dic/saveOrUpdate', { token, body });
const list = (query: Record<string, string | number>) => server.call<ListData<Row>>('GET', '/base/admin/dic/list', { token, query });
const remove = (ids: string | number) => server.call('POST', '/base/admin/dic/delete', { token, body: { ids: String(ids) } });
const move = (id: number, direction: string) => server.call<{ moved: boolean }>('POST', '/base/admin/dic/move', { token, body: { id, direction } });
const byKey = (dicKey: string, on = server) => on.call<DictionaryEntry[]>('GET', '/base/admin/dic/ListByKey', { token, query: { dicKey } });

async function dictionary(dicKey: string, type = 2): Promise<Row> {
  const { body } = await save({ name: `字典${dicKey}`, dicKey, type });
  expect(body.code, JSON.stringify(body)).toBe(Code.OK);
  return body.data;
}

async function items(parentId: number): Promise<Row[]> {
  return (await list({ parentId, page: 1, size: 100 })).body.data.items;
}

async function addItems(parentId: number, values: string[]): Promise<Row[]> {
  for (const value of values) {
    const { body } = await save({ parentId, name: `文本${value}`, dicKey: value });
    expect(body.code, JSON.stringify(body)).toBe(Code.OK);
  }
  return items(parentId);
}

describe('dictionaries', () => {
  it('lists the seeded system dictionaries, searchable by key or name', async () => {
    const { body } = await list({ parentId: 0, page: 1, size: 10 });
    expect(body.data.items.map((d) => [d.dicKey, d.type])).toEqual(expect.arrayContaining([['business_type', 1], ['TRADE_TYPE', 1]]));
    expect((await list({ parentId: 0, searchKey: 'trade' })).body.data.items.map((d) => d.dicKey)).toEqual(['TRADE_TYPE']);
    expect((await list({ parentId: 0, searchKey: '业务' })).body.data.items.map((d) => d.dicKey)).toEqual(['business_type']);
  });

  it('creates, checks the key live, refuses a duplicate and fixes the key once created', async () => {
    const created = await dictionary('colour');
    expect(created).toEqual({ id: expect.any(Number), name: '字典colour', dicKey: 'colour', type: 2, version: 1 });
    const check = (dicKey: string) => server.call<boolean>('GET', '/base/admin/dic/vaildKey', { token, query: { dicKey } });
    expect((await check('colour')).body.data).toBe(false);
    expect((await check('colour-2')).body.data).toBe(true);

    const duplicate = await save({ name: 'again', dicKey: 'colour', type: 2 });
    expect(duplicate.body).toMatchObject({ code: Code.DUPLICATE, msg: 'key值不可以重复', data: { fields: { dicKey: 'key值不可以重复' } } });
    expect((await save({ id: created.id, dicKey: 'paint' })).body.code).toBe(Code.VALIDATION_FAILED);
    const renamed = await save({ id: created.id, name: '颜色' });
    expect(renamed.body.data).toEqual({ ...created, name: '颜色', version: 2 });
  });

  it('says what is wrong with a bad dictionary, in the spec\'s words, and stores nothing', async () => {
    const before = (await list({ parentId: 0, size: 100 })).body.data.total;
    const answers = await Promise.all([
      save({ name: 'n', dicKey: '', type: 2 }),
      save({ name: 'n', dicKey: 'k'.repeat(51), type: 2 }),
      save({ name: '', dicKey: 'empty.name', type: 2 }),
      save({ name: 'n'.repeat(51), dicKey: 'long.name', type: 2 }),
      save({ name: 'n', dicKey: 'no.type' }),
      save({ name: 'n', dicKey: 'bad.type', type: 3 }),
    ]);
    expect(answers.map((a) => a.body.code)).toEqual(Array(6).fill(Code.VALIDATION_FAILED));
    expect(answers[0]!.body.msg).toBe('key值不能为空');
    expect(answers.map((a) => Object.keys((a.body.data as unknown as { fields: object }).fields))).toEqual([['dicKey'], ['dicKey'], ['name'], ['name'], ['type'], ['type']]);
    expect((await list({ parentId: 0, size: 100 })).body.data.total).toBe(before);
  });

  it('never deletes a system dictionary, and deletes a normal one with its items', async () => {
    const system = (await list({ parentId: 0, searchKey: 'TRADE_TYPE' })).body.data.items[0]!;
    const refused = await remove(system.id);
    expect(refused.body).toMatchObject({ code: Code.CONFLICT, msg: '系统字典不能删除' });
    expect((await items(system.id)).length).toBe(10);

    const normal = await dictionary('doomed');
    const [first] = await addItems(normal.id, ['a', 'b']);
    expect((await remove(normal.id)).body.code).toBe(Code.OK);
    expect((await list({ parentId: 0, searchKey: 'doomed' })).body.data.total).toBe(0);
    expect((await server.call('GET', '/base/admin/dic/detail', { token, query: { id: first!.id } })).body.code).toBe(Code.NOT_FOUND);
    expect((await items(normal.id)).length).toBe(0);
  });
});

describe('dictionary items', () => {
  let sizes: Row;
  beforeAll(async () => {
    sizes = await dictionary('size');
  });

  it('go last as they are added, enabled, paged 10 at a time', async () => {
    const added = await addItems(sizes.id, ['s', 'm', 'l']);
    expect(added.map((i) => [i.dicKey, i.sortNum, i.openStatus, i.parentId])).toEqual([
      ['s', 1, 1, sizes.id],
      ['m', 2, 1, sizes.id],
      ['l', 3, 1, sizes.id],
    ]);
    expect((await list({ parentId: sizes.id, page: 1, size: 2 })).body.data).toMatchObject({ total: 3, items: [{ dicKey: 's' }, { dicKey: 'm' }] });
  });

  it('keep their value unique within the dictionary only, and their dictionary and value fixed', async () => {
    const other = await dictionary('size-other');
    expect((await save({ parentId: sizes.id, name: 'again', dicKey: 's' })).body).toMatchObject({ code: Code.DUPLICATE, data: { fields: { dicKey: '该字典下已有这个值' } } });
    expect((await save({ parentId: other.id, name: 'small', dicKey: 's' })).body.code).toBe(Code.OK);
    // A dictionary's key may equal an item's value: the levels do not collide.
    expect((await save({ parentId: other.id, name: 'same as a key', dicKey: 'size' })).body.code).toBe(Code.OK);
    const check = (dicKey: string, parentId: number) => server.call<boolean>('GET', '/base/admin/dic/vaildKey', { token, query: { dicKey, parentId } });
    expect([(await check('s', sizes.id)).body.data, (await check('xl', sizes.id)).body.data]).toEqual([false, true]);

    const [small] = await items(sizes.id);
    expect((await save({ id: small!.id, parentId: other.id })).body.code).toBe(Code.VALIDATION_FAILED);
    expect((await save({ id: small!.id, dicKey: 'xs' })).body.code).toBe(Code.VALIDATION_FAILED);
    expect((await items(sizes.id))[0]).toEqual(small);
  });

  it('must belong to an existing dictionary, never to an item', async () => {
    const [small] = await items(sizes.id);
    for (const parentId of [987654, small!.id, 'x']) {
      const { body } = await save({ parentId, name: 'orphan', dicKey: 'orphan' });
      expect(body.code).toBe(Code.VALIDATION_FAILED);
      expect(Object.keys((body.data as unknown as { fields: object }).fields)).toEqual(['parentId']);
    }
    expect((await save({ parentId: sizes.id, name: '', dicKey: 'v' })).body.code).toBe(Code.VALIDATION_FAILED);
    expect((await save({ parentId: sizes.id, name: 't', dicKey: 'v'.repeat(51) })).body.code).toBe(Code.VALIDATION_FAILED);
  });

  it('switch on and off by their status alone, the rest unchanged, and leave ListByKey when off', async () => {
    const [small, medium] = await items(sizes.id);
    const { body } = await save({ id: medium!.id, openStatus: 0 });
    expect(body.data).toEqual({ ...medium, openStatus: 0, version: medium!.version + 1 });
    expect((await byKey('size')).body.data.map((i) => i.dicKey)).toEqual(['s', 'l']);
    expect((await save({ id: medium!.id, openStatus: true })).body.data.openStatus).toBe(1);
    expect((await byKey('size')).body.data).toEqual([
      { name: small!.name, dicKey: 's', sortNum: 1 },
      { name: medium!.name, dicKey: 'm', sortNum: 2 },
      { name: '文本l', dicKey: 'l', sortNum: 3 },
    ]);
  });

  it('move up and down by swapping places with their neighbour, and not past either end', async () => {
    const [small, medium, large] = await items(sizes.id);
    expect((await move(large!.id, 'up')).body.data).toEqual({ moved: true });
    expect((await items(sizes.id)).map((i) => [i.dicKey, i.sortNum])).toEqual([['s', 1], ['l', 2], ['m', 3]]);
    expect((await move(small!.id, 'up')).body.data).toEqual({ moved: false });
    expect((await move(medium!.id, 'down')).body.data).toEqual({ moved: false });
    expect((await move(large!.id, 'down')).body.data).toEqual({ moved: true });
    expect((await items(sizes.id)).map((i) => i.dicKey)).toEqual(['s', 'm', 'l']);
    expect((await move(small!.id, 'sideways')).body.code).toBe(Code.VALIDATION_FAILED);
    expect((await move(987654, 'up')).body.code).toBe(Code.NOT_FOUND);
    // A dictionary has no place to move to.
    expect((await move(sizes.id, 'up')).body.code).toBe(Code.FORBIDDEN);
  });

  it('close the gap a deleted item leaves', async () => {
    const gap = await dictionary('gap');
    const [, second] = await addItems(gap.id, ['1', '2', '3', '4']);
    expect((await remove(second!.id)).body.code).toBe(Code.OK);
    expect((await items(gap.id)).map((i) => [i.dicKey, i.sortNum])).toEqual([['1', 1], ['3', 2], ['4', 3]]);
  });

  it('keep unique, complete places under 20 concurrent swaps and adds', async () => {
    const busy = await dictionary('busy');
    const start = await addItems(busy.id, ['a', 'b', 'c', 'd', 'e', 'f']);
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => move(start[i % start.length]!.id, i % 2 ? 'up' : 'down')),
      ...['g', 'h', 'i'].map((value) => save({ parentId: busy.id, name: value, dicKey: value })),
    ]);
    expect(answers.every((a) => a.body.code === Code.OK), JSON.stringify(answers.map((a) => a.body))).toBe(true);
    const after = await items(busy.id);
    expect(after.map((i) => i.sortNum)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(after.map((i) => i.dicKey).sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']);
  });
});

describe('ListByKey', () => {
  it('answers the enabled items in order with the version, nothing for an unknown key, 1001 without a key', async () => {
    const { body, headers } = await byKey('business_type');
    expect(body.data).toEqual([
      { name: '业务系统', dicKey: '1', sortNum: 1 },
      { name: '支撑系统', dicKey: '2', sortNum: 2 },
      { name: '基础服务', dicKey: '3', sortNum: 3 },
    ]);
    expect(Number(headers['x-dic-version'])).toBeGreaterThan(0);
    expect((await byKey('no-such-dictionary')).body.data).toEqual([]);
    expect((await server.call('GET', '/base/admin/dic/ListByKey', { token })).body.code).toBe(Code.VALIDATION_FAILED);
  });

  it('answers the items switched off too, with their switch, when asked for all', async () => {
    const lamp = await dictionary('lamp');
    const [on, off] = await addItems(lamp.id, ['on', 'off']);
    await save({ id: off!.id, openStatus: 0 });
    const all = await server.call<DictionaryEntry[]>('GET', '/base/admin/dic/ListByKey', { token, query: { dicKey: 'lamp', all: 1 } });
    expect(all.body.data).toEqual([
      { name: on!.name, dicKey: 'on', sortNum: 1, openStatus: 1 },
      { name: off!.name, dicKey: 'off', sortNum: 2, openStatus: 0 },
    ]);
    expect((await byKey('lamp')).body.data).toEqual([{ name: on!.name, dicKey: 'on', sortNum: 1 }]);
  });

  it('shows a write at once, also one made through another server on the same database', async () => {
    const other = await buildApp({
      db: server.db,
      config: { workbenchUrl: '/login', trustProxy: false, session: DEFAULT_SESSION_POLICY, throttle: DEFAULT_THROTTLE_POLICY },
    });
    try {
      const fruit = await dictionary('fruit');
      await addItems(fruit.id, ['apple']);
      const viaOther = async () =>
        (await other.inject({ method: 'GET', url: '/base/admin/dic/ListByKey', query: { dicKey: 'fruit' }, headers: { access_token: token } })).json().data as DictionaryEntry[];
      expect((await viaOther()).map((i) => i.dicKey)).toEqual(['apple']);
      const version = Number((await server.call('GET', '/base/admin/dic/version', { token })).body.data);

      await addItems(fruit.id, ['pear']);
      expect((await viaOther()).map((i) => i.dicKey)).toEqual(['apple', 'pear']);
      expect(Number((await server.call('GET', '/base/admin/dic/version', { token })).body.data)).toBeGreaterThan(version);
    } finally {
      await other.close();
    }
  });
});

describe('a field backed by a dictionary (a sub-system\'s business type)', () => {
  const app = (code: string, businessType: unknown) => ({ code, name: code, businessType, isEnable: '1', sort: 1, address: 'https://x.example.com' });
  const saveApp = (body: Record<string, unknown>) => server.call<{ id: number; businessType: number }>('POST', '/base/admin/app/saveOrUpdate', { token, body });

  it('takes an enabled item of the dictionary, and only that', async () => {
    expect((await saveApp(app('bt.ok', 2))).body.code).toBe(Code.OK);
    const refused = await saveApp(app('bt.bad', 9));
    expect(refused.body).toMatchObject({ code: Code.VALIDATION_FAILED, data: { fields: { businessType: expect.any(String) } } });
  });

  it('follows the dictionary: a new item is accepted at once, an item switched off is refused for new values but kept where it is', async () => {
    const businessTypes = (await list({ parentId: 0, searchKey: 'business_type' })).body.data.items[0]!;
    await addItems(businessTypes.id, ['4']);
    expect((await saveApp(app('bt.new', 4))).body.code).toBe(Code.OK);

    const kept = (await saveApp(app('bt.kept', 3))).body.data;
    const basic = (await items(businessTypes.id)).find((i) => i.dicKey === '3')!;
    await save({ id: basic.id, openStatus: 0 });
    expect((await saveApp(app('bt.off', 3))).body.code).toBe(Code.VALIDATION_FAILED);
    expect((await saveApp({ id: kept.id, name: 'renamed' })).body.code).toBe(Code.OK);
    await save({ id: basic.id, openStatus: 1 });
  });
});

describe('saves racing moves', () => {
  it('a switch saved while the item moves keeps positions 1…n: an update writes only the fields it names', async () => {
    const parent = await dictionary('RACE_SWITCH');
    const rows = await addItems(parent.id, ['a', 'b', 'c', 'd', 'e']);
    const target = rows[2]!;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? save({ id: target.id, openStatus: i % 4 === 1 ? 0 : 1 }) : move(target.id, i % 4 === 0 ? 'up' : 'down'))),
    );
    expect(answers.filter((a) => a.body.code !== Code.OK).map((a) => a.text)).toEqual([]);
    const positions = (await items(parent.id)).map((item) => item.sortNum).sort((a, b) => Number(a) - Number(b));
    expect(positions).toEqual([1, 2, 3, 4, 5]);
  });
});
