/**
 * Edits never overwrite someone else's (contract/recordVersion.ts): a declared record answers its
 * version, every write of it moves the version (a save, a switch, a move), and a save naming the
 * version it was read at is refused with 1012 and the record as it stands once that version is gone.
 * A save naming no version is written as before (last write wins). Both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type ListData } from '../../contract';
import { ADMIN, startTestServer, type TestServer } from './harness';

type Row = { id: number; version: number } & Record<string, unknown>;

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.tokenFor(ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await server?.close();
});

const saveParam = (body: Record<string, unknown>) => server.call<Row>('POST', '/base/admin/param/saveOrUpdate', { token, body });
const paramDetail = (id: number) => server.call<Row>('GET', '/base/admin/param/detail', { token, query: { id } });
const saveDic = (body: Record<string, unknown>) => server.call<Row>('POST', '/base/admin/dic/saveOrUpdate', { token, body });
const dicItems = (parentId: number) => server.call<ListData<Row>>('GET', '/base/admin/dic/list', { token, query: { parentId, page: 1, size: 100 } });
const move = (id: number, direction: 'up' | 'down') => server.call<{ moved: boolean }>('POST', '/base/admin/dic/move', { token, body: { id, direction } });

async function param(paramKey: string): Promise<Row> {
  const { body } = await saveParam({ sortNum: 1, paramKey, value: 'first', remark: 'as created' });
  expect(body.code, JSON.stringify(body)).toBe(Code.OK);
  return body.data;
}

describe('record versions of a declared resource', () => {
  it('answers the version in the list, the detail and the save, and moves it by one per save', async () => {
    const created = await param('version.fresh');
    expect(created.version).toBe(1);
    expect((await paramDetail(created.id)).body.data.version).toBe(1);
    const listed = await server.call<ListData<Row>>('GET', '/base/admin/param/list', { token, query: { paramKey: 'version.fresh' } });
    expect(listed.body.data.items.map((row) => [row.id, row.version])).toEqual([[created.id, 1]]);

    const saved = await saveParam({ id: created.id, version: 1, value: 'second' });
    expect(saved.body.code).toBe(Code.OK);
    expect(saved.body.data).toMatchObject({ value: 'second', version: 2 });
    expect((await saveParam({ id: created.id, version: '2', value: 'third' })).body.data.version).toBe(3);
  });

  it('refuses a save read at an older version with 1012 and the current values, writing nothing', async () => {
    const read = await param('version.stale');
    expect((await saveParam({ id: read.id, version: read.version, value: 'theirs', remark: 'their remark' })).body.code).toBe(Code.OK);

    const stale = await saveParam({ id: read.id, version: read.version, value: 'mine' });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe(Code.STALE_VERSION);
    expect(stale.body.msg).toBe('该记录已被他人修改，请核对后再保存');
    expect(stale.body.data).toEqual({ current: { ...read, value: 'theirs', remark: 'their remark', version: 2 } });
    expect((await paramDetail(read.id)).body.data).toMatchObject({ value: 'theirs', version: 2 });

    // In English too, as every message.
    const en = await server.call('POST', '/base/admin/param/saveOrUpdate', { token, body: { id: read.id, version: 1, value: 'mine' }, headers: { 'accept-language': 'en-US' } });
    expect(en.body.msg).toBe('Someone else changed this record since you opened it; compare and save again');

    // Keeping theirs over: the save names the version it now read.
    const kept = await saveParam({ id: read.id, version: 2, value: 'mine' });
    expect(kept.body.data).toMatchObject({ value: 'mine', remark: 'their remark', version: 3 });
  });

  it('checks the version before the values: a stale save with a wrong value is still told it is stale', async () => {
    const read = await param('version.first');
    await saveParam({ id: read.id, value: 'theirs' });
    expect((await saveParam({ id: read.id, version: 1, value: '' })).body.code).toBe(Code.STALE_VERSION);
    expect((await saveParam({ id: read.id, version: 'one', value: 'v' })).body).toMatchObject({ code: Code.VALIDATION_FAILED, data: { fields: { version: expect.any(String) } } });
  });

  it('lets exactly one of two saves read at the same version win', async () => {
    const read = await param('version.race');
    for (let round = 0; round < 5; round++) {
      const version = (await paramDetail(read.id)).body.data.version;
      const answers = await Promise.all(['a', 'b', 'c'].map((value) => saveParam({ id: read.id, version, value: `${value}${round}` })));
      const codes = answers.map((answer) => answer.body.code).sort();
      expect(codes).toEqual([Code.OK, Code.STALE_VERSION, Code.STALE_VERSION]);
      const winner = answers.find((answer) => answer.body.code === Code.OK)!.body.data;
      expect((await paramDetail(read.id)).body.data).toMatchObject({ value: winner.value, version: version + 1 });
    }
  });

  it('writes a save naming no version whatever happened since (last write wins), moving the version', async () => {
    const read = await param('version.none');
    await saveParam({ id: read.id, version: 1, value: 'theirs' });
    const { body } = await saveParam({ id: read.id, value: 'mine' });
    expect(body.code).toBe(Code.OK);
    expect(body.data).toMatchObject({ value: 'mine', version: 3 });
  });

  it('moves the version on a switch and on the arrows, so a form read before either is stale', async () => {
    const dictionary = (await saveDic({ name: '版本字典', dicKey: 'version_dic', type: 2 })).body.data;
    for (const dicKey of ['a', 'b']) expect((await saveDic({ parentId: dictionary.id, name: `项${dicKey}`, dicKey })).body.code).toBe(Code.OK);
    const [first, second] = (await dicItems(dictionary.id)).body.data.items;

    // The switch saves the one field without a version: it is written, and the form read before is stale.
    expect((await saveDic({ id: first!.id, openStatus: 0 })).body.data.version).toBe(first!.version + 1);
    const afterSwitch = await saveDic({ id: first!.id, version: first!.version, name: '我的名字' });
    expect(afterSwitch.body.code).toBe(Code.STALE_VERSION);
    expect(afterSwitch.body.data).toEqual({ current: expect.objectContaining({ id: first!.id, openStatus: 0, name: '项a', version: first!.version + 1 }) });

    // A move changes both rows' places: both move their version.
    expect((await move(second!.id, 'up')).body.data).toEqual({ moved: true });
    const moved = (await dicItems(dictionary.id)).body.data.items;
    expect(moved.map((row) => [row.id, row.sortNum, row.version])).toEqual([
      [second!.id, 1, second!.version + 1],
      [first!.id, 2, first!.version + 2],
    ]);
    expect((await saveDic({ id: second!.id, version: second!.version, name: '我的名字' })).body.code).toBe(Code.STALE_VERSION);
    expect((await saveDic({ id: second!.id, version: second!.version + 1, name: '我的名字' })).body.data).toMatchObject({ name: '我的名字', sortNum: 1, version: second!.version + 2 });
  });

  it('moves the version of an update a feature guards (a sub-system’s menu reading) and refuses it stale', async () => {
    const saveApp = (body: Record<string, unknown>) => server.call<Row>('POST', '/base/admin/app/saveOrUpdate', { token, body });
    const created = await saveApp({ code: 'VERSIONAPP', name: '版本子系统', businessType: 1, isEnable: '1', sort: 1, logo: '/logo.png', address: '/version-app', menuReading: 'B' });
    expect(created.body.code, JSON.stringify(created.body)).toBe(Code.OK);
    const read = created.body.data;
    const changed = await saveApp({ id: read.id, version: read.version, menuReading: 'A' });
    expect(changed.body.code, JSON.stringify(changed.body)).toBe(Code.OK);
    expect(changed.body.data.version).toBe(read.version + 1);
    expect((await saveApp({ id: read.id, version: read.version, menuReading: 'B' })).body).toMatchObject({ code: Code.STALE_VERSION, data: { current: { menuReading: 'A' } } });
  });
});
