import type { HttpError } from '@refinedev/core';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Code } from '../../../contract/codes';
import { createDataProvider } from '../../../providers/dataProvider';
import { ClientCode, createHttpClient } from '../../../providers/http';
import { resourceDefinitions } from '../../../resources/registry';
import { bridgePerFile } from '../bridgePerFile';
import { saveParams } from '../generic/harness';

// The shipped param list sorts by no header: here its sortNum column does, on both sides (the real
// server refuses an order its definition does not declare).
const sortableParams = resourceDefinitions.map((d) => (d.name === 'param' ? { ...d, columns: d.columns.map((c) => (c.field === 'sortNum' ? { ...c, sortable: true } : c)) } : d));

const server = setupServer();
const bridge = bridgePerFile(server, { definitions: sortableParams });

let token: string | null;
const onSessionEnded = vi.fn();

beforeEach(async () => {
  // Three parameters, ids 1 to 3 (the table starts empty).
  await saveParams(bridge);
  token = bridge.token;
  onSessionEnded.mockReset();
});

/** The stored parameters' ids, as the real list answers them. */
async function storedParamIds(): Promise<number[]> {
  const { items } = await bridge.call<{ items: { id: number }[] }>('GET', '/base/admin/param/list', { query: { pageSize: 100 } });
  return items.map((row) => row.id);
}
afterEach(() => vi.restoreAllMocks());

function provider() {
  const http = createHttpClient({ getToken: () => token, onSessionEnded });
  return createDataProvider(http, resourceDefinitions);
}

const lastRequest = () => bridge.requests.at(-1)!;

describe('data provider: lists', () => {
  it('pages each resource with the parameter names its definition declares', async () => {
    const dp = provider();
    await dp.getList({ resource: 'param', pagination: { currentPage: 2, pageSize: 2 } });
    expect(lastRequest()).toMatchObject({ method: 'GET', path: '/base/admin/param/list', query: { page: '2', size: '2' } });
    await dp.getList({ resource: 'app', pagination: { currentPage: 1, pageSize: 10 } });
    expect(lastRequest()).toMatchObject({ path: '/base/admin/app/list', query: { pageNo: '1', pageSize: '10' } });
  });

  it('answers the page rows and the total of all rows', async () => {
    const result = await provider().getList({ resource: 'param', pagination: { currentPage: 2, pageSize: 2 } });
    expect(result.total).toBe(3);
    expect(result.data.map((r) => r.paramKey)).toEqual(['mail.sender']);
  });

  it('sends filters as query parameters and gets only the matching rows', async () => {
    const result = await provider().getList({ resource: 'param', filters: [{ field: 'paramKey', operator: 'contains', value: 'MAIL' }] });
    expect(lastRequest().query).toMatchObject({ paramKey: 'MAIL' });
    expect(result).toMatchObject({ total: 1, data: [{ paramKey: 'mail.sender' }] });
  });

  it('sends a free-text search as searchKey', async () => {
    const result = await provider().getList({ resource: 'param', filters: [{ field: 'searchKey', operator: 'contains', value: 'title' }] });
    expect(result.data.map((r) => r.paramKey)).toEqual(['site.name']);
  });

  it('sends an order only for a column the resource declares sortable', async () => {
    const dp = createDataProvider(createHttpClient({ getToken: () => token, onSessionEnded }), sortableParams);
    await dp.getList({ resource: 'param', sorters: [{ field: 'sortNum', order: 'desc' }] });
    expect(lastRequest().query).toMatchObject({ sort: 'sortNum', order: 'desc' });
    await dp.getList({ resource: 'param', sorters: [{ field: 'remark', order: 'asc' }] });
    expect(lastRequest().query).not.toHaveProperty('sort');
  });
});

