/**
 * User-agent parser rules (SPEC §3 UA parser submission, §2.15): the submission's groups and
 * fields with their limits, the pruning the form does before sending, the check both sides run,
 * and how a matched rule turns into uap-core's result shape. Engine-free: the caller supplies the
 * match (the server runs operators' patterns on a linear-time engine, ./uaRegex checks them).
 */
import { format, text, type Locale, type Text } from './i18n';

export const UA_LIMITS = {
  /** Characters of one rule's regex. */
  regex: 500,
  /** Characters of one replacement or enumerated value. */
  replacement: 100,
  /** Strings in one parse call. */
  parseStrings: 1000,
  /** Characters of one string a parse call accepts (longer ones are refused, 1001). */
  parseChars: 128 * 1024,
  /**
   * Characters of a string the rules see: real UA strings stay far below; a longer one is parsed
   * by its head, so no string can make a rule's work grow without bound.
   */
  analysedChars: 2048,
  /** Unprocessed records (newest first) the bench and "mark matches" look through, at most. */
  scannedRecords: 10_000,
  /** Example records the bench shows of those a draft also matches. */
  examples: 5,
  /**
   * Instructions one operator's pattern may compile to on RE2. Matching costs about input length ×
   * program size, and a counted repetition multiplies the program (`.{1000}` is 1,000
   * instructions). uap-core 0.18.0's largest rule within the length limit compiles to 2,583.
   */
  program: 4000,
  /**
   * Work one parse call may do, in characters × instructions: the characters analysed (each string
   * up to `analysedChars`) times the operator rules' programs plus `baseCost` for uap-core's set.
   * At the worst measured rate (about 8 ns per character and instruction) a second of matching.
   */
  work: 100_000_000,
  /** uap-core's own rule set, per character analysed, in instructions of the same worst rate. */
  baseCost: 100,
  /** Other records "mark matches" may close with one rule. */
  markMatches: 100,
  /** Share of the reference UA strings a published rule may match, at most. */
  referenceShare: 0.2,
} as const;

export type UaStatus = '0' | '1';
export const UA_UNPROCESSED: UaStatus = '0';
export const UA_PROCESSED: UaStatus = '1';

export type ParserGroupKey = 'deviceParser' | 'osParser' | 'browserParser';

export interface ParserFieldSpec {
  name: string;
  label: Text;
  /** Enumerated values (the select's options); free text when absent. */
  options?: ReadonlyArray<{ value: string; label: Text }>;
}

export interface ParserGroupSpec {
  key: ParserGroupKey;
  title: Text;
  fields: readonly ParserFieldSpec[];
}

const regexField: ParserFieldSpec = { name: 'regex', label: text('正则表达式', 'Regex') };
const flagField: ParserFieldSpec = {
  name: 'regex_flag',
  label: text('正则标志', 'Regex flag'),
  options: [{ value: 'i', label: text('忽略大小写 (i)', 'Ignore case (i)') }],
};
const isMobile: ParserFieldSpec = {
  name: 'is_mobile_replacement',
  label: text('是否移动端', 'Is mobile'),
  options: [
    { value: '1', label: text('是', 'Yes') },
    { value: '0', label: text('否', 'No') },
  ],
};
const v1: ParserFieldSpec = { name: 'v1_replacement', label: text('主版本 (v1)', 'Major (v1)') };
const v2: ParserFieldSpec = { name: 'v2_replacement', label: text('次版本 (v2)', 'Minor (v2)') };
const brand: ParserFieldSpec = { name: 'brand_replacement', label: text('品牌', 'Brand') };

