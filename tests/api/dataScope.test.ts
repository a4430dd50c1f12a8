/**
 * Data scope (issue 25; server/scope/dataScope.ts), on both databases: a supervisor placed in a
 * department whose role reaches "own department and its groups" sees and changes only those staff
 * — in the person list's page and total, the picker, the export, the detail and every staff write
 * — and each other scope holds likewise. An id outside the scope, or unknown, answers 1003. A move
 * of the supervisor holds from the next request; roles unite; a disabled role or an expired link
 * gives no scope; the super-admin reaches everyone. The role's scope calls (/roleDataScope/*)
 * check the scope they save.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, DataScope, dataScopeMessages, OfficeType, SCOPE_OFFICES_MAX, type RoleDataScope } from '../../contract';
import { STAFF_CALLS } from '../../contract/paths';
import { sha256Hex } from '../../server/auth/passwords';
import { superAdminRoleId } from '../../server/auth/grants';
import { exportCall, readSheet } from './exportFiles';
import { ADMIN, startTestServer, type TestServer } from './harness';
import { importFile, xlsxOf } from './importFiles';
import { create, detail, list, save, staffInput, USER } from './staffFixtures';
import { STAFF_IMPORT_HEADER, staffImportRow } from './staffImportFixtures';

const BASE = '/base/admin';
const PASSWORD = 'Scope#Super2024';
const STRONG_HASH = sha256Hex('Another#Strong-pass-2024');

let server: TestServer;
let admin: string;
let token: string;
const node = { ops: 0, service: 0, sales: 0, east: 0 };
/** Staff by name → id. */
const staff: Record<string, number> = {};
let supervisor = 0;
let supervisorRole = 0;
let n = 700;

async function saveOffice(fields: Record<string, unknown>): Promise<number> {
  const { body } = await server.call<{ id: number }>('POST', `${BASE}/office/saveOrUpdate`, { token: admin, body: fields });
  if (body.code !== 0) throw new Error(`office save refused: ${body.msg}`);
  return body.data.id;
}
const scopeOf = (roleId: number, caller = admin) => server.call<RoleDataScope>('GET', `${BASE}/roleDataScope/detail`, { token: caller, query: { roleId } });
const saveScope = (body: Record<string, unknown>, caller = admin) => server.call<RoleDataScope>('POST', `${BASE}/roleDataScope/save`, { token: caller, body });
async function setScope(roleId: number, dataScope: number, officeIds: number[] = []) {
  const answer = await saveScope({ roleId, dataScope, officeIds });
  if (answer.body.code !== 0) throw new Error(`scope save refused: ${answer.text}`);
}
const place = (userId: number, officeId: number | null) => server.db.updateTable('user').set({ officeId }).where('id', '=', userId).execute();
const names = (items: Array<{ name: string }>) => items.map((i) => i.name).sort();
const ids = (...list: string[]) => list.map((name) => staff[name]!);
const call = (path: string, body: unknown) => server.call('POST', `${BASE}${path}`, { token, body });

/** What the supervisor's person list answers: the names on a large page, and the total of a full small page. */
async function seen(path = 'list') {
  const page = (await list(server, token, { pageSize: 100 }, path)).body;
  expect(page.code).toBe(0);
  const total = (await list(server, token, { pageSize: 1 }, path)).body.data.total;
  return { names: names(page.data.items), total };
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
  node.ops = await saveOffice({ type: OfficeType.DEPARTMENT, name: '运营部' });
  node.service = await saveOffice({ type: OfficeType.GROUP, parentId: node.ops, name: '客服组' });
  node.sales = await saveOffice({ type: OfficeType.DEPARTMENT, name: '销售部' });
  node.east = await saveOffice({ type: OfficeType.GROUP, parentId: node.sales, name: '华东组' });
  for (const [name, officeId] of [['运营甲', node.ops], ['客服乙', node.service], ['销售丙', node.sales], ['华东丁', node.east], ['未分配戊', null]] as const) {
    staff[name] = await create(server, admin, staffInput(n++, { name, officeId }));
  }
  const apis = [...Object.values(STAFF_CALLS).filter((path) => !/history|revert/.test(path)), '/roleDataScope/detail', '/roleDataScope/save'];
  ({ userId: supervisor, roleId: supervisorRole } = await server.createUser({ code: 'supervisor', name: '主管', password: PASSWORD, apis }));
  // A supervisor of the department: the flag does not widen what the role reaches.
  await server.db.updateTable('user').set({ officeId: node.ops, adminFlag: 1 }).where('id', '=', supervisor).execute();
  token = await server.tokenFor('supervisor', PASSWORD);
});
afterAll(async () => {
  await server?.close();
});

