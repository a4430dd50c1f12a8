/** The UA rule contract: what the form sends, how a match fills uap-core's result, and the regex verdict. */
import { describe, expect, it } from 'vitest';
import { browserFrom, checkSubmission, deviceFrom, osFrom, pruneSubmission, substitute, UA_LIMITS, uaIdOf } from '../../../contract/ua';
import { compileRe2, programSizeEstimate, regexProblem } from '../../../contract/uaRegex';
import { readBaseYaml } from '../../../server/ua/ruleSet';

describe('pruning the publish form', () => {
  it('drops empty fields, then groups left empty, and keeps the rest trimmed', () => {
    expect(
      pruneSubmission({
        uaId: 7,
        deviceParser: { regex: ' Kestrel (K\\d+) ', device_replacement: '', brand_replacement: null, type: '1' },
        osParser: { regex: '', os_replacement: '  ' },
        browserParser: undefined,
      }),
    ).toEqual({ uaId: 7, deviceParser: { regex: 'Kestrel (K\\d+)', type: '1' } });
  });

  it('keeps a non-text value for the check to refuse instead of turning it into text (an object whose toString is not a function)', () => {
    const hostile = { toString: 1 };
    expect(pruneSubmission({ uaId: 7, deviceParser: { regex: hostile } })).toEqual({ uaId: 7, deviceParser: { regex: hostile } });
    expect(checkSubmission({ uaId: 7, deviceParser: { regex: hostile } }, regexProblem, 'en-US')).toEqual({ ok: false, fields: { 'deviceParser.regex': 'Must be text' } });
  });

  it('reads the UA id like every other id: a positive integer, as a number or digits, nothing else', () => {
    expect([uaIdOf(7), uaIdOf(' 12 '), uaIdOf('0'), uaIdOf(-3), uaIdOf(1.5), uaIdOf('1e3'), uaIdOf({ toString: 1 }), uaIdOf([7]), uaIdOf(null)]).toEqual([7, 12, undefined, undefined, undefined, undefined, undefined, undefined, undefined]);
    const check = (uaId: unknown) => checkSubmission({ uaId, deviceParser: { regex: 'Kestrel (K\\d+)' } }, regexProblem, 'en-US');
    expect(check({ toString: 1 })).toEqual({ ok: false, fields: { uaId: 'The UA id is missing or invalid' } });
    expect(check('5').ok).toBe(true);
  });

  it('refuses a submission with no group, a group without a regex, and a value outside its choices', () => {
    const check = (raw: object) => checkSubmission(raw, regexProblem, 'en-US');
    expect(check({ uaId: 1, deviceParser: { regex: '' } })).toEqual({ ok: false, fields: { deviceParser: 'Fill in at least one parser group' } });
    expect(check({ uaId: 1, osParser: { os_replacement: 'HaloOS' } })).toEqual({ ok: false, fields: { 'osParser.regex': 'Enter the regex' } });
    expect(check({ uaId: 1, deviceParser: { regex: 'x', device_type_replacement: 'tablet' } })).toEqual({ ok: false, fields: { 'deviceParser.device_type_replacement': 'Not one of the choices' } });
  });
});

describe('$n substitution', () => {
  const m = ['Kestrel K9 v2', 'K9', undefined, '2'];
  it('replaces $1…$9 with the groups, an absent group with nothing, and trims', () => {
    expect(substitute('Kestrel $1', m)).toBe('Kestrel K9');
    expect(substitute(' $2 $3 ', m)).toBe('2');
    expect(substitute('$9', m)).toBe('');
  });
  it("fills missing replacements with groups as uap-core specifies: family $1, versions $2…; device model $1, brand none", () => {
    const groups = ['x', 'Halo', '3', undefined, '7', '1'];
    expect(browserFrom({ regex: 'x' }, groups)).toEqual({ family: 'Halo', major: '3', minor: null, patch: '7' });
    expect(osFrom({ regex: 'x', os_v1_replacement: '$2$5' }, groups)).toEqual({ family: 'Halo', major: '31', minor: null, patch: '7', patchMinor: '1' });
    expect(deviceFrom({ regex: 'x', device_replacement: 'Phone $1' }, groups)).toEqual({ family: 'Phone Halo', brand: null, model: 'Halo' });
    expect(deviceFrom({ regex: 'x', brand_replacement: '$3' }, groups)).toEqual({ family: 'Halo', brand: null, model: 'Halo' });
  });
});

