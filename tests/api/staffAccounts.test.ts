/**
 * The account lifecycle of staff: enable/disable (sessions end, login refused), password reset
 * (temporary: every call but the session ones answers 1008 until /user/changePwd), delete, and
 * the protections: not oneself, not the last super-admin, not an account holding roles beyond the
 * caller's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract';
import { sha256Hex } from '../../server/auth/passwords';
import { ADMIN, startTestServer, type TestServer } from './harness';
import { create, detail, save, staffInput, USER } from './staffFixtures';

let server: TestServer;
let admin: string;
let adminId: number;
let serial = 300;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
  adminId = (await server.db.selectFrom('user').select('id').where('code', '=', 'admin').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await server?.close();
});

const post = (path: string, token: string, body: Record<string, unknown>) => server.call('POST', `${USER}/${path}`, { token, body });
const get = (path: string, token: string, query: Record<string, string | number>) => server.call('GET', `${USER}/${path}`, { token, query });
const info = (token: string) => server.call('GET', '/base/admin/user/info', { token });

/** A staff member created through the API whose password the admin has set to `password` (then changed, so it is usable). */
async function member(password: string, roleIds = ''): Promise<{ id: number; code: string; token: string }> {
  const n = serial++;
  const id = await create(server, admin, staffInput(n), roleIds);
  const code = `E${String(n).padStart(5, '0')}`;
  expect((await get('resetPwd', admin, { ids: id, pwd: sha256Hex('temporary1') })).body.code).toBe(0);
  const temporary = await server.tokenFor(code, 'temporary1');
  expect((await post('changePwd', temporary, { oldPwd: sha256Hex('temporary1'), newPwd: sha256Hex(password) })).body.code).toBe(0);
  return { id, code, token: await server.tokenFor(code, password) };
}

describe('enable and disable', () => {
  it('disabling ends the member’s sessions and refuses their login; enabling lets them log in again', async () => {
    const m = await member('member-pass');
    expect((await info(m.token)).body.code).toBe(0);
    expect((await get('enable', admin, { ids: m.id, isEnable: '0' })).body.code).toBe(0);
    expect((await info(m.token)).body.code).toBe(Code.TOKEN_EXPIRED);
    expect((await server.login(m.code, 'member-pass')).body.code).toBe(Code.LOGIN_FAILED);
    expect((await detail(server, admin, m.id)).body.data.userCenter.isEnable).toBe('0');

    expect((await post('enable', admin, { ids: `${m.id}`, isEnable: '1' })).body.code).toBe(0);
    expect((await info(m.token)).body.code).toBe(Code.TOKEN_EXPIRED);
    expect((await server.login(m.code, 'member-pass')).body.code).toBe(0);
  });

  it('is all-or-nothing, and refuses a bad flag', async () => {
    const a = await member('member-pass');
    expect((await get('enable', admin, { ids: `${a.id},987654`, isEnable: '0' })).body.code).toBe(Code.NOT_FOUND);
    expect((await info(a.token)).body.code).toBe(0);
    expect((await get('enable', admin, { ids: a.id, isEnable: 'off' })).body.code).toBe(Code.VALIDATION_FAILED);
    expect((await get('enable', admin, { ids: 'x', isEnable: '0' })).body.code).toBe(Code.VALIDATION_FAILED);
  });

  it('disabling through saveOrUpdate ends the sessions too', async () => {
    const m = await member('member-pass');
    const { body } = await save(server, admin, { ...staffInput(Number(m.code.slice(1)), { isEnable: '0' }), id: m.id });
    expect(body.code).toBe(0);
    expect((await info(m.token)).body.code).toBe(Code.TOKEN_EXPIRED);
  });
});

