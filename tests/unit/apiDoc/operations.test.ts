/** The API reference page's reading of the document: rows, search in either language, groups by tag, types. */
import { describe, expect, it } from 'vitest';
import type { DocDocument, DocOperation } from '../../../contract/openapi';
import { groupedOperations, typeOf } from '../../../resources/apiDoc/operations';

const operation = (tag: string, zh: string, en: string, extra: Partial<DocOperation> = {}): DocOperation => ({
  operationId: en,
  summary: en,
  tags: [tag],
  parameters: [],
  responses: {},
  security: [],
  'x-title': { 'zh-CN': zh, 'en-US': en },
  'x-access': 'permission',
  'x-api-element': '/user/list',
  'x-granted-by': [{ menu: 'user', pageElement: 'user:list' }],
  'x-codes': [0],
  'x-example': {},
  ...extra,
});

const document = {
  openapi: '3.1.0',
  info: { title: 't', version: '1', description: '' },
  servers: [],
  tags: [],
  components: {},
  'x-codes': {},
  paths: {
    '/v2/ua/parse': { post: operation('/v2 ua', '解析UA', 'Parse UA', { 'x-api-element': '/v2/ua/parse', 'x-granted-by': [{ menu: 'ua', pageElement: 'ua:list' }] }) },
    '/base/admin/user/list': { get: operation('/base/admin user', '列表', 'List'), post: operation('/base/admin user', '列表', 'List') },
    '/base/admin/user/login': { post: operation('/base/admin user', '登录', 'Sign in', { 'x-access': 'public', 'x-api-element': undefined, 'x-granted-by': undefined }) },
  },
} satisfies DocDocument;

describe('the API reference', () => {
  it('groups every operation by its tag, tags and paths in order, GET before POST', () => {
    const groups = groupedOperations(document, '');
    expect(groups.map((g) => g.tag)).toEqual(['/base/admin user', '/v2 ua']);
    expect(groups[0]!.rows.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /base/admin/user/list', 'POST /base/admin/user/list', 'POST /base/admin/user/login']);
  });

  it('finds an operation by its name in either language, its granting button or its access, every word counting', () => {
    expect(groupedOperations(document, '登录').flatMap((g) => g.rows.map((r) => r.path))).toEqual(['/base/admin/user/login']);
    expect(groupedOperations(document, 'parse ua').flatMap((g) => g.rows.map((r) => r.path))).toEqual(['/v2/ua/parse']);
    expect(groupedOperations(document, 'ua:list').flatMap((g) => g.rows.map((r) => r.path))).toEqual(['/v2/ua/parse']);
    expect(groupedOperations(document, 'public').flatMap((g) => g.rows.map((r) => r.path))).toEqual(['/base/admin/user/login']);
    expect(groupedOperations(document, 'list nothing-like-this')).toEqual([]);
  });

  it('names a parameter type from its JSON Schema', () => {
    expect(typeOf({ type: 'string' })).toBe('string');
    expect(typeOf({ type: 'array', items: { type: 'integer' } })).toBe('integer[]');
    expect(typeOf({ anyOf: [{ type: 'integer' }, { type: 'string' }] })).toBe('integer | string');
    expect(typeOf({ enum: ['asc', 'desc'] })).toBe('asc | desc');
    expect(typeOf({})).toBe('any');
  });
});