/** The three groups of a submission, in uap-core's order of its result (device, os, browser). */
export const PARSER_GROUPS: readonly ParserGroupSpec[] = [
  {
    key: 'deviceParser',
    title: text('设备解析', 'Device parser'),
    fields: [
      regexField,
      flagField,
      { name: 'device_replacement', label: text('设备名称', 'Device') },
      brand,
      { name: 'model_replacement', label: text('型号', 'Model') },
      {
        name: 'device_type_replacement',
        label: text('设备类型', 'Device type'),
        options: [
          { value: 'phone', label: text('手机', 'Phone') },
          { value: 'PC', label: text('电脑', 'PC') },
        ],
      },
      isMobile,
      {
        name: 'type',
        label: text('类型', 'Type'),
        options: [
          { value: '1', label: text('安卓', 'Android') },
          { value: '2', label: text('iOS', 'iOS') },
          { value: '3', label: text('爬虫', 'Spider') },
        ],
      },
    ],
  },
  {
    key: 'osParser',
    title: text('系统解析', 'OS parser'),
    fields: [
      regexField,
      flagField,
      { name: 'os_replacement', label: text('系统名称', 'OS') },
      v1,
      v2,
      brand,
      isMobile,
      {
        name: 'type',
        label: text('类型', 'Type'),
        options: [
          { value: '0', label: text('非移动端', 'Not mobile') },
          { value: '1', label: text('移动端', 'Mobile') },
        ],
      },
    ],
  },
  {
    key: 'browserParser',
    title: text('浏览器解析', 'Browser parser'),
    fields: [regexField, flagField, { name: 'family_replacement', label: text('浏览器名称', 'Browser') }, v1, v2, brand, { name: 'type', label: text('类型', 'Type') }],
  },
];

export type ParserGroup = Record<string, string>;

export interface UaParserSubmission {
  uaId: number;
  deviceParser?: ParserGroup;
  osParser?: ParserGroup;
  browserParser?: ParserGroup;
  /** Also mark the other unprocessed records this rule classifies as processed. */
  markMatches?: boolean;
}

/** Drops empty fields (blank text, null) and then empty groups: what the form sends. */
export function pruneSubmission(raw: Record<string, unknown>): Record<string, unknown> {
  const pruned: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (PARSER_GROUPS.some((g) => g.key === key)) {
      if (!value || typeof value !== 'object') continue;
      // Only text is trimmed or dropped as blank; anything else stays for the check to refuse.
      const fields = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== null && v !== undefined && (typeof v !== 'string' || v.trim() !== ''));
      if (fields.length) pruned[key] = Object.fromEntries(fields.map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]));
    } else if (value !== null && value !== undefined && value !== '') {
      pruned[key] = value;
    }
  }
  return pruned;
}

export const UA_MESSAGES = {
  regexRequired: text('请填写正则表达式', 'Enter the regex'),
  tooLong: text('不能超过 {max} 个字符', 'At most {max} characters'),
  notText: text('必须是文本', 'Must be text'),
  notOption: text('不是可选的值', 'Not one of the choices'),
  unknownField: text('未知字段', 'Unknown field'),
  noGroup: text('至少填写一组解析规则', 'Fill in at least one parser group'),
  uaId: text('缺少 UA 编号或编号无效', 'The UA id is missing or invalid'),
  tooManyStrings: text('一次最多解析 {max} 条', 'At most {max} strings per call'),
  stringTooLong: text('UA 字符串不能超过 {max} 个字符', 'A UA string has at most {max} characters'),
  submitted: text('提交成功', 'submitted successfully'),
  tooMuchWork: text(
    '本次解析过多：这些规则下一次最多分析 {max} 个字符（每条 UA 只看前 {analysed} 个字符），本次为 {chars} 个；请减少或缩短字符串，或简化规则',
    'Too much to parse in one call: with these rules a call analyses at most {max} characters (each string up to its first {analysed}), this one {chars}; send fewer or shorter strings, or smaller rules',
  ),
  ownRecord: text('正则表达式与本条记录的 UA 字符串不匹配', 'The regex does not match this record’s UA string'),
  tooBroad: text(
    '正则表达式匹配了 {share}% 的参考 UA 字符串（共 {total} 条，最多允许 {max}%）：规则应只针对它要识别的字符串',
    'The regex matches {share}% of {total} reference UA strings (at most {max}%): a rule must be specific to the strings it is for',
  ),
  tooManyCalls: text('同时进行的 UA 解析过多：请等当前的完成（每人同时最多 {max} 个）', 'Too many UA parse calls at a time: wait for yours to finish (at most {max} at a time)'),
  busy: text('UA 解析繁忙，请稍后再试', 'The UA parser is busy: try again shortly'),
  timeout: text('解析超过 {seconds} 秒，已中止：请减少或缩短字符串，或简化规则', 'The parse took more than {seconds} s and was stopped: send fewer or shorter strings, or smaller rules'),
  unpublished: text('已撤销发布', 'unpublished'),
  reopened: text('已重新打开', 'reopened'),
  tooManyMatches: text(
    '该规则还会把另外 {count} 条未处理记录标记为已处理，一次最多 {max} 条：请不勾选此项发布，或写得更具体',
    'This rule would also mark {count} other unprocessed records processed, at most {max} at once: publish without marking them, or write a narrower rule',
  ),
} satisfies Record<string, Text>;

