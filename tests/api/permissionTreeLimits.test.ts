/**
 * Every field limit of the menu form, the page-element form and the API form, at the boundary
 * the contract sets: the last accepted value is stored as sent, the first refused one stores nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiElementEntity, Code, directoryEntity, pageElementEntity, type Field, type PermissionNode } from '../../contract';
import { ADMIN, startTestServer, type TestServer } from './harness';

type NodeRecord = Omit<PermissionNode, 'children' | 'checked'>;

let server: TestServer;
let token: string;
let appId: number;
let menuId: number;
let pageId: number;

const chars = (n: number, c = 'x') => c.repeat(n);
let serial = 0;
/** A text of exactly `n` characters that no earlier call used (page codes are unique per app). */
const fresh = (n: number) => {
  const prefix = `c${++serial}:`;
  return prefix + chars(n - prefix.length);
};
const maxOf = (field: Field) => field.maxLength!;
/** Digits fields (sort, API code) travel as up to 10 digits (SPEC §5); the contract's digits() keeps that limit inside its rule. */
const MAX_DIGITS = 10;

interface Case {
  field: string;
  value: unknown;
  /** What is stored when accepted (defaults to the value sent). */
  stored?: unknown;
  accepted: boolean;
}

/** Text fields: `max` characters pass, one more and blank do not. */
const textCases = (field: string, max: number, make: (n: number) => string = (n) => chars(n, '名')): Case[] => [
  { field, value: make(max), accepted: true },
  { field, value: make(max + 1), accepted: false },
  { field, value: '', accepted: false },
  { field, value: '   ', accepted: false },
];

const digitCases = (field: string, stored: (digits: string) => unknown): Case[] => [
  { field, value: chars(MAX_DIGITS, '9'), stored: stored(chars(MAX_DIGITS, '9')), accepted: true },
  { field, value: chars(MAX_DIGITS + 1, '1'), accepted: false },
  { field, value: '12a', accepted: false },
  { field, value: -1, accepted: false },
  { field, value: '', accepted: false },
];

const { fields: dir } = directoryEntity;
const directoryCases: Case[] = [
  ...textCases('name', maxOf(dir.name)),
  ...textCases('path', maxOf(dir.path), (n) => `/${chars(n - 1)}`),
  ...textCases('url', maxOf(dir.url), chars),
  // An icon is a name the console has (contract/menuIcons.ts); the longest text is still bounded.
  { field: 'icon', value: 'SettingOutlined', accepted: true },
  { field: 'icon', value: 'no-such-icon', accepted: false },
  { field: 'icon', value: chars(maxOf(dir.icon) + 1), accepted: false },
  { field: 'icon', value: '', accepted: false },
  ...digitCases('sort', Number),
  { field: 'parentId', value: chars(MAX_DIGITS + 1, '1'), accepted: false },
  { field: 'parentId', value: 'x', accepted: false },
  { field: 'appId', value: '', accepted: false },
  { field: 'appId', value: 'x', accepted: false },
  { field: 'appId', value: 0, accepted: false },
  { field: 'menuType', value: 6, accepted: false },
  { field: 'menuType', value: '', accepted: false },
];

const pageCases: Case[] = [...textCases('code', maxOf(pageElementEntity.fields.code), fresh), ...textCases('name', maxOf(pageElementEntity.fields.name))];

const apiCases: Case[] = [
  ...digitCases('code', String),
  ...textCases('name', maxOf(apiElementEntity.fields.name)),
  ...textCases('url', maxOf(apiElementEntity.fields.url), (n) => `/${chars(n - 1)}`),
];

const countNodes = async () =>
  Number((await server.db.selectFrom('permission').select((eb) => eb.fn.countAll<number>().as('n')).where('appId', '=', appId).executeTakeFirstOrThrow()).n);

async function check(path: string, base: Record<string, unknown>, { field, value, stored, accepted }: Case) {
  const before = await countNodes();
  const { body } = await server.call<NodeRecord>('POST', `/base/admin${path}`, { token, body: { ...base, [field]: value } });
  if (accepted) {
    expect(body.code, JSON.stringify(body)).toBe(Code.OK);
    const expected = stored ?? value;
    expect((body.data as unknown as Record<string, unknown>)[field]).toEqual(expected);
    const row = await server.db.selectFrom('permission').selectAll().where('id', '=', body.data.id).executeTakeFirstOrThrow();
    expect((row as unknown as Record<string, unknown>)[field]).toEqual(expected);
    expect(await countNodes()).toBe(before + 1);
  } else {
    expect(body.code, JSON.stringify(body)).toBe(Code.VALIDATION_FAILED);
    expect(Object.keys((body.data as unknown as { fields: Record<string, string> }).fields)).toContain(field);
    expect(await countNodes()).toBe(before);
  }
}

const label = ({ field, value, accepted }: Case) => `${field} = ${JSON.stringify(value).slice(0, 24)} (${String(value).length}) is ${accepted ? 'stored' : 'refused'}`;

beforeAll(async () => {
  server = await startTestServer();
  token = await server.tokenFor(ADMIN.username, ADMIN.password);
  const app = await server.call<{ id: number }>('POST', '/base/admin/app/saveOrUpdate', {
    token,
    body: { code: 'plimit', name: '限制系统', businessType: 1, isEnable: '1', sort: 90, address: 'https://plimit.example.com' },
  });
  appId = app.body.data.id;
  const nav = await server.call<NodeRecord>('POST', '/base/admin/permission/saveOrUpdate', {
    token,
    body: { menuType: 3, appId, parentId: 0, name: '导航', sort: 1, path: '/n', url: 'n', icon: 'menu' },
  });
  const menu = await server.call<NodeRecord>('POST', '/base/admin/permission/saveOrUpdate', {
    token,
    body: { menuType: 4, appId, parentId: nav.body.data.id, name: '菜单', sort: 1, path: '/n/m', url: 'm', icon: 'table' },
  });
  menuId = menu.body.data.id;
  const page = await server.call<NodeRecord>('POST', '/base/admin/menu/saveOrUpdate', { token, body: { menuType: 1, appId, parentId: menuId, code: 'limit:list', name: '查询' } });
  pageId = page.body.data.id;
});
afterAll(async () => {
  await server?.close();
});

describe('menu form limits', () => {
  it.each(directoryCases.map((c) => [label(c), c] as const))('%s', (_, c) =>
    // A path of its own per case: two menus of one sub-system cannot share one.
    check('/permission/saveOrUpdate', { menuType: 3, appId, parentId: 0, name: '导航', sort: 1, path: `/p${++serial}`, url: 'p', icon: 'tool' }, c),
  );
});

describe('page element form limits', () => {
  it.each(pageCases.map((c) => [label(c), c] as const))('%s', (_, c) => check('/menu/saveOrUpdate', { menuType: 1, appId, parentId: menuId, code: fresh(10), name: '按钮' }, c));
});

describe('API form limits', () => {
  it.each(apiCases.map((c) => [label(c), c] as const))('%s', (_, c) =>
    check('/menu/saveOrUpdate', { menuType: 2, appId, parentId: pageId, code: '1', name: '接口', url: '/a/list' }, c),
  );
});