describe('password reset and the forced change', () => {
  it('makes the member change the password before any other call', async () => {
    const m = await member('first-pass');
    expect((await post('resetPwd', admin, { ids: `${m.id}`, pwd: sha256Hex('k3m9x2p7') })).body.code).toBe(0);
    expect((await info(m.token)).body.code).toBe(Code.TOKEN_EXPIRED);
    expect((await server.login(m.code, 'first-pass')).body.code).toBe(Code.LOGIN_FAILED);

    const login = await server.login(m.code, 'k3m9x2p7');
    expect(login.body.data.mustChangePassword).toBe(true);
    const token = login.body.data.token;
    const other = await server.tokenFor(m.code, 'k3m9x2p7');
    for (const [method, path] of [['GET', '/user/list'], ['GET', '/app/list'], ['POST', '/user/saveOrUpdate'], ['GET', '/role/list']] as const) {
      expect((await server.call(method, `/base/admin${path}`, { token, body: method === 'POST' ? {} : undefined })).body.code, path).toBe(Code.PASSWORD_CHANGE_REQUIRED);
    }
    expect((await info(token)).body.code).toBe(0);

    const wrongOld = await post('changePwd', token, { oldPwd: sha256Hex('nope-nope'), newPwd: sha256Hex('second-pass') });
    expect(wrongOld.body).toMatchObject({ code: Code.LOGIN_FAILED, msg: '原密码不正确' });
    const same = await post('changePwd', token, { oldPwd: sha256Hex('k3m9x2p7'), newPwd: sha256Hex('k3m9x2p7') });
    expect(same.body).toMatchObject({ code: Code.VALIDATION_FAILED, data: { fields: { newPwd: '新密码不能与原密码相同' } } });
    expect((await post('changePwd', token, { oldPwd: sha256Hex('k3m9x2p7'), newPwd: 'second-pass' })).body.code).toBe(Code.VALIDATION_FAILED);
    expect((await server.call('GET', '/base/admin/user/list', { token })).body.code).toBe(Code.PASSWORD_CHANGE_REQUIRED);

    expect((await post('changePwd', token, { oldPwd: sha256Hex('k3m9x2p7'), newPwd: sha256Hex('second-pass') })).body.code).toBe(0);
    // The current session goes on, now like any other; the member's other sessions ended.
    expect((await server.call('GET', '/base/admin/user/list', { token })).body.code).toBe(Code.FORBIDDEN);
    expect((await info(token)).body.code).toBe(0);
    expect((await info(other)).body.code).toBe(Code.TOKEN_EXPIRED);
    const again = await server.login(m.code, 'second-pass');
    expect(again.body.code).toBe(0);
    expect(again.body.data.mustChangePassword).toBe(false);
  });

  it('refuses a malformed password, unknown ids and resetting one’s own password', async () => {
    const m = await member('member-pass');
    expect((await get('resetPwd', admin, { ids: m.id, pwd: 'plain-text' })).body).toMatchObject({ code: Code.VALIDATION_FAILED, data: { fields: { pwd: expect.any(String) } } });
    expect((await get('resetPwd', admin, { ids: `${m.id},987654`, pwd: sha256Hex('abc12345') })).body.code).toBe(Code.NOT_FOUND);
    expect((await server.login(m.code, 'member-pass')).body.code).toBe(0);
    expect((await get('resetPwd', admin, { ids: adminId, pwd: sha256Hex('abc12345') })).body.code).toBe(Code.FORBIDDEN);
    expect((await server.login(ADMIN.username, ADMIN.password)).body.code).toBe(0);
  });
});

describe('delete', () => {
  it('removes the member, their roles and sessions; all-or-nothing', async () => {
    const { roleId } = await server.createUser({ code: 'roleOwner', password: 'owner-pass' });
    const m = await member('member-pass', `${roleId}`);
    const keep = await member('member-pass');
    expect((await get('delete', admin, { ids: `${m.id},987654` })).body.code).toBe(Code.NOT_FOUND);
    expect((await detail(server, admin, m.id)).body.code).toBe(0);

    expect((await post('delete', admin, { ids: `${m.id}` })).body.code).toBe(0);
    expect((await detail(server, admin, m.id)).body.code).toBe(Code.NOT_FOUND);
    expect((await info(m.token)).body.code).toBe(Code.NO_TOKEN);
    expect(await server.db.selectFrom('userRole').select('roleId').where('userId', '=', m.id).execute()).toEqual([]);
    expect((await server.login(m.code, 'member-pass')).body.code).toBe(Code.LOGIN_FAILED);
    expect((await info(keep.token)).body.code).toBe(0);
  });
});

