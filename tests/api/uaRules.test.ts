/**
 * One UA publisher cannot decide every parse, and what they publish can be undone (review 2, M5):
 * a rule matching the empty string or most real UA strings is refused, a rule must match its own
 * record, "mark matches" is bounded, and a rule can be unpublished (every server's parse, preview
 * and export stop using it) and a record reopened, each under a grant of its own. Also the low
 * finding: an object where the UA id belongs is refused like any other bad id.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type ListData } from '../../contract';
import type { UaResult } from '../../contract/ua';
import { buildApp } from '../../server/app';
import { DEFAULT_SESSION_POLICY, DEFAULT_THROTTLE_POLICY } from '../../server/config';
import { currentSchema, openDatabase, type DatabaseHandle } from '../../server/db/database';
import { migrateToLatest, migrations } from '../../server/db/migrations';
import { MIGRATION_UNPUBLISHER } from '../../server/db/migrations/0016_ua_unpublish';
import { ADMIN, startTestServer, type TestServer } from './harness';
import { apiNode, nodeByCode } from './screenGrants';

let server: TestServer;
let token: string;
type UaDb = Kysely<{ uaRecord: { id: number; uaMessage: string; uaStatus: string; parserType: string | null }; uaRule: { id: number; uaId: number } }>;
const db = () => server.db as unknown as UaDb;
const english = { 'accept-language': 'en-US' };

async function record(uaMessage: string, uaStatus = '0'): Promise<number> {
  return (await db().insertInto('uaRecord').values({ uaMessage, uaStatus, parserType: uaStatus === '1' ? 'uap-core' : null } as never).returning('id').executeTakeFirstOrThrow()).id;
}
const statusOf = async (id: number) => (await db().selectFrom('uaRecord').select(['uaStatus', 'parserType']).where('id', '=', id).executeTakeFirstOrThrow());
const rulesOf = async (uaId: number) => db().selectFrom('uaRule').select('id').where('uaId', '=', uaId).execute();
const fieldsOf = (data: unknown) => (data as { fields: Record<string, string> }).fields;

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

beforeAll(async () => {
  server = await startTestServer();
  token = await server.tokenFor(ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await server?.close();
});

async function parse(app: FastifyInstance | undefined, uaMessages: string[]): Promise<UaResult[]> {
  if (!app) return (await server.call<UaResult[]>('POST', '/v2/ua/parse', { token, body: { uaMessages } })).body.data ?? [];
  const answer = await app.inject({ method: 'POST', url: '/v2/ua/parse', headers: { access_token: token, 'content-type': 'application/json' }, payload: JSON.stringify({ uaMessages }) });
  return (answer.json() as { data: UaResult[] }).data;
}

describe('a rule that would decide every parse is refused', () => {
  it('refuses "^" → PWNED in every group (the review: every string parsed as PWNED), saying it matches the empty string', async () => {
    const id = await record('Zhuque-Agent Heron-M1 build/973 net/wifi');
    const { body } = await server.call('POST', '/v2/ua/setUaParser', {
      token,
      headers: english,
      body: { uaId: id, browserParser: { regex: '^', family_replacement: 'PWNED' }, osParser: { regex: '^', os_replacement: 'PWNED-OS' }, deviceParser: { regex: '^', device_replacement: 'PWNED-DEV' } },
    });
    expect(body.code).toBe(Code.VALIDATION_FAILED);
    for (const group of ['browserParser', 'osParser', 'deviceParser']) expect(fieldsOf(body.data)[`${group}.regex`], group).toMatch(/empty string/);
    expect((await parse(undefined, [CHROME]))[0]?.ua.family).toBe('Chrome');
    expect(await rulesOf(id)).toEqual([]);
    expect((await statusOf(id)).uaStatus).toBe('0');
  });

  it('refuses a rule matching most real UA strings, saying how many of the reference strings it matches', async () => {
    const id = await record(`${CHROME} ZhuqueApp/2.0`);
    const { body } = await server.call('POST', '/v2/ua/setUaParser', { token, headers: english, body: { uaId: id, browserParser: { regex: '(Mozilla)', family_replacement: 'Zhuque' } } });
    expect(body.code).toBe(Code.VALIDATION_FAILED);
    expect(fieldsOf(body.data)['browserParser.regex']).toMatch(/matches \d+% of \d+ reference UA strings \(at most 20%\)/);
    // The bench's preview gives the same verdict before submitting.
    const preview = await server.call('POST', '/v2/ua/preview', { token, headers: english, body: { uaId: id, rule: { browserParser: { regex: '(Mozilla)' } } } });
    expect(preview.body.code).toBe(Code.VALIDATION_FAILED);
    expect(fieldsOf(preview.body.data)['rule.browserParser.regex']).toMatch(/reference UA strings/);
    // A rule for the app's own token is fine.
    const narrow = await server.call('POST', '/v2/ua/setUaParser', { token, body: { uaId: id, browserParser: { regex: '(ZhuqueApp)/(\\d+)\\.(\\d+)' } } });
    expect(narrow.body.code).toBe(Code.OK);
  });

  it('refuses a rule that does not match its own record', async () => {
    const id = await record('Qingniao-Agent Kestrel-K9 build/120 net/wifi');
    const { body } = await server.call('POST', '/v2/ua/setUaParser', { token, headers: english, body: { uaId: id, deviceParser: { regex: 'Orca (T\\d)', device_replacement: 'Orca $1' } } });
    expect(body.code).toBe(Code.VALIDATION_FAILED);
    expect(fieldsOf(body.data)['deviceParser.regex']).toMatch(/does not match this record/);
    expect(await rulesOf(id)).toEqual([]);
  });

  it('refuses "mark matches" when the rule would also close more than 100 records, and closes none', async () => {
    const id = await record('BulkProbe/1.0 (Lynx P20; own)');
    const others: number[] = [];
    for (let i = 0; i < 150; i++) others.push(await record(`BulkProbe/1.${i} (Lynx P20; other ${i})`));
    const { body } = await server.call('POST', '/v2/ua/setUaParser', { token, headers: english, body: { uaId: id, markMatches: true, deviceParser: { regex: 'BulkProbe/\\d+\\.\\d+ \\((Lynx P20)', device_replacement: '$1' } } });
    expect(body.code).toBe(Code.VALIDATION_FAILED);
    expect(fieldsOf(body.data).markMatches).toMatch(/150 other unprocessed records.*at most 100/);
    expect((await statusOf(id)).uaStatus).toBe('0');
    const closed = await db().selectFrom('uaRecord').select('id').where('id', 'in', others).where('uaStatus', '=', '1').execute();
    expect(closed).toEqual([]);
    // Without marking, the rule is published for its own record only.
    const plain = await server.call('POST', '/v2/ua/setUaParser', { token, body: { uaId: id, deviceParser: { regex: 'BulkProbe/\\d+\\.\\d+ \\((Lynx P20)', device_replacement: '$1' } } });
    expect(plain.body).toMatchObject({ code: Code.OK, data: { alsoProcessed: 0 } });
  });
});

describe('what was published can be undone', () => {
  const KESTREL = 'ZhuqueClient/3.2.417 (Kestrel K9; HaloOS 2.1; zh_CN)';
  const RULE = { regex: 'Kestrel (K\\d+);', device_replacement: 'Kestrel $1', brand_replacement: 'Kestrel', model_replacement: '$1' };

  it('unpublishes a rule: parse, preview and export stop using it on every server, and the rule list says so', async () => {
    const other = pino({ level: 'silent' });
    const second = await buildApp({ db: server.db, logger: other, config: { workbenchUrl: '/login', trustProxy: false, session: DEFAULT_SESSION_POLICY, throttle: DEFAULT_THROTTLE_POLICY } });
    try {
      const id = await record(KESTREL);
      const lookalike = await record('QingniaoClient/1.0 (Kestrel K7; HaloOS 1.0)');
      expect((await server.call('POST', '/v2/ua/setUaParser', { token, body: { uaId: id, deviceParser: RULE } })).body.code).toBe(Code.OK);
      expect((await parse(second, [KESTREL]))[0]?.device.family).toBe('Kestrel K9');

      const rules = await server.call<ListData<{ id: number; uaId: number; kind: string; rule: { regex: string }; isPublished: boolean }>>('GET', '/v2/ua/rule/list', { token, query: { uaId: id } });
      expect(rules.body.data?.items).toMatchObject([{ uaId: id, kind: 'device', rule: { regex: RULE.regex }, isPublished: true }]);
      const ruleId = rules.body.data!.items[0]!.id;

      const unpublished = await server.call('POST', '/v2/ua/rule/delete', { token, body: { ids: String(ruleId) } });
      expect(unpublished.body).toMatchObject({ code: Code.OK, data: { unpublished: 1 } });
      expect((await parse(second, [KESTREL]))[0]?.device.family).toBe('Other');
      expect((await parse(undefined, [KESTREL]))[0]?.device.family).toBe('Other');
      const export_ = await server.app.inject({ method: 'GET', url: '/v2/ua/export', headers: { access_token: token } });
      expect(export_.body).not.toContain('Kestrel');
      const preview = await server.call<{ count: number }>('POST', '/v2/ua/preview', { token, body: { uaId: lookalike, rule: { browserParser: { regex: '(HaloOS) (\\d+)' } } } });
      expect(preview.body.code).toBe(Code.OK);
      const after = await server.call<ListData<{ id: number; isPublished: boolean; unpublishedBy: string | null }>>('GET', '/v2/ua/rule/list', { token, query: { uaId: id } });
      expect(after.body.data?.items).toMatchObject([{ id: ruleId, isPublished: false, unpublishedBy: expect.any(String) }]);
      // Unpublishing again changes nothing.
      expect((await server.call('POST', '/v2/ua/rule/delete', { token, body: { ids: String(ruleId) } })).body).toMatchObject({ code: Code.OK, data: { unpublished: 0 } });
    } finally {
      await second.close();
    }
  });

  it('reopens a processed record: it is unprocessed again, ready for another rule', async () => {
    const id = await record('HongyeClient/2.0 (Falcon X5; HaloOS 3.0)');
    expect((await server.call('POST', '/v2/ua/setUaParser', { token, body: { uaId: id, deviceParser: { regex: '(Falcon X5)', device_replacement: '$1' } } })).body.code).toBe(Code.OK);
    expect(await statusOf(id)).toEqual({ uaStatus: '1', parserType: 'device' });
    const { body } = await server.call('POST', '/v2/ua/update/reopen', { token, body: { ids: String(id) } });
    expect(body).toMatchObject({ code: Code.OK, data: { reopened: 1 } });
    expect(await statusOf(id)).toEqual({ uaStatus: '0', parserType: null });
  });

  it('unpublish and reopen are page elements of their own, each with its own calls', async () => {
    const unpublish = await nodeByCode(server.db, 'ua:unpublish');
    const reopen = await nodeByCode(server.db, 'ua:reopen');
    expect(unpublish.parentId).toBe(reopen.parentId);
    await apiNode(server.db, 'ua:unpublish', '/v2/ua/rule/delete');
    await apiNode(server.db, 'ua:unpublish', '/v2/ua/rule/list');
    await apiNode(server.db, 'ua:reopen', '/v2/ua/update/reopen');

    await server.createUser({ code: 'uapublisher', password: 'Ua#Publish2024', apis: ['/v2/ua/setUaParser', '/v2/ua/parse', '/v2/ua/preview', '/v2/ua/export'] });
    const publisher = await server.tokenFor('uapublisher', 'Ua#Publish2024');
    expect((await server.call('POST', '/v2/ua/rule/delete', { token: publisher, body: { ids: '1' } })).body.code).toBe(Code.FORBIDDEN);
    expect((await server.call('POST', '/v2/ua/update/reopen', { token: publisher, body: { ids: '1' } })).body.code).toBe(Code.FORBIDDEN);
  });
});

describe('rules published before the limits', () => {
  /** A database of its own (a file, or a schema of the test server), migrated up to but not including 0016. */
  async function databaseBefore0016(): Promise<{ handle: DatabaseHandle; dispose: () => Promise<void> }> {
    const url = process.env.TEST_DATABASE_URL;
    let handle: DatabaseHandle;
    let dispose: () => Promise<void>;
    if (url) {
      const schema = `test_${randomBytes(6).toString('hex')}`;
      const admin = async (statement: string) => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(statement).finally(() => client.end());
      };
      await admin(`create schema ${schema}`);
      handle = openDatabase(url, { searchPath: schema });
      dispose = async () => {
        await handle.close();
        await admin(`drop schema ${schema} cascade`);
      };
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'ua-0016-'));
      handle = openDatabase(join(dir, 'test.db'));
      dispose = async () => {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      };
    }
    const earlier = Object.fromEntries(Object.entries(migrations(handle.dialect)).filter(([name]) => name < '0016'));
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => earlier }, migrationTableSchema: await currentSchema(handle), allowUnorderedMigrations: true });
    const { error } = await migrator.migrateToLatest();
    if (error) throw error;
    return { handle, dispose };
  }

  it('migration 0016 unpublishes those the checks now refuse (the review\'s "^" → PWNED, ".{1000}" × 20) and keeps the rest', async () => {
    const { handle, dispose } = await databaseBefore0016();
    try {
      const insert = async (rule: object) =>
        (await sql<{ id: number }>`insert into ua_rule (kind, rule, ua_id, create_time, creator_name) values ('ua', ${JSON.stringify(rule)}, 1, 1, 'atk_ua') returning id`.execute(handle.db)).rows[0]!.id;
      const pwned = await insert({ regex: '^', family_replacement: 'PWNED' });
      const huge = await insert({ regex: '.{1000}'.repeat(20) });
      const kestrel = await insert({ regex: 'Kestrel (K\\d+)', device_replacement: 'Kestrel $1' });
      await migrateToLatest(handle);
      const { rows } = await sql<{ id: number; unpublisherName: string | null }>`select id, unpublisher_name from ua_rule order by id`.execute(handle.db);
      expect(rows).toEqual([
        { id: pwned, unpublisherName: MIGRATION_UNPUBLISHER },
        { id: huge, unpublisherName: MIGRATION_UNPUBLISHER },
        { id: kestrel, unpublisherName: null },
      ]);
    } finally {
      await dispose();
    }
  }, 60_000);
});

describe('the UA id is checked like every other id', () => {
  it('answers 1001, not 500, to an object where the UA id or a rule field belongs', async () => {
    const id = await record('XiyouClient/1.0 (Ibis S8)');
    for (const body of [
      { uaId: { toString: 1 }, browserParser: { regex: '(XiyouClient)' } },
      { uaId: [id], browserParser: { regex: '(XiyouClient)' } },
      { uaId: id, browserParser: { regex: { toString: 1 } } },
      { uaId: id, browserParser: { regex: '(XiyouClient)', family_replacement: { toString: 1 } } },
    ]) {
      const answer = await server.call('POST', '/v2/ua/setUaParser', { token, headers: english, body });
      expect(answer.status, JSON.stringify(body)).toBeLessThan(500);
      expect(answer.body.code, JSON.stringify(body)).toBe(Code.VALIDATION_FAILED);
    }
    const preview = await server.call('POST', '/v2/ua/preview', { token, body: { uaId: { toString: 1 }, rule: { browserParser: { regex: '(XiyouClient)' } } } });
    expect(preview.body.code).toBe(Code.VALIDATION_FAILED);
    expect(await rulesOf(id)).toEqual([]);
  });
});
