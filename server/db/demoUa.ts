/**
 * SEED=demo: real-world UA strings for the UA tool, plus made-up ones uap-core parses only as
 * "Other", so the tool has work. Sources (both in package.json):
 * - `user-agents` (BSD-2-Clause): browsers on phones, tablets and desktops, 2,500 of them;
 * - `crawler-user-agents` (MIT): the crawlers' sample strings, up to 1,500.
 * Those the rule set already parses are marked processed.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Kysely } from 'kysely';
import { isClassified } from '../../contract/ua';
import { baseRuleSet, parseUa } from '../ua/ruleSet';
import type { Database } from './schema';

const require = createRequire(import.meta.url);

const MADE_UP_APPS = ['Zhuque', 'Qingniao', 'Xiyou', 'Lanting', 'Mingyue', 'Baiyun', 'Feiyu', 'Jinlin', 'Hongye', 'Songtao'];
const MADE_UP_DEVICES = ['Kestrel K9', 'Orca T3', 'Lynx P20', 'Heron M1', 'Falcon X5', 'Ibis S8'];

function madeUp(count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const app = MADE_UP_APPS[i % MADE_UP_APPS.length];
    const device = MADE_UP_DEVICES[(i * 7) % MADE_UP_DEVICES.length] ?? 'Kestrel K9';
    const build = 100 + ((i * 37) % 900);
    return i % 2 === 0 ? `${app}Client/${1 + (i % 9)}.${i % 13}.${build} (${device}; HaloOS ${1 + (i % 4)}.${i % 10}; zh_CN)` : `${app}-Agent ${device.replace(' ', '-')} build/${build} net/wifi`;
  });
}

export function demoUaStrings(): string[] {
  const browsers = (JSON.parse(readFileSync(join(dirname(require.resolve('user-agents')), 'user-agents.json'), 'utf8')) as Array<{ userAgent: string }>).map((u) => u.userAgent);
  const crawlers = (require('crawler-user-agents') as Array<{ instances?: string[] }>).flatMap((c) => c.instances ?? []);
  const strings = [...new Set([...[...new Set(browsers)].slice(0, 2500), ...crawlers.slice(0, 1500), ...madeUp(300)])];
  return strings.filter((s) => s.length > 0 && s.length <= 2048);
}

export async function insertDemoUa(trx: Kysely<Database>): Promise<void> {
  const set = baseRuleSet();
  const rows = demoUaStrings().map((uaMessage) => {
    const parsed = isClassified(parseUa(uaMessage, set));
    return { uaMessage, uaStatus: parsed ? '1' : '0', parserType: parsed ? 'uap-core' : null };
  });
  const db = trx as unknown as Kysely<{ uaRecord: { uaMessage: string; uaStatus: string; parserType: string | null } }>;
  for (let i = 0; i < rows.length; i += 200) await db.insertInto('uaRecord').values(rows.slice(i, i + 200)).execute();
}
