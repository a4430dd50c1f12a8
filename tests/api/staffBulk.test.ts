/**
 * The person list's bulk calls (server/staff/bulkStaff.ts, accountActions.ts): /user/bulkUpdate
 * sets a department or state on chosen accounts, or on every account the list's filters select
 * (`{match, expected}`), each checked as its own save; all or none, the refusal naming each person;
 * /user/enable and /user/delete take a match too. On both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_MATCH_MESSAGES, Code, format, type BulkRefused, type BulkUpdated } from '../../contract';
import { ADMIN, startTestServer, type TestServer } from './harness';
import { create, save, staffInput, USER } from './staffFixtures';

let server: TestServer;
let admin: string;
let adminId: number;
let serial = 700;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
  adminId = (await server.db.selectFrom('user').select('id').where('code', '=', 'admin').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await server?.close();
});

const call = <T = BulkUpdated>(path: string, body: Record<string, unknown>, token = admin) => server.call<T>('POST', `${USER}/${path}`, { token, body });

async function office(name: string): Promise<number> {
  const answer = await server.call<{ id: number }>('POST', '/base/admin/office/saveOrUpdate', { token: admin, body: { type: 1, parentId: 0, name } });
  expect(answer.body.code, answer.text).toBe(Code.OK);
  return (await server.db.selectFrom('office').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

/** Accounts named `<prefix>n`, created through the API. */
async function people(prefix: string, count: number, overrides: Record<string, unknown> = {}): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) ids.push(await create(server, admin, staffInput(serial++, { name: `${prefix}${i}`, ...overrides })));
  return ids;
}

async function accounts(ids: readonly number[]) {
  const rows = await server.db.selectFrom('user').select(['id', 'officeId', 'isEnable', 'version']).where('id', 'in', ids).orderBy('id').execute();
  return rows.map((row) => ({ id: row.id, officeId: row.officeId === null ? null : Number(row.officeId), isEnable: String(row.isEnable), version: Number(row.version) }));
}

