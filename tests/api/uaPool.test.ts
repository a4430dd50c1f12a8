/**
 * The UA worker pool (server/ua/pool.ts) and the tasks it runs (server/ua/tasks.ts): a task that
 * spends its time budget is stopped by terminating its worker, the call answers 1010 and the next
 * task runs on a fresh worker; a full queue refuses at once; a worker answers exactly what the
 * same parse gives in-process; each pattern is compiled once.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract';
import { cachedPatterns, referenceStrings } from '../../server/ua/operatorRules';
import { createUaPool, UaPoolBusy, UaTaskTimeout, type UaPool } from '../../server/ua/pool';
import { baseRuleSet, parseUa } from '../../server/ua/ruleSet';
import { uaRoutes } from '../../server/ua/routes';
import { runTask, type OperatorRule, type UaTask } from '../../server/ua/tasks';
import { errorHandler } from '../../server/errors';
import { startTestServer, type TestServer } from './harness';

const LONG = `Mozilla/5.0 (Linux; Android 10) ${'(a; b) x/1.0 '.repeat(200)}`.slice(0, 2048);
const WORST = `${'.{1000}'.repeat(3)}.{990}`;
/** Three different patterns of the largest program allowed (3,993 instructions each). */
const WORSTS = [WORST, `.{990}${'.{1000}'.repeat(3)}`, `.{1000}.{990}.{1000}.{1000}`];
const worstDraft: OperatorRule[] = (['ua', 'os', 'device'] as const).map((kind, i) => ({ kind, rule: { regex: WORSTS[i]! }, field: `${kind}.regex` }));
/** At the work cap: four long strings under three of the largest programs (about a second). */
const AT_CAP: UaTask = { type: 'parse', strings: [LONG, LONG, LONG, LONG], draft: worstDraft, published: { version: 'none', rules: [] } };
/**
 * Over a second on any machine: the breadth check of three new patterns of the largest size over
 * the reference strings (each at least 0.4 s at the best rate measured), then records up to the cap.
 */
const HEAVY: UaTask = { type: 'match', draft: worstDraft, records: Array.from({ length: 20 }, (_, id) => ({ id, uaMessage: LONG })), checkBreadth: true };
const LIGHT: UaTask = { type: 'parse', strings: ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36'], draft: [], published: { version: 'none', rules: [] } };

const pools: UaPool[] = [];
function pool(options: Parameters<typeof createUaPool>[0]): UaPool {
  const created = createUaPool(options);
  pools.push(created);
  return created;
}
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
});

describe('the time budget', () => {
  it('terminates a worker whose task spends it, fails that task, and runs the next on a fresh worker', async () => {
    const small = pool({ size: 1, budgetMs: 400 });
    await small.run(LIGHT); // the worker is up (uap-core compiled)
    const started = performance.now();
    await expect(small.run(HEAVY)).rejects.toBeInstanceOf(UaTaskTimeout);
    expect(performance.now() - started).toBeLessThan(1500);
    expect(small.stats()).toMatchObject({ started: 2, replaced: 1 });
    const next = await small.run(LIGHT);
    expect(next).toMatchObject({ type: 'parsed', results: [{ ua: { family: 'Chrome', major: '120' } }] });
  }, 60_000);
});

describe('the queue', () => {
  it('refuses at once when its waiting places are taken, and drops a waiting task whose caller went away', async () => {
    const narrow = pool({ size: 1, maxWaiting: 1, budgetMs: 10_000 });
    await narrow.run(LIGHT);
    const running = narrow.run(AT_CAP);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const gone = new AbortController();
    const waiting = narrow.run(LIGHT, gone.signal);
    await expect(narrow.run(LIGHT)).rejects.toBeInstanceOf(UaPoolBusy);
    gone.abort();
    await expect(waiting).rejects.toThrow(/went away/);
    expect(narrow.stats().waiting).toBe(0);
    await expect(running).resolves.toMatchObject({ type: 'parsed' });
  }, 60_000);
});

describe('answers', () => {
  it('a worker parses exactly as the same rules do in-process', async () => {
    const strings = [...referenceStrings()];
    const answer = await pool({ size: 1 }).run({ type: 'parse', strings, draft: [], published: { version: 'none', rules: [] } });
    const set = baseRuleSet();
    expect(answer).toEqual({ type: 'parsed', results: strings.map((s) => parseUa(s, set)) });
  }, 60_000);

  it('compiles each pattern once, and keeps a bounded number of them', () => {
    const draft = (regex: string): OperatorRule[] => [{ kind: 'device', rule: { regex, device_replacement: 'x' }, field: 'deviceParser.regex' }];
    const task = (regex: string): UaTask => ({ type: 'match', draft: draft(regex), records: [], checkBreadth: false });
    const before = cachedPatterns();
    runTask(task('CacheProbe (K\\d+)'));
    runTask(task('CacheProbe (K\\d+)'));
    runTask({ ...LIGHT, draft: draft('CacheProbe (K\\d+)') });
    expect(cachedPatterns()).toBe(before + 1);
    for (let i = 0; i < 600; i++) runTask(task(`CacheProbe${i} (K\\d+)`));
    expect(cachedPatterns()).toBe(500);
  });
});

describe('a call that spends its budget', () => {
  let server: TestServer;
  let app: FastifyInstance;
  beforeAll(async () => {
    server = await startTestServer();
    // Unprocessed records of the longest strings: the preview's match over them alone runs for seconds.
    const records = server.db as unknown as Kysely<{ uaRecord: { uaMessage: string; uaStatus: string } }>;
    await records.insertInto('uaRecord').values(Array.from({ length: 20 }, () => ({ uaMessage: LONG, uaStatus: '0' }))).execute();
    app = Fastify();
    app.decorateRequest('locale', 'en-US');
    app.decorateRequest('caller', null);
    app.addHook('onRequest', async (request) => {
      request.caller = { userId: 1, name: 'probe', code: 'probe', sessionId: 1, mustChangePassword: false, grantsVersion: 0 };
    });
    app.setErrorHandler(errorHandler);
    await app.register(uaRoutes(server.db, { size: 1, budgetMs: 400 }));
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await server?.close();
  });

  it('is answered 1010 saying it was stopped, and the next call is answered as usual', async () => {
    const call = (body: object) => app.inject({ method: 'POST', url: '/v2/ua/parse', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    expect((await call({ uaMessages: ['curl/8.0'] })).json()).toMatchObject({ code: Code.OK });
    const heavy = { deviceParser: { regex: WORSTS[0] }, osParser: { regex: WORSTS[1] }, browserParser: { regex: WORSTS[2] } };
    const stopped = await app.inject({ method: 'POST', url: '/v2/ua/preview', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ rule: heavy }) });
    expect(stopped.json()).toMatchObject({ code: Code.PAYLOAD_TOO_LARGE, msg: expect.stringMatching(/took more than 0.4 s and was stopped/) });
    expect((await call({ uaMessages: ['curl/8.0'] })).json()).toMatchObject({ code: Code.OK, data: [{ ua: { family: 'curl' } }] });
  }, 60_000);
});
