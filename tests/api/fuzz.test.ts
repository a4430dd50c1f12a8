/**
 * Fuzzing every route of the authorization matrix (a new route is fuzzed as soon as it has its row)
 * as the super-admin: arbitrary JSON bodies and query strings with wrong types, huge strings and
 * numbers, control characters (NUL included), nulls, nested objects, `__proto__`/`constructor`/
 * `toString` keys, repeated parameters, long id lists, odd paging and malformed URLs, plus
 * near-valid records built from the contract so some writes succeed.
 *
 * Every answer: below 500, the envelope (numeric code, msg text, data), within a second. After the
 * run, every row a fuzzed write added or changed still passes its contract entity.
 *
 * The seed is fixed (printed with any failure); FUZZ_SEED replays another, FUZZ_RUNS sets the
 * requests per route (default 30: about a minute per database on 2 shared cores).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PREFIX,
  apiElementEntity,
  directoryEntity,
  MenuType,
  officeEntity,
  pageElementEntity,
  staffEntity,
  templateEntity,
  validateEntity,
  type Entity,
  type Fields,
} from '../../contract';
import { endpointOf, type ResourceDefinition } from '../../resources/define';
import { resourceDefinitions } from '../../resources/registry';
import { createSessionStore } from '../../server/auth/tokens';
import { DEFAULT_SESSION_POLICY } from '../../server/config';
import { apiElementPath, isGuardedPath } from '../../server/http/paths';
import { MATRIX, type Request } from './authorizationMatrix';
import { JsonObject, jsonValue, keyOf, nearValidRecord, queryString, text, toJson, type JsonValue } from './fuzzValues';
import { ADMIN, injectRead, startTestServer, type TestServer } from './harness';

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_115);
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const SLOWEST_MS = 1000;

interface Route {
  method: 'GET' | 'POST';
  url: string;
  request: Request;
}
const urlOf = (path: string) => (isGuardedPath(path) ? path : `${API_PREFIX}${path}`);
const ROUTES: Route[] = MATRIX.map(([method, path, ...rest]) => ({ method, url: urlOf(path), request: (rest[7] as Request | undefined) ?? {} }));

/** The entity a route writes, to build near-valid records for it (`wrap`: the key it travels under). */
const WRITES: Record<string, { fields: Fields; wrap?: string }> = {
  ...Object.fromEntries(resourceDefinitions.map((d) => [`${endpointOf(d)}/saveOrUpdate`, { fields: d.entity.fields }])),
  [`${API_PREFIX}/user/saveOrUpdate`]: { fields: staffEntity.fields, wrap: 'userCenter' },
  [`${API_PREFIX}/office/saveOrUpdate`]: { fields: officeEntity.fields },
  [`${API_PREFIX}/permission/saveOrUpdate`]: { fields: directoryEntity.fields },
  [`${API_PREFIX}/menu/saveOrUpdate`]: { fields: { ...pageElementEntity.fields, ...apiElementEntity.fields } },
  '/v2/js/template/create': { fields: templateEntity.fields },
};

const FIELD_NAMES = [
  ...new Set([
    ...Object.values(WRITES).flatMap((w) => Object.keys(w.fields)),
    ...MATRIX.flatMap((row) => Object.keys((row[9] as Request | undefined)?.query ?? {}).concat(Object.keys(((row[9] as Request | undefined)?.body as object) ?? {}))),
    // The declared lists' filters, whatever the derived rows send.
    ...resourceDefinitions.flatMap((d) => [...d.search, ...(d.filters ?? []), ...(d.requiredFilters ?? []), ...(d.ranges ?? []).flatMap((r) => [`${r}From`, `${r}To`])]),
    'id', 'ids', 'searchKey', 'roleIds', 'userCenter', 'direction', 'pwd', 'oldPwd', 'newPwd', 'username', 'password', 'uaMessages', 'rule', 'parameters',
  ]),
];
const keys = keyOf(FIELD_NAMES);

function entriesOf(value: unknown): Array<[string, JsonValue]> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (Object.entries(value) as Array<[string, JsonValue]>) : [];
}

interface Sent {
  url: string;
  contentType?: string;
  payload?: string;
}