describe('each scope over the person list', () => {
  it('a role without a scope reaches everyone', async () => {
    expect((await scopeOf(supervisorRole)).body.data).toMatchObject({ dataScope: DataScope.ALL, officeIds: [] });
    const all = await seen();
    expect(all.names).toEqual(expect.arrayContaining(['运营甲', '客服乙', '销售丙', '华东丁', '未分配戊', '主管']));
  });

  it('own department and its groups: the supervisor sees the department and its groups, the total counting only them', async () => {
    await setScope(supervisorRole, DataScope.DEPARTMENT_TREE);
    expect(await seen()).toEqual({ names: ['主管', '客服乙', '运营甲'].sort(), total: 3 });
    expect(await seen('filterList')).toEqual({ names: ['主管', '客服乙', '运营甲'].sort(), total: 3 });
    // Filters narrow within the scope; a department outside it answers nobody.
    expect(names((await list(server, token, { officeId: node.service })).body.data.items)).toEqual(['客服乙']);
    expect((await list(server, token, { officeId: node.sales, pageSize: 1 })).body.data.total).toBe(0);
    expect((await list(server, token, { name: '销售' })).body.data.total).toBe(0);
  });

  it('own department only, chosen departments, self', async () => {
    await setScope(supervisorRole, DataScope.DEPARTMENT);
    expect(await seen()).toEqual({ names: ['主管', '运营甲'].sort(), total: 2 });
    await setScope(supervisorRole, DataScope.CHOSEN, [node.sales]);
    expect(await seen()).toEqual({ names: ['华东丁', '销售丙'].sort(), total: 2 });
    await setScope(supervisorRole, DataScope.CHOSEN, [node.east, node.service]);
    expect(await seen()).toEqual({ names: ['华东丁', '客服乙'].sort(), total: 2 });
    await setScope(supervisorRole, DataScope.SELF);
    expect(await seen()).toEqual({ names: ['主管'], total: 1 });
  });

  it('the total cached for one scope is not another scope’s', async () => {
    await setScope(supervisorRole, DataScope.DEPARTMENT_TREE);
    expect((await list(server, token, { pageSize: 1 })).body.data.total).toBe(3);
    expect((await list(server, admin, { pageSize: 1 })).body.data.total).toBeGreaterThanOrEqual(7);
    expect((await list(server, token, { pageSize: 1 })).body.data.total).toBe(3);
  });

  it('the export holds only the staff in scope', async () => {
    await setScope(supervisorRole, DataScope.DEPARTMENT_TREE);
    const file = await exportCall(server, token, `${USER}/export`, { columns: 'name' });
    expect(file.status).toBe(200);
    const { rows } = await readSheet(file.bytes);
    expect(rows.slice(1).map((row) => row[0]).sort()).toEqual(['主管', '客服乙', '运营甲'].sort());
  });
});

