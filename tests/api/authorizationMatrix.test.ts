/**
 * THE AUTHORIZATION MATRIX: every route the server registers below a guarded prefix (/base/admin,
 * /admin/dashboard, /siteuser, /v2) × every kind of caller, with the expected outcome written out.
 *
 * ADDING A ROUTE? A declared resource's generic calls have their rows from its definition
 * (./declaredRows.ts). Any other route: add its row to `BESPOKE_ROWS` in ./authorizationMatrix.ts
 * (method, the path its API element names: below /base/admin without that prefix, elsewhere the
 * whole path; one outcome per caller, and a request that is harmless for a caller who gets
 * through). This test fails while a registered route has no row, or a row names no registered route. HEAD routes are Fastify's
 * mirrors of GET routes: each is checked against its GET row by HTTP status.
 *
 * Callers: no token; a forged token; an expired token; staff whose role holds no grant; staff
 * granted exactly the route's API element; staff granted a sibling API element (another call of
 * the same screen); the super-admin. Outcome: the exact denial code (1002 no/unknown token, 1007
 * ended session, 1003 not granted) or PASS: the guard let the call through (any other code, e.g.
 * 0, 1001 for the minimal parameters or 1004 for the made-up ids, which keep every call harmless).
 *
 * What a caller who passes the guard of a tree-writing route may write (the url of an API element
 * is a grant) is the matrix's second table: authorizationMatrixNodeWrites.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiElementPath, isGuardedPath } from '../../server/http/paths';
import { CALLERS, MATRIX, PASS } from './authorizationMatrix';
import { startTestServer, type TestServer } from './harness';
import { caseOf, headCasesOf, keyOf, matrixCallers, urlOf } from './matrixCallers';

const CASES = MATRIX.map(caseOf);
const HEAD_CASES = headCasesOf(CASES);

let server: TestServer;
let callers: Awaited<ReturnType<typeof matrixCallers>>;

beforeAll(async () => {
  server = await startTestServer();
  callers = await matrixCallers(server);
});
afterAll(async () => {
  await server?.close();
});

describe('the authorization matrix', () => {
  it('has exactly one row per route registered below a guarded prefix, and HEAD only as a mirror of GET', () => {
    const registered = new Set(server.app.routeTable.filter((r) => isGuardedPath(r.url)).map((r) => keyOf(r.method, apiElementPath(r.url))));
    const rows = [...CASES, ...HEAD_CASES].map((c) => keyOf(c.method, c.path));
    expect(rows.length, 'a route has two rows').toBe(new Set(rows).size);
    expect([...registered].filter((route) => !rows.includes(route)), 'routes without a row: add them to MATRIX').toEqual([]);
    expect(rows.filter((row) => !registered.has(row)), 'rows without a route').toEqual([]);
  });

  it('names the access level the server gives each route', () => {
    for (const c of CASES) {
      const route = server.app.routeTable.find((r) => r.method === c.method && r.url === urlOf(c.path));
      const level = c.expected.noToken === PASS ? 'public' : c.expected.noGrants === PASS ? 'session' : 'permission';
      expect(route?.access, keyOf(c.method, c.path)).toBe(level);
    }
  });
});

describe.each([...CASES, ...HEAD_CASES])('$method $path', (c) => {
  it.each(CALLERS)('%s', (caller) => callers.check(c, caller));
});
