/**
 * The verdict on a parser rule's regex, the same in the console's test bench and on the server:
 * it must compile, run on RE2 (a linear-time engine: no look-arounds, no back-references), and
 * show no nested or overlapping quantifiers (matching time that can grow super-linearly on a
 * backtracking engine). The server runs every operator's pattern on RE2 anyway; the static check
 * also vets uap-core's own rules, which run on V8's faster backtracking engine.
 */
import { RE2JS } from 're2js';
import ret, { types, type Root, type Token } from 'ret';
import safeRegex from 'safe-regex2';
import { text, type Text } from './i18n';
import { UA_LIMITS } from './ua';

export const REGEX_PROBLEMS = {
  tooLong: text(`正则表达式不能超过 ${UA_LIMITS.regex} 个字符`, `The regex has more than ${UA_LIMITS.regex} characters`),
  flag: text('正则标志只能是 i', 'The only regex flag is i'),
  syntax: text('正则表达式无法编译：', 'The regex does not compile: '),
  engine: text('正则表达式使用了前瞻/后顾或反向引用，无法在线性时间内匹配：', 'The regex uses look-arounds or back-references, which cannot match in linear time: '),
  nested: text('正则表达式含嵌套的量词（如 (a+)+），匹配时间可能随输入超线性增长', 'The regex has nested quantifiers (like (a+)+): matching time can grow super-linearly with the input'),
  overlapping: text('正则表达式在量词内有重叠的分支（如 (a|aa)+），匹配时间可能随输入超线性增长', 'The regex repeats alternatives that overlap (like (a|aa)+): matching time can grow super-linearly with the input'),
} satisfies Record<string, Text>;

const withDetail = (message: Text, detail: string): Text => ({ 'zh-CN': message['zh-CN'] + detail, 'en-US': message['en-US'] + detail });

/** RE2's compiled form of a pattern, case-insensitive with flag `i`; throws on RE2-unsupported syntax. */
export function compileRe2(pattern: string, flag: string | undefined): RE2JS {
  return RE2JS.compile(pattern, flag === 'i' ? RE2JS.CASE_INSENSITIVE : 0);
}

/** An alternative made only of plain characters, as text; null when it holds anything else. */
function literalOf(option: readonly Token[]): string | null {
  let literal = '';
  for (const token of option) {
    if (token.type !== types.CHAR) return null;
    literal += String.fromCharCode(token.value);
  }
  return literal;
}

/** Two alternatives that can split the same text two ways when repeated: equal, or one literal a prefix of the other. */
function overlap(a: readonly Token[], b: readonly Token[]): boolean {
  if (JSON.stringify(a) === JSON.stringify(b)) return true;
  const [x, y] = [literalOf(a), literalOf(b)];
  return x !== null && y !== null && x !== '' && y !== '' && (x.startsWith(y) || y.startsWith(x));
}

/** A repetition without a small bound over alternatives that overlap: `(a|aa)+`, `(a|a)*`. */
function hasOverlappingRepeat(token: Token | Root): boolean {
  const children = (t: Token | Root): Token[] => {
    if ('stack' in t && t.stack) return t.stack;
    if ('options' in t && t.options) return t.options.flat();
    if (t.type === types.REPETITION) return [t.value];
    return [];
  };
  if (token.type === types.REPETITION && token.max > 1 && 'options' in token.value && token.value.options) {
    const options = token.value.options;
    if (options.some((a, i) => options.slice(i + 1).some((b) => overlap(a, b)))) return true;
  }
  return children(token).some(hasOverlappingRepeat);
}

/** What is wrong with a pattern, or null when it is safe to publish. */
export function regexProblem(pattern: string, flag: string | undefined): Text | null {
  return pattern.length > UA_LIMITS.regex ? REGEX_PROBLEMS.tooLong : regexHazard(pattern, flag);
}

/** The check without the length limit (uap-core's own long alternations are vetted by it). */
export function regexHazard(pattern: string, flag: string | undefined): Text | null {
  if (flag !== undefined && flag !== '' && flag !== 'i') return REGEX_PROBLEMS.flag;
  try {
    new RegExp(pattern, flag === 'i' ? 'i' : '');
  } catch (error) {
    return withDetail(REGEX_PROBLEMS.syntax, error instanceof Error ? error.message : String(error));
  }
  try {
    compileRe2(pattern, flag);
  } catch (error) {
    return withDetail(REGEX_PROBLEMS.engine, error instanceof Error ? error.message : String(error));
  }
  if (!safeRegex(pattern)) return REGEX_PROBLEMS.nested;
  try {
    if (hasOverlappingRepeat(ret(pattern))) return REGEX_PROBLEMS.overlapping;
  } catch {
    // ret reads a slightly older syntax than V8; what RegExp and RE2 both accept is judged by them.
  }
  return null;
}
