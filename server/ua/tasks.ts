/**
 * The UA tool's CPU work, as tasks a worker thread runs (./worker.ts; ./pool.ts hands them out):
 * parsing strings (a draft in front of the published rules and uap-core's), and matching a draft
 * against records (the bench's preview, "mark matches", the publish checks). Each task checks the
 * operators' patterns first (compiled once, ./operatorRules.ts) and measures its work before doing
 * it: characters analysed × (the operator rules' programs + uap-core's cost per character).
 */
import { format, type Text } from '../../contract/i18n';
import { UA_LIMITS, UA_MESSAGES, type UapRule, type UaResult } from '../../contract/ua';
import { operatorRule, referenceShare, referenceStrings } from './operatorRules';
import { baseRuleSet, EMPTY_SET, joinSets, matchesAny, parseUa, type CompiledRule, type RuleKind, type RuleSet } from './ruleSet';

/** An operator's rule in a task; problems are reported under `field` (e.g. `rule.browserParser.regex`). */
export interface OperatorRule {
  kind: RuleKind;
  rule: UapRule;
  field: string;
}

export interface PublishedRule {
  id: number;
  kind: RuleKind;
  rule: UapRule;
}

/** The published rules with the version that names them (it moves on every publish and unpublish). */
export interface PublishedRules {
  version: string;
  rules: readonly PublishedRule[];
}

export interface UaRecordText {
  id: number;
  uaMessage: string;
}

export type UaTask =
  | { type: 'parse'; strings: readonly string[]; draft: readonly OperatorRule[]; published: PublishedRules }
  | {
      type: 'match';
      draft: readonly OperatorRule[];
      /** Records to look through, newest first; as many as the work allows are. */
      records: readonly UaRecordText[];
      /** The record's own string: each rule must match it (publishing). */
      own?: string;
      /** Refuse a rule matching more than the allowed share of the reference strings. */
      checkBreadth: boolean;
    };

export type UaAnswer =
  | { type: 'refused'; fields: Record<string, Text> }
  | { type: 'tooMuch'; message: Text }
  | { type: 'parsed'; results: UaResult[] }
  | { type: 'matched'; ids: number[]; scanned: number };

const analysed = (s: string) => Math.min(s.length, UA_LIMITS.analysedChars);

function textOf(message: Text, params: Record<string, string | number>): Text {
  return { 'zh-CN': format(message['zh-CN'], params), 'en-US': format(message['en-US'], params) };
}

/** The draft compiled into a rule set, or the problems of its patterns by field. */
function compileDraft(draft: readonly OperatorRule[]): { set: RuleSet; size: number } | { fields: Record<string, Text> } {
  const set: Record<RuleKind, CompiledRule[]> = { ua: [], os: [], device: [] };
  const fields: Record<string, Text> = {};
  let size = 0;
  for (const { kind, rule, field } of draft) {
    const verdict = operatorRule(rule);
    if (verdict.problem) fields[field] = verdict.problem;
    else {
      set[kind].push(verdict.compiled);
      size += verdict.size;
    }
  }
  return Object.keys(fields).length ? { fields } : { set, size };
}

let published: { version: string; set: RuleSet; size: number } | undefined;

/**
 * The published rules, compiled again only when the version moves. A rule the current check
 * refuses (published before a limit existed) is left out rather than run.
 */
function publishedSet(rules: PublishedRules): { set: RuleSet; size: number } {
  if (published?.version !== rules.version) {
    const set: Record<RuleKind, CompiledRule[]> = { ua: [], os: [], device: [] };
    let size = 0;
    for (const { kind, rule } of rules.rules) {
      const verdict = operatorRule(rule);
      if (verdict.problem) continue;
      set[kind].push(verdict.compiled);
      size += verdict.size;
    }
    published = { version: rules.version, set: rules.rules.length ? set : EMPTY_SET, size };
  }
  return published;
}

/** The most characters a call may analyse with operator rules of `size` instructions in all. */
export function maxCharacters(size: number): number {
  return Math.floor(UA_LIMITS.work / (UA_LIMITS.baseCost + size));
}

function parse(task: Extract<UaTask, { type: 'parse' }>): UaAnswer {
  const draft = compileDraft(task.draft);
  if ('fields' in draft) return { type: 'refused', fields: draft.fields };
  const current = publishedSet(task.published);
  const chars = task.strings.reduce((sum, s) => sum + analysed(s), 0);
  const max = maxCharacters(draft.size + current.size);
  if (chars > max) return { type: 'tooMuch', message: textOf(UA_MESSAGES.tooMuchWork, { max: max.toLocaleString('en'), chars: chars.toLocaleString('en'), analysed: UA_LIMITS.analysedChars.toLocaleString('en') }) };
  const set = joinSets([draft.set, current.set, baseRuleSet()]);
  return { type: 'parsed', results: task.strings.map((s) => parseUa(s, set)) };
}

function match(task: Extract<UaTask, { type: 'match' }>): UaAnswer {
  const fields: Record<string, Text> = {};
  let size = 0;
  const sets: RuleSet[] = [];
  for (const item of task.draft) {
    const verdict = operatorRule(item.rule);
    if (verdict.problem) {
      fields[item.field] = verdict.problem;
      continue;
    }
    const one: RuleSet = { ...EMPTY_SET, [item.kind]: [verdict.compiled] };
    if (task.own !== undefined && !matchesAny(task.own, one)) fields[item.field] = UA_MESSAGES.ownRecord;
    else if (task.checkBreadth && referenceShare(verdict) > UA_LIMITS.referenceShare) {
      fields[item.field] = textOf(UA_MESSAGES.tooBroad, { share: Math.round(referenceShare(verdict) * 100), total: referenceStrings().length, max: Math.round(UA_LIMITS.referenceShare * 100) });
    }
    sets.push(one);
    size += verdict.size;
  }
  if (Object.keys(fields).length) return { type: 'refused', fields };
  const set = joinSets(sets);
  // Newest first, while the work allows (only the draft runs here): a larger draft looks through fewer records.
  const max = Math.floor(UA_LIMITS.work / Math.max(size, 1));
  const ids: number[] = [];
  let chars = 0;
  let scanned = 0;
  for (const record of task.records) {
    chars += analysed(record.uaMessage);
    if (chars > max) break;
    scanned += 1;
    if (matchesAny(record.uaMessage, set)) ids.push(record.id);
  }
  return { type: 'matched', ids, scanned };
}

export function runTask(task: UaTask): UaAnswer {
  return task.type === 'parse' ? parse(task) : match(task);
}
