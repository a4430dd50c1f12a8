/**
 * Operators' patterns, checked and compiled once each: the verdict of contract/uaRegex (which
 * compiles the pattern) is kept by pattern text in a bounded LRU, so a draft typed on the bench
 * and sent again with every change of a replacement, or a published rule, is compiled once per
 * worker. Also how broad a pattern is: the share of the reference UA strings it matches.
 */
import { readFileSync } from 'node:fs';
import type { Text } from '../../contract/i18n';
import { UA_LIMITS, type UapRule } from '../../contract/ua';
import { operatorRegexVerdict } from '../../contract/uaRegex';
import { re2Rule, type CompiledRule } from './ruleSet';

/** Compiled patterns kept per worker (a few megabytes at the largest programs allowed). */
const CACHE_SIZE = 500;

type Entry =
  | { problem: Text }
  | {
      problem: null;
      /** The matcher of the compiled program (no replacements: those come with each rule). */
      matcher: CompiledRule['match'];
      size: number;
      /** Share of the reference strings matched, once asked. */
      referenceShare?: number;
    };

const cache = new Map<string, Entry>();

function entryOf(regex: string, flag: string | undefined): Entry {
  const key = `${flag ?? ''}\u0000${regex}`;
  const known = cache.get(key);
  if (known) {
    // Most recently used last: the first key is the one to drop.
    cache.delete(key);
    cache.set(key, known);
    return known;
  }
  const verdict = operatorRegexVerdict(regex, flag);
  const entry: Entry = verdict.problem ? { problem: verdict.problem } : { problem: null, matcher: re2Rule({ regex }, verdict.program).match, size: verdict.program.programSize() };
  cache.set(key, entry);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return entry;
}

export type OperatorVerdict = { problem: Text } | { problem: null; compiled: CompiledRule; size: number; entry: Extract<Entry, { problem: null }> };

/** An operator's rule: its problem, or its compiled form and program size. */
export function operatorRule(rule: UapRule): OperatorVerdict {
  const entry = entryOf(rule.regex, rule.regex_flag);
  if (entry.problem !== null) return { problem: entry.problem };
  return { problem: null, compiled: { rule, engine: 're2', match: entry.matcher }, size: entry.size, entry };
}

/** How many compiled patterns the cache holds (tests read it). */
export function cachedPatterns(): number {
  return cache.size;
}

let reference: string[] | undefined;

/** The reference UA strings (./referenceStrings.json: where they come from is written in it). */
export function referenceStrings(): readonly string[] {
  reference ??= (JSON.parse(readFileSync(new URL('./referenceStrings.json', import.meta.url), 'utf8')) as { strings: string[] }).strings.map((s) => s.slice(0, UA_LIMITS.analysedChars));
  return reference;
}

/** The share (0–1) of the reference strings a compiled operator rule matches. */
export function referenceShare(verdict: Extract<OperatorVerdict, { problem: null }>): number {
  const { entry, compiled } = verdict;
  if (entry.referenceShare === undefined) {
    const strings = referenceStrings();
    entry.referenceShare = strings.filter((s) => compiled.match(s) !== null).length / strings.length;
  }
  return entry.referenceShare;
}
