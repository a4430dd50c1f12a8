/**
 * The verdict on a parser rule's regex, the same in the console's test bench and on the server:
 * it must compile, run on RE2 (a linear-time engine: no look-arounds, no back-references), stay
 * within a program size (RE2's matching time is input length × program size, and a counted
 * repetition multiplies the program), show no nested or overlapping quantifiers (matching time
 * that can grow super-linearly on a backtracking engine), and not match the empty string (it would
 * match every UA). The size is estimated from the parse tree before RE2 compiles anything (compiling
 * `.{0,1000}` × 20 alone took seconds), then read from the compiled program. The static checks
 * also vet uap-core's own rules, which run on V8's faster backtracking engine.
 */
import { RE2JS } from 're2js';
import ret, { types, type Root, type Token } from 'ret';
import safeRegex from 'safe-regex2';
import { format, text, type Text } from './i18n';
import { UA_LIMITS } from './ua';

const count = (n: number) => n.toLocaleString('en');

export const REGEX_PROBLEMS = {
  tooLong: text(`正则表达式不能超过 ${UA_LIMITS.regex} 个字符`, `The regex has more than ${UA_LIMITS.regex} characters`),
  flag: text('正则标志只能是 i', 'The only regex flag is i'),
  syntax: text('正则表达式无法编译：', 'The regex does not compile: '),
  unreadable: text('无法估算该正则表达式的规模，请改写', 'The size of this regex cannot be measured: write it another way'),
  engine: text('正则表达式使用了前瞻/后顾或反向引用，无法在线性时间内匹配：', 'The regex uses look-arounds or back-references, which cannot match in linear time: '),
  program: text(
    `正则表达式编译后{about} {size} 条指令，超过上限 ${count(UA_LIMITS.program)} 条（计数重复如 {1000} 会成倍放大程序）`,
    `The regex compiles to {about}{size} instructions, more than the limit of ${count(UA_LIMITS.program)} (a counted repetition such as {1000} multiplies the program)`,
  ),
  nested: text('正则表达式含嵌套的量词（如 (a+)+），匹配时间可能随输入超线性增长', 'The regex has nested quantifiers (like (a+)+): matching time can grow super-linearly with the input'),
  overlapping: text('正则表达式在量词内有重叠的分支（如 (a|aa)+），匹配时间可能随输入超线性增长', 'The regex repeats alternatives that overlap (like (a|aa)+): matching time can grow super-linearly with the input'),
  empty: text('正则表达式能匹配空字符串，因而会匹配任何 UA', 'The regex matches the empty string, so it would match every UA string'),
} satisfies Record<string, Text>;

const withDetail = (message: Text, detail: string): Text => ({ 'zh-CN': message['zh-CN'] + detail, 'en-US': message['en-US'] + detail });

function programProblem(size: number, isEstimate: boolean): Text {
  const params = { size: count(size) };
  return {
    'zh-CN': format(REGEX_PROBLEMS.program['zh-CN'], { ...params, about: isEstimate ? '约' : '共' }),
    'en-US': format(REGEX_PROBLEMS.program['en-US'], { ...params, about: isEstimate ? 'about ' : '' }),
  };
}

/** RE2's compiled form of a pattern, case-insensitive with flag `i`; throws on RE2-unsupported syntax. */
export function compileRe2(pattern: string, flag: string | undefined): RE2JS {
  return RE2JS.compile(pattern, flag === 'i' ? RE2JS.CASE_INSENSITIVE : 0);
}

function sequenceSize(tokens: readonly Token[]): number {
  return tokens.reduce((sum, token) => sum + tokenSize(token), 0);
}

function alternativesSize(token: { stack?: Token[]; options?: Token[][] }): number {
  if (!token.options) return sequenceSize(token.stack ?? []);
  return token.options.reduce((sum, option) => sum + sequenceSize(option), 0) + token.options.length - 1;
}