describe('data provider: records', () => {
  it('reads one record by id and several by their ids', async () => {
    const dp = provider();
    await expect(dp.getOne({ resource: 'param', id: 2 })).resolves.toMatchObject({ data: { paramKey: 'upload.maxSize' } });
    expect(lastRequest()).toMatchObject({ path: '/base/admin/param/detail', query: { id: '2' } });
    const before = bridge.requests.length;
    const many = await dp.getMany!({ resource: 'param', ids: [1, 3, 1] });
    expect(many.data.map((r) => r.id)).toEqual([1, 3]);
    // One list call naming the ids, not one detail per id.
    expect(bridge.requests.slice(before)).toEqual([expect.objectContaining({ method: 'GET', path: '/base/admin/param/list', query: { ids: '1,3' } })]);
  });

  it('reads more ids than a page holds in one list call per page, and none without ids', async () => {
    const dp = provider();
    const before = bridge.requests.length;
    const ids = Array.from({ length: 1001 }, (_, i) => i + 1);
    const many = await dp.getMany!({ resource: 'param', ids });
    expect(many.data.map((r) => r.id)).toEqual((await storedParamIds()).sort((a, b) => a - b));
    expect(bridge.requests.slice(before).map((r) => r.query.ids!.split(',').length)).toEqual([1000, 1]);
    await expect(dp.getMany!({ resource: 'param', ids: [] })).resolves.toEqual({ data: [] });
    expect(bridge.requests.slice(before)).toHaveLength(2);
  });

  it('reads a resource without a definition by its detail call, id by id', async () => {
    const asked: string[] = [];
    server.use(http.get('*/base/admin/bespoke/detail', ({ request }) => {
      asked.push(new URL(request.url).search);
      return HttpResponse.json({ code: Code.OK, msg: 'success', data: { id: Number(new URL(request.url).searchParams.get('id')) } });
    }));
    const many = await provider().getMany!({ resource: 'bespoke', ids: [4, 5] });
    expect(many.data).toEqual([{ id: 4 }, { id: 5 }]);
    expect(asked).toEqual(['?id=4', '?id=5']);
  });

  it('creates without an id and answers the saved record', async () => {
    const variables = { id: 99, sortNum: 4, paramKey: 'new.key', value: 'v' };
    const result = await provider().create({ resource: 'param', variables });
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/base/admin/param/saveOrUpdate' });
    expect(lastRequest().body).not.toHaveProperty('id');
    expect(result.data).toMatchObject({ paramKey: 'new.key' });
    expect(result.data.id).not.toBe(99);
    await expect(provider().getOne({ resource: 'param', id: result.data.id! })).resolves.toMatchObject({ data: { paramKey: 'new.key' } });
  });

  it('updates through the same call with the id in the body', async () => {
    const result = await provider().update({ resource: 'param', id: 2, variables: { sortNum: 2, paramKey: 'upload.maxSize', value: '20' } });
    expect(lastRequest().body).toMatchObject({ id: 2, value: '20' });
    expect(result.data).toMatchObject({ id: 2, value: '20' });
    expect(await storedParamIds()).toHaveLength(3);
  });

  it('deletes by ids, one or several as a comma list', async () => {
    const dp = provider();
    await dp.deleteOne({ resource: 'param', id: 2 });
    expect(lastRequest()).toMatchObject({ method: 'GET', path: '/base/admin/param/delete', query: { ids: '2' } });
    await dp.deleteMany!({ resource: 'param', ids: [1, 3] });
    expect(lastRequest().query).toEqual({ ids: '1,3' });
    expect(await storedParamIds()).toEqual([]);
  });

  it('calls any address with custom, query and payload', async () => {
    const result = await provider().custom!({ url: '/base/admin/param/vaildKey', method: 'get', query: { paramKey: 'site.name' } });
    expect(result.data).toBe(false);
    expect(provider().getApiUrl()).toBe('/base/admin');
  });
});

describe('data provider: failures', () => {
  it('rejects a validation failure with the field messages, so the form shows them under the fields', async () => {
    const error = (await provider()
      .create({ resource: 'param', variables: { sortNum: 1, paramKey: '', value: 'v' } })
      .catch((e: unknown) => e)) as HttpError;
    expect(error.statusCode).toBe(1001);
    expect(error.message).toBe('Key不能为空');
    expect(error.errors).toEqual({ paramKey: 'Key不能为空' });
  });

  it('rejects a duplicate key with the server message', async () => {
    const error = (await provider()
      .create({ resource: 'param', variables: { sortNum: 1, paramKey: 'site.name', value: 'v' } })
      .catch((e: unknown) => e)) as HttpError;
    expect(error).toMatchObject({ statusCode: 1005, message: 'key值不可以重复' });
  });

  it('reports an unknown token (1002) as the end of the session', async () => {
    token = 'forged-token';
    await expect(provider().getList({ resource: 'param' })).rejects.toMatchObject({ statusCode: 1002 });
    expect(onSessionEnded).toHaveBeenCalledWith(1002, expect.any(String));
  });

  it('leaves a call made without a token to the auth check (no second redirect after logout)', async () => {
    token = null;
    await expect(provider().getList({ resource: 'param' })).rejects.toMatchObject({ statusCode: 1002 });
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('reports an expired token (1007) as the end of the session', async () => {
    token = await bridge.expiredTokenOf();
    await expect(provider().getOne({ resource: 'param', id: 1 })).rejects.toMatchObject({ statusCode: 1007 });
    expect(onSessionEnded).toHaveBeenCalledWith(1007, expect.any(String));
  });

  it('logs a network failure and rejects with the client text, not a server message', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const http = createHttpClient({
      getToken: () => token,
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
      messages: { network: () => '无法连接服务器', timeout: () => '超时', badResponse: () => '无法识别' },
    });
    const error = (await createDataProvider(http, resourceDefinitions)
      .getList({ resource: 'param' })
      .catch((e: unknown) => e)) as HttpError;
    expect(error).toMatchObject({ statusCode: ClientCode.NETWORK, message: '无法连接服务器' });
    expect(logged).toHaveBeenCalled();
  });

  it('loads the definitions lazily when given a loader', async () => {
    const http = createHttpClient({ getToken: () => token });
    const dp = createDataProvider(http, async () => resourceDefinitions);
    await dp.getList({ resource: 'param', pagination: { currentPage: 1, pageSize: 1 } });
    expect(lastRequest().query).toMatchObject({ page: '1', size: '1' });
  });
});
