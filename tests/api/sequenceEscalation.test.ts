/**
 * SEQUENCES OF ALLOWED WRITES NEVER WIDEN ANYONE'S REACH: roles, dictionaries, the organisation and
 * staff role links. The authorization matrix proves single calls; this test proves sequences.
 *
 * Each partial role — the seed's 客服 support role; holders of the role screen without and with
 * extra grants, of the dictionary screen, of the organisation directory and of the staff screen —
 * makes every write of those screens in turn (`WRITES`: switching roles on and off, its own and
 * the super-admin's included, renaming and deleting roles, grants, dictionary type changes and
 * deletes, a system dictionary, moving and flagging stronger accounts, role links), each with the
 * answer it must get. After every write:
 * - the writer reaches no API url it did not reach before its first write;
 * - no account reaches a url that neither it nor the writer reached before (as the guard's own
 *   grants answer at the database's grants version; reveal and delete are urls like any other);
 * - the super-admin role, roles granting more than the writer holds, accounts holding a role the
 *   writer does not, and the dictionaries a declared field reads are as they were.
 * Then the writer and the bystanders make every call of the authorization matrix with its harmless
 * request: those beyond what they and the writer reached before are refused with 1003.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, Code, MenuType } from '../../contract';
import { sha256Hex } from '../../server/auth/passwords';
import { isGuardedPath } from '../../server/http/paths';
import { MATRIX, NONE } from './authorizationMatrix';
import { startTestServer, type Answer, type TestServer } from './harness';
import { gained, protectedScope, reachReader, snapshot, type Protected, type Reach } from './sequenceReach';
import { baseAppId, grantNodes, nodeByCode, screenNodeIds } from './screenGrants';
import { staffInput } from './staffFixtures';

const WRITERS = ['support', 'roleAdmin', 'roleAdminPlus', 'dicAdmin', 'officeAdmin', 'staffAdmin'] as const;
type Writer = (typeof WRITERS)[number];
const BYSTANDERS = ['weak', 'plain', 'strong', 'dormant'] as const;

interface Account {
  token: string;
  userId: number;
  /** The role that gives it its screen. */
  roleId: number;
  /** A disabled role it holds (role-screen holders): switching it on would undo a revocation. */
  dormantOwn?: number;
}

let server: TestServer;
let adminId: number;
let appId: number;
let crmId: number;
let office: number;
const accounts = {} as Record<Writer | (typeof BYSTANDERS)[number], Account>;
const roles = {} as Record<'superAdmin' | 'support' | 'strong' | 'dormantStrong' | 'dormantReveal' | 'dormantWeak', number>;
let revealScreen: number[];

async function newRole(roleKey: string, nodes: readonly number[], isEnable: '1' | '0'): Promise<number> {
  const { id } = await server.db.insertInto('role').values({ sortNum: 9, roleKey, name: roleKey, appId, isEnable, description: null, roleType: 2 }).returning('id').executeTakeFirstOrThrow();
  await grantNodes(server.db, id, nodes);
  return id;
}

/** An account holding exactly `roleIds` (a role of its own granted `nodes` first, when given). */
async function account(code: string, nodes: readonly number[] | null, roleIds: readonly number[] = []): Promise<Account> {
  const { userId, roleId } = await server.createUser({ code, password: `${code}-pass` });
  if (nodes) await grantNodes(server.db, roleId, nodes);
  else await server.db.deleteFrom('userRole').where('userId', '=', userId).execute();
  if (roleIds.length) await server.db.insertInto('userRole').values(roleIds.map((id) => ({ userId, roleId: id }))).execute();
  return { token: await server.tokenFor(code, `${code}-pass`), userId, roleId: nodes ? roleId : (roleIds[0] ?? 0) };
}