/**
 * RE2's instructions for a token, as its compiler lays them out: one per character, class or
 * assertion; an alternation adds one per branch; a capture two; `x{n,m}` is n copies of x and
 * m − n optional ones (one more instruction each), `x{n,}` n copies and a loop.
 */
function tokenSize(token: Token): number {
  switch (token.type) {
    case types.GROUP:
      return alternativesSize(token) + (token.remember ? 2 : 0);
    case types.REPETITION: {
      const body = tokenSize(token.value);
      if (!Number.isFinite(token.max)) return token.min * body + body + 1;
      return token.min * body + (token.max - token.min) * (body + 1);
    }
    default:
      return 1;
  }
}

/**
 * The instructions RE2 would compile a pattern to, estimated from its parse tree without
 * compiling (nested counted repetitions multiplied out, alternations summed); undefined when the
 * pattern cannot be read. Within a few instructions of RE2's own count for uap-core's rules.
 */
export function programSizeEstimate(pattern: string): number | undefined {
  try {
    // Capture 0 and the match instruction.
    return alternativesSize(ret(pattern)) + 3;
  } catch {
    return undefined;
  }
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

/** A verdict: the problem, or the compiled program (compiled once, for the caller to run). */
export type RegexVerdict = { problem: Text; program?: undefined } | { problem: null; program: RE2JS };

interface Checks {
  /** Operators' rules: the length limit, the program size and the empty match (uap-core's own rules are vetted without them). */
  isOperatorRule: boolean;
}

function verdict(pattern: string, flag: string | undefined, { isOperatorRule }: Checks): RegexVerdict {
  if (isOperatorRule && pattern.length > UA_LIMITS.regex) return { problem: REGEX_PROBLEMS.tooLong };
  if (flag !== undefined && flag !== '' && flag !== 'i') return { problem: REGEX_PROBLEMS.flag };
  try {
    new RegExp(pattern, flag === 'i' ? 'i' : '');
  } catch (error) {
    return { problem: withDetail(REGEX_PROBLEMS.syntax, error instanceof Error ? error.message : String(error)) };
  }
  if (isOperatorRule) {
    const estimate = programSizeEstimate(pattern);
    // Unread, only a counted repetition can make the program large: without one, RE2 may compile it.
    if (estimate === undefined && pattern.includes('{')) return { problem: REGEX_PROBLEMS.unreadable };
    if (estimate !== undefined && estimate > UA_LIMITS.program) return { problem: programProblem(estimate, true) };
  }
  let program: RE2JS;
  try {
    program = compileRe2(pattern, flag);
  } catch (error) {
    return { problem: withDetail(REGEX_PROBLEMS.engine, error instanceof Error ? error.message : String(error)) };
  }
  if (isOperatorRule && program.programSize() > UA_LIMITS.program) return { problem: programProblem(program.programSize(), false) };
  if (!safeRegex(pattern)) return { problem: REGEX_PROBLEMS.nested };
  try {
    if (hasOverlappingRepeat(ret(pattern))) return { problem: REGEX_PROBLEMS.overlapping };
  } catch {
    // ret reads a slightly older syntax than V8; what RegExp and RE2 both accept is judged by them.
  }
  if (isOperatorRule && program.matcher('').find()) return { problem: REGEX_PROBLEMS.empty };
  return { problem: null, program };
}

/** An operator's pattern: its problem, or its compiled program. */
export function operatorRegexVerdict(pattern: string, flag: string | undefined): RegexVerdict {
  return verdict(pattern, flag, { isOperatorRule: true });
}

/** What is wrong with an operator's pattern, or null when it is safe to publish. */
export function regexProblem(pattern: string, flag: string | undefined): Text | null {
  return operatorRegexVerdict(pattern, flag).problem;
}

/** The check of uap-core's own rules: without the operator's limits (its long alternations are vetted by it). */
export function regexHazard(pattern: string, flag: string | undefined): Text | null {
  return verdict(pattern, flag, { isOperatorRule: false }).problem;
}
