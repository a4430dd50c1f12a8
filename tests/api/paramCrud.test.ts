import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type ListData, type Param } from '../../contract';
import { ADMIN, startTestServer, type TestServer } from './harness';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await server.tokenFor(ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await server?.close();
});

const save = (body: Record<string, unknown>) => server.call<Param>('POST', '/base/admin/param/saveOrUpdate', { token, body });
const list = (query: Record<string, string | number>) => server.call<ListData<Param>>('GET', '/base/admin/param/list', { token, query });
const detail = (id: number | string) => server.call<Param>('GET', '/base/admin/param/detail', { token, query: { id } });
const remove = (ids: string) => server.call('GET', '/base/admin/param/delete', { token, query: { ids } });

async function create(paramKey: string, extra: Record<string, unknown> = {}): Promise<Param> {
  const { body } = await save({ sortNum: 5, paramKey, value: 'v', ...extra });
  expect(body.code, JSON.stringify(body)).toBe(Code.OK);
  return body.data;
}

describe('parameters end to end', () => {
  it('creates, reads, updates and deletes a parameter', async () => {
    const created = await save({ sortNum: '3', paramKey: ' crud.key ', value: 'first', remark: 'a remark', spareParam: 'a, b ,c' });
    expect(created.status).toBe(200);
    expect(created.body.code).toBe(Code.OK);
    expect(created.body.data).toEqual({ id: expect.any(Number), sortNum: 3, paramKey: 'crud.key', value: 'first', remark: 'a remark', spareParam: 'a,b,c', version: 1 });
    const { id } = created.body.data;

    expect((await detail(id)).body.data).toEqual(created.body.data);

    const updated = await save({ id, sortNum: 4, paramKey: 'crud.key', value: 'second', remark: null, spareParam: '' });
    expect(updated.body.data).toEqual({ id, sortNum: 4, paramKey: 'crud.key', value: 'second', remark: null, spareParam: null, version: 2 });
    expect((await detail(String(id))).body.data.value).toBe('second');

    expect((await remove(String(id))).body.code).toBe(Code.OK);
    const gone = await detail(id);
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe(Code.NOT_FOUND);
  });

  it('updates only the fields a request names: the others keep their stored values', async () => {
    const record = await create('partial.key', { remark: 'kept', spareParam: 'x,y' });
    const { body } = await save({ id: record.id, value: 'changed' });
    expect(body.data).toEqual({ ...record, value: 'changed', version: record.version! + 1 });
    expect((await detail(record.id)).body.data).toEqual({ ...record, value: 'changed', version: record.version! + 1 });
  });

  it('refuses to change the key of an existing parameter', async () => {
    const record = await create('fixed.key');
    const { body } = await save({ id: record.id, sortNum: 5, paramKey: 'other.key', value: 'v' });
    expect(body.code).toBe(Code.VALIDATION_FAILED);
    expect(body.data).toEqual({ fields: { paramKey: 'Key不可修改' } });
    expect((await detail(record.id)).body.data.paramKey).toBe('fixed.key');
  });

  it('answers 1004 to an update of a missing id, and 1001 to malformed ids', async () => {
    expect((await save({ id: 987654, sortNum: 1, paramKey: 'ghost', value: 'v' })).body.code).toBe(Code.NOT_FOUND);
    expect((await server.db.selectFrom('param').select('id').where('paramKey', '=', 'ghost').execute()).length).toBe(0);
    for (const id of ['abc', '1.5', '-3', '0']) {
      const { status, body } = await detail(id);
      expect(status).toBe(400);
      expect(body.code).toBe(Code.VALIDATION_FAILED);
    }
    expect((await server.call('GET', '/base/admin/param/detail', { token })).body.code).toBe(Code.VALIDATION_FAILED);
    expect((await save({ id: 'x', sortNum: 1, paramKey: 'bad.id', value: 'v' })).body.code).toBe(Code.VALIDATION_FAILED);
  });
});

