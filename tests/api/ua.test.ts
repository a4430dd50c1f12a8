/**
 * The UA rule tool's calls (SPEC §2.15, §7 UA): publishing stores the rule and marks the record
 * processed; bad and catastrophic patterns are refused naming the field; no pattern or string can
 * stall the server; the parse call answers uap-core's result shape; the export is a regexes.yaml
 * that uap-core's reference parser reads.
 */
import { load } from 'js-yaml';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import uapParser from 'uap-ref-impl';
import { Code, type ListData } from '../../contract';
import type { UaResult } from '../../contract/ua';
import { ADMIN, startTestServer, type TestServer } from './harness';

let server: TestServer;
let token: string;
type UaDb = Kysely<{ uaRecord: { id: number; uaMessage: string; uaStatus: string; parserType: string | null }; uaRule: { id: number; kind: string; rule: string } }>;
const db = () => server.db as unknown as UaDb;

async function record(uaMessage: string, uaStatus = '0'): Promise<number> {
  return (await db().insertInto('uaRecord').values({ uaMessage, uaStatus, parserType: null } as never).returning('id').executeTakeFirstOrThrow()).id;
}
const statusOf = async (id: number) => (await db().selectFrom('uaRecord').select('uaStatus').where('id', '=', id).executeTakeFirstOrThrow()).uaStatus;
const english = { 'accept-language': 'en-US' };

