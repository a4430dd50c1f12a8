/**
 * Every write route of the authorization matrix leaves audit rows after a successful call, as the
 * caller's and under its own route; every other route, called as the matrix calls it, leaves
 * none; and no audit row ever holds password material or a token.
 *
 * WRITES lists each bespoke write route with a call that succeeds; the declared resources' saves,
 * moves and deletes are derived from their definitions (./declaredWrites.ts). A route of the matrix
 * registered as writing (`config: { writes: true }`, which runs its handler in an audit context)
 * must be one of those, or registered as writing only tables the audit log leaves out (`unaudited`:
 * sessions, handoff codes, reveal records, display preferences, and an export's own audit row;
 * server/audit/coverage.ts, tests/api/export.test.ts). Any other route must leave every
 * audited table as it was: a write there would go unrecorded.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUrl } from '../../contract/paths';
import { isAudited } from '../../server/audit/coverage';
import { sha256Hex } from '../../server/auth/passwords';
import { insertApp } from '../../server/db/seedValues';
import { resourceDefinitions } from '../../resources/registry';
import { MATRIX } from './authorizationMatrix';
import { declaredWriteRoutes, runDeclaredWrites } from './declaredWrites';
import { ADMIN, startTestServer, type CallOptions, type TestServer } from './harness';
import { staffInput } from './staffFixtures';
import { xlsxOf } from './importFiles';
import { STAFF_IMPORT_HEADER, staffImportRow } from './staffImportFixtures';


let server: TestServer;
let admin: string;
const ids: Record<string, number> = {};

type Call = { method: 'GET' | 'POST'; path: string; options: () => Promise<CallOptions> | CallOptions };
const post = (path: string, body: () => Promise<unknown> | unknown): Call => ({ method: 'POST', path, options: async () => ({ token: admin, body: await body() }) });
const get = (path: string, query: () => Promise<Record<string, string | number>> | Record<string, string | number>): Call => ({
  method: 'GET',
  path,
  options: async () => ({ token: admin, query: await query() }),
});
const idOf = async (table: 'app' | 'param' | 'role' | 'office' | 'dic' | 'permission' | 'user', column: string, value: string) =>
  ((await server.db.selectFrom(table).select('id').where(column as never, '=', value as never).executeTakeFirstOrThrow()) as { id: number }).id;
const node = (code: string) => idOf('permission', 'code', code);

/** In order: each call may use what the ones before it made. */
const WRITES: Call[] = [
  get('/rolePermission/save', async () => {
    const appId = await idOf('app', 'code', 'base');
    await server.db.insertInto('role').values({ sortNum: 7, roleKey: 'auditRole', name: '审计角色', appId, roleType: 2, isEnable: '1', description: null }).execute();
    return { appId, roleId: await idOf('role', 'roleKey', 'auditRole'), permissionIds: String(await node('param:list')) };
  }),
  post('/permission/saveOrUpdate', async () => {
    const appId = (await insertApp(server.db, { code: 'audit-app', name: '审计子系统', businessType: 1, isEnable: '1', sort: 9, address: '/audit' }, Date.now())).id;
    return { menuType: 3, appId, parentId: 0, name: '审计导航', sort: 1, path: '/audit-nav', url: 'auditNav', icon: 'menu' };
  }),
  post('/menu/saveOrUpdate', async () => {
    const appId = await idOf('app', 'code', 'audit-app');
    const navigation = await idOf('permission', 'url', 'auditNav');
    ids.menu = (await server.call<{ id: number }>('POST', '/base/admin/permission/saveOrUpdate', {
      token: admin,
      body: { menuType: 4, appId, parentId: navigation, name: '审计菜单', sort: 1, path: '/audit-menu', url: 'auditMenu', icon: 'table' },
    })).body.data.id;
    return { menuType: 1, appId, parentId: ids.menu, code: 'audit:list', name: '审计按钮' };
  }),
  get('/menu/delete', async () => ({ ids: await node('audit:list') })),
  get('/permission/delete', async () => ({ ids: await idOf('permission', 'url', 'auditNav') })),
  post('/office/saveOrUpdate', () => ({ type: 1, parentId: 0, name: '审计部' })),
  post('/roleDataScope/save', async () => ({ roleId: await idOf('role', 'roleKey', 'auditRole'), dataScope: 2, officeIds: [await idOf('office', 'name', '审计部')] })),
  post('/user/saveOrUpdate', async () => ({ userCenter: staffInput(900, { name: '审计员' }), roleIds: '' })),
  get('/office/add/user', async () => ({ officeId: await idOf('office', 'name', '审计部'), ids: await idOf('user', 'name', '审计员') })),
  get('/office/update/officeAdminFlag', async () => ({ ids: await idOf('user', 'name', '审计员'), adminFlag: 1 })),
  get('/office/remove/user', async () => ({ ids: await idOf('user', 'name', '审计员') })),
  post('/user/bulkUpdate', async () => ({ ids: [await idOf('user', 'name', '审计员')], values: { officeId: await idOf('office', 'name', '审计部') } })),
  get('/user/enable', async () => ({ ids: await idOf('user', 'name', '审计员'), isEnable: '0' })),
  get('/user/resetPwd', async () => ({ ids: await idOf('user', 'name', '审计员'), pwd: sha256Hex('reset-pass-1') })),
  post('/statistics/ingest', async () => {
    const { id } = await server.db.insertInto('siteUser').values({ userName: '审计流量主', mediaAdminId: null, serviceId: 1 }).returning('id').executeTakeFirstOrThrow();
    return { traffic: [{ siteUserId: id, hour: '2026-01-02 03', count: 5 }] };
  }),
  post('/v2/js/template/create', () => ({ name: '审计模板', version: '1.0.0', remark: '首版', code: 'function run() {}\n', parameters: [] })),
  post('/v2/ua/setUaParser', async () => {
    const { id } = await server.db.insertInto('uaRecord' as never).values({ uaMessage: 'Kestrel K9 Probe', uaStatus: '0', parserType: null } as never).returning('id' as never).executeTakeFirstOrThrow() as { id: number };
    return { uaId: id, deviceParser: { regex: 'Kestrel (K\\d+)', device_replacement: 'Kestrel $1' } };
  }),
  post('/v2/ua/rule/delete', async () => ({ ids: String((await server.db.selectFrom('uaRule' as never).select((eb) => eb.fn.max('id' as never).as('id')).executeTakeFirstOrThrow() as { id: number }).id) })),
  post('/v2/ua/update/reopen', async () => ({ ids: String((await server.db.selectFrom('uaRecord' as never).select('id' as never).where('uaMessage' as never, '=', 'Kestrel K9 Probe' as never).executeTakeFirstOrThrow() as { id: number }).id) })),
  post('/onlineSession/end', async () => {
    await server.tokenFor('auditee', 'auditee-pass');
    const session = await server.db.selectFrom('session').select('id').where('userId', '=', ids.auditee!).where('revokedAt', 'is', null).executeTakeFirstOrThrow();
    return { ids: String(session.id) };
  }),
  post('/onlineSession/endUser', async () => {
    await server.tokenFor('auditee', 'auditee-pass');
    return { userIds: String(ids.auditee) };
  }),
  { method: 'POST', path: '/user/changeEmail', options: async () => ({ token: await server.tokenFor('auditee', 'auditee-pass'), body: { pwd: sha256Hex('auditee-pass'), email: 'auditee@example.com' } }) },
  { method: 'POST', path: '/user/changePwd', options: async () => ({ token: await server.tokenFor('auditee', 'auditee-pass'), body: { oldPwd: sha256Hex('auditee-pass'), newPwd: sha256Hex('auditee-pass-2') } }) },
  { method: 'POST', path: '/user/import', options: async () => ({ token: admin, body: await xlsxOf([STAFF_IMPORT_HEADER, staffImportRow(901, '审计导入')]) }) },
  get('/user/delete', async () => ({ ids: await idOf('user', 'name', '审计员') })),
  get('/office/delete', async () => ({ ids: await idOf('office', 'name', '审计部') })),
];
const DECLARED_WRITES = new Set(declaredWriteRoutes(resourceDefinitions));

