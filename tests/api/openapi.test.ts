/**
 * The API document (GET /base/admin/openapi.json) against the server itself: it has an operation
 * for every registered call and every row of the authorization matrix, and each operation's own
 * example gets past the route's parameter checks (never 1000/1001), a request without the fields
 * the document calls required is refused with 1001, and a caller without the operation's API
 * element gets 1003. A route added without what the document needs fails here: see the README's
 * "API document".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type Envelope } from '../../contract';
import { IMPORT_MESSAGES } from '../../contract/importFile';
import type { DocDocument, DocOperation } from '../../contract/openapi';
import { OPENAPI_PATH } from '../../contract/session';
import { createSessionStore } from '../../server/auth/tokens';
import { DEFAULT_SESSION_POLICY } from '../../server/config';
import { isGuardedPath } from '../../server/http/paths';
import { buildDocument } from '../../server/openapi/document';
import { baseScreens } from '../../server/db/screenCatalogue';
import { MATRIX } from './authorizationMatrix';
import { injectRead, startTestServer, type TestServer } from './harness';
import { urlOf } from './matrixCallers';

let server: TestServer;
let document: DocDocument;
let adminToken: () => Promise<string>;
let outsiderToken: string;

interface Operation {
  method: 'GET' | 'POST';
  url: string;
  operation: DocOperation;
}

const operationsOf = (doc: DocDocument): Operation[] =>
  Object.entries(doc.paths).flatMap(([url, item]) => Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase() as 'GET' | 'POST', url, operation: operation! })));

/** Registered calls (HEAD mirrors aside) the document has no operation for. */
function missingFrom(doc: DocDocument, routes: ReadonlyArray<{ method: string; url: string }>): string[] {
  return routes.filter((r) => r.method !== 'HEAD' && isGuardedPath(r.url) && !doc.paths[r.url]?.[r.method.toLowerCase() as 'get' | 'post']).map((r) => `${r.method} ${r.url}`);
}

interface ObjectSchema {
  required?: string[];
  properties?: Record<string, unknown>;
  anyOf?: ObjectSchema[];
}

/**
 * The names the document calls required, and the names a request of the same shape may keep: an
 * object body's, or (a create-or-update union) its first branch's, so an update's `id` goes too.
 */
function requiredOf(operation: DocOperation): { required: string[]; keeps: (name: string) => boolean } {
  const body = (operation.requestBody?.content['application/json']?.schema ?? {}) as ObjectSchema;
  const shape = body.anyOf?.[0] ?? body;
  const required = [...operation.parameters.filter((p) => p.required).map((p) => p.name), ...(shape.required ?? [])];
  return { required, keeps: (name) => !required.includes(name) && (!body.anyOf || name in (shape.properties ?? {})) };
}

async function send(op: Operation, token: string, request: DocOperation['x-example']): Promise<Envelope> {
  // A file body: the file the example names (a template the call itself hands out).
  const file = request.file ? (await server.app.inject({ method: 'GET', url: request.file, headers: { access_token: await adminToken() } })).rawPayload : undefined;
  const fileType = Object.keys(op.operation.requestBody?.content ?? {})[0];
  // Read as a client reads: an event stream (live lists) up to its first event, then dropped.
  const response = await injectRead(server.app, {
    method: op.method,
    url: op.url,
    query: Object.fromEntries(Object.entries(request.query ?? {}).map(([k, v]) => [k, String(v)])),
    headers: { access_token: token, ...(file ? { 'content-type': fileType! } : {}) },
    ...(file ? { payload: file } : op.method === 'POST' && request.body !== undefined ? { payload: request.body as object } : {}),
  });
  // A file (an export, a template) is an accepted request.
  return String(response.headers['content-type']).startsWith('application/json') ? (JSON.parse(response.body) as Envelope) : { code: Code.OK, msg: '', data: null };
}

/** Runs `each` over `items`, a few at a time (the calls are independent: each has its own session). */
async function inBatches<T>(items: readonly T[], each: (item: T) => Promise<void>, size = 6): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(each));
}