function say(message: Text, locale: Locale, params: Record<string, number> = {}): string {
  return format(message[locale], params);
}

/** A regex's problem, if any (./uaRegex supplies it; the contract holds no engine). */
export type RegexCheck = (pattern: string, flag: string | undefined) => Text | null;

export type SubmissionCheck = { ok: true; value: UaParserSubmission } | { ok: false; fields: Record<string, string> };

/** Checks one group's fields; problems keyed `<group>.<field>`. */
export function checkParserGroup(spec: ParserGroupSpec, group: Record<string, unknown>, checkRegex: RegexCheck, locale: Locale): { value: ParserGroup; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const value: ParserGroup = {};
  for (const [name, raw] of Object.entries(group)) {
    const key = `${spec.key}.${name}`;
    const field = spec.fields.find((f) => f.name === name);
    if (!field) fields[key] = say(UA_MESSAGES.unknownField, locale);
    else if (typeof raw !== 'string') fields[key] = say(UA_MESSAGES.notText, locale);
    else if (raw.length > (name === 'regex' ? UA_LIMITS.regex : UA_LIMITS.replacement)) fields[key] = say(UA_MESSAGES.tooLong, locale, { max: name === 'regex' ? UA_LIMITS.regex : UA_LIMITS.replacement });
    else if (field.options && !field.options.some((o) => o.value === raw)) fields[key] = say(UA_MESSAGES.notOption, locale);
    else value[name] = raw;
  }
  const regexKey = `${spec.key}.regex`;
  if (!fields[regexKey]) {
    if (!value.regex) fields[regexKey] = say(UA_MESSAGES.regexRequired, locale);
    else {
      const problem = checkRegex(value.regex, value.regex_flag);
      if (problem) fields[regexKey] = problem[locale];
    }
  }
  return { value, fields };
}

/** A UA id as sent (a number, or digits as text); undefined for anything else, objects included. */
export function uaIdOf(value: unknown): number | undefined {
  const raw = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,15}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 && Number.isSafeInteger(id) ? id : undefined;
}

/** The whole submission, pruned first; the same check runs in the form and on the server. */
export function checkSubmission(raw: unknown, checkRegex: RegexCheck, locale: Locale, options: { needsId?: boolean } = {}): SubmissionCheck {
  const input = pruneSubmission(raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {});
  const fields: Record<string, string> = {};
  const value: UaParserSubmission = { uaId: 0 };
  const id = uaIdOf(input.uaId);
  if (id !== undefined) value.uaId = id;
  else if (options.needsId !== false || input.uaId !== undefined) fields.uaId = say(UA_MESSAGES.uaId, locale);
  value.markMatches = input.markMatches === true || input.markMatches === '1' || input.markMatches === 'true';
  let groups = 0;
  for (const spec of PARSER_GROUPS) {
    const group = input[spec.key];
    if (group === undefined) continue;
    groups += 1;
    if (typeof group !== 'object' || group === null || Array.isArray(group)) {
      fields[spec.key] = say(UA_MESSAGES.notText, locale);
      continue;
    }
    const checked = checkParserGroup(spec, group as Record<string, unknown>, checkRegex, locale);
    Object.assign(fields, checked.fields);
    value[spec.key] = checked.value;
  }
  if (groups === 0) fields.deviceParser = say(UA_MESSAGES.noGroup, locale);
  return Object.keys(fields).length ? { ok: false, fields } : { ok: true, value };
}

export interface UaBrowser {
  family: string;
  major: string | null;
  minor: string | null;
  patch: string | null;
}
export interface UaOs extends UaBrowser {
  patchMinor: string | null;
}
export interface UaDevice {
  family: string;
  brand: string | null;
  model: string | null;
}
/** uap-core's result shape: a missing part is null, no match gives family "Other". */
export interface UaResult {
  ua: UaBrowser;
  os: UaOs;
  device: UaDevice;
}