describe('protections', () => {
  it('refuses disabling or deleting oneself', async () => {
    expect((await get('enable', admin, { ids: adminId, isEnable: '0' })).body.code).toBe(Code.FORBIDDEN);
    expect((await get('delete', admin, { ids: adminId })).body.code).toBe(Code.FORBIDDEN);
    expect((await info(admin)).body.code).toBe(0);
  });

  it('keeps the last enabled super-admin account, and lets a second one go', async () => {
    const apis = ['/user/enable', '/user/delete', '/user/resetPwd'];
    await server.createUser({ code: 'keeper', password: 'keeper-pass', apis });
    const keeper = await server.tokenFor('keeper', 'keeper-pass');
    expect((await get('enable', keeper, { ids: adminId, isEnable: '0' })).body.code).toBe(Code.CONFLICT);
    expect((await get('delete', keeper, { ids: adminId })).body.code).toBe(Code.CONFLICT);
    expect((await server.login(ADMIN.username, ADMIN.password)).body.code).toBe(0);

    const superAdmin = (await server.db.selectFrom('role').select('id').where('roleKey', '=', 'superAdmin').executeTakeFirstOrThrow()).id;
    const second = await member('second-pass', `${superAdmin}`);
    // While a second super-admin is enabled, admin is no longer the last one: the refusal is then
    // only that the keeper does not hold the super-admin role.
    expect((await get('enable', keeper, { ids: adminId, isEnable: '0' })).body.code).toBe(Code.FORBIDDEN);
    expect((await get('enable', admin, { ids: second.id, isEnable: '0' })).body.code).toBe(0);
    expect((await get('enable', keeper, { ids: adminId, isEnable: '0' })).body.code).toBe(Code.CONFLICT);
    expect((await get('enable', admin, { ids: second.id, isEnable: '1' })).body.code).toBe(0);
    const secondToken = await server.tokenFor(second.code, 'second-pass');
    expect((await get('enable', secondToken, { ids: second.id, isEnable: '0' })).body.code).toBe(Code.FORBIDDEN);
    expect((await get('delete', admin, { ids: second.id })).body.code).toBe(0);
    expect((await get('delete', keeper, { ids: adminId })).body.code).toBe(Code.CONFLICT);
  });

  it('refuses a caller acting on an account that holds roles beyond the caller’s own', async () => {
    const apis = ['/user/enable', '/user/delete', '/user/resetPwd', '/user/saveOrUpdate'];
    const { roleId: managerRole } = await server.createUser({ code: 'manager', password: 'manager-pass', apis });
    const { roleId: otherRole } = await server.createUser({ code: 'otherOwner', password: 'other-pass' });
    const manager = await server.tokenFor('manager', 'manager-pass');
    const peer = await member('peer-pass', `${managerRole}`);
    const senior = await member('senior-pass', `${managerRole},${otherRole}`);
    const pwd = sha256Hex('n4b5c6d7');
    for (const [path, query] of [['resetPwd', { pwd }], ['enable', { isEnable: '0' }], ['delete', {}]] as const) {
      expect((await get(path, manager, { ids: senior.id, ...query })).body.code, path).toBe(Code.FORBIDDEN);
    }
    expect((await info(senior.token)).body.code).toBe(0);
    expect((await server.login(senior.code, 'senior-pass')).body.code).toBe(0);
    expect((await get('resetPwd', manager, { ids: peer.id, pwd })).body.code).toBe(0);
    expect((await server.login(peer.code, 'n4b5c6d7')).body.data.mustChangePassword).toBe(true);
  });
});
