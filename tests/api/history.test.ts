/**
 * A record's history and the revert of one of its edits (contract/history.ts), for a declared
 * resource (parameters, sub-systems, roles) and for staff: the revert is an edit replayed through
 * the save, so whatever would refuse that edit refuses it too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, requiredText, text, type ListData } from '../../contract';
import { defineEntity } from '../../contract/entity';
import { defineResource } from '../../resources/define';
import { resourceDefinitions } from '../../resources/registry';
import { DataScope } from '../../contract/dataScope';
import type { HistoryEntry } from '../../contract/history';
import { ADMIN, startTestServer, type TestServer } from './harness';
import { create as createStaff, save as saveStaff, staffInput, USER } from './staffFixtures';

/** A resource whose key is editable (every shipped key is fixed), and one without history. */
const labelEntity = defineEntity({
  fields: { code: requiredText(text('编码', 'Code'), 20) },
  unique: { fields: ['code'], duplicate: text('编码已存在', 'This code exists') },
});
const spec = { entity: labelEntity, title: text('标签', 'Labels'), paging: 'pageNo', search: ['code'], sort: [['code', 'asc']], columns: [{ field: 'code' }], form: [{ field: 'code' }] } as const;
const labels = defineResource({ ...spec, name: 'histLabel', table: 'hist_label', menu: { navigation: 'tools', sort: 91, icon: 'filetext', path: '/tools/histLabel' } });
const unlogged = defineResource({ ...spec, name: 'histNone', table: 'hist_none', history: false, menu: { navigation: 'tools', sort: 92, icon: 'filetext', path: '/tools/histNone' } });
const LABEL = '/base/admin/histLabel';

let server: TestServer;
let admin: string;

const PARAM = '/base/admin/param';

beforeAll(async () => {
  server = await startTestServer({ demo: true, definitions: [...resourceDefinitions, labels, unlogged] });
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await server?.close();
});

type Saved = { id: number; version: number } & Record<string, unknown>;

const historyOf = (endpoint: string, id: number, token = admin) => server.call<ListData<HistoryEntry>>('GET', `${endpoint}/history`, { token, query: { id, pageNo: 1, pageSize: 50 } });
const revert = (endpoint: string, body: Record<string, unknown>, token = admin) => server.call<Saved>('POST', `${endpoint}/revert`, { token, body });

async function saveParam(body: Record<string, unknown>, token = admin): Promise<Saved> {
  const answer = await server.call<Saved>('POST', `${PARAM}/saveOrUpdate`, { token, body });
  expect(answer.body.code, answer.text).toBe(Code.OK);
  return answer.body.data;
}

/** A parameter created with `value`, then edited to `edited`: the record and the edit's audit row. */
async function editedParam(key: string, value: string, edited: string): Promise<{ id: number; auditId: number }> {
  const created = await saveParam({ sortNum: 1, paramKey: key, value });
  const saved = await saveParam({ id: created.id, value: edited });
  const entries = (await historyOf(PARAM, saved.id)).body.data.items;
  return { id: saved.id, auditId: entries.find((entry) => entry.action === 'update')!.id };
}

async function userWith(code: string, apis: string[]): Promise<string> {
  await server.createUser({ code, password: `${code}-pass-1`, apis });
  return server.tokenFor(code, `${code}-pass-1`);
}

