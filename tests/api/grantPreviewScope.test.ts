/**
 * The grant preview names only staff in the caller's data scope, while its counts take in everyone
 * the change reaches (server/roles/grantPreview.ts summarise): a caller holding the role screen
 * (its grant and preview elements) with the scope "own department" previews a change reaching staff
 * in and out of their department.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, DataScope, type GrantChange, type GrantPreview } from '../../contract';
import { startTestServer, type TestServer } from './harness';
import { baseAppId, grantNodes, screenNodeIds } from './screenGrants';

let server: TestServer;
let caller: string;
let appId: number;
let changed: number;
/** A node the caller holds (so may grant) and the changed role does not grant yet. */
let added: number;
const inside: number[] = [];
const outside: number[] = [];

beforeAll(async () => {
  server = await startTestServer();
  appId = await baseAppId(server.db);
  const office = async (name: string) => (await server.db.insertInto('office').values({ name, type: 1, parentId: 0, remark: null, createTime: Date.now() }).returning('id').executeTakeFirstOrThrow()).id;
  const [sales, support] = [await office('Sales'), await office('Support')];
  const viewer = await server.createUser({ code: 'gpscoped', name: 'Scoped', password: 'Scoped#2024x' });
  const roleScreen = await screenNodeIds(server.db, 'role');
  await grantNodes(server.db, viewer.roleId, roleScreen);
  await server.db.insertInto('roleDataScope').values({ roleId: viewer.roleId, dataScope: DataScope.DEPARTMENT }).execute();
  await server.db.updateTable('user').set({ officeId: sales }).where('id', '=', viewer.userId).execute();
  caller = await server.tokenFor('gpscoped', 'Scoped#2024x');

  // A role held by two staff of each department, granting one node of the role screen; the change adds another.
  const holder = await server.createUser({ code: 'gpin1', name: 'In One', password: 'Inside#2024x' });
  changed = holder.roleId;
  await grantNodes(server.db, changed, roleScreen.slice(0, 2));
  added = roleScreen[2]!;
  inside.push(holder.userId);
  for (const code of ['gpin2', 'gpout1', 'gpout2']) {
    const { userId, roleId } = await server.createUser({ code, password: `${code}#Pass2024` });
    await server.db.deleteFrom('userRole').where('roleId', '=', roleId).execute();
    await server.db.insertInto('userRole').values({ userId, roleId: changed }).execute();
    (code.startsWith('gpin') ? inside : outside).push(userId);
  }
  await server.db.updateTable('user').set({ officeId: sales }).where('id', 'in', inside).execute();
  await server.db.updateTable('user').set({ officeId: support }).where('id', 'in', outside).execute();
});
afterAll(async () => {
  await server?.close();
});

const preview = (change: GrantChange) => server.call<GrantPreview>('POST', '/base/admin/grantPreview', { token: caller, body: change });

describe('a preview by a caller whose scope is their own department', () => {
  it('counts every staff member the change reaches, and names only those of the department', async () => {
    const permissionIds = [...(await server.db.selectFrom('rolePermission').select('permissionId').where('roleId', '=', changed).execute()).map((row) => row.permissionId), added];
    const answer = await preview({ kind: 'roleGrants', roleId: changed, appId, permissionIds });
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(Code.OK);
    const shown = answer.body.data;
    expect([shown.affectedUsers, shown.gainingUsers, shown.losingUsers]).toEqual([4, 4, 0]);
    const node = shown.gained.find((g) => g.id === added)!;
    expect(node.users).toBe(4);
    expect(node.names.map((n) => n.id).sort((a, b) => a - b)).toEqual([...inside].sort((a, b) => a - b));
  });

  it('the same for a role switched off: all four lose, two are named', async () => {
    const answer = await preview({ kind: 'roleEnable', roleId: changed, isEnable: '0' });
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(Code.OK);
    const shown = answer.body.data;
    expect([shown.affectedUsers, shown.losingUsers]).toEqual([4, 4]);
    for (const node of shown.lost) {
      expect(node.users).toBe(4);
      expect(node.names.map((n) => n.id).sort((a, b) => a - b)).toEqual([...inside].sort((a, b) => a - b));
    }
  });
});