/** One request: the row's harmless request with fuzzed parameters over it, or something else entirely. */
function requestFor(route: Route): fc.Arbitrary<Sent> {
  const write = WRITES[route.url];
  const base = entriesOf(route.request.body);
  const baseQuery = Object.entries(route.request.query ?? {}).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  const fuzzedEntries = fc.array(fc.tuple(keys, jsonValue(keys)), { maxLength: 6 });
  const objectBody = fuzzedEntries.map((entries) => new JsonObject([...base, ...entries]));
  const recordBody = write
    ? nearValidRecord(write.fields, keys).map((record) => (write.wrap ? new JsonObject([[write.wrap, record], ['roleIds', '']]) : record))
    : objectBody;
  const json = (arbitrary: fc.Arbitrary<JsonValue>) => arbitrary.map((value) => ({ contentType: 'application/json', payload: toJson(value) }));
  const body = fc.oneof(
    { weight: 6, arbitrary: json(objectBody) },
    { weight: write ? 6 : 0, arbitrary: json(recordBody) },
    { weight: 2, arbitrary: json(jsonValue(keys)) },
    json(fc.array(fc.nat(5000), { maxLength: 2000 })),
    fc.constantFrom('{', '{"pageNo":', '[1,', 'nul', '\u0000', '{"a":1}{"a":2}', '{"__proto__":{"a":1}}', '{"constructor":{"prototype":{"a":1}}}').map((payload) => ({ contentType: 'application/json', payload })),
    fc.tuple(fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data; boundary=x', 'application/json; charset=latin1'), text).map(([contentType, payload]) => ({ contentType, payload })),
    fc.constant({}),
  );
  const query = fc.oneof(fc.constant(''), queryString(keys)).map((fuzzed) => [...baseQuery, ...(fuzzed ? [fuzzed] : [])].join('&'));
  const path = fc.oneof({ weight: 12, arbitrary: fc.constant(route.url) }, fc.constantFrom('%', '%zz', '/%E4', '/..', '//', ';x', '%00', '/x'.repeat(200)).map((suffix) => route.url + suffix));
  return fc
    .tuple(path, query, route.method === 'POST' ? body : fc.constant({}))
    .map(([url, q, sent]: [string, string, { contentType?: string; payload?: string }]) => ({ url: q ? `${url}?${q}` : url, ...sent }));
}

let server: TestServer;
let adminId: number;
let sessions: ReturnType<typeof createSessionStore>;

/** The tables fuzzed writes reach, each row with the contract entity it must pass. */
function tableChecks(): Array<{ table: string; entityOf: (row: Record<string, unknown>) => Entity<Fields> | undefined }> {
  const byTable = new Map<string, ResourceDefinition[]>();
  for (const d of resourceDefinitions) byTable.set(d.table, [...(byTable.get(d.table) ?? []), d]);
  const declared = [...byTable].map(([table, definitions]) => ({
    table,
    // A master and its detail share a table: the master's scope tells its rows apart.
    entityOf: (row: Record<string, unknown>) =>
      (definitions.find((d) => d.scope && Object.entries(d.scope).every(([k, v]) => row[k] === v)) ?? definitions.find((d) => !d.scope))?.entity as Entity<Fields> | undefined,
  }));
  const ELEMENT: Record<number, Entity<Fields>> = { [MenuType.PAGE_ELEMENT]: pageElementEntity, [MenuType.API]: apiElementEntity };
  return [
    ...declared,
    { table: 'user', entityOf: () => staffEntity as unknown as Entity<Fields> },
    { table: 'office', entityOf: () => officeEntity as unknown as Entity<Fields> },
    { table: 'permission', entityOf: (row) => ELEMENT[row.menuType as number] ?? (directoryEntity as unknown as Entity<Fields>) },
  ];
}

async function snapshot(): Promise<Map<string, Map<number, string>>> {
  const out = new Map<string, Map<number, string>>();
  for (const { table } of tableChecks()) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- every table is read whole, whatever its columns
    const rows = (await (server.db as any).selectFrom(table).selectAll().execute()) as Array<Record<string, unknown>>;
    out.set(table, new Map(rows.map((row) => [Number(row.id), JSON.stringify(row)])));
  }
  return out;
}

let before: Map<string, Map<number, string>>;