describe('a parameter\'s history', () => {
  it('lists its edits newest first, each field before → after, who and which call', async () => {
    const created = await saveParam({ sortNum: 1, paramKey: 'hist.list', value: 'one' });
    await saveParam({ id: created.id, value: 'two' });
    await saveParam({ id: created.id, value: 'three', remark: '备注' });
    const { body } = await historyOf(PARAM, created.id);
    expect(body.code).toBe(Code.OK);
    expect(body.data.total).toBe(3);
    expect(body.data.items.map((entry) => entry.action)).toEqual(['update', 'update', 'insert']);
    const [latest, first] = body.data.items;
    expect(latest!.changes).toEqual(expect.arrayContaining([{ field: 'value', before: 'two', after: 'three' }, { field: 'remark', before: null, after: '备注' }]));
    expect(latest).toMatchObject({ userCode: ADMIN.username, route: `POST ${PARAM}/saveOrUpdate`, revertible: true });
    // An older edit's value changed since: not revertible, and said why.
    expect(first).toMatchObject({ revertible: false, notRevertibleReason: '该字段在此变更之后已被修改，不能撤销' });
    expect(body.data.items[2]).toMatchObject({ action: 'insert', revertible: false, notRevertibleReason: '只有修改可以撤销' });
    // Paged.
    const page = await server.call<ListData<HistoryEntry>>('GET', `${PARAM}/history`, { token: admin, query: { id: created.id, pageNo: 2, pageSize: 2 } });
    expect(page.body.data.items.map((entry) => entry.action)).toEqual(['insert']);
  });

  it('answers 1004 for an id naming no parameter', async () => {
    expect((await historyOf(PARAM, 987654)).body.code).toBe(Code.NOT_FOUND);
  });

  it('is not there for a resource declaring `history: false`, nor its page elements', async () => {
    const id = (await server.call<Saved>('POST', '/base/admin/histNone/saveOrUpdate', { token: admin, body: { code: 'x' } })).body.data.id;
    // Not even the super-admin: no such call, no element granting it.
    expect((await historyOf('/base/admin/histNone', id)).body.code).toBe(Code.FORBIDDEN);
    const elements = await server.db.selectFrom('permission').select('code').where('code', 'like', 'histNone:%').execute();
    expect(elements.map((e) => e.code).sort()).toEqual(['histNone:create', 'histNone:delete', 'histNone:edit', 'histNone:export', 'histNone:list']);
    const withHistory = await server.db.selectFrom('permission').select('code').where('code', 'in', ['histLabel:history', 'histLabel:revert']).execute();
    expect(withHistory).toHaveLength(2);
  });
});

describe('reverting a parameter\'s edit', () => {
  it('restores the value as an edit of its own, audited as a revert', async () => {
    const { id, auditId } = await editedParam('hist.revert', 'before', 'after');
    const answer = await revert(PARAM, { id, auditId });
    expect(answer.body.code, answer.text).toBe(Code.OK);
    expect(answer.body.data).toMatchObject({ id, value: 'before' });
    const { items } = (await historyOf(PARAM, id)).body.data;
    expect(items[0]).toMatchObject({ action: 'update', route: `POST ${PARAM}/revert`, changes: expect.arrayContaining([{ field: 'value', before: 'after', after: 'before' }]) });
    // The audit screen names the call as the revert it was.
    const logged = await server.call<ListData<Record<string, unknown>>>('GET', '/base/admin/auditLog/list', { token: admin, query: { pageNo: 1, pageSize: 5 } });
    expect(logged.body.data.items.find((row) => row.id === items[0]!.id)).toMatchObject({ routeName: '参数配置 · 撤销变更' });
  });

  it('is refused (1011) when the field changed after that edit', async () => {
    const { id, auditId } = await editedParam('hist.since', 'a', 'b');
    await saveParam({ id, value: 'c' });
    const answer = await revert(PARAM, { id, auditId });
    expect(answer.body.code).toBe(Code.CONFLICT);
    expect(answer.body.msg).toBe('该字段在此变更之后已被修改，不能撤销');
    expect((await server.call<Saved>('GET', `${PARAM}/detail`, { token: admin, query: { id } })).body.data.value).toBe('c');
  });

  it('is refused (1012) when the record moved past the version the history was read at', async () => {
    const { id, auditId } = await editedParam('hist.version', 'a', 'b');
    const read = (await server.call<Saved>('GET', `${PARAM}/detail`, { token: admin, query: { id } })).body.data;
    await saveParam({ id, remark: 'meanwhile' });
    expect((await revert(PARAM, { id, auditId, version: read.version })).body.code).toBe(Code.STALE_VERSION);
  });

  it('is refused (1001) when the restored value breaks the field\'s rule, as the edit would be', async () => {
    const { id, auditId } = await editedParam('hist.rule', 'a', 'b');
    // An edit logged before the rule was tightened: its old value is longer than the field now allows.
    await server.db.updateTable('auditLog').set({ changes: JSON.stringify({ value: ['x'.repeat(51), 'b'] }) }).where('id', '=', auditId).execute();
    const answer = await revert(PARAM, { id, auditId });
    expect(answer.body.code).toBe(Code.VALIDATION_FAILED);
    expect((await server.call<Saved>('GET', `${PARAM}/detail`, { token: admin, query: { id } })).body.data.value).toBe('b');
  });

  it('refuses a creation (1001) and a change of another record (1004)', async () => {
    const { id } = await editedParam('hist.other', 'a', 'b');
    const insertId = (await historyOf(PARAM, id)).body.data.items.find((entry) => entry.action === 'insert')!.id;
    expect((await revert(PARAM, { id, auditId: insertId })).body).toMatchObject({ code: Code.VALIDATION_FAILED, msg: '只有修改可以撤销' });
    const another = await editedParam('hist.another', 'x', 'y');
    expect((await revert(PARAM, { id, auditId: another.auditId })).body).toMatchObject({ code: Code.NOT_FOUND, msg: '该变更不属于此记录' });
  });

  it('needs the revert grant and the save grant beside it (1003)', async () => {
    const { id, auditId } = await editedParam('hist.grants', 'a', 'b');
    const noSave = await userWith('hist_nosave', ['/param/history', '/param/revert']);
    const noRevert = await userWith('hist_norevert', ['/param/history', '/param/saveOrUpdate']);
    const both = await userWith('hist_both', ['/param/history', '/param/revert', '/param/saveOrUpdate']);
    expect((await historyOf(PARAM, id, noSave)).body.code).toBe(Code.OK);
    expect((await revert(PARAM, { id, auditId }, noSave)).body.code).toBe(Code.FORBIDDEN);
    expect((await revert(PARAM, { id, auditId }, noRevert)).body.code).toBe(Code.FORBIDDEN);
    expect((await historyOf(PARAM, id, await userWith('hist_none', ['/param/list']))).body.code).toBe(Code.FORBIDDEN);
    expect((await server.call<Saved>('GET', `${PARAM}/detail`, { token: admin, query: { id } })).body.data.value).toBe('b');
    expect((await revert(PARAM, { id, auditId }, both)).body).toMatchObject({ code: Code.OK, data: { value: 'a' } });
  });
});