/** A match's groups: index 0 the whole match, then $1…$9 (undefined when a group took no part). */
export type MatchGroups = ReadonlyArray<string | undefined>;

/** `$1`…`$9` replaced by the match's groups (absent → empty), trimmed, as uap-core specifies. */
export function substitute(template: string, groups: MatchGroups): string {
  return template.replace(/\$(\d)/g, (_, i: string) => groups[Number(i)] ?? '').trim();
}

function part(replacement: string | undefined, groups: MatchGroups, index: number): string | null {
  return (replacement !== undefined ? substitute(replacement, groups) : groups[index]) || null;
}

/** uap-core rule fields, by parser kind (the keys regexes.yaml uses). */
export type UapRule = { regex: string; regex_flag?: string } & Partial<Record<string, string>>;

const BROWSER_KEYS = ['family_replacement', 'v1_replacement', 'v2_replacement', 'v3_replacement'] as const;
const OS_KEYS = ['os_replacement', 'os_v1_replacement', 'os_v2_replacement', 'os_v3_replacement', 'os_v4_replacement'] as const;

/** Family and versions: each key's replacement, or else the group of its position ($1, $2…). */
function partsFrom(rule: UapRule, m: MatchGroups, keys: readonly string[]): Array<string | null> {
  return keys.map((key, i) => part(rule[key], m, i + 1));
}

export function browserFrom(rule: UapRule, m: MatchGroups): UaBrowser {
  const [family, major = null, minor = null, patch = null] = partsFrom(rule, m, BROWSER_KEYS);
  return { family: family ?? 'Other', major, minor, patch };
}

export function osFrom(rule: UapRule, m: MatchGroups): UaOs {
  const [family, major = null, minor = null, patch = null, patchMinor = null] = partsFrom(rule, m, OS_KEYS);
  return { family: family ?? 'Other', major, minor, patch, patchMinor };
}

export function deviceFrom(rule: UapRule, m: MatchGroups): UaDevice {
  return {
    family: part(rule.device_replacement, m, 1) ?? 'Other',
    brand: rule.brand_replacement !== undefined ? substitute(rule.brand_replacement, m) || null : null,
    model: part(rule.model_replacement, m, 1),
  };
}

export const OTHER_BROWSER: UaBrowser = { family: 'Other', major: null, minor: null, patch: null };
export const OTHER_OS: UaOs = { ...OTHER_BROWSER, patchMinor: null };
export const OTHER_DEVICE: UaDevice = { family: 'Other', brand: null, model: null };

/**
 * A submission's groups as uap-core rules: the device group keeps its keys; the os and browser
 * groups' v1/v2 become os_v1/os_v2 (os) and stay v1/v2 (browser). The platform's extra fields
 * (type, is-mobile, device type) are kept: uap-core parsers ignore keys they do not know.
 */
export function uapRulesOf(submission: Pick<UaParserSubmission, ParserGroupKey>): Partial<Record<'device' | 'os' | 'ua', UapRule>> {
  const rules: Partial<Record<'device' | 'os' | 'ua', UapRule>> = {};
  if (submission.deviceParser) rules.device = { ...submission.deviceParser } as UapRule;
  if (submission.osParser) {
    const { v1_replacement, v2_replacement, ...rest } = submission.osParser;
    rules.os = <UapRule>{ ...rest, ...(v1_replacement !== undefined && { os_v1_replacement: v1_replacement }), ...(v2_replacement !== undefined && { os_v2_replacement: v2_replacement }) };
  }
  if (submission.browserParser) rules.ua = { ...submission.browserParser } as UapRule;
  return rules;
}

/** A rule as the rule list answers it (GET /v2/ua/rule/list): newest first, published or not. */
export interface UaRuleSummary {
  id: number;
  uaId: number | null;
  /** Parser kind as regexes.yaml groups them: browser (`ua`), os, device. */
  kind: 'ua' | 'os' | 'device';
  rule: UapRule;
  createTime: number;
  creatorName: string;
  isPublished: boolean;
  unpublishTime: number | null;
  unpublishedBy: string | null;
}

/** Whether a result classifies the string: a browser or an os, or a device, was recognised. */
export function isClassified(result: UaResult): boolean {
  return result.ua.family !== 'Other' || result.os.family !== 'Other' || result.device.family !== 'Other';
}
