/**
 * Staff edits never overwrite someone else's (contract/recordVersion.ts): /user/detail and the list
 * answer the account's version; a save, enabling or disabling, and a department's member writes
 * move it; a save naming an older one is refused with 1012 and the account as /user/detail answers
 * it, and exactly one of two saves read at one version wins. A save naming none is written. Both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type StaffDetail } from '../../contract';
import { ADMIN, startTestServer, type TestServer } from './harness';
import { create, detail, list, save, staffInput, USER } from './staffFixtures';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await server?.close();
});

const versionOf = async (id: number) => (await detail(server, admin, id)).body.data.userCenter.version;

describe('staff record versions', () => {
  it('answers the version in the detail and the list, and moves it by one per save', async () => {
    const id = await create(server, admin, staffInput(801));
    expect(await versionOf(id)).toBe(1);
    const listed = await list(server, admin, { code: 'E00801', pageNo: 1, pageSize: 10 });
    expect(listed.body.data.items.map((row) => row.version)).toEqual([1]);
    const saved = await save(server, admin, staffInput(801, { id, version: 1, position: '主管' }));
    expect(saved.body.code, saved.text).toBe(Code.OK);
    expect(saved.body.data).toMatchObject({ position: '主管', version: 2 });
  });

  it('refuses a save read at an older version with 1012 and the account as the detail answers it, writing nothing', async () => {
    const id = await create(server, admin, staffInput(802));
    expect((await save(server, admin, staffInput(802, { id, version: 1, position: '他们的' }))).body.code).toBe(Code.OK);

    const stale = await save(server, admin, staffInput(802, { id, version: 1, position: '我的' }), '');
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe(Code.STALE_VERSION);
    const current = (stale.body.data as unknown as { current: StaffDetail }).current;
    expect(current).toEqual((await detail(server, admin, id)).body.data);
    expect(current.userCenter).toMatchObject({ position: '他们的', version: 2 });

    expect((await save(server, admin, staffInput(802, { id, version: 2, position: '我的' }))).body.data).toMatchObject({ position: '我的', version: 3 });
  });

  it('lets exactly one of two saves read at the same version win', async () => {
    const id = await create(server, admin, staffInput(803));
    const answers = await Promise.all(['甲', '乙', '丙'].map((position) => save(server, admin, staffInput(803, { id, version: 1, position }))));
    expect(answers.map((answer) => answer.body.code).sort()).toEqual([Code.OK, Code.STALE_VERSION, Code.STALE_VERSION]);
    const winner = answers.find((answer) => answer.body.code === Code.OK)!.body.data;
    expect((await detail(server, admin, id)).body.data.userCenter).toMatchObject({ position: winner.position, version: 2 });
  });

  it('moves the version on enabling and on a department’s member writes, so a dialog read before is stale', async () => {
    const id = await create(server, admin, staffInput(804));
    const read = await versionOf(id);
    expect((await server.call('GET', `${USER}/enable`, { token: admin, query: { ids: String(id), isEnable: '0' } })).body.code).toBe(Code.OK);
    expect(await versionOf(id)).toBe(read! + 1);

    const office = await server.call<{ id: number }>('POST', '/base/admin/office/saveOrUpdate', { token: admin, body: { type: 1, name: '版本部门' } });
    expect((await server.call('GET', '/base/admin/office/add/user', { token: admin, query: { officeId: office.body.data.id, ids: String(id) } })).body.code).toBe(Code.OK);
    expect((await server.call('GET', '/base/admin/office/update/officeAdminFlag', { token: admin, query: { ids: String(id), adminFlag: 1 } })).body.code).toBe(Code.OK);
    expect(await versionOf(id)).toBe(read! + 3);

    const stale = await save(server, admin, staffInput(804, { id, version: read, isEnable: '1' }));
    expect(stale.body.code).toBe(Code.STALE_VERSION);
    expect((stale.body.data as unknown as { current: StaffDetail }).current.userCenter).toMatchObject({ isEnable: '0', officeId: office.body.data.id });
  });

  it('writes a save naming no version whatever happened since (last write wins)', async () => {
    const id = await create(server, admin, staffInput(805));
    await save(server, admin, staffInput(805, { id, version: 1, position: '他们的' }));
    const { body } = await save(server, admin, staffInput(805, { id, position: '我的' }));
    expect(body.code).toBe(Code.OK);
    expect(body.data).toMatchObject({ position: '我的', version: 3 });
  });
});