describe('paging', () => {
  beforeAll(async () => {
    for (let i = 25; i >= 1; i--) await create(`page.${String(i).padStart(2, '0')}`, { sortNum: 100 + i, remark: 'paging fixture' });
  });

  it('pages with page/size and with pageNo/pageSize alike, ordered by sortNum', async () => {
    const byPage = await list({ page: 2, size: 10, searchKey: 'page.' });
    const byPageNo = await list({ pageNo: 2, pageSize: 10, searchKey: 'page.' });
    expect(byPage.body.data.total).toBe(25);
    expect(byPage.body.data.items.map((p) => p.paramKey)).toEqual(Array.from({ length: 10 }, (_, i) => `page.${String(i + 11)}`));
    expect(byPageNo.body.data).toEqual(byPage.body.data);
    expect((await list({ page: 3, size: 10, searchKey: 'page.' })).body.data.items).toHaveLength(5);
    expect((await list({ page: 9, size: 10, searchKey: 'page.' })).body.data).toEqual({ items: [], total: 25 });
  });

  it('takes parameters from a POSTed JSON body too', async () => {
    const { body } = await server.call<ListData<Param>>('POST', '/base/admin/param/list', { token, body: { page: 1, size: 5, remark: 'paging fixture' } });
    expect(body.data.total).toBe(25);
    expect(body.data.items).toHaveLength(5);
  });

  it('falls back to defaults for nonsense paging and caps the size', async () => {
    const { body } = await list({ page: -1, size: 'abc' as unknown as number, searchKey: 'page.' });
    expect(body.data.items).toHaveLength(10);
    expect((await list({ size: 5000, searchKey: 'page.' })).body.data.items).toHaveLength(25);
  });
});

describe('search', () => {
  beforeAll(async () => {
    for (const key of ['s.a%b', 's.a_b', 's.axb', "s.o'brien", 's.Back\\slash', 's.UPPER']) await create(key, { value: 'search fixture' });
  });

  const keysFound = async (query: Record<string, string>) => (await list({ size: 100, ...query })).body.data.items.map((p) => p.paramKey).sort();

  it('filters a declared field with "contains"', async () => {
    expect(await keysFound({ paramKey: 'brien' })).toEqual(["s.o'brien"]);
    expect(await keysFound({ paramKey: 's.a', value: 'search' })).toEqual(['s.a%b', 's.a_b', 's.axb']);
  });

  it('treats % _ \\ and quotes literally', async () => {
    expect(await keysFound({ paramKey: 'a%b' })).toEqual(['s.a%b']);
    expect(await keysFound({ paramKey: 'a_b' })).toEqual(['s.a_b']);
    expect(await keysFound({ paramKey: "o'b" })).toEqual(["s.o'brien"]);
    expect(await keysFound({ paramKey: 'k\\s' })).toEqual(['s.Back\\slash']);
    expect(await keysFound({ searchKey: '%' })).toEqual(['s.a%b']);
  });

  it('finds nothing for injection strings and leaves the table intact', async () => {
    for (const attack of ["' OR 1=1 --", "'; DROP TABLE param; --", '" OR ""="']) {
      const { body } = await list({ paramKey: attack });
      expect(body.code).toBe(Code.OK);
      expect(body.data).toEqual({ items: [], total: 0 });
      expect((await list({ searchKey: attack })).body.data.total).toBe(0);
    }
    expect((await list({ searchKey: 's.' })).body.data.total).toBeGreaterThanOrEqual(6);
  });

  it('is case-insensitive and matches searchKey in any search field', async () => {
    expect(await keysFound({ paramKey: 'upper' })).toEqual(['s.UPPER']);
    expect(await keysFound({ searchKey: 'SEARCH FIX', paramKey: 'back' })).toEqual(['s.Back\\slash']);
  });

  it('ignores parameters that are not declared search fields', async () => {
    const all = (await list({ size: 1 })).body.data.total;
    expect((await list({ size: 1, spareParam: 'zzz', id: 1, orderBy: 'value' })).body.data.total).toBe(all);
  });
});

describe('delete', () => {
  it('deletes several ids in one call, by GET or POST', async () => {
    const [a, b, c] = [await create('del.a'), await create('del.b'), await create('del.c')];
    expect((await remove(`${a.id},${b.id}`)).body.code).toBe(Code.OK);
    const post = await server.call('POST', '/base/admin/param/delete', { token, body: { ids: String(c.id) } });
    expect(post.body.code).toBe(Code.OK);
    expect((await list({ searchKey: 'del.' })).body.data.total).toBe(0);
  });

  it('deletes nothing when one id is missing (1004)', async () => {
    const [a, b] = [await create('keep.a'), await create('keep.b')];
    const { status, body } = await remove(`${a.id},${b.id},999999`);
    expect(status).toBe(404);
    expect(body.code).toBe(Code.NOT_FOUND);
    expect((await list({ searchKey: 'keep.' })).body.data.total).toBe(2);
  });

  it('refuses malformed ids (1001)', async () => {
    for (const ids of ['', 'a,b', '1,,2', '1;2', '-1', '1.0']) {
      const { body } = await remove(ids);
      expect(body.code, ids).toBe(Code.VALIDATION_FAILED);
    }
    expect((await server.call('GET', '/base/admin/param/delete', { token })).body.code).toBe(Code.VALIDATION_FAILED);
  });
});
