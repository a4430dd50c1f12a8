/**
 * Conformance with uap-core: with no rule published here, the parse call answers what uap-core's
 * own test suite expects (tests/conformance/uap-core: its three test files at v0.18.0, about
 * 18,000 cases), through HTTP, 1,000 strings a call.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { load } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UaResult } from '../../contract/ua';
import { ADMIN, startTestServer, type TestServer } from './harness';

type Case = Record<string, string | null> & { user_agent_string: string };

export function conformanceCases(file: 'test_ua' | 'test_os' | 'test_device'): Case[] {
  const yaml = gunzipSync(readFileSync(new URL(`../conformance/uap-core/${file}.yaml.gz`, import.meta.url))).toString('utf8');
  return (load(yaml) as { test_cases: Case[] }).test_cases;
}

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.tokenFor(ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await server?.close();
});

async function parseAll(strings: string[]): Promise<UaResult[]> {
  const results: UaResult[] = [];
  for (let i = 0; i < strings.length; i += 1000) {
    const { body } = await server.call<UaResult[]>('POST', '/v2/ua/parse', { token, body: { uaMessages: strings.slice(i, i + 1000) } });
    results.push(...(body.data ?? []));
  }
  return results;
}

const SUITES = [
  { file: 'test_ua', part: 'ua', keys: ['family', 'major', 'minor', 'patch'] },
  { file: 'test_os', part: 'os', keys: ['family', 'major', 'minor', 'patch', 'patch_minor'] },
  { file: 'test_device', part: 'device', keys: ['family', 'brand', 'model'] },
] as const;

describe("uap-core's test suite through the parse call", () => {
  it.each(SUITES)('$file: every case parses as expected', async ({ file, part, keys }) => {
    const cases = conformanceCases(file);
    expect(cases.length).toBeGreaterThan(100);
    const results = await parseAll(cases.map((c) => c.user_agent_string));
    const mismatches = cases.flatMap((c, i) => {
      const got = results[i]?.[part] as Record<string, string | null> | undefined;
      const expected = Object.fromEntries(keys.map((k) => [k, c[k] ?? null]));
      const actual = Object.fromEntries(keys.map((k) => [k, got?.[k === 'patch_minor' ? 'patchMinor' : k] ?? null]));
      return JSON.stringify(actual) === JSON.stringify(expected) ? [] : [{ ua: c.user_agent_string, expected, actual }];
    });
    expect(mismatches.slice(0, 5)).toEqual([]);
    expect(mismatches.length).toBe(0);
  }, 120_000);
});
