/**
 * Debian's sqlmap (1.7) against one target, bounded in time: batch mode, the target on loopback,
 * level 2 and risk 2 over boolean, error, union, stacked and time-based techniques (level 3 adds
 * the User-Agent and Referer headers, which no list or search call reads). Answers what
 * it found and whether it could test at all: a run refused by the server (401/403) or failing on
 * it (5xx) tested nothing.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Target {
  method: 'GET' | 'POST';
  /** With its query string for GET. */
  url: string;
  /** A JSON body for POST. */
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
}

export interface Outcome {
  isInjectable: boolean;
  /** The run reached its end having tested the parameters. */
  hasTested: boolean;
  /** HTTP error codes the server answered, as sqlmap counted them. */
  errors: string[];
  /** The bound ended the run before sqlmap did. */
  timedOut: boolean;
  output: string;
}

export const SQLMAP_SECONDS = Number(process.env.SQLMAP_SECONDS ?? 120);

export function sqlmap(target: Target, seconds = SQLMAP_SECONDS): Promise<Outcome> {
  if (!/^http:\/\/127\.0\.0\.1:\d+\//.test(target.url)) throw new Error(`sqlmap runs against loopback only, not ${target.url}`);
  const dir = mkdtempSync(join(tmpdir(), 'sqlmap-'));
  const args = [
    String(seconds), 'sqlmap', '-u', target.url, '--batch', '--level=2', '--risk=2', '--technique=BEUST', '--time-sec=1',
    '--threads=4', '--timeout=5', '--retries=1', '--flush-session', '--disable-coloring', `--output-dir=${dir}`,
    ...(target.body ? [`--data=${JSON.stringify(target.body)}`] : []),
    ...Object.entries(target.headers ?? {}).map(([name, value]) => `--headers=${name}: ${value}`),
  ];
  return new Promise((resolve) => {
    execFile('timeout', args, { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, TERM: 'dumb' } }, (error, stdout) => {
      rmSync(dir, { recursive: true, force: true });
      const output = String(stdout);
      const errors = [...output.matchAll(/^(\d{3}) \([^)]*\) - \d+ times/gm)].map((m) => m[1]!);
      resolve({
        isInjectable: /identified the following injection point|is vulnerable|appears to be '.*' injectable/i.test(output),
        hasTested: /do not appear to be injectable|identified the following injection point/.test(output) && !errors.some((code) => code === '401' || code === '403' || code.startsWith('5')),
        errors,
        // timeout(1) exits 124 when it ends the command.
        timedOut: error?.code === 124,
        output,
      });
    });
  });
}
