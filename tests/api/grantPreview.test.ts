/**
 * The grant preview (POST /base/admin/grantPreview, server/roles/grantPreview.ts): for each kind of
 * change (a role's grants, its switch, a staff member's roles) what it says each user gains and
 * loses is what the guard's grants say after the change is saved; saves carrying a stale
 * `grantsVersion` are refused with 1011 and write nothing; a change the save refuses is refused by
 * the preview the same way; the preview itself writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, MenuType, type GrantChange, type GrantPreview } from '../../contract';
import { createGrants, grantedIds } from '../../server/auth/grants';
import { ADMIN, startTestServer, type TestServer } from './harness';
import { baseAppId, grantNodes, screenNodeIds } from './screenGrants';
import { staffInput } from './staffFixtures';

const EN = { 'accept-language': 'en-US' };
let server: TestServer;
let admin: string;
let appId: number;
/** Roles of the test, none held by the admin. */
const roles: number[] = [];
/** Staff created through the save, by number in staffInput. */
const staff: Array<{ id: number; n: number }> = [];
/** Nodes the random changes pick from: three screens' subtrees. */
let pool: number[] = [];

beforeAll(async () => {
  server = await startTestServer({ demo: true });
  appId = await baseAppId(server.db);
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
  pool = [...(await screenNodeIds(server.db, 'param')), ...(await screenNodeIds(server.db, 'dic')), ...(await screenNodeIds(server.db, 'app'))];
  for (const [i, nodes] of [pool.slice(0, 6), pool.slice(4, 12), []].entries()) {
    const { id } = await server.db
      .insertInto('role')
      .values({ sortNum: 9, roleKey: `gp_${i}`, name: `预览角色${i}`, appId, isEnable: '1', description: null, roleType: 2 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await grantNodes(server.db, id, nodes);
    roles.push(id);
  }
  for (const n of [701, 702, 703, 704]) {
    const answer = await server.call<{ id: number }>('POST', '/base/admin/user/saveOrUpdate', { token: admin, body: { userCenter: staffInput(n), roleIds: '' } });
    expect(answer.body.code).toBe(Code.OK);
    staff.push({ id: answer.body.data.id, n });
  }
  await server.db
    .insertInto('userRole')
    .values([
      { userId: staff[0]!.id, roleId: roles[0]! },
      { userId: staff[1]!.id, roleId: roles[0]! },
      { userId: staff[1]!.id, roleId: roles[1]! },
      { userId: staff[2]!.id, roleId: roles[1]! },
    ])
    .execute();
});
afterAll(async () => {
  await server?.close();
});

const preview = (token: string, change: GrantChange) => server.call<GrantPreview>('POST', '/base/admin/grantPreview', { token, body: change, headers: EN });

/** Saves the change as the console does, with the previewed version (or none). */
async function save(token: string, change: GrantChange, grantsVersion?: number) {
  const version = grantsVersion === undefined ? {} : { grantsVersion };
  if (change.kind === 'roleGrants') {
    return server.call('POST', '/base/admin/rolePermission/save', { token, headers: EN, body: { appId: change.appId, roleId: change.roleId, permissionIds: change.permissionIds.join(','), ...version } });
  }
  if (change.kind === 'roleEnable') return server.call('POST', '/base/admin/role/saveOrUpdate', { token, headers: EN, body: { id: change.roleId, isEnable: change.isEnable, ...version } });
  if (change.kind === 'rolesEnable') return server.call('POST', '/base/admin/role/bulkUpdate', { token, headers: EN, body: { ids: change.roleIds, values: { isEnable: change.isEnable }, ...version } });
  const n = staff.find((s) => s.id === change.userId)!.n;
  return server.call('POST', '/base/admin/user/saveOrUpdate', { token, headers: EN, body: { userCenter: { id: change.userId, ...staffInput(n) }, roleIds: change.roleIds.join(','), ...version } });
}

/** Every test user's granted nodes of the base app, as the guard reads them. */
async function grantsOfStaff(): Promise<Map<number, Set<number>>> {
  return new Map(await Promise.all(staff.map(async (s) => [s.id, await grantedIds(server.db, s.id, appId)] as const)));
}

/** user → node ids, from the preview's names (every test user is named: far fewer than PREVIEW_NAMES). */
function byUser(nodes: GrantPreview['gained']): Map<number, number[]> {
  const found = new Map<number, number[]>();
  for (const node of nodes) for (const user of node.names) found.set(user.id, [...(found.get(user.id) ?? []), node.id].sort((a, b) => a - b));
  return found;
}

function difference(from: Map<number, Set<number>>, to: Map<number, Set<number>>): Map<number, number[]> {
  const found = new Map<number, number[]>();
  for (const [user, after] of to) {
    const nodes = [...after].filter((node) => !from.get(user)!.has(node)).sort((a, b) => a - b);
    if (nodes.length) found.set(user, nodes);
  }
  return found;
}

/** Previews the change, saves it with the previewed version, and checks the preview against the guard's grants after. */
async function previewThenSave(change: GrantChange): Promise<GrantPreview> {
  const before = await grantsOfStaff();
  const answer = await preview(admin, change);
  expect(answer.body.code, JSON.stringify(answer.body)).toBe(Code.OK);
  const shown = answer.body.data;
  // The preview wrote nothing.
  expect(await grantsOfStaff()).toEqual(before);
  const saved = await save(admin, change, shown.grantsVersion);
  expect(saved.body.code, JSON.stringify(saved.body)).toBe(Code.OK);
  const after = await grantsOfStaff();
  const gained = difference(before, after);
  const lost = difference(after, before);
  expect(byUser(shown.gained), `gained by ${JSON.stringify(change)}`).toEqual(gained);
  expect(byUser(shown.lost), `lost by ${JSON.stringify(change)}`).toEqual(lost);
  expect(shown.affectedUsers).toBe(new Set([...gained.keys(), ...lost.keys()]).size);
  expect([shown.gainingUsers, shown.losingUsers]).toEqual([gained.size, lost.size]);
  for (const node of [...shown.gained, ...shown.lost]) expect(node.users).toBe(node.names.length);
  return shown;
}

describe('each kind of change', () => {
  it('a role’s grants: its holders gain the added nodes, named with their path; the guard then lets them call the API', async () => {
    const apis = await server.db.selectFrom('permission').select(['id', 'url']).where('id', 'in', pool).where('menuType', '=', MenuType.API).execute();
    const added = apis.find((api) => !pool.slice(0, 6).includes(api.id))!;
    const guard = createGrants(server.db);
    expect(await guard.canCallApi(staff[0]!.id, added.url)).toBe(false);
    const shown = await previewThenSave({ kind: 'roleGrants', roleId: roles[0]!, appId, permissionIds: [...pool.slice(0, 6), added.id] });
    const node = shown.gained.find((g) => g.id === added.id)!;
    expect(node.users).toBeGreaterThanOrEqual(2);
    expect(node.path.length).toBeGreaterThanOrEqual(3);
    expect(node.names.map((n) => n.code)).toEqual(expect.arrayContaining(['E00701', 'E00702']));
    expect(await guard.canCallApi(staff[0]!.id, added.url)).toBe(true);
  });

  it('a role’s switch: switched off, its holders lose what no other role of theirs grants', async () => {
    const shown = await previewThenSave({ kind: 'roleEnable', roleId: roles[1]!, isEnable: '0' });
    expect(shown.lost.length).toBeGreaterThan(0);
    await previewThenSave({ kind: 'roleEnable', roleId: roles[1]!, isEnable: '1' });
  });

  it('several roles’ switches at once (the bulk switch): a holder of two loses only what neither other role grants', async () => {
    const shown = await previewThenSave({ kind: 'rolesEnable', roleIds: [roles[0]!, roles[1]!], isEnable: '0' });
    // The second staff member holds both roles: counted once.
    expect(shown.losingUsers).toBe(3);
    await previewThenSave({ kind: 'rolesEnable', roleIds: [roles[0]!, roles[1]!], isEnable: '1' });
  });

  it('a staff member’s roles: what the added role grants is gained, what the removed one alone granted is lost', async () => {
    const shown = await previewThenSave({ kind: 'userRoles', userId: staff[3]!.id, roleIds: [roles[0]!] });
    expect(shown.affectedUsers).toBe(1);
    expect(shown.gained[0]!.names).toEqual([{ id: staff[3]!.id, code: 'E00704', name: '员工704' }]);
    await previewThenSave({ kind: 'userRoles', userId: staff[3]!.id, roleIds: [] });
  });
});

describe('links that end', () => {
  it('a holder whose link has ended gains nothing from the role; a staff member given a role until next week gains it now', async () => {
    await server.db.updateTable('userRole').set({ expiresAt: Date.now() - 1000 }).where('userId', '=', staff[0]!.id).where('roleId', '=', roles[0]!).execute();
    const held = await server.db.selectFrom('rolePermission').select('permissionId').where('roleId', '=', roles[0]!).execute();
    const added = pool.find((node) => !held.some((row) => row.permissionId === node))!;
    const shown = await previewThenSave({ kind: 'roleGrants', roleId: roles[0]!, appId, permissionIds: [...held.map((row) => row.permissionId), added] });
    expect(shown.gained.flatMap((node) => node.names.map((n) => n.id))).not.toContain(staff[0]!.id);
    await server.db.updateTable('userRole').set({ expiresAt: null }).where('userId', '=', staff[0]!.id).where('roleId', '=', roles[0]!).execute();

    const nextWeek = Date.now() + 7 * 24 * 3600 * 1000;
    const change: GrantChange = { kind: 'userRoles', userId: staff[3]!.id, roleIds: [roles[1]!], roleEnds: { [roles[1]!]: nextWeek } };
    const ended = await preview(admin, change);
    expect(ended.body.data.gainingUsers).toBe(1);
    const past = await preview(admin, { ...change, roleEnds: { [roles[1]!]: Date.now() - 1000 } });
    expect(past.body.code).toBe(Code.VALIDATION_FAILED);
  });
});

/** A small seeded generator (mulberry32): the same cases on every run. */
function seeded(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!, subset: <T>(items: readonly T[], p = 0.4) => items.filter(() => next() < p) };
}

describe('property: for random changes, the preview is the guard’s difference after the save', () => {
  it('30 random grant changes, role switches and staff role sets', async () => {
    const random = seeded(25_2);
    for (let i = 0; i < 30; i++) {
      const kind = random.pick(['roleGrants', 'roleEnable', 'rolesEnable', 'userRoles'] as const);
      const change: GrantChange =
        kind === 'roleGrants'
          ? { kind, roleId: random.pick(roles), appId, permissionIds: random.subset(pool) }
          : kind === 'roleEnable'
            ? { kind, roleId: random.pick(roles), isEnable: random.next() < 0.5 ? '0' : '1' }
            : kind === 'rolesEnable'
              ? { kind, roleIds: [...new Set([random.pick(roles), ...random.subset(roles, 0.5)])], isEnable: random.next() < 0.5 ? '0' : '1' }
              : { kind, userId: random.pick(staff).id, roleIds: random.subset(roles, 0.5) };
      await previewThenSave(change);
    }
  });
});

describe('a save after grants changed since its preview', () => {
  it('is refused with 1011 for each kind, and writes nothing', async () => {
    const changes: GrantChange[] = [
      { kind: 'roleGrants', roleId: roles[2]!, appId, permissionIds: pool.slice(0, 2) },
      { kind: 'roleEnable', roleId: roles[2]!, isEnable: '0' },
      { kind: 'rolesEnable', roleIds: [roles[2]!, roles[1]!], isEnable: '1' },
      { kind: 'userRoles', userId: staff[3]!.id, roleIds: [roles[2]!] },
    ];
    for (const change of changes) {
      // A switch must be a change, whatever state the property test above left the roles in.
      const switched = change.kind === 'roleEnable' ? [change.roleId] : change.kind === 'rolesEnable' ? change.roleIds : [];
      if (change.kind === 'roleEnable' || change.kind === 'rolesEnable') {
        await server.db.updateTable('role').set({ isEnable: change.isEnable === '1' ? '0' : '1' }).where('id', 'in', switched).execute();
      }
      const shown = (await preview(admin, change)).body.data;
      // Another grant write lands in between.
      const other = (await server.db.selectFrom('role').select('isEnable').where('id', '=', roles[0]!).executeTakeFirstOrThrow()).isEnable;
      await server.db.updateTable('role').set({ description: `moved ${other}` }).where('id', '=', roles[0]!).execute();
      const before = { grants: await grantsOfStaff(), role: await server.db.selectFrom('role').selectAll().where('id', '=', roles[2]!).executeTakeFirst(), links: await server.db.selectFrom('userRole').selectAll().orderBy('userId').orderBy('roleId').execute() };
      const answer = await save(admin, change, shown.grantsVersion);
      const stale = 'Permissions changed after the preview; preview again before saving';
      if (change.kind === 'rolesEnable') {
        // The bulk save answers each refused role; each is refused for the same reason.
        expect(answer.body.code).toBe(Code.CONFLICT);
        const messages = (answer.body.data as { refused: Array<{ message: string }> }).refused.map((row) => row.message);
        expect(messages.length).toBeGreaterThan(0);
        expect(new Set(messages)).toEqual(new Set([stale]));
      } else expect(answer.body, change.kind).toMatchObject({ code: Code.CONFLICT, msg: stale });
      const after = { grants: await grantsOfStaff(), role: await server.db.selectFrom('role').selectAll().where('id', '=', roles[2]!).executeTakeFirst(), links: await server.db.selectFrom('userRole').selectAll().orderBy('userId').orderBy('roleId').execute() };
      expect(after).toEqual(before);
      // Previewed again, it saves.
      expect((await save(admin, change, (await preview(admin, change)).body.data.grantsVersion)).body.code).toBe(Code.OK);
    }
  });

  it('without a grantsVersion the saves behave as before; a malformed one is refused (1001)', async () => {
    expect((await save(admin, { kind: 'roleEnable', roleId: roles[2]!, isEnable: '1' })).body.code).toBe(Code.OK);
    const answer = await server.call('POST', '/base/admin/role/saveOrUpdate', { token: admin, headers: EN, body: { id: roles[2]!, isEnable: '0', grantsVersion: 'x' } });
    expect(answer.body.code).toBe(Code.VALIDATION_FAILED);
  });
});

describe('refusal parity: a preview of what the save refuses is refused the same way, and writes nothing', () => {
  it('beyond one’s own grants, one’s own role, the super-admin role, another’s stronger account', async () => {
    const { roleId: holderRole } = await server.createUser({ code: 'gpholder', password: 'gpholder-pass' });
    await grantNodes(server.db, holderRole, [...(await screenNodeIds(server.db, 'role')), ...(await screenNodeIds(server.db, 'user'))]);
    const holder = await server.tokenFor('gpholder', 'gpholder-pass');
    const superAdmin = (await server.db.selectFrom('role').select('id').where('roleKey', '=', 'superAdmin').executeTakeFirstOrThrow()).id;
    // A role granting what the holder lacks, switched on (the random changes left it as they did).
    await server.db.deleteFrom('rolePermission').where('roleId', '=', roles[0]!).execute();
    await grantNodes(server.db, roles[0]!, pool.slice(0, 6));
    await server.db.updateTable('role').set({ isEnable: '1' }).where('id', '=', roles[0]!).execute();
    const refused: GrantChange[] = [
      { kind: 'roleGrants', roleId: roles[2]!, appId, permissionIds: pool.slice(0, 3) },
      { kind: 'roleGrants', roleId: holderRole, appId, permissionIds: [] },
      { kind: 'roleEnable', roleId: superAdmin, isEnable: '0' },
      { kind: 'roleEnable', roleId: roles[0]!, isEnable: '0' },
      { kind: 'rolesEnable', roleIds: [roles[2]!, superAdmin], isEnable: '1' },
      { kind: 'rolesEnable', roleIds: [roles[0]!, roles[2]!], isEnable: '0' },
      { kind: 'rolesEnable', roleIds: [roles[2]!, 987654], isEnable: '0' },
      { kind: 'userRoles', userId: staff[0]!.id, roleIds: [superAdmin] },
      { kind: 'userRoles', userId: staff[1]!.id, roleIds: [] },
      { kind: 'roleGrants', roleId: 987654, appId, permissionIds: [] },
    ];
    for (const change of refused) {
      const version = await server.db.selectFrom('grantsVersion').select('version').executeTakeFirstOrThrow();
      const shown = await preview(holder, change);
      const saved = await save(holder, change);
      expect(shown.body.code, JSON.stringify(change)).not.toBe(Code.OK);
      expect({ code: shown.body.code, msg: shown.body.msg, data: shown.body.data }, JSON.stringify(change)).toEqual({ code: saved.body.code, msg: saved.body.msg, data: saved.body.data });
      expect(await server.db.selectFrom('grantsVersion').select('version').executeTakeFirstOrThrow()).toEqual(version);
    }
  });

  it('a malformed change is refused (1001) naming what is wrong', async () => {
    const answer = await server.call('POST', '/base/admin/grantPreview', { token: admin, body: { kind: 'roleGrants', roleId: 1, appId, permissionIds: ['x'] } });
    expect(answer.body.code).toBe(Code.VALIDATION_FAILED);
    expect(answer.body.msg).toContain('permissionIds');
  });
});