const lastAuditId = async () => Number((await server.db.selectFrom('auditLog').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0);

describe('/user/bulkUpdate', () => {
  it('sets the department of three chosen people: each version moves and each account is audited as its save', async () => {
    const sales = await office('批量销售部');
    const ids = await people('部门甲', 3);
    const before = await accounts(ids);
    const mark = await lastAuditId();
    const { body } = await call('bulkUpdate', { ids, values: { officeId: sales } });
    expect(body).toMatchObject({ code: Code.OK, data: { updated: 3 } });
    expect(await accounts(ids)).toEqual(before.map((row) => ({ ...row, officeId: sales, version: row.version + 1 })));
    const audited = await server.db.selectFrom('auditLog').select(['recordId', 'route', 'action']).where('id', '>', mark).where('tableName', '=', 'user').execute();
    expect(audited.map((row) => Number(row.recordId)).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(audited.map((row) => row.route))).toEqual(new Set([`/base/admin/user/bulkUpdate`]));
    // An edit read before the bulk update is now stale, as after a save.
    const stale = await save(server, admin, { ...staffInput(0), id: ids[0], version: before[0]!.version });
    expect(stale.body.code).toBe(Code.STALE_VERSION);
  });

  it('refuses a department that does not exist for every person, with the save’s message, and writes nothing', async () => {
    const ids = await people('部门乙', 2);
    const before = await accounts(ids);
    const single = await save(server, admin, { ...staffInput(serial++), officeId: 99_999_999 });
    const { body } = await call<BulkRefused>('bulkUpdate', { ids, values: { officeId: 99_999_999 } });
    expect(body.code).toBe(Code.VALIDATION_FAILED);
    expect(body.msg).toBe('2 条记录未能修改，均未保存');
    expect(body.data.refused).toEqual(ids.map((id, i) => ({ id, label: `部门乙${i}`, code: single.body.code, message: single.body.msg })));
    expect(await accounts(ids)).toEqual(before);
  });

  it('sets only a department or a state, each value as a save checks it', async () => {
    const [id] = await people('取值', 1);
    const before = await accounts([id!]);
    for (const values of [{ name: 'x' }, {}, { officeId: 1, code: 'x' }, 'isEnable']) {
      expect((await call('bulkUpdate', { ids: [id], values })).body.code, JSON.stringify(values)).toBe(Code.VALIDATION_FAILED);
    }
    const bad = await call<BulkRefused>('bulkUpdate', { ids: [id], values: { isEnable: '7' } });
    expect(bad.body.data.refused).toEqual([expect.objectContaining({ id, label: '取值0', code: Code.VALIDATION_FAILED })]);
    expect((await call('bulkUpdate', { ids: [id, 99_999_999], values: { isEnable: '0' } })).body.code).toBe(Code.NOT_FOUND);
    expect(await accounts([id!])).toEqual(before);
  });

  it('disables everyone a filter matches, confirmed by the count shown; a changed count writes nothing', async () => {
    const ids = await people('停用丙', 3);
    const before = await accounts(ids);
    const changed = await call<{ count: number }>('bulkUpdate', { match: { name: '停用丙', pageNo: 1, pageSize: 1 }, expected: 2, values: { isEnable: '0' } });
    expect(changed.body.code).toBe(Code.VALIDATION_FAILED);
    expect(changed.body.msg).toBe(format(BULK_MATCH_MESSAGES.changed['zh-CN'], { count: 3, expected: 2 }));
    expect(changed.body.data.count).toBe(3);
    expect(await accounts(ids)).toEqual(before);
    // Paging is ignored: the match means every page.
    const { body } = await call('bulkUpdate', { match: { name: '停用丙', pageNo: 1, pageSize: 1 }, expected: 3, values: { isEnable: '0' } });
    expect(body).toMatchObject({ code: Code.OK, data: { updated: 3 } });
    expect(await accounts(ids)).toEqual(before.map((row) => ({ ...row, isEnable: '0', version: row.version + 1 })));
  });

  it('refuses the whole batch when the caller would disable themselves by a match, naming only them', async () => {
    const ids = await people('自己丁', 2);
    const total = (await server.call<{ total: number }>('GET', `${USER}/list`, { token: admin, query: { pageSize: 1 } })).body.data.total;
    // The seeded administrator's record lacks what a save requires (a telephone first): a save of it is refused for that.
    const incomplete = await call<BulkRefused>('bulkUpdate', { match: {}, expected: total, values: { isEnable: '0' } });
    expect(incomplete.body.data.refused).toEqual([{ id: adminId, label: '超级管理员', code: Code.VALIDATION_FAILED, message: '手机号不能为空' }]);
    const { code: _code, name: _name, ...complete } = staffInput(9_999);
    await server.db.updateTable('user').set(complete as never).where('id', '=', adminId).execute();
    const single = await server.call('POST', `${USER}/enable`, { token: admin, body: { ids: String(adminId), isEnable: '0' } });
    const { body } = await call<BulkRefused>('bulkUpdate', { match: {}, expected: total, values: { isEnable: '0' } });
    expect(body.code, JSON.stringify(body)).toBe(Code.FORBIDDEN);
    expect(body.data.refused).toEqual([{ id: adminId, label: '超级管理员', code: Code.FORBIDDEN, message: single.body.msg }]);
    expect((await accounts([...ids, adminId])).every((row) => row.isEnable === '1')).toBe(true);
  });

  it('refuses both ids and a match, and a match that is not an object', async () => {
    const [id] = await people('两者', 1);
    const both = await call('bulkUpdate', { ids: [id], match: { name: '两者' }, expected: 1, values: { isEnable: '0' } });
    expect(both.body.code).toBe(Code.VALIDATION_FAILED);
    expect(both.body.msg).toBe(BULK_MATCH_MESSAGES.idsAndMatch['zh-CN']);
    expect((await call('bulkUpdate', { match: '两者', expected: 1, values: { isEnable: '0' } })).body.code).toBe(Code.VALIDATION_FAILED);
    expect((await call('bulkUpdate', { match: { name: '两者' }, values: { isEnable: '0' } })).body.code).toBe(Code.VALIDATION_FAILED);
    expect((await accounts([id!]))[0]!.isEnable).toBe('1');
  });

  it('is a grant of its own, and refuses each account holding roles beyond the caller’s', async () => {
    const ids = await people('授权戊', 1);
    await server.createUser({ code: 'staffeditor', password: 'Editor#Test2024', apis: ['/user/list', '/user/saveOrUpdate', '/user/enable'] });
    const editor = await server.tokenFor('staffeditor', 'Editor#Test2024');
    expect((await call('bulkUpdate', { ids, values: { isEnable: '0' } }, editor)).body.code).toBe(Code.FORBIDDEN);
    const { roleId } = await server.createUser({ code: 'staffbulker', password: 'Bulker#Test2024', apis: ['/user/bulkUpdate'] });
    const bulker = await server.tokenFor('staffbulker', 'Bulker#Test2024');
    const peer = await create(server, admin, staffInput(serial++, { name: '授权戊同级' }), String(roleId));
    const unit = await office('授权戊部');
    const answer = await call<BulkRefused>('bulkUpdate', { ids: [peer, adminId], values: { officeId: unit } }, bulker);
    expect(answer.body.code).toBe(Code.FORBIDDEN);
    expect(answer.body.data.refused).toEqual([expect.objectContaining({ id: adminId, label: '超级管理员', code: Code.FORBIDDEN })]);
    expect((await accounts([peer, adminId])).map((row) => row.officeId)).not.toContain(unit);
    expect((await call('bulkUpdate', { ids: [peer], values: { officeId: unit } }, bulker)).body.code).toBe(Code.OK);
  });
});

describe('/user/enable and /user/delete on every matching account', () => {
  it('enables and deletes what the match selects, within a department, as with those ids', async () => {
    const unit = await office('批量删除部');
    const ids = await people('删除己', 3, { officeId: unit, isEnable: '0' });
    const [outside] = await people('删除己', 1);
    const enabled = await call('enable', { match: { officeId: unit }, expected: 3, isEnable: '1' });
    expect(enabled.body.code, enabled.text).toBe(Code.OK);
    expect((await accounts(ids)).map((row) => row.isEnable)).toEqual(['1', '1', '1']);
    expect((await call('delete', { match: { officeId: unit, name: '删除己' }, expected: 4 })).body.code).toBe(Code.VALIDATION_FAILED);
    expect(await accounts(ids)).toHaveLength(3);
    expect((await call('delete', { match: { officeId: unit, name: '删除己' }, expected: 3 })).body.code).toBe(Code.OK);
    expect(await accounts([...ids, outside!])).toEqual([expect.objectContaining({ id: outside })]);
  });

  it('deletes nothing when one matching account may not go (oneself)', async () => {
    const ids = await people('保留庚', 2);
    await server.db.updateTable('user').set({ name: '保留庚管理员' }).where('id', '=', adminId).execute();
    try {
      const answer = await call('delete', { match: { name: '保留庚' }, expected: 3 });
      expect(answer.body.code).toBe(Code.FORBIDDEN);
      expect(await accounts([...ids, adminId])).toHaveLength(3);
    } finally {
      await server.db.updateTable('user').set({ name: '超级管理员' }).where('id', '=', adminId).execute();
    }
  });
});

describe('the person screen’s bulk edit button', () => {
  it('comes to an install whose tree predates it at the next start, granting the bulk call', async () => {
    const element = () => server.db.selectFrom('permission').select('id').where('code', '=', 'user:bulkEdit').executeTakeFirst();
    const pageElement = await element();
    expect(pageElement).toBeDefined();
    await server.db.deleteFrom('permission').where('parentId', '=', pageElement!.id).execute();
    await server.db.deleteFrom('permission').where('id', '=', pageElement!.id).execute();
    await server.restart();
    const again = await element();
    expect(again).toBeDefined();
    const calls = await server.db.selectFrom('permission').select('url').where('parentId', '=', again!.id).execute();
    expect(calls.map((row) => row.url).sort()).toEqual(['/office/list', '/user/bulkUpdate']);
    admin = await server.tokenFor(ADMIN.username, ADMIN.password);
    expect((await call('bulkUpdate', { ids: [adminId], values: { isEnable: '1' } })).body.code).toBe(Code.OK);
  });
});
