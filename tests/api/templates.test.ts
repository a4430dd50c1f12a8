/**
 * Report-template publishing (SPEC §2.20, §3 Template, §5 Template): every version kept, a
 * version published once, parameters checked one by one, and the versions readable back with the
 * script of the previous one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type ListData, type TemplateDetail, type TemplateSummary, type TemplateVersion } from '../../contract';
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

const publish = (body: Record<string, unknown>) => server.call<TemplateDetail>('POST', '/v2/js/template/create', { token, body });
const template = (version: string, extra: Record<string, unknown> = {}) => ({
  name: '日报',
  version,
  remark: `发布 ${version}`,
  code: `function report(params) {\n  return '${version}';\n}\n`,
  parameters: [
    { xianshiName: '开始日期', paramName: 'startDate', remark: '含当天' },
    { xianshiName: '结束日期', paramName: 'endDate' },
  ],
  ...extra,
});

describe('publishing a template', () => {
  it('stores the version with its parameters and says so', async () => {
    const { body } = await publish(template('1.0.0'));
    expect(body.code).toBe(Code.OK);
    expect(body.msg).toBe('已发布 日报 1.0.0');
    expect(body.data).toMatchObject({
      name: '日报',
      version: '1.0.0',
      creatorName: '超级管理员',
      parameters: [
        { xianshiName: '开始日期', paramName: 'startDate', remark: '含当天' },
        { xianshiName: '结束日期', paramName: 'endDate', remark: null },
      ],
      previous: null,
    });
  });

  it('keeps every version, and refuses to publish one a second time', async () => {
    expect((await publish(template('1.1.0'))).body.code).toBe(Code.OK);
    const again = await publish(template('1.1.0', { remark: 'again' }));
    expect(again.body).toMatchObject({ code: Code.DUPLICATE, msg: '该模板已发布过这个版本', data: { fields: { version: '该模板已发布过这个版本' } } });
    // Another template may use the same version.
    expect((await publish(template('1.1.0', { name: '周报' }))).body.code).toBe(Code.OK);

    const versions = await server.call<ListData<TemplateVersion>>('GET', '/v2/js/template/versions', { token, query: { name: '日报' } });
    expect(versions.body.data.items.map((v) => [v.version, v.parameterCount])).toEqual([['1.1.0', 2], ['1.0.0', 2]]);
  });

  it('lists templates by name with their latest version, most recent first', async () => {
    const { body } = await server.call<ListData<TemplateSummary>>('GET', '/v2/js/template/list', { token, query: { page: 1, size: 10 } });
    expect(body.data.total).toBe(2);
    expect(body.data.items.map((t) => [t.name, t.latestVersion, t.versions])).toEqual([['周报', '1.1.0', 1], ['日报', '1.1.0', 2]]);
    const searched = await server.call<ListData<TemplateSummary>>('GET', '/v2/js/template/list', { token, query: { searchKey: '日' } });
    expect(searched.body.data.items.map((t) => t.name)).toEqual(['日报']);
  });

  it('answers a version with the script of the one before it', async () => {
    const [latest, first] = (await server.call<ListData<TemplateVersion>>('GET', '/v2/js/template/versions', { token, query: { name: '日报' } })).body.data.items;
    const detail = (await server.call<TemplateDetail>('GET', '/v2/js/template/detail', { token, query: { id: latest!.id } })).body.data;
    expect(detail.code).toContain("return '1.1.0'");
    expect(detail.previous).toEqual({ id: first!.id, version: '1.0.0', code: expect.stringContaining("return '1.0.0'") });
    expect((await server.call('GET', '/v2/js/template/detail', { token, query: { id: 987654 } })).body.code).toBe(Code.NOT_FOUND);
  });

  it('refuses what breaks a rule, naming the field, and stores nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, 'name'],
      [{ version: '' }, 'version'],
      [{ version: '1.0 beta' }, 'version'],
      [{ remark: '' }, 'remark'],
      [{ code: '' }, 'code'],
      [{ parameters: [{ xianshiName: '', paramName: 'a' }] }, 'parameters.0.xianshiName'],
      [{ parameters: [{ xianshiName: 'x', paramName: '1abc' }] }, 'parameters.0.paramName'],
      [{ parameters: [{ xianshiName: 'x', paramName: 'a' }, { xianshiName: 'y', paramName: 'a' }] }, 'parameters.1.paramName'],
      [{ parameters: Array.from({ length: 51 }, (_, i) => ({ xianshiName: 'x', paramName: `p${i}` })) }, 'parameters'],
      [{ parameters: 'not a list' }, 'parameters'],
    ];
    for (const [change, field] of cases) {
      const { body } = await publish(template('9.9.9', { name: '坏模板', ...change }));
      expect(body.code, JSON.stringify(change).slice(0, 80)).toBe(Code.VALIDATION_FAILED);
      expect(Object.keys((body.data as unknown as { fields: object }).fields)).toEqual([field]);
    }
    const list = await server.call<ListData<TemplateSummary>>('GET', '/v2/js/template/list', { token, query: { searchKey: '坏' } });
    expect(list.body.data.total).toBe(0);
  });
});