describe('what a direct edit would refuse, a revert refuses', () => {
  it('a key another record has taken since (1005)', async () => {
    const save = (body: Record<string, unknown>) => server.call<Saved>('POST', `${LABEL}/saveOrUpdate`, { token: admin, body });
    const id = (await save({ code: 'old' })).body.data.id;
    expect((await save({ id, code: 'new' })).body.code).toBe(Code.OK);
    const auditId = (await historyOf(LABEL, id)).body.data.items[0]!.id;
    expect((await save({ code: 'old' })).body.code).toBe(Code.OK);
    expect((await revert(LABEL, { id, auditId })).body).toMatchObject({ code: Code.DUPLICATE, msg: '编码已存在' });
  });

  it('the super-admin role\'s own rule: only a super-admin changes it (1003)', async () => {
    const superRole = await server.db.selectFrom('role').select(['id', 'description']).where('roleKey', '=', 'superAdmin').executeTakeFirstOrThrow();
    await server.call('POST', '/base/admin/role/saveOrUpdate', { token: admin, body: { id: superRole.id, description: 'history test' } });
    const auditId = (await historyOf('/base/admin/role', superRole.id)).body.data.items[0]!.id;
    const manager = await userWith('hist_roles', ['/role/history', '/role/revert', '/role/saveOrUpdate']);
    expect((await revert('/base/admin/role', { id: superRole.id, auditId }, manager)).body.code).toBe(Code.FORBIDDEN);
    expect((await revert('/base/admin/role', { id: superRole.id, auditId })).body.code).toBe(Code.OK);
  });
});

describe('never reverted', () => {
  it('a role\'s switch: it changes who may do what', async () => {
    const baseId = (await server.db.selectFrom('app').select('id').where('code', '=', 'base').executeTakeFirstOrThrow()).id;
    const created = await server.call<Saved>('POST', '/base/admin/role/saveOrUpdate', { token: admin, body: { sortNum: 9, roleKey: 'histrole', name: '历史角色', appId: baseId, roleType: 2, isEnable: '1' } });
    const id = created.body.data.id;
    await server.call('POST', '/base/admin/role/saveOrUpdate', { token: admin, body: { id, isEnable: '0' } });
    const [entry] = (await historyOf('/base/admin/role', id)).body.data.items;
    expect(entry).toMatchObject({ revertible: false, notRevertibleReason: '此变更中没有可撤销的字段' });
    expect(entry!.changes).toEqual(expect.arrayContaining([{ field: 'isEnable', before: '1', after: '0' }]));
    expect((await revert('/base/admin/role', { id, auditId: entry!.id })).body.code).toBe(Code.VALIDATION_FAILED);
    const stored = await server.db.selectFrom('role').select('isEnable').where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.isEnable).toBe('0');
  });
});

