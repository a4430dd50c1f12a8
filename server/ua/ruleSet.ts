/**
 * Compiled UA rule sets and the parse over them (uap-core's semantics: per parser kind, the first
 * rule that matches decides). Two engines, by who wrote the pattern:
 * - uap-core's own rules are vetted once at load by the same static check as operators' rules
 *   (contract/uaRegex) and then run on V8's RegExp, about ten times faster than RE2;
 *   any rule the check flags runs on RE2 instead.
 * - operators' rules (published or draft) always run on RE2 (re2js): matching time is linear in
 *   the input, and bounded by the program size the check allows. The parse runs in a worker
 *   thread (./pool.ts), never on the server's event loop.
 * Every string is cut to UA_LIMITS.analysedChars before any rule sees it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { load } from 'js-yaml';
import ret, { types, type Token } from 'ret';
import {
  browserFrom,
  deviceFrom,
  osFrom,
  OTHER_BROWSER,
  OTHER_DEVICE,
  OTHER_OS,
  UA_LIMITS,
  type MatchGroups,
  type UapRule,
  type UaResult,
} from '../../contract/ua';
import type { RE2JS } from 're2js';
import { compileRe2, regexHazard } from '../../contract/uaRegex';

export type RuleKind = 'ua' | 'os' | 'device';
export const RULE_KINDS: readonly RuleKind[] = ['ua', 'os', 'device'];

export interface CompiledRule {
  rule: UapRule;
  engine: 'v8' | 're2';
  match: (input: string) => MatchGroups | null;
}

export type RuleSet = Record<RuleKind, readonly CompiledRule[]>;

function re2Matcher(compiled: RE2JS): CompiledRule['match'] {
  const count = compiled.groupCount();
  return (input) => {
    const m = compiled.matcher(input);
    if (!m.find()) return null;
    const groups: Array<string | undefined> = [];
    for (let i = 0; i <= count; i++) groups.push(m.group(i) ?? undefined);
    return groups;
  };
}

/** A rule on RE2, from the program its check compiled (./operatorRules.ts compiles each pattern once). */
export function re2Rule(rule: UapRule, program: RE2JS): CompiledRule {
  return { rule, engine: 're2', match: re2Matcher(program) };
}

/**
 * The longest run of plain characters every match must contain (at least 3), or undefined. Only
 * tokens that occur exactly once in sequence count: characters, and groups without alternatives.
 */
export function requiredLiteral(pattern: string): string | undefined {
  let best = '';
  let run = '';
  const walk = (tokens: readonly Token[]) => {
    for (const token of tokens) {
      if (token.type === types.CHAR) run += String.fromCharCode(token.value);
      else if (token.type === types.GROUP && !token.options && !token.followedBy && !token.notFollowedBy) walk(token.stack ?? []);
      else {
        if (run.length > best.length) best = run;
        run = '';
      }
    }
  };
  try {
    const root = ret(pattern);
    if (root.options) return undefined;
    walk(root.stack ?? []);
  } catch {
    return undefined;
  }
  if (run.length > best.length) best = run;
  return best.length >= 3 ? best : undefined;
}

/**
 * A vetted rule runs on V8, skipped at once when the string lacks a literal every match needs (a
 * substring search is far cheaper than a failing regex scan); one the static check flags falls
 * back to RE2.
 */
export function compileVettedRule(rule: UapRule): CompiledRule {
  if (regexHazard(rule.regex, rule.regex_flag) === null) {
    const regex = new RegExp(rule.regex, rule.regex_flag === 'i' ? 'i' : '');
    const literal = rule.regex_flag === 'i' ? undefined : requiredLiteral(rule.regex);
    const match = literal ? (input: string) => (input.includes(literal) ? regex.exec(input) : null) : (input: string) => regex.exec(input);
    return { rule, engine: 'v8', match };
  }
  return re2Rule(rule, compileRe2(rule.regex, rule.regex_flag));
}

export interface RegexesYaml {
  user_agent_parsers: UapRule[];
  os_parsers: UapRule[];
  device_parsers: UapRule[];
}

export const YAML_KEYS: Record<RuleKind, keyof RegexesYaml> = { ua: 'user_agent_parsers', os: 'os_parsers', device: 'device_parsers' };

/** uap-core's regexes.yaml as shipped by the `uap-core` package. */
export function readBaseYaml(): RegexesYaml {
  const path = createRequire(import.meta.url).resolve('uap-core/regexes.yaml');
  return load(readFileSync(path, 'utf8')) as RegexesYaml;
}

let baseSet: RuleSet | undefined;

/** uap-core's rules, read and compiled once per process (about a second, at first use). */
export function baseRuleSet(): RuleSet {
  if (!baseSet) {
    const yaml = readBaseYaml();
    baseSet = {
      ua: yaml.user_agent_parsers.map(compileVettedRule),
      os: yaml.os_parsers.map(compileVettedRule),
      device: yaml.device_parsers.map(compileVettedRule),
    };
  }
  return baseSet;
}

function first<T>(rules: readonly CompiledRule[], input: string, build: (rule: UapRule, m: MatchGroups) => T): T | undefined {
  for (const compiled of rules) {
    const m = compiled.match(input);
    if (m) return build(compiled.rule, m);
  }
  return undefined;
}

/** Sets joined in order (the first set's rules come first): join once, parse many. */
export function joinSets(sets: readonly RuleSet[]): RuleSet {
  return sets.length === 1 && sets[0] ? sets[0] : { ua: sets.flatMap((s) => s.ua), os: sets.flatMap((s) => s.os), device: sets.flatMap((s) => s.device) };
}

/** Parses one string by a rule set. */
export function parseUa(input: string, set: RuleSet): UaResult {
  const head = input.length > UA_LIMITS.analysedChars ? input.slice(0, UA_LIMITS.analysedChars) : input;
  return {
    ua: first(set.ua, head, browserFrom) ?? { ...OTHER_BROWSER },
    os: first(set.os, head, osFrom) ?? { ...OTHER_OS },
    device: first(set.device, head, deviceFrom) ?? { ...OTHER_DEVICE },
  };
}

/** Whether any rule of the set matches the string (the bench's "would also classify"). */
export function matchesAny(input: string, set: RuleSet): boolean {
  const head = input.length > UA_LIMITS.analysedChars ? input.slice(0, UA_LIMITS.analysedChars) : input;
  return RULE_KINDS.some((kind) => set[kind].some((rule) => rule.match(head) !== null));
}

export const EMPTY_SET: RuleSet = { ua: [], os: [], device: [] };