beforeAll(async () => {
  server = await startTestServer({ demo: true });
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
  ({ userId: ids.auditee } = await server.createUser({ code: 'auditee', password: 'auditee-pass' }));
});
afterAll(async () => {
  await server?.close();
});

const lastId = async () => Number((await server.db.selectFrom('auditLog').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0);
const key = (method: string, path: string) => `${method} ${path}`;

/** Every audited table's rows as text. */
async function auditedContents(): Promise<Map<string, string>> {
  const schema = server.dialect === 'postgres' ? (await sql<{ name: string }>`select current_schema() as name`.execute(server.db)).rows[0]!.name : undefined;
  const tables = (await server.db.introspection.getTables()).filter((t) => !t.isView && isAudited(t.name) && (schema === undefined || t.schema === schema));
  const contents = new Map<string, string>();
  for (const { name } of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(server.db);
    contents.set(name, rows.map((row) => JSON.stringify(row)).sort().join('\n'));
  }
  return contents;
}

const changedTables = (before: Map<string, string>, after: Map<string, string>) => [...after].filter(([name, rows]) => before.get(name) !== rows).map(([name]) => name);
// The URL of a matrix path: the contract's rule, as the console calls it.
const prefixed = callUrl;
/** Whether the route was registered as writing. */
const declaresWrites = (method: string, path: string) => server.app.routeTable.some((route) => route.writes && route.method === method && route.url === prefixed(path));
/** Whether the route was registered as writing only what has a log of its own. */
const declaresUnaudited = (method: string, path: string) => server.app.routeTable.some((route) => route.unaudited && route.method === method && route.url === prefixed(path));

describe('the audit log covers every write route', () => {
  it('names every route of the matrix that writes, and only routes of the matrix', () => {
    const matrix = new Set(MATRIX.map(([method, path]) => key(method, path)));
    const writes = new Set([...WRITES.map(({ method, path }) => key(method, path)), ...DECLARED_WRITES]);
    const named = MATRIX.filter(([method, path]) => declaresWrites(method, path)).map(([method, path]) => key(method, path));
    const unaudited = new Set(MATRIX.filter(([method, path]) => declaresUnaudited(method, path)).map(([method, path]) => key(method, path)));
    const uncovered = named.filter((route) => !unaudited.has(route) && !writes.has(route) && !writes.has(route.replace(/^GET /, 'POST ')) && !writes.has(route.replace(/^POST /, 'GET ')));
    expect(uncovered, 'write routes without a call in WRITES').toEqual([]);
    expect([...writes].filter((route) => !matrix.has(route)), 'calls of WRITES that are not routes').toEqual([]);
  });

  it.each(WRITES.map((call, i) => [`${call.method} ${call.path}`, i] as const))('%s leaves audit rows of its own, as its caller’s', async (_name, index) => {
    const call = WRITES[index]!;
    const before = await lastId();
    const answer = await server.call(call.method, prefixed(call.path), await call.options());
    expect(answer.body.code, answer.text).toBe(0);
    const rows = await server.db.selectFrom('auditLog').selectAll().where('id', '>', before).where('route', '=', prefixed(call.path)).execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.userName !== null && row.method === call.method)).toBe(true);
  });

  it('leaves audit rows of its table, as its caller’s, after each save, move and delete of a declared resource', async () => {
    const called = new Set<string>();
    let mark = await lastId();
    await runDeclaredWrites(server, admin, resourceDefinitions, async ({ definition, route, url, answer }) => {
      expect(answer.body.code, `${route}: ${answer.text}`).toBe(0);
      const rows = await server.db.selectFrom('auditLog').selectAll().where('id', '>', mark).where('route', '=', url).execute();
      expect(rows.map((row) => row.tableName), route).toContain(definition.table);
      expect(rows.every((row) => row.userName !== null && row.method === 'POST'), route).toBe(true);
      called.add(route);
      mark = await lastId();
    });
    expect([...called].sort()).toEqual([...DECLARED_WRITES].sort());
  });

  it('leaves every audited table as it was after a route that only reads, called as the matrix calls it', async () => {
    const writes = new Set([...WRITES.map(({ method, path }) => key(method, path)), ...DECLARED_WRITES]);
    let reads = 0;
    // What a read left is what the next read starts from (the test stops at the first change).
    let before = await auditedContents();
    for (const [method, path, , , , , , , , request] of MATRIX) {
      if (writes.has(key(method, path)) || declaresWrites(method, path)) continue;
      await server.call(method, prefixed(path), { token: admin, query: request?.query, body: request?.body });
      const after = await auditedContents();
      expect(changedTables(before, after), key(method, path)).toEqual([]);
      before = after;
      reads++;
    }
    expect(reads).toBeGreaterThan(20);
    // Some 150 routes, each followed by a read of every audited table: a busy machine must not fail it.
  }, 180_000);
});

describe('what the audit log never holds', () => {
  it('holds no password, password hash or token, whatever the writes were', async () => {
    const token = await server.tokenFor(ADMIN.username, ADMIN.password);
    const hashes = (await server.db.selectFrom('user').select('passwordHash').execute()).map((u) => u.passwordHash);
    const all = JSON.stringify(await server.db.selectFrom('auditLog').selectAll().execute());
    for (const secret of [token, admin, sha256Hex(ADMIN.password), sha256Hex('reset-pass-1'), sha256Hex('auditee-pass-2'), ...hashes]) expect(all).not.toContain(secret);
    expect(all).toContain('******');
  });
});
