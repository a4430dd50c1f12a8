/**
 * The parse call against uap-core's reference parser, on the same strings in the same run: the
 * UA strings of uap-core's three test files, through HTTP 1,000 a call (real server on a free port,
 * temporary SQLite database), versus `uap-ref-impl` in-process over uap-core's regexes.yaml.
 * Also the cost of a draft rule (run on RE2 in front of the set) and of the base set's first load.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from 'js-yaml';
import pino from 'pino';
import uapParser from 'uap-ref-impl';
import { TOKEN_HEADER } from '../../contract';
import { buildApp } from '../../server/app';
import { sha256Hex } from '../../server/auth/passwords';
import { DEFAULT_SESSION_POLICY, DEFAULT_THROTTLE_POLICY } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { prepareDatabase } from '../../server/db/prepare';
import { baseRuleSet, readBaseYaml } from '../../server/ua/ruleSet';

const ADMIN_PASSWORD = 'Bench#Admin2024';
const ROUNDS = Number(process.env.BENCH_UA_ROUNDS ?? 3);

function strings(): string[] {
  const files = ['test_ua', 'test_os', 'test_device'].map((f) => gunzipSync(readFileSync(new URL(`../conformance/uap-core/${f}.yaml.gz`, import.meta.url))).toString('utf8'));
  return [...new Set(files.flatMap((yaml) => (load(yaml) as { test_cases: Array<{ user_agent_string: string }> }).test_cases.map((c) => c.user_agent_string)))];
}

function perSecond(count: number, ms: number): string {
  return Math.round((count * 1000) / ms).toLocaleString('en');
}

async function main(): Promise<void> {
  const uas = strings();
  let started = Date.now();
  baseRuleSet();
  console.log(`uap-core rules read, vetted and compiled once per process in ${Date.now() - started} ms`);

  const reference = uapParser(readBaseYaml());
  const dir = mkdtempSync(join(tmpdir(), 'console-bench-ua-'));
  const handle = openDatabase(join(dir, 'bench.db'));
  try {
    await prepareDatabase(handle, { demo: false, adminPassword: ADMIN_PASSWORD }, { logger: pino({ level: 'silent' }) });
    const app = await buildApp({ db: handle.db, config: { workbenchUrl: '/login', trustProxy: false, session: DEFAULT_SESSION_POLICY, throttle: DEFAULT_THROTTLE_POLICY } });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const login = await fetch(`${address}/base/admin/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: sha256Hex(ADMIN_PASSWORD) }) });
      const token = ((await login.json()) as { data: { token: string } }).data.token;
      const viaHttp = async (rule?: object) => {
        const t = Date.now();
        for (let i = 0; i < uas.length; i += 1000) {
          const answer = await fetch(`${address}/v2/ua/parse`, { method: 'POST', headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token }, body: JSON.stringify({ uaMessages: uas.slice(i, i + 1000), rule }) });
          const body = (await answer.json()) as { code: number; msg: string };
          if (body.code !== 0) throw new Error(`parse answered ${body.code} ${body.msg}`);
        }
        return Date.now() - t;
      };
      const viaReference = () => {
        const t = Date.now();
        for (const ua of uas) reference.parse(ua);
        return Date.now() - t;
      };
      await viaHttp();
      viaReference();
      const best = (runs: number[]) => Math.min(...runs);
      const rows: Array<[string, number]> = [];
      const http: number[] = [];
      const ref: number[] = [];
      const draft: number[] = [];
      const rule = { deviceParser: { regex: 'Kestrel (K\\d+)', device_replacement: 'Kestrel $1' }, browserParser: { regex: '(Zhuque)Client/(\\d+)\\.(\\d+)' } };
      for (let round = 0; round < ROUNDS; round++) {
        http.push(await viaHttp());
        ref.push(viaReference());
        draft.push(await viaHttp(rule));
      }
      rows.push(['parse call (HTTP, 1,000 a call)', best(http)], ['uap-ref-impl (in-process)', best(ref)], ['parse call with a draft rule on RE2', best(draft)]);
      console.log(`${uas.length.toLocaleString('en')} distinct UA strings from uap-core's test files, best of ${ROUNDS}`);
      console.table(rows.map(([label, ms]) => ({ what: label, 'strings/s': perSecond(uas.length, ms), ms })));
      if (best(http) > best(ref)) process.exitCode = 1;
    } finally {
      await app.close();
    }
  } finally {
    await handle.db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
  started = 0;
}

await main();
