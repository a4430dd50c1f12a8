/**
 * The UA parse call against uap-core's reference parser, on the same strings in the same run: the
 * UA strings of uap-core's three test files, through HTTP 1,000 a call (the server as `npm start`
 * runs it), versus `uap-ref-impl` in-process over uap-core's regexes.yaml. Also the cost of a draft
 * rule (run on RE2 in front of the set) and of the base set's first load.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { load } from 'js-yaml';
import uapParser from 'uap-ref-impl';
import { TOKEN_HEADER } from '../../contract';
import { baseRuleSet, readBaseYaml } from '../../server/ua/ruleSet';
import { benchDatabase } from './benchDatabase';
import type { Report } from './report';
import { startServer } from './serverProcess';
import { login } from './staffList';

const ROUNDS = Number(process.env.BENCH_UA_ROUNDS ?? 3);
const SECTION = 'UA parsing, uap-core test strings';

function strings(): string[] {
  const files = ['test_ua', 'test_os', 'test_device'].map((f) => gunzipSync(readFileSync(new URL(`../conformance/uap-core/${f}.yaml.gz`, import.meta.url))).toString('utf8'));
  return [...new Set(files.flatMap((yaml) => (load(yaml) as { test_cases: Array<{ user_agent_string: string }> }).test_cases.map((c) => c.user_agent_string)))];
}

export async function uaBench(report: Report): Promise<void> {
  const uas = strings();
  let started = performance.now();
  baseRuleSet();
  report.add({ section: SECTION, what: 'uap-core rules read, vetted and compiled (once per process)', value: { ms: performance.now() - started } });

  const reference = uapParser(readBaseYaml());
  const database = await benchDatabase('sqlite', 'ua');
  const server = await startServer({ databaseUrl: database.url });
  try {
    const token = await login(server.address);
    const viaHttp = async (rule?: object) => {
      started = performance.now();
      for (let i = 0; i < uas.length; i += 1000) {
        const answer = await fetch(`${server.address}/v2/ua/parse`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token },
          body: JSON.stringify({ uaMessages: uas.slice(i, i + 1000), rule }),
        });
        const body = (await answer.json()) as { code: number; msg: string };
        if (body.code !== 0) throw new Error(`parse answered ${body.code} ${body.msg}`);
      }
      return performance.now() - started;
    };
    const viaReference = () => {
      started = performance.now();
      for (const ua of uas) reference.parse(ua);
      return performance.now() - started;
    };
    await viaHttp();
    viaReference();
    const http: number[] = [];
    const ref: number[] = [];
    const draft: number[] = [];
    const rule = { deviceParser: { regex: 'Kestrel (K\\d+)', device_replacement: 'Kestrel $1' }, browserParser: { regex: '(Zhuque)Client/(\\d+)\\.(\\d+)' } };
    for (let round = 0; round < ROUNDS; round++) {
      http.push(await viaHttp());
      ref.push(viaReference());
      draft.push(await viaHttp(rule));
    }
    const perSecond = (runs: number[]) => ({ 'strings/s': (uas.length * 1000) / Math.min(...runs) });
    report.add({ section: SECTION, what: `parse call, HTTP, 1,000 a call (${uas.length.toLocaleString('en')} strings, best of ${ROUNDS})`, value: perSecond(http), target: '≥ uap-ref-impl in-process', isMet: Math.min(...http) <= Math.min(...ref) });
    report.add({ section: SECTION, what: 'uap-ref-impl, in-process (the reference)', value: perSecond(ref) });
    report.add({ section: SECTION, what: 'parse call with a draft rule run on RE2', value: perSecond(draft) });
  } finally {
    await server.stop();
    await database.dispose();
  }
}