beforeAll(async () => {
  server = await startTestServer();
  token = await server.tokenFor(ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await server?.close();
});

const KESTREL = 'ZhuqueClient/3.2.417 (Kestrel K9; HaloOS 2.1; zh_CN)';
const KESTREL_RULE = { regex: 'Kestrel (K\\d+)', device_replacement: 'Kestrel $1', brand_replacement: 'Kestrel', model_replacement: '$1', device_type_replacement: 'phone', is_mobile_replacement: '1' };

describe('publishing a rule', () => {
  it('stores the rule, marks the record and, when asked, the other records it classifies as processed', async () => {
    const id = await record(KESTREL);
    const other = await record('QingniaoClient/1.0 (Kestrel K7; HaloOS 1.0)');
    const unrelated = await record('Mingyue-Agent Orca-T3 build/120');
    const before = await server.call<UaResult[]>('POST', '/v2/ua/parse', { token, body: { uaMessages: [KESTREL] } });
    expect(before.body.data?.[0]?.device).toEqual({ family: 'Other', brand: null, model: null });

    const preview = await server.call<{ count: number; examples: Array<{ id: number }> }>('POST', '/v2/ua/preview', { token, body: { uaId: id, rule: { deviceParser: KESTREL_RULE } } });
    expect(preview.body.data).toMatchObject({ count: 1, examples: [{ id: other }] });

    // Empty fields and groups are dropped, as the form does.
    const { body } = await server.call('POST', '/v2/ua/setUaParser', {
      token,
      body: { uaId: id, markMatches: true, deviceParser: { ...KESTREL_RULE, type: '' }, osParser: { regex: '', os_replacement: '' } },
    });
    expect(body).toMatchObject({ code: Code.OK, msg: '提交成功', data: { uaId: id, alsoProcessed: 1 } });
    expect([await statusOf(id), await statusOf(other), await statusOf(unrelated)]).toEqual(['1', '1', '0']);
    const rules = await db().selectFrom('uaRule').select(['kind', 'rule']).execute();
    expect(rules.map((r) => [r.kind, JSON.parse(r.rule)])).toEqual([['device', KESTREL_RULE]]);

    const after = await server.call<UaResult[]>('POST', '/v2/ua/parse', { token, body: { uaMessages: [KESTREL] } });
    expect(after.body.data?.[0]?.device).toEqual({ family: 'Kestrel K9', brand: 'Kestrel', model: 'K9' });
    const list = await server.call<ListData<{ id: number; uaStatus: string; parserType: string }>>('GET', '/v2/ua/list', { token, query: { page: 1, pageSize: 30, uaStatus: '1', uaMessage: 'kestrel' } });
    expect(list.body.data?.items.map((r) => [r.id, r.parserType]).sort()).toEqual([[id, 'device'], [other, 'device']].sort());
  });

  it('refuses a pattern that does not compile or can backtrack catastrophically, with 1001 naming the field', async () => {
    const id = await record('Foo/1.0');
    const refused = async (regex: string) => (await server.call('POST', '/v2/ua/setUaParser', { token, headers: english, body: { uaId: id, browserParser: { regex } } })).body;
    const broken = await refused('Foo/([0-9]+');
    expect(broken.code).toBe(Code.VALIDATION_FAILED);
    expect((broken.data as { fields: Record<string, string> }).fields['browserParser.regex']).toMatch(/does not compile/);
    for (const regex of ['(a+)+$', '^(\\w+\\s?)*$', '(Foo|Fo)+/']) {
      const body = await refused(regex);
      expect(body.code, regex).toBe(Code.VALIDATION_FAILED);
      expect((body.data as { fields: Record<string, string> }).fields['browserParser.regex'], regex).toMatch(/super-linearly/);
    }
    expect((await refused('(?<=Foo)/1')).msg).toMatch(/look-arounds or back-references/);
    expect(await statusOf(id)).toBe('0');
    expect(await db().selectFrom('uaRule').select('id').where('uaId' as never, '=', id as never).execute()).toEqual([]);
  });
});

describe('no rule or string can stall the server', () => {
  it('answers a 100 KB string with an adversarial draft within a second, while other requests keep being answered', async () => {
    const huge = 'a'.repeat(100 * 1024);
    // Polynomial on a backtracking engine (passes the static check), linear on RE2.
    const rule = { browserParser: { regex: '.*a.*a.*a.*a.*a.*c' } };
    const started = Date.now();
    let otherAnsweredAt = 0;
    const parse = server.call<UaResult[]>('POST', '/v2/ua/parse', { token, body: { uaMessages: [huge, huge.slice(0, 2000)], rule } });
    const other = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const answer = await server.call('GET', '/v2/ua/list', { token, query: { page: 1 } });
      otherAnsweredAt = Date.now() - started;
      return answer;
    })();
    const [parsed, listed] = await Promise.all([parse, other]);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(otherAnsweredAt).toBeLessThan(1000);
    expect(listed.body.code).toBe(Code.OK);
    expect(parsed.body.data?.map((r) => r.ua.family)).toEqual(['Other', 'Other']);

    const catastrophic = await server.call('POST', '/v2/ua/parse', { token, body: { uaMessages: [`${huge}!`], rule: { deviceParser: { regex: '(a+)+$' } } } });
    expect(catastrophic.body.code).toBe(Code.VALIDATION_FAILED);
    expect(Object.keys((catastrophic.body.data as { fields: object }).fields)).toEqual(['rule.deviceParser.regex']);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('bounds the parse call: at most 1,000 strings of at most 128 KB', async () => {
    const many = await server.call('POST', '/v2/ua/parse', { token, body: { uaMessages: Array.from({ length: 1001 }, () => 'x') } });
    expect(many.body.code).toBe(Code.VALIDATION_FAILED);
    const long = await server.call('POST', '/v2/ua/parse', { token, body: { uaMessages: ['ok', 'x'.repeat(129 * 1024)] } });
    expect(long.body).toMatchObject({ code: Code.VALIDATION_FAILED, data: { fields: { 'uaMessages.1': expect.any(String) } } });
  });
});

describe('parsing and exporting', () => {
  it("answers uap-core's result shape, a draft rule in front of the published ones", async () => {
    const chrome = 'Mozilla/5.0 (Linux; Android 10; SM-G973F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/83.0.4103.106 Mobile Safari/537.36';
    const { body } = await server.call<UaResult[]>('POST', '/v2/ua/parse', {
      token,
      body: { uaMessages: [chrome, 'nothing known'], rule: { browserParser: { regex: '(Chrome)/(\\d+)', family_replacement: 'Draft $1' } } },
    });
    expect(body.data).toEqual([
      {
        ua: { family: 'Draft Chrome', major: '83', minor: null, patch: null },
        os: { family: 'Android', major: '10', minor: null, patch: null, patchMinor: null },
        device: { family: 'Samsung SM-G973F', brand: 'Samsung', model: 'SM-G973F' },
      },
      {
        ua: { family: 'Other', major: null, minor: null, patch: null },
        os: { family: 'Other', major: null, minor: null, patch: null, patchMinor: null },
        device: { family: 'Other', brand: null, model: null },
      },
    ]);
  });

  it("exports the rule set as a regexes.yaml that uap-core's reference parser reads, published rules first", async () => {
    const answer = await server.app.inject({ method: 'GET', url: '/v2/ua/export', headers: { access_token: token } });
    expect(answer.headers['content-type']).toMatch(/yaml/);
    const parser = uapParser(load(answer.body) as Parameters<typeof uapParser>[0]);
    const parsed = parser.parse(KESTREL);
    expect([parsed.device.family, parsed.device.brand, parsed.device.model]).toEqual(['Kestrel K9', 'Kestrel', 'K9']);
    expect(parser.parse('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36').ua.family).toBe('Chrome');
  });
});
