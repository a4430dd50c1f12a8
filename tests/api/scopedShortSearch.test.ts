/**
 * A scoped short search (a name of one or two characters, a telephone's four digits) reads the
 * search grams by the member's node (migration 0027): the grams carry the node, so they must
 * follow every move. On both databases, a supervisor whose role reaches "own department and its
 * groups" searches while members move in and out by the staff save, the bulk update, the
 * directory's add and remove, a node's deletion (its members unplaced) and an import; the page and
 * the total are right after each, and every gram row names its member's node.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataScope, OfficeType } from '../../contract';
import { STAFF_CALLS } from '../../contract/paths';
import { ADMIN, startTestServer, type TestServer } from './harness';
import { importFile, xlsxOf } from './importFiles';
import { create, list, save, staffInput, USER } from './staffFixtures';
import { STAFF_IMPORT_HEADER, staffImportRow } from './staffImportFixtures';

const BASE = '/base/admin';
const PASSWORD = 'Scope#Short2024';

let server: TestServer;
let admin: string;
let token: string;
const node = { ops: 0, service: 0, sales: 0 };
const staff: Record<string, number> = {};
let n = 950;

const adminCall = (method: 'GET' | 'POST', path: string, params: Record<string, unknown>) =>
  server.call<unknown>(method, `${BASE}${path}`, { token: admin, ...(method === 'GET' ? { query: params as Record<string, string> } : { body: params }) });
async function saveOffice(fields: Record<string, unknown>): Promise<number> {
  const { body } = await server.call<{ id: number }>('POST', `${BASE}/office/saveOrUpdate`, { token: admin, body: fields });
  if (body.code !== 0) throw new Error(`office save refused: ${body.msg}`);
  return body.data.id;
}
async function ok(answer: Promise<{ body: { code: number }; text: string }>) {
  const { body, text } = await answer;
  if (body.code !== 0) throw new Error(`refused: ${text}`);
}
/** Each member's number: code, card and telephone stay theirs across saves. */
const numbers: Record<string, number> = {};
/** Member `key` named `name` with a telephone holding 7777, placed in `officeId`. */
const input = (key: string, officeId: number | null, name = key) => {
  const own = (numbers[key] ??= n++);
  return staffInput(own, { name, officeId, telephone: `1357777${String(own).padStart(4, '0')}` });
};

/** What the supervisor's list answers for `query`: the names on a large page and the total of a one-row page. */
async function found(query: Record<string, string>) {
  const page = (await list(server, token, { pageSize: 100, ...query })).body;
  expect(page.code).toBe(0);
  const counted = (await list(server, token, { pageSize: 1, ...query })).body.data.total;
  return { names: page.data.items.map((row) => row.name).sort(), total: counted };
}
const expected = (...names: string[]) => ({ names: names.sort(), total: names.length });

/** Each short search the supervisor may ask, all expected to answer `names`. */
async function expectShortSearches(...names: string[]) {
  expect(await found({ name: '林' })).toEqual(expected(...names));
  expect(await found({ telephone: '7777' })).toEqual(expected(...names));
  // Two characters, and the gram beside another condition (the department filter).
  for (const name of names) expect((await found({ name: [...name].slice(0, 2).join('') })).names).toContain(name);
  expect(await found({ name: '林', officeId: String(node.ops) })).toEqual(expected(...names));
}

/** Every gram row names its member's node. */
async function expectGramsFollowNodes() {
  const placed = new Map((await server.db.selectFrom('user').select(['id', 'officeId']).execute()).map((row) => [Number(row.id), row.officeId === null ? null : Number(row.officeId)]));
  for (const table of ['userNameGram', 'userPhoneGram'] as const) {
    const rows = await server.db.selectFrom(table).select(['userId', 'officeId']).execute();
    expect(rows.length).toBeGreaterThan(0);
    const wrong = rows.filter((row) => (row.officeId === null ? null : Number(row.officeId)) !== placed.get(Number(row.userId)));
    expect(wrong).toEqual([]);
  }
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
  node.ops = await saveOffice({ type: OfficeType.DEPARTMENT, name: '运营部' });
  node.service = await saveOffice({ type: OfficeType.GROUP, parentId: node.ops, name: '客服组' });
  node.sales = await saveOffice({ type: OfficeType.DEPARTMENT, name: '销售部' });
  for (const [name, officeId] of [['林甲', node.ops], ['林乙', node.service], ['林丙', node.sales], ['林丁', null]] as const) {
    staff[name] = await create(server, admin, input(name, officeId));
  }
  const { userId, roleId } = await server.createUser({ code: 'shortscope', name: '主管', password: PASSWORD, apis: [STAFF_CALLS.list] });
  await server.db.updateTable('user').set({ officeId: node.ops }).where('id', '=', userId).execute();
  await ok(adminCall('POST', '/roleDataScope/save', { roleId, dataScope: DataScope.DEPARTMENT_TREE, officeIds: [] }));
  token = await server.tokenFor('shortscope', PASSWORD);
});
afterAll(async () => {
  await server?.close();
});

describe('a scoped 1–2-character search follows the members’ moves', () => {
  it('answers the scope’s members only', async () => {
    await expectShortSearches('林甲', '林乙');
    await expectGramsFollowNodes();
  });

  it('after the staff save moves a member in, renames one and moves one out', async () => {
    await ok(save(server, admin, { ...input('林丙', node.service), id: staff['林丙'] }));
    await expectShortSearches('林甲', '林乙', '林丙');
    // A new name and a new node in one save: the new grams carry the new node.
    await ok(save(server, admin, { ...input('林乙', node.sales, '林乙乙'), id: staff['林乙'] }));
    await expectShortSearches('林甲', '林丙');
    await ok(save(server, admin, { ...input('林乙', node.ops), id: staff['林乙'] }));
    await expectShortSearches('林甲', '林乙', '林丙');
    await expectGramsFollowNodes();
  });

  it('after the bulk update moves members out and in', async () => {
    await ok(adminCall('POST', USER.replace(BASE, '') + '/bulkUpdate', { ids: `${staff['林甲']},${staff['林丙']}`, values: { officeId: node.sales } }));
    await expectShortSearches('林乙');
    await ok(adminCall('POST', USER.replace(BASE, '') + '/bulkUpdate', { ids: `${staff['林丙']},${staff['林丁']}`, values: { officeId: node.service } }));
    await expectShortSearches('林乙', '林丙', '林丁');
    await expectGramsFollowNodes();
  });

  it('after the directory adds and removes members', async () => {
    await ok(adminCall('GET', '/office/add/user', { officeId: String(node.ops), ids: String(staff['林甲']) }));
    await expectShortSearches('林甲', '林乙', '林丙', '林丁');
    await ok(adminCall('GET', '/office/remove/user', { ids: String(staff['林乙']) }));
    await expectShortSearches('林甲', '林丙', '林丁');
    await expectGramsFollowNodes();
  });

  it('after a node is deleted and its members unplaced', async () => {
    await ok(adminCall('GET', '/office/delete', { ids: String(node.service) }));
    await expectShortSearches('林甲');
    await expectGramsFollowNodes();
  });

  it('after an import places new members', async () => {
    const file = await xlsxOf([STAFF_IMPORT_HEADER, staffImportRow(n++, '林导入', { officeId: '运营部', telephone: '13577779999' }), staffImportRow(n++, '林外部', { officeId: '销售部', telephone: '13577779998' })]);
    await ok(importFile(server, admin, `${USER}/import`, file, { commit: true }));
    await expectShortSearches('林甲', '林导入');
    await expectGramsFollowNodes();
  });
});
