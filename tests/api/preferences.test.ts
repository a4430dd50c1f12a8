/**
 * A user's own list settings on the server (/preference/*): kept per user and per screen, read
 * back from another session (another browser), only for screens the caller may open, never
 * another user's, bounded in size and count. Runs on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract';
import { CONSOLE_SCREEN, PREFERENCE_LIMITS, type ColumnSetting, type SavedView, type ScreenPreferences, type ThemeSetting } from '../../contract/preferences';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let alice: string;
let aliceId: number;
let bob: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ userId: aliceId } = await server.createUser({ code: 'alice', password: 'alice-pass-1', apis: ['/param/list', '/dic/list'] }));
  await server.createUser({ code: 'bob', password: 'bob-pass-1', apis: ['/param/list', '/customer/list'] });
  alice = await server.tokenFor('alice', 'alice-pass-1');
  bob = await server.tokenFor('bob', 'bob-pass-1');
});
afterAll(async () => {
  await server?.close();
});

const read = (token: string, screen: string) => server.call<ScreenPreferences>('GET', '/base/admin/preference/list', { token, query: { screen } });
const save = (token: string, body: Record<string, unknown>) => server.call('POST', '/base/admin/preference/save', { token, body });
const forget = (token: string, body: Record<string, unknown>) => server.call('POST', '/base/admin/preference/delete', { token, body });
const stored = async () => server.db.selectFrom('userPreference').select(['userId', 'screen', 'kind']).orderBy('id').execute();

const HIDE_REMARK: ColumnSetting = { columns: [{ key: 'paramKey', hidden: false }, { key: 'sortNum', hidden: false }, { key: 'remark', hidden: true }] };
const view = (name: string, extra: Partial<SavedView> = {}): SavedView => ({ name, filters: { paramKey: 'mail' }, sort: { field: 'sortNum', order: 'desc' }, columns: null, ...extra });

describe('a user’s own list settings', () => {
  it('are read back from another session of the same user, as saved', async () => {
    expect((await save(alice, { screen: 'param', kind: 'columns', value: HIDE_REMARK })).body.code).toBe(Code.OK);
    const elsewhere = await server.tokenFor('alice', 'alice-pass-1');
    const answer = await read(elsewhere, 'param');
    expect(answer.body.code).toBe(Code.OK);
    expect(answer.body.data).toEqual({ columns: HIDE_REMARK });
  });

  it('are the user’s own: another user with the same grants reads none, and saving theirs leaves the first as it was', async () => {
    expect((await read(bob, 'param')).body.data).toEqual({});
    await save(bob, { screen: 'param', kind: 'columns', value: { columns: [{ key: 'remark', hidden: false }] } });
    expect((await read(alice, 'param')).body.data).toEqual({ columns: HIDE_REMARK });
    expect((await read(bob, 'param')).body.data).toEqual({ columns: { columns: [{ key: 'remark', hidden: false }] } });
  });

  it('take no user from the request: a user id in the body or query is ignored', async () => {
    await save(bob, { screen: 'param', kind: 'views', value: { views: [view('Bob’s')] }, userId: aliceId });
    expect((await read(alice, 'param')).body.data).toEqual({ columns: HIDE_REMARK });
    const asked = await server.call<ScreenPreferences>('GET', '/base/admin/preference/list', { token: bob, query: { screen: 'param', userId: aliceId } });
    expect(asked.body.data.views?.views.map((v) => v.name)).toEqual(['Bob’s']);
  });

  it('are per screen: another screen’s settings are not served', async () => {
    expect((await read(alice, 'dic')).body.data).toEqual({});
    await save(alice, { screen: 'dic', kind: 'columns', value: { columns: [{ key: 'name', hidden: true }] } });
    expect((await read(alice, 'param')).body.data).toEqual({ columns: HIDE_REMARK });
  });

  it('are forgotten by delete, one kind at a time, back to the definition’s default', async () => {
    await save(alice, { screen: 'param', kind: 'views', value: { views: [view('Mail'), view('All', { filters: {}, sort: null, columns: HIDE_REMARK.columns })] } });
    expect((await read(alice, 'param')).body.data.views?.views.map((v) => v.name)).toEqual(['Mail', 'All']);
    expect((await forget(alice, { screen: 'param', kind: 'columns' })).body.code).toBe(Code.OK);
    const answer = await read(alice, 'param');
    expect(answer.body.data.columns).toBeUndefined();
    expect(answer.body.data.views?.views).toHaveLength(2);
  });
});

describe('which screens', () => {
  it('refuses a screen whose list the caller may not open (1003), reading, saving and deleting, and stores nothing', async () => {
    const before = await stored();
    for (const answer of [
      await read(alice, 'role'),
      await save(alice, { screen: 'role', kind: 'columns', value: { columns: [] } }),
      await forget(alice, { screen: 'role', kind: 'columns' }),
      await read(alice, 'user'),
    ]) {
      expect(answer.body.code).toBe(Code.FORBIDDEN);
    }
    expect(await stored()).toEqual(before);
  });

  it('keeps a detail list’s settings by its own name, opened by its master’s list grant', async () => {
    expect((await save(alice, { screen: 'dicItem', kind: 'columns', value: { columns: [{ key: 'name', hidden: true }] } })).body.code).toBe(Code.OK);
    expect((await read(alice, 'dicItem')).body.data).toEqual({ columns: { columns: [{ key: 'name', hidden: true }] } });
    expect((await read(bob, 'dicItem')).body.code).toBe(Code.FORBIDDEN);
  });

  it('refuses an unknown screen, a screen without a list call and an unknown kind (1001, naming the parameter)', async () => {
    for (const [answer, field] of [
      [await read(alice, 'nope'), 'screen'],
      [await read(alice, 'treeFilter'), 'screen'],
      [await read(alice, '../param'), 'screen'],
      [await save(alice, { screen: 'param', kind: 'theme', value: {} }), 'kind'],
    ] as const) {
      expect(answer.body.code).toBe(Code.VALIDATION_FAILED);
      expect(answer.body.data).toHaveProperty(`fields.${field}`);
    }
  });

  it('stops serving a screen’s settings once its list grant is withdrawn', async () => {
    const { userId } = await server.createUser({ code: 'carol', password: 'carol-pass-1', apis: ['/param/list'] });
    const carol = await server.tokenFor('carol', 'carol-pass-1');
    await save(carol, { screen: 'param', kind: 'columns', value: HIDE_REMARK });
    const roles = server.db.selectFrom('userRole').select('roleId').where('userId', '=', userId);
    await server.db.deleteFrom('rolePermission').where('roleId', 'in', roles).execute();
    expect((await read(carol, 'param')).body.code).toBe(Code.FORBIDDEN);
  });

  it('stays closed while a password change is due (1008)', async () => {
    await server.createUser({ code: 'dave', password: 'dave-pass-1', apis: ['/param/list'] });
    const dave = await server.tokenFor('dave', 'dave-pass-1');
    await server.db.updateTable('user').set({ mustChangePassword: 1 }).where('code', '=', 'dave').execute();
    expect((await read(dave, 'param')).body.code).toBe(Code.PASSWORD_CHANGE_REQUIRED);
    expect((await save(dave, { screen: 'param', kind: 'columns', value: HIDE_REMARK })).body.code).toBe(Code.PASSWORD_CHANGE_REQUIRED);
  });

  it('go with their account', async () => {
    const { userId } = await server.createUser({ code: 'erin', password: 'erin-pass-1', apis: ['/param/list'] });
    await save(await server.tokenFor('erin', 'erin-pass-1'), { screen: 'param', kind: 'columns', value: HIDE_REMARK });
    await server.db.deleteFrom('user').where('id', '=', userId).execute();
    expect((await stored()).filter((row) => row.userId === userId)).toEqual([]);
  });
});

describe('what a setting may hold', () => {
  const refused = async (kind: string, value: unknown) => {
    const answer = await save(bob, { screen: 'param', kind, value });
    expect(answer.body.code, JSON.stringify(value).slice(0, 80)).toBe(Code.VALIDATION_FAILED);
    expect(answer.body.data).toHaveProperty('fields.value');
  };

  it('refuses more columns or views than the limits, duplicates, long names and unknown keys', async () => {
    const columns = Array.from({ length: PREFERENCE_LIMITS.columns + 1 }, (_, i) => ({ key: `c${i}`, hidden: false }));
    await refused('columns', { columns });
    await refused('columns', { columns: [{ key: 'a', hidden: true }, { key: 'a', hidden: false }] });
    await refused('columns', { columns: [{ key: 'a b', hidden: true }] });
    await refused('columns', { columns: [{ key: 'a', hidden: 'yes' }] });
    await refused('columns', { columns: [], userId: aliceId });
    await refused('views', { views: Array.from({ length: PREFERENCE_LIMITS.views + 1 }, (_, i) => view(`v${i}`)) });
    await refused('views', { views: [view('Same'), view('Same')] });
    await refused('views', { views: [view('x'.repeat(PREFERENCE_LIMITS.viewName + 1))] });
    await refused('views', { views: [view(' ')] });
    await refused('views', { views: [view('Deep', { filters: { paramKey: { nested: 'object' } as never } })] });
    await refused('views', { views: [view('Long', { filters: { paramKey: 'x'.repeat(PREFERENCE_LIMITS.filterText + 1) } })] });
    await refused('views', { views: [view('Sort', { sort: { field: 'sortNum', order: 'sideways' as never } })] });
    await refused('columns', 'not an object');
  });

  it('keeps exactly the limits', async () => {
    const views = Array.from({ length: PREFERENCE_LIMITS.views }, (_, i) => view(`v${i}`, { filters: { paramKey: 'x'.repeat(PREFERENCE_LIMITS.filterText), range: [0, Date.now()] } }));
    expect((await save(bob, { screen: 'param', kind: 'views', value: { views } })).body.code).toBe(Code.OK);
    expect((await read(bob, 'param')).body.data.views?.views).toHaveLength(PREFERENCE_LIMITS.views);
  });

  it('never keeps a whole-value lookup of personal data in a view (a customer’s phone)', async () => {
    const answer = await save(bob, { screen: 'customer', kind: 'views', value: { views: [view('By phone', { filters: { telephone: '13800000000' }, sort: null })] } });
    expect(answer.body.code).toBe(Code.VALIDATION_FAILED);
    expect(JSON.stringify(await server.db.selectFrom('userPreference').select('value').execute())).not.toContain('13800000000');
    expect((await save(bob, { screen: 'customer', kind: 'views', value: { views: [view('Firms', { filters: { companyName: 'ACME' }, sort: null })] } })).body.code).toBe(Code.OK);
  });
});

describe('the console’s theme (the console-wide screen)', () => {
  const DARK_COMPACT: ThemeSetting = { mode: 'dark', compact: true };

  it('is kept by any signed-in user, without a list grant, and read back from another session', async () => {
    const { userId } = await server.createUser({ code: 'fay', password: 'fay-pass-1', apis: [] });
    const fay = await server.tokenFor('fay', 'fay-pass-1');
    expect((await read(fay, CONSOLE_SCREEN)).body.data).toEqual({});
    expect((await save(fay, { screen: CONSOLE_SCREEN, kind: 'theme', value: DARK_COMPACT })).body.code).toBe(Code.OK);
    const answer = await read(await server.tokenFor('fay', 'fay-pass-1'), CONSOLE_SCREEN);
    expect(answer.body).toMatchObject({ code: Code.OK, data: { theme: DARK_COMPACT } });
    expect((await read(alice, CONSOLE_SCREEN)).body.data).toEqual({});
    expect((await save(fay, { screen: CONSOLE_SCREEN, kind: 'theme', value: { mode: 'system', compact: false } })).body.code).toBe(Code.OK);
    expect((await read(fay, CONSOLE_SCREEN)).body.data).toEqual({ theme: { mode: 'system', compact: false } });
    expect((await stored()).filter((row) => row.userId === userId)).toEqual([{ userId, screen: CONSOLE_SCREEN, kind: 'theme' }]);
  });

  it('refuses a bad value (1001 on value) and stores nothing', async () => {
    const before = await server.db.selectFrom('userPreference').select(['userId', 'screen', 'kind', 'value']).orderBy('id').execute();
    for (const value of [{ mode: 'dim', compact: false }, { mode: 'dark' }, { mode: 'dark', compact: 'yes' }, { mode: 'dark', compact: true, colour: 'red' }, 'dark', null]) {
      const answer = await save(bob, { screen: CONSOLE_SCREEN, kind: 'theme', value });
      expect(answer.body.code, JSON.stringify(value)).toBe(Code.VALIDATION_FAILED);
      expect(answer.body.data).toHaveProperty('fields.value');
    }
    expect(await server.db.selectFrom('userPreference').select(['userId', 'screen', 'kind', 'value']).orderBy('id').execute()).toEqual(before);
  });

  it('is a kind of the console-wide screen only: no theme on a list, no columns on the console (1001 on kind)', async () => {
    for (const answer of [
      await save(bob, { screen: 'param', kind: 'theme', value: DARK_COMPACT }),
      await save(bob, { screen: CONSOLE_SCREEN, kind: 'columns', value: HIDE_REMARK }),
      await forget(bob, { screen: CONSOLE_SCREEN, kind: 'views' }),
    ]) {
      expect(answer.body.code).toBe(Code.VALIDATION_FAILED);
      expect(answer.body.data).toHaveProperty('fields.kind');
    }
  });
});
