/**
 * Refine's DataProvider over the platform's CRUD calls (shape of refine's simple-rest: a factory,
 * one small helper per mapping in ./mapping).
 *
 * | Refine      | call                                                                 |
 * | ----------- | -------------------------------------------------------------------- |
 * | getList     | GET  <endpoint>/list?<paging names of the resource>&<filters>        |
 * |             | (POST with them as the body for a resource with whole-value lookups)  |
 * | getOne      | GET  <endpoint>/detail?id=                                           |
 * | getMany     | GET  <endpoint>/list?ids=<id,id> (one call per MAX_PAGE_SIZE ids);   |
 * |             | <endpoint>/detail?id= for each id of a resource without a definition  |
 * | create      | POST <endpoint>/saveOrUpdate  body without id                        |
 * | update      | POST <endpoint>/saveOrUpdate  body with id                           |
 * | deleteOne   | GET  <endpoint>/delete?ids=<id>                                      |
 * | deleteMany  | GET  <endpoint>/delete?ids=<id,id>                                   |
 * | custom      | any url, method, query (+ filters) and payload; answers `msg` too    |
 *
 * <endpoint> is `endpointOf(definition)` (/base/admin/<resource> unless the definition names
 * another); resources without a definition (bespoke screens) get the same shape with
 * `pageNo/pageSize` paging.
 * `meta.endpoint` overrides the endpoint, `meta.deleteMethod: 'post'` sends deletes as POST.
 * A resource whose definition looks masked fields up by their whole value (`privacy.lookup`)
 * lists by POST, so a typed phone number or address never sits in a URL (history, proxies, logs).
 * Every failure rejects with Refine's HttpError (see mapping/errors).
 */
import type { BaseKey, BaseRecord, DataProvider, MetaQuery } from '@refinedev/core';
import type { ListData } from '../contract/envelope';
import { MAX_PAGE_SIZE, type PagingStyle } from '../contract/paging';
import { API_PREFIX } from '../contract/session';
import { endpointOf } from '../contract/resourceCalls';
import { buildQuery, type HttpClient, type HttpMethod, type Query } from './http';
import { toHttpError } from './mapping/errors';
import { generateFilters } from './mapping/filters';
import { generatePagination } from './mapping/pagination';
import { generateSort } from './mapping/sorters';

/** What the data provider reads of a resource definition. */
export interface DataResource {
  name: string;
  endpoint?: string;
  paging: PagingStyle;
  /** Its list's columns: those marked `sortable` may be asked for as the order (`sort`/`order`). */
  columns?: ReadonlyArray<{ field?: string; sortable?: boolean }>;
  privacy?: { lookup?: readonly string[] };
}

interface Target {
  endpoint: string;
  paging: PagingStyle;
  sortable: string[];
  listMethod: HttpMethod;
  /** Declared by a definition: its list call answers `ids` (bespoke lists may not). */
  isDeclared: boolean;
}

function signalOf(meta: MetaQuery | undefined): AbortSignal | undefined {
  return meta?.queryContext?.signal;
}

async function mapErrors<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toHttpError(error);
  }
}

/** The definitions, or a loader of them (keeps the registry, and zod, out of the entry chunk). */
export type DataResources = readonly DataResource[] | (() => Promise<readonly DataResource[]>);