describe('the detail and every staff write, within own department and its groups', () => {
  beforeAll(async () => {
    await setScope(supervisorRole, DataScope.DEPARTMENT_TREE);
  });

  it('the detail: in scope answers, outside or unknown is 1003 (the super-admin still gets 1004 for unknown)', async () => {
    expect((await detail(server, token, staff['客服乙']!)).body.code).toBe(0);
    const outside = await detail(server, token, staff['销售丙']!);
    expect(outside.body.code).toBe(Code.FORBIDDEN);
    expect(outside.body.msg).toBe(dataScopeMessages.outOfScope['zh-CN']);
    const unknown = await detail(server, token, 987654);
    expect(unknown.body).toMatchObject({ code: Code.FORBIDDEN, msg: outside.body.msg });
    expect((await detail(server, admin, 987654)).body.code).toBe(Code.NOT_FOUND);
  });

  it('save: an account in scope, created in or moved to a node in scope; never unplaced', async () => {
    const record = (await detail(server, admin, staff['客服乙']!)).body.data.userCenter as unknown as Record<string, unknown>;
    expect((await save(server, token, { ...record, position: '组长' })).body.code).toBe(0);
    const outside = (await detail(server, admin, staff['销售丙']!)).body.data.userCenter as unknown as Record<string, unknown>;
    expect((await save(server, token, { ...outside, position: '经理' })).body.code).toBe(Code.FORBIDDEN);
    expect((await save(server, token, { ...staffInput(1, { name: 'x' }), id: 987654 })).body.code).toBe(Code.FORBIDDEN);
    const moved = (await detail(server, admin, staff['客服乙']!)).body.data.userCenter as unknown as Record<string, unknown>;
    expect((await save(server, token, { ...moved, officeId: node.east })).body.code).toBe(Code.FORBIDDEN);
    expect((await save(server, token, { ...moved, officeId: null })).body.code).toBe(Code.FORBIDDEN);
    expect((await save(server, token, { ...moved, officeId: node.ops })).body.code).toBe(0);
    expect((await save(server, token, staffInput(n++, { name: '新华东', officeId: node.east }))).body.code).toBe(Code.FORBIDDEN);
    expect((await save(server, token, staffInput(n++, { name: '新无部门', officeId: null }))).body.code).toBe(Code.FORBIDDEN);
    const created = await save(server, token, staffInput(n++, { name: '新客服', officeId: node.service }));
    expect(created.body.code).toBe(0);
    staff['新客服'] = created.body.data.id as number;
    expect((await detail(server, admin, staff['销售丙']!)).body.data.userCenter).toMatchObject({ position: '工程师' });
    await place(staff['客服乙']!, node.service);
  });

  it('role links: only on an account in scope', async () => {
    const outside = (await detail(server, admin, staff['华东丁']!)).body.data.userCenter as unknown as Record<string, unknown>;
    expect((await save(server, token, outside, String(supervisorRole))).body.code).toBe(Code.FORBIDDEN);
    const held = await server.db.selectFrom('userRole').select('roleId').where('userId', '=', staff['华东丁']!).execute();
    expect(held).toEqual([]);
  });

  it('enable, reset password and delete: named ids outside scope or unknown are 1003 and change nothing', async () => {
    for (const [path, extra] of [[STAFF_CALLS.enable, { isEnable: '0' }], [STAFF_CALLS.resetPwd, { pwd: STRONG_HASH }], [STAFF_CALLS.delete, {}]] as const) {
      expect((await call(path, { ids: `${staff['客服乙']},${staff['销售丙']}`, ...extra })).body.code).toBe(Code.FORBIDDEN);
      expect((await call(path, { ids: '987654', ...extra })).body.code).toBe(Code.FORBIDDEN);
    }
    const rows = await server.db.selectFrom('user').select(['id', 'isEnable', 'mustChangePassword']).where('id', 'in', ids('客服乙', '销售丙')).execute();
    expect(rows.map((row) => [row.isEnable, row.mustChangePassword])).toEqual([['1', 1], ['1', 1]]);
    expect((await call(STAFF_CALLS.enable, { ids: `${staff['客服乙']}`, isEnable: '0' })).body.code).toBe(0);
    expect((await call(STAFF_CALLS.enable, { ids: `${staff['客服乙']}`, isEnable: '1' })).body.code).toBe(0);
    expect((await call(STAFF_CALLS.resetPwd, { ids: `${staff['客服乙']}`, pwd: STRONG_HASH })).body.code).toBe(0);
    expect((await call(STAFF_CALLS.delete, { ids: `${staff['新客服']}` })).body.code).toBe(0);
    // Every matching account means every one in scope: the count confirmed is the visible one.
    expect((await call(STAFF_CALLS.enable, { match: {}, expected: 3, isEnable: '1' })).body.code).toBe(0);
  });

  it('bulk update: named accounts and the destination in scope; "every matching" counts only the scope', async () => {
    expect((await call(STAFF_CALLS.bulkUpdate, { ids: `${staff['客服乙']},${staff['华东丁']}`, values: { isEnable: '1' } })).body.code).toBe(Code.FORBIDDEN);
    expect((await call(STAFF_CALLS.bulkUpdate, { ids: `${staff['客服乙']}`, values: { officeId: node.sales } })).body.code).toBe(Code.FORBIDDEN);
    expect((await call(STAFF_CALLS.bulkUpdate, { ids: `${staff['客服乙']}`, values: { officeId: null } })).body.code).toBe(Code.FORBIDDEN);
    expect((await call(STAFF_CALLS.bulkUpdate, { ids: `${staff['客服乙']}`, values: { officeId: node.ops } })).body.code).toBe(0);
    // The whole table has more accounts; the match sees the three in scope.
    const tooMany = await call(STAFF_CALLS.bulkUpdate, { match: {}, expected: 7, values: { isEnable: '1' } });
    expect(tooMany.body.code).not.toBe(0);
    expect((await call(STAFF_CALLS.bulkUpdate, { match: { name: '乙' }, expected: 1, values: { officeId: node.service } })).body.code).toBe(0);
    expect((await server.db.selectFrom('user').select('officeId').where('id', '=', staff['客服乙']!).executeTakeFirstOrThrow()).officeId).toBe(node.service);
  });

  it('import: each row’s department must be in scope', async () => {
    const file = await xlsxOf([STAFF_IMPORT_HEADER, staffImportRow(n++, '导入客服', { officeId: '客服组' }), staffImportRow(n++, '导入华东', { officeId: '华东组' }), staffImportRow(n++, '导入无部门')]);
    const report = (await importFile(server, token, `${USER}/import`, file)).body.data;
    expect(report.valid).toBe(1);
    expect(report.problems.map((problem) => problem.row).sort()).toEqual([3, 4]);
    expect(JSON.stringify(report.problems)).toContain(dataScopeMessages.outOfScope['zh-CN']);
  });
});

