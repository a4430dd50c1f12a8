/**
 * Staff in the organisation tree: adding members to a node (moving them from another resets their
 * supervisor flag), removing them, and the supervisor flag on and off. Every refused call changes
 * nobody.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract';
import { ADMIN, startTestServer, type TestServer } from './harness';

let server: TestServer;
let token: string;
let department: number;
let group: number;
const staff: number[] = [];

const call = <T = { updated: number }>(path: string, params: Record<string, string | number>, method: 'GET' | 'POST' = 'GET') =>
  server.call<T>(method, `/base/admin/office${path}`, { token, headers: { 'accept-language': 'en-US' }, ...(method === 'GET' ? { query: params } : { body: params }) });
const add = (officeId: number | string, ids: number[] | string, method?: 'GET' | 'POST') => call('/add/user', { officeId, ids: String(ids) }, method);
const removeMembers = (ids: number[] | string, method?: 'GET' | 'POST') => call('/remove/user', { ids: String(ids) }, method);
const flag = (ids: number[] | string, adminFlag: number | string, method?: 'GET' | 'POST') => call('/update/officeAdminFlag', { ids: String(ids), adminFlag }, method);

/** officeId and adminFlag of every staff member of this file, in order. */
const placements = async () =>
  (await server.db.selectFrom('user').select(['id', 'officeId', 'adminFlag']).where('id', 'in', staff).orderBy('id').execute()).map(({ officeId, adminFlag }) => [
    officeId,
    adminFlag,
  ]);

async function expectUnchanged(answer: Promise<{ body: { code: number } }>, code: number): Promise<void> {
  const before = await placements();
  expect((await answer).body.code).toBe(code);
  expect(await placements()).toEqual(before);
}

async function office(body: Record<string, unknown>): Promise<number> {
  const answer = await server.call<{ id: number }>('POST', '/base/admin/office/saveOrUpdate', { token, body });
  expect(answer.body.code, answer.text).toBe(Code.OK);
  return answer.body.data.id;
}

beforeAll(async () => {
  server = await startTestServer();
  token = await server.tokenFor(ADMIN.username, ADMIN.password);
  department = await office({ type: 1, name: 'Sales' });
  group = await office({ type: 2, parentId: department, name: 'Sales East' });
  for (const code of ['s1', 's2', 's3']) staff.push((await server.createUser({ code, password: 'secret1' })).userId);
});
afterAll(async () => {
  await server?.close();
});

describe('members and supervisors', () => {
  it('adds staff to a node as plain members', async () => {
    const answer = await add(department, `${staff[0]},${staff[1]}`);
    expect(answer.body).toMatchObject({ code: Code.OK, data: { updated: 2 } });
    expect(await placements()).toEqual([
      [department, 0],
      [department, 0],
      [null, 0],
    ]);
  });

  it('turns the supervisor flag on and off', async () => {
    expect((await flag([staff[0]!], 1)).body.code).toBe(Code.OK);
    expect((await placements())[0]).toEqual([department, 1]);
    expect((await flag(String(staff[0]), '0', 'POST')).body.code).toBe(Code.OK);
    expect((await placements())[0]).toEqual([department, 0]);
    expect((await flag(`${staff[0]},${staff[1]}`, '1', 'POST')).body.code).toBe(Code.OK);
    expect((await placements()).slice(0, 2)).toEqual([
      [department, 1],
      [department, 1],
    ]);
  });

  it('resets the supervisor flag when a member moves to another node', async () => {
    expect((await add(group, [staff[0]!], 'POST')).body.code).toBe(Code.OK);
    expect((await placements()).slice(0, 2)).toEqual([
      [group, 0],
      [department, 1],
    ]);
  });

  it('removes members, who leave their node and its supervisor flag', async () => {
    expect((await removeMembers([staff[1]!], 'POST')).body).toMatchObject({ code: Code.OK, data: { updated: 1 } });
    expect((await placements())[1]).toEqual([null, 0]);
    expect((await removeMembers([staff[1]!])).body.code).toBe(Code.OK);
  });

  it('lists the tree unchanged by member moves', async () => {
    const { body } = await server.call<Array<{ id: number; child: Array<{ id: number }> }>>('GET', '/base/admin/office/list', { token });
    expect(body.data.map((n) => [n.id, n.child.map((c) => c.id)])).toEqual([[department, [group]]]);
  });
});

describe('refused member calls change nobody', () => {
  beforeAll(async () => {
    await add(department, [staff[0]!]);
    await flag([staff[0]!], 1);
  });

  it('refuses an unknown node or any unknown staff id', async () => {
    await expectUnchanged(add(987654, [staff[1]!]), Code.NOT_FOUND);
    await expectUnchanged(add('99999999999', [staff[1]!]), Code.NOT_FOUND);
    await expectUnchanged(add(group, `${staff[1]},987654`), Code.NOT_FOUND);
    await expectUnchanged(removeMembers(`${staff[0]},987654`), Code.NOT_FOUND);
    await expectUnchanged(flag(`${staff[0]},987654`, 0), Code.NOT_FOUND);
  });

  it('refuses missing or malformed parameters', async () => {
    await expectUnchanged(call('/add/user', { ids: String(staff[1]) }), Code.VALIDATION_FAILED);
    await expectUnchanged(add('x', [staff[1]!]), Code.VALIDATION_FAILED);
    await expectUnchanged(add(group, ''), Code.VALIDATION_FAILED);
    await expectUnchanged(add(group, `${staff[1]};DROP TABLE user`), Code.VALIDATION_FAILED);
    await expectUnchanged(removeMembers('1 OR 1=1'), Code.VALIDATION_FAILED);
    await expectUnchanged(call('/update/officeAdminFlag', { ids: String(staff[0]) }), Code.VALIDATION_FAILED);
  });

  it('refuses a supervisor flag other than 1 or 0', async () => {
    for (const value of [2, '-1', 'yes', 'true']) {
      const before = await placements();
      const answer = await flag([staff[0]!], value);
      expect(answer.body.code).toBe(Code.VALIDATION_FAILED);
      expect(answer.body.data).toEqual({ fields: { adminFlag: 'Supervisor flag has an invalid value' } });
      expect(await placements()).toEqual(before);
    }
  });

  it('refuses the supervisor flag for staff who belong to no node, even among placed ones', async () => {
    const answer = await flag(`${staff[0]},${staff[2]}`, 1);
    expect(answer.body).toMatchObject({ code: Code.CONFLICT, msg: 'The supervisor flag applies only to staff who belong to an organisation node' });
    await expectUnchanged(flag([staff[2]!], 0), Code.CONFLICT);
    expect(await placements()).toEqual([
      [department, 1],
      [null, 0],
      [null, 0],
    ]);
  });
});
