/** The UA rule contract: what the form sends, how a match fills uap-core's result, and the regex verdict. */
import { describe, expect, it } from 'vitest';
import { browserFrom, checkSubmission, deviceFrom, osFrom, pruneSubmission, substitute } from '../../../contract/ua';
import { regexProblem } from '../../../contract/uaRegex';

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