describe('what the scope is read from', () => {
  it('a moved supervisor reaches the new department from the next request', async () => {
    await setScope(supervisorRole, DataScope.DEPARTMENT_TREE);
    await place(supervisor, node.sales);
    expect(await seen()).toEqual({ names: ['主管', '华东丁', '销售丙'].sort(), total: 3 });
    expect((await detail(server, token, staff['客服乙']!)).body.code).toBe(Code.FORBIDDEN);
    // Unplaced, a department scope reaches nobody.
    await place(supervisor, null);
    expect(await seen()).toEqual({ names: [], total: 0 });
    await place(supervisor, node.ops);
    expect((await seen()).total).toBe(3);
  });

  it('is the union of the roles; a disabled role or an expired link adds nothing', async () => {
    await setScope(supervisorRole, DataScope.DEPARTMENT);
    const { roleId: second } = await server.createUser({ code: 'second', password: PASSWORD });
    await setScope(second, DataScope.CHOSEN, [node.east]);
    await server.db.insertInto('userRole').values({ userId: supervisor, roleId: second }).execute();
    expect(await seen()).toEqual({ names: ['主管', '华东丁', '运营甲'].sort(), total: 3 });
    await server.db.updateTable('role').set({ isEnable: '0' }).where('id', '=', second).execute();
    expect(await seen()).toEqual({ names: ['主管', '运营甲'].sort(), total: 2 });
    await server.db.updateTable('role').set({ isEnable: '1' }).where('id', '=', second).execute();
    await server.db.updateTable('userRole').set({ expiresAt: Date.now() - 1000 }).where('userId', '=', supervisor).where('roleId', '=', second).execute();
    expect(await seen()).toEqual({ names: ['主管', '运营甲'].sort(), total: 2 });
    await server.db.deleteFrom('userRole').where('userId', '=', supervisor).where('roleId', '=', second).execute();
  });

  it('the super-admin reaches everyone', async () => {
    const all = (await list(server, admin, { pageSize: 1 })).body.data.total;
    const superAdmin = (await superAdminRoleId(server.db))!;
    await server.db.insertInto('userRole').values({ userId: supervisor, roleId: superAdmin }).execute();
    expect((await seen()).total).toBe(all);
    expect((await detail(server, token, staff['华东丁']!)).body.code).toBe(0);
    await server.db.deleteFrom('userRole').where('userId', '=', supervisor).where('roleId', '=', superAdmin).execute();
    expect((await detail(server, token, staff['华东丁']!)).body.code).toBe(Code.FORBIDDEN);
  });
});