describe('an account\'s history', () => {
  it('lists and reverts an edit through the staff save, its roles kept', async () => {
    const roleId = (await server.db.selectFrom('role').select('id').where('roleKey', '=', 'superAdmin').executeTakeFirstOrThrow()).id;
    const id = await createStaff(server, admin, staffInput(9101, { position: '工程师' }), String(roleId));
    expect((await saveStaff(server, admin, { ...staffInput(9101), id, position: '经理' })).body.code).toBe(Code.OK);
    const { body } = await historyOf(USER, id);
    expect(body.data.items[0]).toMatchObject({ action: 'update', revertible: true, changes: expect.arrayContaining([{ field: 'position', before: '工程师', after: '经理' }]) });
    const answer = await revert(USER, { id, auditId: body.data.items[0]!.id });
    expect(answer.body.code, answer.text).toBe(Code.OK);
    expect(answer.body.data).toMatchObject({ id, position: '工程师' });
    const roles = await server.db.selectFrom('userRole').select('roleId').where('userId', '=', id).execute();
    expect(roles.map((r) => r.roleId)).toEqual([roleId]);
    expect((await historyOf(USER, id)).body.data.items[0]).toMatchObject({ route: `POST ${USER}/revert` });
  });

  it('never reverts a password: it is logged as ****** and reset by its own rule', async () => {
    const id = await createStaff(server, admin, staffInput(9102));
    const reset = await server.call('POST', `${USER}/resetPwd`, { token: admin, body: { ids: String(id), pwd: 'b'.repeat(64) } });
    expect(reset.body.code, reset.text).toBe(Code.OK);
    const entry = (await historyOf(USER, id)).body.data.items.find((e) => e.changes.some((c) => c.field === 'passwordHash'))!;
    expect(entry.changes.find((c) => c.field === 'passwordHash')).toMatchObject({ before: '******', after: '******' });
    expect(entry.revertible).toBe(false);
    expect((await revert(USER, { id, auditId: entry.id })).body.code).toBe(Code.VALIDATION_FAILED);
  });

  it('keeps to the caller\'s data scope: another account\'s history and revert answer 1003', async () => {
    const id = await createStaff(server, admin, staffInput(9104));
    await saveStaff(server, admin, { ...staffInput(9104), id, grade: 'P6' });
    const auditId = (await historyOf(USER, id)).body.data.items[0]!.id;
    const { roleId } = await server.createUser({ code: 'hist_self', password: 'hist_self-pass-1', apis: ['/user/history', '/user/revert', '/user/saveOrUpdate'] });
    await server.db.insertInto('roleDataScope').values({ roleId, dataScope: DataScope.SELF }).execute();
    const self = await server.tokenFor('hist_self', 'hist_self-pass-1');
    expect((await historyOf(USER, id, self)).body.code).toBe(Code.FORBIDDEN);
    expect((await revert(USER, { id, auditId }, self)).body.code).toBe(Code.FORBIDDEN);
  });

  it('applies the staff rules: an account beyond the caller\'s own roles is refused (1003)', async () => {
    const roleId = (await server.db.selectFrom('role').select('id').where('roleKey', '=', 'superAdmin').executeTakeFirstOrThrow()).id;
    const id = await createStaff(server, admin, staffInput(9103), String(roleId));
    await saveStaff(server, admin, { ...staffInput(9103), id, grade: 'P7' });
    const auditId = (await historyOf(USER, id)).body.data.items[0]!.id;
    const manager = await userWith('hist_staff', ['/user/history', '/user/revert', '/user/saveOrUpdate']);
    expect((await historyOf(USER, id, manager)).body.code).toBe(Code.OK);
    expect((await revert(USER, { id, auditId }, manager)).body.code).toBe(Code.FORBIDDEN);
    const lacking = await userWith('hist_staff_nosave', ['/user/history', '/user/revert']);
    expect((await revert(USER, { id, auditId }, lacking)).body.code).toBe(Code.FORBIDDEN);
    expect((await revert(USER, { id, auditId })).body).toMatchObject({ code: Code.OK, data: { grade: 'P5' } });
  });
});