beforeAll(async () => {
  server = await startTestServer();
  const sessions = createSessionStore(server.db, DEFAULT_SESSION_POLICY);
  const adminId = (await server.db.selectFrom('user').select('id').where('code', '=', 'admin').executeTakeFirstOrThrow()).id;
  // A fresh session per call: logout and the session calls may end theirs.
  adminToken = () => sessions.issue(adminId);
  const outsider = await server.createUser({ code: 'docreader', password: 'Doc-reader-1', apis: [] });
  outsiderToken = await sessions.issue(outsider.userId);
  const answer = await server.call<DocDocument>('GET', `/base/admin${OPENAPI_PATH}`, { token: await adminToken() });
  expect(answer.body.code).toBe(Code.OK);
  document = answer.body.data;
});
afterAll(async () => {
  await server?.close();
});

describe('the API document', () => {
  it('is OpenAPI 3.1 with an operation for every registered call and every row of the authorization matrix', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(missingFrom(document, server.app.routeTable), 'registered calls missing from the document').toEqual([]);
    expect(missingFrom(document, MATRIX.map(([method, path]) => ({ method, url: urlOf(path) }))), 'matrix rows missing from the document').toEqual([]);
    // The check above sees a route the generator left out.
    const [first, ...rest] = server.app.routeTable.filter((r) => r.method !== 'HEAD' && isGuardedPath(r.url));
    expect(missingFrom(buildDocument(rest, baseScreens(), 'x'), server.app.routeTable)).toEqual([`${first!.method} ${first!.url}`]);
  });

  it('says for each operation its access, the API element the guard matches and the buttons that grant it', () => {
    const routes = server.app.routeTable;
    for (const { method, url, operation } of operationsOf(document)) {
      const route = routes.find((r) => r.method === method && r.url === url)!;
      expect(operation['x-access'], `${method} ${url}`).toBe(route.access);
      if (route.access !== 'permission') continue;
      expect(operation['x-api-element'], `${method} ${url}`).toBe(url.startsWith('/base/admin/') ? url.slice('/base/admin'.length) : url);
      expect(operation['x-granted-by']!.length, `${method} ${url}: no seeded button grants it`).toBeGreaterThan(0);
      expect(operation['x-codes']).toContain(Code.FORBIDDEN);
    }
    const own = document.paths[`/base/admin${OPENAPI_PATH}`]!.get!;
    expect(own['x-granted-by']).toEqual([{ menu: 'apiDoc', pageElement: 'apiDoc:list' }]);
  });

  it("accepts each operation's own example as well formed (the schema is no stricter than the route)", async () => {
    const refused: string[] = [];
    await inBatches(operationsOf(document), async (op) => {
      const answer = await send(op, await adminToken(), op.operation['x-example']);
      // A template is a file the import reads (its columns are right); that it holds no rows is the only refusal.
      const isEmptyTemplate = op.operation['x-example'].file !== undefined && answer.msg === IMPORT_MESSAGES.empty['zh-CN'];
      if ((answer.code === Code.BAD_REQUEST || answer.code === Code.VALIDATION_FAILED) && !isEmptyTemplate) refused.push(`${op.method} ${op.url} ${answer.code} ${answer.msg} ${JSON.stringify(answer.data)}`);
    });
    expect(refused).toEqual([]);
  });

  it('is refused with 1001 without the fields the document calls required (the route is no looser than the schema)', async () => {
    const accepted: string[] = [];
    await inBatches(operationsOf(document), async (op) => {
      const { required, keeps } = requiredOf(op.operation);
      if (required.length === 0) return;
      const { query = {}, body } = op.operation['x-example'];
      const without = <T extends object>(values: T) => Object.fromEntries(Object.entries(values).filter(([k]) => keeps(k)));
      const answer = await send(op, await adminToken(), { query: without(query) as Record<string, string | number>, ...(body !== undefined ? { body: without(body as object) } : {}) });
      if (answer.code !== Code.VALIDATION_FAILED) accepted.push(`${op.method} ${op.url} without ${required.join(',')}: ${answer.code}`);
    });
    expect(accepted).toEqual([]);
  });

  it('answers 1003 to a caller without the operation’s API element', async () => {
    const letThrough: string[] = [];
    await inBatches(operationsOf(document).filter((o) => o.operation['x-access'] === 'permission'), async (op) => {
      const answer = await send(op, outsiderToken, op.operation['x-example']);
      if (answer.code !== Code.FORBIDDEN) letThrough.push(`${op.method} ${op.url}: ${answer.code}`);
    });
    expect(letThrough).toEqual([]);
  });
});