describe('a role’s data scope calls', () => {
  let role = 0;
  beforeAll(async () => {
    ({ roleId: role } = await server.createUser({ code: 'scoped', password: PASSWORD }));
  });

  it('reads all for a role never given a scope; a save answers the scope with the moved version', async () => {
    const read = (await scopeOf(role)).body.data;
    expect(read).toMatchObject({ roleId: role, dataScope: DataScope.ALL, officeIds: [] });
    const saved = await saveScope({ roleId: role, dataScope: DataScope.CHOSEN, officeIds: [node.sales, node.east], version: read.version });
    expect(saved.body.data).toMatchObject({ dataScope: DataScope.CHOSEN, officeIds: [node.sales, node.east].sort((a, b) => a - b), version: read.version + 1 });
    // A save read at the old version: 1012 with the scope as it stands.
    const stale = await saveScope({ roleId: role, dataScope: DataScope.SELF, version: read.version });
    expect(stale.body.code).toBe(Code.STALE_VERSION);
    expect((stale.body.data as unknown as { current: RoleDataScope }).current).toMatchObject({ dataScope: DataScope.CHOSEN });
    // Saving the same scope again moves nothing.
    await saveScope({ roleId: role, dataScope: DataScope.CHOSEN, officeIds: `${node.east},${node.sales}` });
    expect((await scopeOf(role)).body.data.version).toBe(read.version + 1);
    expect((await scopeOf(987654)).body.code).toBe(Code.NOT_FOUND);
  });

  it('refuses a chosen scope without nodes, with too many or unknown ones, or an unknown scope (1001)', async () => {
    const empty = await saveScope({ roleId: role, dataScope: DataScope.CHOSEN, officeIds: [] });
    expect(empty.body).toMatchObject({ code: Code.VALIDATION_FAILED, msg: dataScopeMessages.officesRequired['zh-CN'] });
    expect((await saveScope({ roleId: role, dataScope: DataScope.CHOSEN, officeIds: [987654] })).body.code).toBe(Code.VALIDATION_FAILED);
    const many = Array.from({ length: SCOPE_OFFICES_MAX + 1 }, (_, i) => i + 1);
    expect((await saveScope({ roleId: role, dataScope: DataScope.CHOSEN, officeIds: many })).body).toMatchObject({ code: Code.VALIDATION_FAILED, msg: dataScopeMessages.officesMax['zh-CN'] });
    expect((await saveScope({ roleId: role, dataScope: 9 })).body.code).toBe(Code.VALIDATION_FAILED);
    expect((await saveScope({ roleId: 987654, dataScope: DataScope.ALL })).body.code).toBe(Code.NOT_FOUND);
  });

  it('keeps the super-admin role at all (1011)', async () => {
    const superAdmin = (await superAdminRoleId(server.db))!;
    expect((await saveScope({ roleId: superAdmin, dataScope: DataScope.SELF })).body.code).toBe(Code.CONFLICT);
    expect((await scopeOf(superAdmin)).body.data.dataScope).toBe(DataScope.ALL);
  });

  it('a caller changes neither a role they hold nor a scope beyond their own (1003)', async () => {
    await setScope(supervisorRole, DataScope.DEPARTMENT_TREE);
    await setScope(role, DataScope.SELF);
    expect((await saveScope({ roleId: supervisorRole, dataScope: DataScope.ALL }, token)).body.code).toBe(Code.FORBIDDEN);
    expect((await saveScope({ roleId: role, dataScope: DataScope.ALL }, token)).body.code).toBe(Code.FORBIDDEN);
    expect((await saveScope({ roleId: role, dataScope: DataScope.CHOSEN, officeIds: [node.sales] }, token)).body.code).toBe(Code.FORBIDDEN);
    // A department within the supervisor's own scope, with its groups: allowed.
    expect((await saveScope({ roleId: role, dataScope: DataScope.CHOSEN, officeIds: [node.ops] }, token)).body.code).toBe(0);
    expect((await scopeOf(role, token)).body.data).toMatchObject({ dataScope: DataScope.CHOSEN, officeIds: [node.ops] });
  });

  it('deleting a role removes its scope rows', async () => {
    const { roleId: doomed, userId: holder } = await server.createUser({ code: 'doomed', password: PASSWORD });
    await server.db.deleteFrom('userRole').where('userId', '=', holder).execute();
    await setScope(doomed, DataScope.CHOSEN, [node.ops]);
    expect((await server.call('POST', `${BASE}/role/delete`, { token: admin, body: { ids: `${doomed}` } })).body.code).toBe(0);
    expect(await server.db.selectFrom('roleDataScope').selectAll().where('roleId', '=', doomed).execute()).toEqual([]);
    expect(await server.db.selectFrom('roleScopeOffice').selectAll().where('roleId', '=', doomed).execute()).toEqual([]);
  });
});