beforeAll(async () => {
  server = await startTestServer();
  adminId = (await server.db.selectFrom('user').select('id').where('code', '=', 'admin').executeTakeFirstOrThrow()).id;
  sessions = createSessionStore(server.db, DEFAULT_SESSION_POLICY);
  // What loads once per process at a route's first call (the UA rule set compiles at its first
  // parse, 1-2 s; the region index loads with the first staff list) is not what is measured.
  await server.call('POST', '/v2/ua/parse', { token: await sessions.issue(adminId), body: { uaMessages: ['Mozilla/5.0'] } });
  for (const route of ROUTES) await server.call(route.method, route.url, { token: await sessions.issue(adminId), ...route.request });
  before = await snapshot();
  process.stdout.write(`fuzz: seed ${SEED}, ${RUNS} requests per route (replay with FUZZ_SEED=${SEED})\n`);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('the fuzzed routes', () => {
  it('are every route the server registers below a guarded prefix', () => {
    const listed = new Set(ROUTES.map((r) => `${r.method} ${r.url}`));
    const registered = server.app.routeTable.filter((r) => isGuardedPath(r.url) && r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`);
    expect(registered.filter((route) => !listed.has(route)), 'routes without a row in the authorization matrix').toEqual([]);
    expect(registered.length).toBe(ROUTES.length);
  });
});

describe.each(ROUTES.map((route, index) => ({ ...route, index, name: `${route.method} ${apiElementPath(route.url)}` })))('$name', (route) => {
  it('answers every fuzzed request below 500, in the envelope, within a second', async () => {
    await fc.assert(
      fc.asyncProperty(requestFor(route), async (sent) => {
        const token = await sessions.issue(adminId);
        const send = async () => {
          const started = performance.now();
          const answer = await injectRead(server.app, {
            method: route.method,
            url: sent.url,
            headers: { access_token: token, ...(sent.contentType ? { 'content-type': sent.contentType } : {}) },
            payload: sent.payload,
          });
          return { response: answer, elapsed: performance.now() - started };
        };
        let { response, elapsed } = await send();
        // A request slow because the machine is busy is fast when sent again; one slow by itself stays slow.
        for (let retry = 0; retry < 2 && elapsed >= SLOWEST_MS; retry++) ({ response, elapsed } = await send().then((again) => ({ response, elapsed: Math.min(elapsed, again.elapsed) })));
        const what = `${route.method} ${sent.url.slice(0, 300)} ${sent.payload?.slice(0, 300) ?? ''} → ${response.statusCode} ${response.body.slice(0, 300)}`;
        expect(response.statusCode, what).toBeLessThan(500);
        expect(elapsed, `${what} took ${Math.round(elapsed)} ms`).toBeLessThan(SLOWEST_MS);
        // A download (the UA rule export) is a file, not an envelope.
        if (response.headers['content-disposition']?.toString().startsWith('attachment')) return;
        // The live event stream opens with its first event (read, then dropped): no envelope either.
        if (String(response.headers['content-type']).startsWith('text/event-stream')) {
          expect(response.body, what).toMatch(/^retry: \d+\nevent: ready\ndata: \{\}\n\n$/);
          return;
        }
        let body: unknown;
        expect(() => (body = JSON.parse(response.body)), what).not.toThrow();
        expect(body, what).toMatchObject({ code: expect.any(Number), msg: expect.any(String) });
        expect(Object.keys(body as object).sort(), what).toEqual(['code', 'data', 'msg']);
      }),
      { seed: SEED + route.index, numRuns: RUNS, endOnFailure: true },
    );
  }, 120_000);
});

describe('after the run', () => {
  it('every row a fuzzed write added or changed passes its contract entity', async () => {
    const after = await snapshot();
    const broken: string[] = [];
    const changed: Record<string, number> = {};
    for (const { table, entityOf } of tableChecks()) {
      for (const [id, json] of after.get(table) ?? []) {
        if (before.get(table)?.get(id) === json) continue;
        changed[table] = (changed[table] ?? 0) + 1;
        const row = JSON.parse(json) as Record<string, unknown>;
        const entity = entityOf(row);
        const validation = entity ? validateEntity(entity, row) : undefined;
        if (validation && !validation.ok) broken.push(`${table} #${id}: ${JSON.stringify(validation.fields)} in ${json.slice(0, 400)}`);
      }
    }
    process.stdout.write(`fuzz: rows added or changed by fuzzed writes: ${JSON.stringify(changed)}\n`);
    expect(broken).toEqual([]);
  });

  it('the super-admin can still log in and call', async () => {
    const login = await server.login(ADMIN.username, ADMIN.password, { remoteAddress: '10.9.8.7' });
    expect(login.body.code).toBe(0);
    expect((await server.call('GET', `${API_PREFIX}/user/info`, { token: login.body.data.token })).body.code).toBe(0);
  });
});
