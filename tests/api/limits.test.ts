/**
 * Every length and value limit of the parameter and sub-system entities, at the boundary:
 * the last accepted value is stored as sent, the first refused one stores nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract';
import { ADMIN, startTestServer, type TestServer } from './harness';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.tokenFor(ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await server?.close();
});

const chars = (n: number, c = 'x') => c.repeat(n);
let serial = 0;
const uniqueKey = (n: number) => {
  const prefix = `k${++serial}-`;
  return prefix + chars(n - prefix.length);
};

interface Case {
  field: string;
  value: unknown;
  /** What is stored when accepted (defaults to the value sent). */
  stored?: unknown;
  accepted: boolean;
}

const paramCases: Case[] = [
  { field: 'paramKey', value: uniqueKey(50), accepted: true },
  { field: 'paramKey', value: uniqueKey(51), accepted: false },
  { field: 'paramKey', value: '', accepted: false },
  { field: 'paramKey', value: '   ', accepted: false },
  { field: 'value', value: chars(50), accepted: true },
  { field: 'value', value: chars(51), accepted: false },
  { field: 'value', value: '', accepted: false },
  { field: 'remark', value: chars(500), accepted: true },
  { field: 'remark', value: chars(501), accepted: false },
  { field: 'remark', value: '', stored: null, accepted: true },
  { field: 'sortNum', value: '9999999999', stored: 9999999999, accepted: true },
  { field: 'sortNum', value: '12345678901', accepted: false },
  { field: 'sortNum', value: '12a', accepted: false },
  { field: 'sortNum', value: -1, accepted: false },
  { field: 'sortNum', value: '', accepted: false },
  { field: 'spareParam', value: [chars(50, 'a'), chars(50, 'b'), chars(50, 'c')].join(','), accepted: true },
  { field: 'spareParam', value: [chars(51, 'a'), 'b', 'c'].join(','), accepted: false },
  { field: 'spareParam', value: ['a', chars(51, 'b')].join(','), accepted: false },
  { field: 'spareParam', value: 'a,b,c,d', accepted: false },
];

const appCases: Case[] = [
  { field: 'code', value: uniqueKey(20), accepted: true },
  { field: 'code', value: uniqueKey(21), accepted: false },
  { field: 'code', value: '', accepted: false },
  { field: 'name', value: chars(20, '名'), accepted: true },
  { field: 'name', value: chars(21, '名'), accepted: false },
  { field: 'address', value: `/${chars(99)}`, accepted: true },
  { field: 'address', value: `/${chars(100)}`, accepted: false },
  { field: 'logo', value: chars(100), accepted: true },
  { field: 'logo', value: chars(101), accepted: false },
  { field: 'sort', value: 9999999999, accepted: true },
  { field: 'sort', value: '12345678901', accepted: false },
  { field: 'businessType', value: 3, accepted: true },
  { field: 'businessType', value: 4, accepted: false },
  { field: 'businessType', value: undefined, accepted: false },
  { field: 'isEnable', value: '0', accepted: true },
  { field: 'isEnable', value: '2', accepted: false },
];

const resources = [
  {
    name: 'param',
    cases: paramCases,
    valid: () => ({ sortNum: 1, paramKey: uniqueKey(12), value: 'v', remark: 'r', spareParam: 'a' }),
  },
  {
    name: 'app',
    cases: appCases,
    valid: () => ({ code: uniqueKey(10), name: '名称', businessType: 1, isEnable: '1', sort: 1, address: '/x', logo: 'l' }),
  },
] as const;

const shown = (value: unknown) => (typeof value === 'string' ? `"${value.length > 12 ? `${value.slice(0, 6)}…` : value}" (${value.length} chars)` : String(value));

describe.each(resources)('$name limits', ({ name, cases, valid }) => {
  const count = async () => Number((await server.call<{ total: number }>('GET', `/base/admin/${name}/list`, { token, query: { size: 1 } })).body.data.total);

  it.each(cases.map((c) => ({ ...c, shown: shown(c.value) })))('$field = $shown: accepted $accepted', async ({ field, value: sent, stored, accepted }) => {
    const body = { ...valid(), [field]: sent };
    const before = await count();
    const answer = await server.call<Record<string, unknown>>('POST', `/base/admin/${name}/saveOrUpdate`, { token, body });
    if (accepted) {
      expect(answer.body.code, JSON.stringify(answer.body)).toBe(Code.OK);
      const expected = stored !== undefined ? stored : typeof sent === 'string' && /^\d+$/.test(sent) && field === 'sortNum' ? Number(sent) : sent;
      expect(answer.body.data[field]).toEqual(expected);
      const reread = await server.call<Record<string, unknown>>('GET', `/base/admin/${name}/detail`, { token, query: { id: answer.body.data.id as number } });
      expect(reread.body.data[field]).toEqual(expected);
      expect(await count()).toBe(before + 1);
    } else {
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe(Code.VALIDATION_FAILED);
      const fields = (answer.body.data as { fields: Record<string, string> }).fields;
      expect(Object.keys(fields)).toEqual([field]);
      expect(answer.body.msg).toBe(fields[field]);
      expect(await count()).toBe(before);
    }
  });
});

describe('validation messages', () => {
  it('name the field and the limit, in Chinese by default and English on request', async () => {
    const body = { sortNum: 1, paramKey: chars(51), value: 'v' };
    const zh = await server.call('POST', '/base/admin/param/saveOrUpdate', { token, body });
    expect(zh.body.msg).toBe('Key长度不能超过50个字符');
    const en = await server.call('POST', '/base/admin/param/saveOrUpdate', { token, body, headers: { 'accept-language': 'en' } });
    expect(en.body.msg).toBe('Key must be at most 50 characters');
    const required = await server.call('POST', '/base/admin/param/saveOrUpdate', { token, body: { sortNum: 1, paramKey: 'k' } });
    expect(required.body.msg).toBe('值不能为空');
  });
});