export function createDataProvider(http: HttpClient, definitions: DataResources): DataProvider {
  let byName: Promise<Map<string, DataResource>> | undefined;
  const lookup = () =>
    (byName ??= Promise.resolve(typeof definitions === 'function' ? definitions() : definitions).then(
      (list) => new Map(list.map((d) => [d.name, d])),
      (error: unknown) => {
        byName = undefined;
        throw error;
      },
    ));

  async function target(resource: string, meta: MetaQuery | undefined): Promise<Target> {
    const definition = (await lookup()).get(resource);
    return {
      endpoint: typeof meta?.endpoint === 'string' ? meta.endpoint : endpointOf(definition ?? { name: resource }),
      paging: definition?.paging ?? 'pageNo',
      sortable: (definition?.columns ?? []).flatMap((column) => (column.sortable && column.field !== undefined ? [column.field] : [])),
      listMethod: definition?.privacy?.lookup?.length ? 'POST' : 'GET',
      isDeclared: definition !== undefined,
    };
  }

  function detail<T>(endpoint: string, id: BaseKey, meta: MetaQuery | undefined): Promise<T> {
    return http.request<T>('GET', `${endpoint}/detail`, { query: { id }, signal: signalOf(meta) });
  }

  /** The list call with these parameters, by the resource's list method (a POST keeps them out of the URL). */
  async function list(target: Target, query: Query, meta: MetaQuery | undefined): Promise<ListData<never>> {
    // The body holds exactly what the query string would (blanks left out, lists comma-joined).
    const sent = target.listMethod === 'POST' ? { body: Object.fromEntries(new URLSearchParams(buildQuery(query))) } : { query };
    return http.request<ListData<never>>(target.listMethod, `${target.endpoint}/list`, { ...sent, signal: signalOf(meta) });
  }

  function remove(endpoint: string, ids: readonly BaseKey[], meta: MetaQuery | undefined): Promise<unknown> {
    const method: HttpMethod = meta?.deleteMethod === 'post' ? 'POST' : 'GET';
    return http.request(method, `${endpoint}/delete`, { query: { ids: ids.map(String) } });
  }

  function save<T>(endpoint: string, body: Record<string, unknown>): Promise<T> {
    return http.request<T>('POST', `${endpoint}/saveOrUpdate`, { body });
  }

  return {
    getList: ({ resource, pagination, filters, sorters, meta }) =>
      mapErrors(async () => {
        const found = await target(resource, meta);
        const query: Query = {
          ...generateFilters(filters),
          ...generateSort(sorters, found.sortable),
          ...generatePagination(found.paging, pagination),
        };
        const data = await list(found, query, meta);
        // `totalAtLeast`: the total is a bound (the pager says "10,000+").
        return { data: data?.items ?? [], total: data?.total ?? 0, ...(data?.totalAtLeast ? { totalAtLeast: true } : {}) };
      }),

    getOne: ({ resource, id, meta }) => mapErrors(async () => ({ data: await detail((await target(resource, meta)).endpoint, id, meta) })),

    // The list call answers the records named by `ids` (as the list shows them), a page's worth at a time.
    getMany: ({ resource, ids, meta }) =>
      mapErrors(async () => {
        const found = await target(resource, meta);
        if (!found.isDeclared) return { data: await Promise.all(ids.map((id) => detail<never>(found.endpoint, id, meta))) };
        const unique = [...new Set(ids.map(String))];
        const parts: string[][] = [];
        for (let i = 0; i < unique.length; i += MAX_PAGE_SIZE) parts.push(unique.slice(i, i + MAX_PAGE_SIZE));
        const answers = await Promise.all(parts.map((part) => list(found, { ids: part }, meta)));
        return { data: answers.flatMap((data) => data?.items ?? []) };
      }),

    create: ({ resource, variables, meta }) =>
      mapErrors(async () => {
        const { id: _id, ...values } = (variables ?? {}) as BaseRecord;
        return { data: await save((await target(resource, meta)).endpoint, values) };
      }),

    update: ({ resource, id, variables, meta }) =>
      mapErrors(async () => ({ data: await save((await target(resource, meta)).endpoint, { ...(variables as object), id }) })),

    deleteOne: ({ resource, id, meta }) =>
      mapErrors(async () => {
        await remove((await target(resource, meta)).endpoint, [id], meta);
        return { data: { id } as never };
      }),

    deleteMany: ({ resource, ids, meta }) =>
      mapErrors(async () => {
        await remove((await target(resource, meta)).endpoint, ids, meta);
        return { data: ids.map((id) => ({ id })) as never[] };
      }),

    // The answer carries the server's message too (`msg`), for saves that show it (SPEC §8).
    custom: ({ url, method, query, payload, filters, sorters: _sorters, meta }) =>
      mapErrors(async () =>
        http.answer<never>(method.toUpperCase() as HttpMethod, url, {
          query: { ...generateFilters(filters), ...(query as Query | undefined) },
          body: payload,
          signal: signalOf(meta),
        }),
      ),

    getApiUrl: () => `${http.baseUrl}${API_PREFIX}`,
  };
}