describe('the regex verdict', () => {
  const verdict = (pattern: string, flag?: string) => regexProblem(pattern, flag)?.['en-US'] ?? 'safe';
  it.each([
    ['(a+)+$', /nested quantifiers/],
    ['^(.*)*x$', /nested quantifiers/],
    ['(\\w+\\s?)+$', /nested quantifiers/],
    ['(a|aa)+$', /alternatives that overlap/],
    ['(Foo|Foo)*Bar', /alternatives that overlap/],
    ['(?=Mobile)Foo', /look-arounds or back-references/],
    ['(x)\\1', /look-arounds or back-references/],
    ['Foo/([0-9]+', /does not compile/],
  ])('refuses %s (%s)', (pattern, problem) => {
    expect(verdict(pattern)).toMatch(problem);
  });
  it.each(['Kestrel (K\\d+)', '(?:CROSS|Cross)+[ _\\-]([^\\)]+)', 'Mozilla.{1,200}Mobile', '^(bot|crawl|spider)', '(Chrome)/(\\d+)\\.(\\d+)'])('accepts %s', (pattern) => {
    expect(verdict(pattern)).toBe('safe');
  });
  it('refuses a regex longer than 500 characters', () => {
    expect(verdict('a'.repeat(501))).toMatch(/more than 500 characters/);
  });
  it('accepts only the flag i', () => {
    expect(verdict('abc', 'i')).toBe('safe');
    expect(verdict('abc', 'g')).toMatch(/only regex flag/);
  });
});

describe('the program size: what a pattern costs on RE2', () => {
  const verdict = (pattern: string) => regexProblem(pattern, undefined)?.['en-US'] ?? 'safe';

  it('refuses counted repetitions that multiply the program past the limit, naming the limit and the size, before compiling', () => {
    // The review's patterns: 140 characters each, 20,000 and 40,000 instructions.
    expect(verdict('.{1000}'.repeat(20))).toMatch(/about 20,003 instructions, more than the limit of 4,000/);
    expect(verdict(`${'.{0,1000}'.repeat(20)}\n`)).toMatch(/about 40,004 instructions/);
    // Nested counted repetitions multiply: 50 × 50 × 2 characters.
    expect(verdict('(?:(?:ab){50}){50}')).toMatch(/about 5,00\d instructions/);
    const started = performance.now();
    regexProblem('.{0,1000}'.repeat(60), undefined);
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('refuses a counted repetition in a pattern whose size cannot be read, and judges one without by RE2 itself', () => {
    // ret cannot read look-behinds: with a counted repetition the size is unknown, so it is refused.
    expect(verdict('(?<=Foo)x{1000}')).toMatch(/size of this regex cannot be measured/);
    expect(verdict('(?<=Foo)/1')).toMatch(/look-arounds or back-references/);
  });

  it('accepts the largest program within the limit', () => {
    const worst = `${'.{1000}'.repeat(3)}.{990}`;
    expect(verdict(worst)).toBe('safe');
    expect(compileRe2(worst, undefined).programSize()).toBeLessThanOrEqual(UA_LIMITS.program);
  });

  const rules = Object.values(readBaseYaml()).flat();

  it("estimates within 2 instructions below RE2's own count, or above it, for every one of uap-core's 1,175 rules", () => {
    expect(rules.length).toBe(1175);
    const under = rules.filter((r) => compileRe2(r.regex, r.regex_flag).programSize() - programSizeEstimate(r.regex)! > 2);
    expect(under.map((r) => r.regex)).toEqual([]);
  });

  it("lets an operator write any of uap-core's rules that fit the length limit: the largest compiles to 2,583 instructions", () => {
    const fitting = rules.filter((r) => r.regex.length <= UA_LIMITS.regex);
    expect(Math.max(...fitting.map((r) => compileRe2(r.regex, r.regex_flag).programSize()))).toBe(2583);
    expect(fitting.filter((r) => regexProblem(r.regex, r.regex_flag) !== null).map((r) => r.regex)).toEqual([]);
  });
});

describe('a pattern that matches the empty string matches every UA', () => {
  it.each(['^', '$', 'x*', '(?:)', 'a|', '(Foo)?', '\\s*'])('refuses %s', (pattern) => {
    expect(regexProblem(pattern, undefined)?.['en-US']).toMatch(/matches the empty string/);
  });
  it.each(['\\bFoo', 'a+', '(Foo)?Bar'])('accepts %s', (pattern) => {
    expect(regexProblem(pattern, undefined)).toBeNull();
  });
});