beforeAll(async () => {
  server = await startTestServer({ demo: true });
  appId = await baseAppId(server.db);
  crmId = (await server.db.selectFrom('app').select('id').where('code', '=', 'crm').executeTakeFirstOrThrow()).id;
  adminId = (await server.db.selectFrom('user').select('id').where('code', '=', 'admin').executeTakeFirstOrThrow()).id;
  office = (await server.db.selectFrom('office').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  const roleOf = async (roleKey: string) => (await server.db.selectFrom('role').select('id').where('roleKey', '=', roleKey).executeTakeFirstOrThrow()).id;
  [roles.superAdmin, roles.support] = [await roleOf('superAdmin'), await roleOf('support')];

  const screen = (component: string) => screenNodeIds(server.db, component);
  revealScreen = await screen('customer');
  const roleList = await nodeByCode(server.db, 'role:list');
  const roleListApis = await server.db.selectFrom('permission').select('id').where('parentId', '=', roleList.id).where('menuType', '=', MenuType.API).execute();
  const roleMenu = await nodeByCode(server.db, 'role');
  roles.dormantWeak = await newRole('dormant_weak', [roleMenu.parentId, roleMenu.id, roleList.id, ...roleListApis.map((n) => n.id)], '0');
  roles.dormantReveal = await newRole('dormant_reveal', revealScreen, '0');
  roles.dormantStrong = await newRole('dormant_strong', [...(await screen('user')), ...revealScreen], '0');

  accounts.support = await account('cs', null, [roles.support]);
  accounts.roleAdmin = await account('roleadmin', await screen('role'));
  accounts.roleAdmin.dormantOwn = await newRole('own_reveal', revealScreen, '0');
  accounts.roleAdminPlus = await account('roleplus', await screen('role'), [await newRole('plus_big', revealScreen, '1')]);
  accounts.roleAdminPlus.dormantOwn = await newRole('own_staff', await screen('user'), '0');
  for (const who of ['roleAdmin', 'roleAdminPlus'] as const) await server.db.insertInto('userRole').values({ userId: accounts[who].userId, roleId: accounts[who].dormantOwn! }).execute();
  accounts.dicAdmin = await account('dicadmin', await screen('dic'));
  accounts.officeAdmin = await account('officeadmin', await screen('officeMember'));
  accounts.staffAdmin = await account('staffadmin', await screen('user'));

  accounts.weak = await account('weak', null, [roles.dormantWeak, roles.dormantReveal]);
  accounts.plain = await account('plain', null);
  accounts.strong = await account('strong', [...(await screen('user')), ...(await screen('role')), ...revealScreen]);
  roles.strong = accounts.strong.roleId;
  accounts.dormant = await account('dormant', null, [roles.dormantStrong]);
});
afterAll(async () => {
  await server?.close();
});

// ---- the writes -------------------------------------------------------------------------------

type Call = (w: Account) => Promise<Answer<unknown>>;
interface Write {
  what: string;
  call: Call;
  /** The answer of each writer whose screen has the route; every other writer gets 1003 from the guard. */
  answers: Partial<Record<Writer, number>>;
}

const { OK, VALIDATION_FAILED: INVALID, FORBIDDEN, DUPLICATE, CONFLICT } = Code;
const post = (path: string, body: Record<string, unknown>): Call => (w) => server.call('POST', `${API_PREFIX}${path}`, { token: w.token, body });
/** The id of the role with `roleKey` (in the base app unless told), or an id nothing has. */
const roleIdOf = async (roleKey: string, inApp = appId) =>
  (await server.db.selectFrom('role').select('id').where('roleKey', '=', roleKey).where('appId', '=', inApp).executeTakeFirst())?.id ?? NONE;
const dicIdOf = async (dicKey: string) => (await server.db.selectFrom('dic').select('id').where('dicKey', '=', dicKey).where('parentId', '=', 0).executeTakeFirst())?.id ?? NONE;
const saveRole = (body: () => Promise<Record<string, unknown>> | Record<string, unknown>): Call => async (w) => post('/role/saveOrUpdate', await body())(w);
const deleteRoles = (ids: () => Promise<number[]> | number[]): Call => async (w) => post('/role/delete', { ids: (await ids()).join(',') })(w);
const grant = (roleId: () => Promise<number> | number, nodes: () => number[]): Call => async (w) => post('/rolePermission/save', { appId, roleId: await roleId(), permissionIds: nodes().join(',') })(w);
const newRoleBody = (roleKey: string, app = () => appId) => () => ({ sortNum: 1, roleKey, name: roleKey, appId: app(), roleType: 2, isEnable: '1' });
const both = (roleAdmin: number, roleAdminPlus = roleAdmin) => ({ roleAdmin, roleAdminPlus });

const ROLE_WRITES: Write[] = [
  { what: 'switch on a disabled role it holds (the reported attack)', call: (w) => saveRole(() => ({ id: w.dormantOwn ?? w.roleId, isEnable: '1' }))(w), answers: both(FORBIDDEN) },
  { what: 'switch on a disabled role granting the staff screen and reveal', call: saveRole(() => ({ id: roles.dormantStrong, isEnable: '1' })), answers: both(FORBIDDEN) },
  { what: 'switch on a disabled role granting reveal', call: saveRole(() => ({ id: roles.dormantReveal, isEnable: '1' })), answers: both(FORBIDDEN, OK) },
  { what: 'switch that role off again', call: saveRole(() => ({ id: roles.dormantReveal, isEnable: '0' })), answers: both(OK) },
  { what: 'switch on a disabled role within its grants', call: saveRole(() => ({ id: roles.dormantWeak, isEnable: '1' })), answers: both(OK) },
  { what: 'switch that role off again', call: saveRole(() => ({ id: roles.dormantWeak, isEnable: '0' })), answers: both(OK) },
  { what: 'switch off the support role', call: saveRole(() => ({ id: roles.support, isEnable: '0' })), answers: both(FORBIDDEN) },
  { what: 'switch off a stronger account’s role', call: saveRole(() => ({ id: roles.strong, isEnable: '0' })), answers: both(FORBIDDEN) },
  { what: 'rename the super-admin role', call: saveRole(() => ({ id: roles.superAdmin, name: '已停用', description: 'deprecated' })), answers: both(FORBIDDEN) },
  { what: 'renumber the super-admin role', call: saveRole(() => ({ id: roles.superAdmin, sortNum: 99, roleType: 2 })), answers: both(FORBIDDEN) },
  { what: 'switch off the super-admin role', call: saveRole(() => ({ id: roles.superAdmin, isEnable: '0' })), answers: both(FORBIDDEN) },
  { what: 'delete the super-admin role', call: deleteRoles(() => [roles.superAdmin]), answers: both(FORBIDDEN) },
  { what: 'delete the support role', call: deleteRoles(() => [roles.support]), answers: both(FORBIDDEN) },
  { what: 'delete a disabled role granting more than it holds', call: deleteRoles(() => [roles.dormantStrong]), answers: both(FORBIDDEN) },
  { what: 'delete a stronger account’s role', call: deleteRoles(() => [roles.strong]), answers: both(FORBIDDEN) },
  { what: 'give a role the super-admin key', call: saveRole(() => ({ id: roles.dormantWeak, roleKey: 'superAdmin' })), answers: both(INVALID) },
  { what: 'move a role to another sub-system', call: saveRole(() => ({ id: roles.dormantWeak, appId: crmId })), answers: both(INVALID) },
  { what: 'create a second super-admin role', call: saveRole(newRoleBody('superAdmin')), answers: both(DUPLICATE) },
  { what: 'create a superAdmin key in another sub-system', call: saveRole(newRoleBody('superAdmin', () => crmId)), answers: both(OK) },
  { what: 'delete it', call: deleteRoles(async () => [await roleIdOf('superAdmin', crmId)]), answers: both(OK) },
  { what: 'create a role', call: saveRole(newRoleBody('seq_fresh')), answers: both(OK) },
  { what: 'grant it reveal', call: grant(() => roleIdOf('seq_fresh'), () => revealScreen), answers: both(FORBIDDEN, OK) },
  { what: 'change the grants of its own role', call: (w) => grant(() => w.roleId, () => revealScreen)(w), answers: both(FORBIDDEN) },
  { what: 'delete the created role', call: deleteRoles(async () => [await roleIdOf('seq_fresh')]), answers: both(OK) },
];

const dic = (key: string) => () => dicIdOf(key);
const saveDic = (body: () => Promise<Record<string, unknown>>): Call => async (w) => post('/dic/saveOrUpdate', await body())(w);
const DIC_WRITES: Write[] = [
  { what: 'make the business types normal (the reported attack)', call: saveDic(async () => ({ id: await dic('business_type')(), type: 2 })), answers: { dicAdmin: INVALID } },
  { what: 'delete the business types', call: async (w) => post('/dic/delete', { ids: String(await dic('business_type')()) })(w), answers: { dicAdmin: CONFLICT } },
  { what: 'make the industries normal', call: saveDic(async () => ({ id: await dic('TRADE_TYPE')(), type: 2 })), answers: { dicAdmin: INVALID } },
  { what: 'delete the industries', call: async (w) => post('/dic/delete', { ids: String(await dic('TRADE_TYPE')()) })(w), answers: { dicAdmin: CONFLICT } },
  { what: 'change the business types’ key', call: saveDic(async () => ({ id: await dic('business_type')(), dicKey: 'business_type2' })), answers: { dicAdmin: INVALID } },
  { what: 'create a system dictionary', call: saveDic(async () => ({ name: '系统', dicKey: 'seq_system', type: 1 })), answers: { dicAdmin: FORBIDDEN } },
  { what: 'create a normal dictionary', call: saveDic(async () => ({ name: '普通', dicKey: 'seq_normal', type: 2 })), answers: { dicAdmin: OK } },
  { what: 'delete it', call: async (w) => post('/dic/delete', { ids: String(await dic('seq_normal')()) })(w), answers: { dicAdmin: OK } },
];

const members = (path: string, ids: (w: Account) => number, extra: Record<string, unknown> = {}): Call => (w) => post(`/office${path}`, { ids: String(ids(w)), ...extra })(w);
/** Into the department `office` (known once the server is up). */
const moveIn = (ids: (w: Account) => number): Call => (w) => members('/add/user', ids, { officeId: office })(w);
const OFFICE_WRITES: Write[] = [
  { what: 'move the super-admin account into a department (the reported attack)', call: moveIn(() => adminId), answers: { officeAdmin: FORBIDDEN } },
  { what: 'make the super-admin account a supervisor', call: members('/update/officeAdminFlag', () => adminId, { adminFlag: 1 }), answers: { officeAdmin: FORBIDDEN } },
  { what: 'remove the super-admin account from its department', call: members('/remove/user', () => adminId), answers: { officeAdmin: FORBIDDEN } },
  { what: 'move a stronger account', call: moveIn(() => accounts.strong.userId), answers: { officeAdmin: FORBIDDEN } },
  { what: 'flag a stronger account', call: members('/update/officeAdminFlag', () => accounts.strong.userId, { adminFlag: 0 }), answers: { officeAdmin: FORBIDDEN } },
  { what: 'move an account without roles', call: moveIn(() => accounts.plain.userId), answers: { officeAdmin: OK } },
  { what: 'make it a supervisor', call: members('/update/officeAdminFlag', () => accounts.plain.userId, { adminFlag: 1 }), answers: { officeAdmin: OK } },
  { what: 'remove it', call: members('/remove/user', () => accounts.plain.userId), answers: { officeAdmin: OK } },
  { what: 'move itself', call: moveIn((w) => w.userId), answers: { officeAdmin: OK } },
];

let serial = 900;
/** A complete, valid userCenter for the account with `code` (a fresh telephone each time). */
const userCenter = (code: string, id?: number) => ({ ...staffInput(++serial, { code }), ...(id === undefined ? {} : { id }) });
const saveStaff = (center: (w: Account) => Record<string, unknown>, roleIds?: (w: Account) => string): Call => (w) =>
  post('/user/saveOrUpdate', { userCenter: center(w), ...(roleIds ? { roleIds: roleIds(w) } : {}) })(w);
const plain = () => userCenter('plain', accounts.plain.userId);
const strong = () => userCenter('strong', accounts.strong.userId);
const newPwd = sha256Hex('Seq#Pass-2026-x');
const STAFF_WRITES: Write[] = [
  { what: 'give itself the super-admin role', call: saveStaff((w) => userCenter('staffadmin', w.userId), (w) => `${w.roleId},${roles.superAdmin}`), answers: { staffAdmin: FORBIDDEN } },
  { what: 'give an account the super-admin role', call: saveStaff(plain, () => String(roles.superAdmin)), answers: { staffAdmin: FORBIDDEN } },
  { what: 'give an account the support role it does not hold', call: saveStaff(plain, () => String(roles.support)), answers: { staffAdmin: FORBIDDEN } },
  { what: 'give an account its own role', call: saveStaff(plain, (w) => String(w.roleId)), answers: { staffAdmin: OK } },
  { what: 'take it back', call: saveStaff(plain, () => ''), answers: { staffAdmin: OK } },
  { what: 'edit a stronger account', call: saveStaff(strong), answers: { staffAdmin: FORBIDDEN } },
  { what: 'take a stronger account’s roles', call: saveStaff(strong, () => ''), answers: { staffAdmin: FORBIDDEN } },
  { what: 'reset the super-admin’s password', call: (w) => post('/user/resetPwd', { ids: String(adminId), pwd: newPwd })(w), answers: { staffAdmin: FORBIDDEN } },
  { what: 'reset a stronger account’s password', call: (w) => post('/user/resetPwd', { ids: String(accounts.strong.userId), pwd: newPwd })(w), answers: { staffAdmin: FORBIDDEN } },
  { what: 'disable the super-admin', call: (w) => post('/user/enable', { ids: String(adminId), isEnable: '0' })(w), answers: { staffAdmin: CONFLICT } },
  { what: 'disable a stronger account', call: (w) => post('/user/enable', { ids: String(accounts.strong.userId), isEnable: '0' })(w), answers: { staffAdmin: FORBIDDEN } },
  { what: 'delete a stronger account', call: (w) => post('/user/delete', { ids: String(accounts.strong.userId) })(w), answers: { staffAdmin: FORBIDDEN } },
  { what: 'create an account with the super-admin role', call: saveStaff(() => userCenter('seq_new'), () => String(roles.superAdmin)), answers: { staffAdmin: FORBIDDEN } },
  { what: 'create an account with its own role', call: saveStaff(() => userCenter('seq_new'), (w) => String(w.roleId)), answers: { staffAdmin: OK } },
  { what: 'delete it', call: async (w) => post('/user/delete', { ids: String((await server.db.selectFrom('user').select('id').where('code', '=', 'seq_new').executeTakeFirst())?.id ?? NONE) })(w), answers: { staffAdmin: OK } },
];

/** Last: a writer may take its own grants away (and then can write nothing of the screen). */
const SELF_WRITES: Write[] = [
  { what: 'switch off its own role', call: (w) => saveRole(() => ({ id: w.roleId, isEnable: '0' }))(w), answers: both(OK) },
  { what: 'switch it on again', call: (w) => saveRole(() => ({ id: w.roleId, isEnable: '1' }))(w), answers: both(FORBIDDEN) },
];

const WRITES = [...ROLE_WRITES, ...DIC_WRITES, ...OFFICE_WRITES, ...STAFF_WRITES, ...SELF_WRITES];

// ---- the proof --------------------------------------------------------------------------------

/** Grant-checked rows of the matrix (a session route reaches nothing and may end the session). */
const GRANT_ROWS = MATRIX.filter((row) => row[5] === FORBIDDEN);
const urlOf = (path: string) => (isGuardedPath(path) ? path : `${API_PREFIX}${path}`);

describe.each(WRITERS)('%s: every write, then every call', (writer) => {
  let before: Reach;
  let scope: Protected;
  let kept: Awaited<ReturnType<typeof snapshot>>;
  let read: ReturnType<typeof reachReader>;
  const reach = () => read(Object.values(accounts).map((a) => a.userId));

  beforeAll(async () => {
    read = reachReader(server.db);
    before = await reach();
    scope = await protectedScope(server.db, accounts[writer].userId);
    kept = await snapshot(server.db, scope);
  });

  it.each(WRITES.map((write) => ({ ...write, expected: write.answers[writer] ?? FORBIDDEN })))('$what → $expected', async ({ call, expected }) => {
    const w = accounts[writer];
    const answer = await call(w);
    expect(answer.body.code, answer.text).toBe(expected);

    const after = await reach();
    const writerBefore = before.get(w.userId)!;
    expect(gained(writerBefore, after.get(w.userId)!), 'the writer gained').toEqual([]);
    for (const [userId, urls] of after) {
      expect(gained(new Set([...(before.get(userId) ?? []), ...writerBefore]), urls), `account ${userId} gained`).toEqual([]);
    }
    expect(await snapshot(server.db, scope)).toEqual(kept);
  });

  it('then the writer and the bystanders call every route of the matrix: only what they reach answers', async () => {
    const writerBefore = before.get(accounts[writer].userId)!;
    const now = await reach();
    for (const who of [writer, ...BYSTANDERS]) {
      const { token, userId } = accounts[who];
      const allowed = new Set([...(before.get(userId) ?? []), ...writerBefore]);
      for (const [method, path, ...rest] of GRANT_ROWS) {
        const request = rest[7] as { query?: Record<string, string | number>; body?: unknown } | undefined;
        const { body } = await server.call(method, urlOf(path), { token, ...request });
        if (now.get(userId)!.has(path)) expect(body.code, `${who} ${method} ${path}`).not.toBe(FORBIDDEN);
        else expect(body.code, `${who} ${method} ${path}`).toBe(FORBIDDEN);
        expect(allowed.has(path) || body.code === FORBIDDEN, `${who} reached ${path}`).toBe(true);
      }
    }
  });
});
