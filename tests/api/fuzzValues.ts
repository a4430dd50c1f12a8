/**
 * What the fuzzer sends (fast-check arbitraries): hostile JSON values and query strings, and
 * near-valid records built from a contract entity's own rules, so some fuzzed writes succeed and
 * what they store can be checked against the contract afterwards.
 */
import fc from 'fast-check';
import { fieldSchema, idCardCheckCharacter, type Field, type Fields } from '../../contract';

/** A JSON object kept as its entries, so `__proto__` and repeated keys survive until serialised. */
export class JsonObject {
  constructor(readonly entries: ReadonlyArray<readonly [string, JsonValue]>) {}
}
/** A number written as is (1e999 parses as Infinity, 1e+21 past any safe integer). */
export class RawNumber {
  constructor(readonly text: string) {}
}
export type JsonValue = null | boolean | number | string | RawNumber | JsonValue[] | JsonObject;

export function toJson(value: JsonValue): string {
  if (value instanceof RawNumber) return value.text;
  if (value instanceof JsonObject) return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`).join(',')}}`;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  return JSON.stringify(value);
}

const POISON_KEYS = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', 'prototype'];
const PAGING_KEYS = ['pageNo', 'pageSize', 'page', 'size', 'limit'];

/** Odd characters: NUL and other controls, separators, a lone surrogate, emoji, SQL and LIKE metacharacters. */
const ODD = ['\u0000', '\u0001', '\u001f', '\u007f', '\t', '\n', '\r', '\u2028', '\ufeff', '\ud800', '😀', '名', '%', '_', '\\', '"', "'", ';', '--', '*', '\u202e'];

const oddText = fc.array(fc.oneof(fc.constantFrom(...ODD), fc.string({ maxLength: 3 })), { maxLength: 12 }).map((parts) => parts.join(''));
const hugeText = fc.tuple(fc.constantFrom('x', '名', '%', '\u0000', 'ab_'), fc.integer({ min: 100, max: 120_000 })).map(([c, n]) => c.repeat(n));
const numericText = fc.constantFrom('0', '-1', '0.5', '1e21', '1e+21', '-0', 'NaN', 'Infinity', '9'.repeat(30), '987654', '1,2,3', ',,', ' 1 ', '0x10');
const wordText = fc.constantFrom('', ' ', 'null', 'true', 'undefined', "' or 1=1 --", '%', '%00', 'up', 'down', 'admin', '1', '2');

export const text: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  oddText,
  numericText,
  wordText,
  hugeText,
);

const rawNumber = fc.constantFrom('1e999', '-1e999', '1e+21', '-0', '123456789012345678901234567890', '1.0000000000000000001', '5e-324').map((t) => new RawNumber(t));
export const number: fc.Arbitrary<JsonValue> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -1, 0.5, 1e21, -1e21, 1e308, Number.MAX_SAFE_INTEGER, 2 ** 53 + 2, 987654, 1, 2),
  rawNumber,
);

/** Long id lists, as arrays and as comma lists. */
const idList: fc.Arbitrary<JsonValue> = fc.oneof(
  fc.array(fc.oneof(fc.nat(5000), fc.constant(987654)), { maxLength: 3000 }),
  fc.array(fc.nat(5000), { minLength: 1, maxLength: 3000 }).map((ids) => ids.join(',')),
);

const scalar: fc.Arbitrary<JsonValue> = fc.oneof(text, number, fc.boolean(), fc.constant(null));

export function keyOf(known: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...known, ...PAGING_KEYS) }, fc.constantFrom(...POISON_KEYS), fc.string({ maxLength: 8 }));
}

/** Any JSON value: scalars, id lists, nested arrays and objects (with poisoned keys), `{toString: 1}`. */
export function jsonValue(keys: fc.Arbitrary<string>): fc.Arbitrary<JsonValue> {
  const { value } = fc.letrec<{ value: JsonValue }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      { weight: 5, arbitrary: scalar },
      idList,
      fc.array(tie('value'), { maxLength: 4 }),
      fc.array(fc.tuple(keys, tie('value')), { maxLength: 4 }).map((entries) => new JsonObject(entries)),
      fc.constantFrom(new JsonObject([['toString', 1]]), new JsonObject([['valueOf', new JsonObject([])]]), new JsonObject([['__proto__', new JsonObject([['isAdmin', true]])]])),
    ),
  }));
  return value;
}

/** Values of the shapes the contract's pattern rules take: phone, e-mail, ID card, date, login name, address. */
const patternCandidates: fc.Arbitrary<string>[] = [
  fc.tuple(fc.constantFrom('3', '5', '8', '9'), fc.nat(99_999_999)).map(([d, n]) => `13${d}${String(n).padStart(8, '0')}`.slice(0, 11)),
  fc.stringMatching(/^[a-z0-9]{1,10}@[a-z]{2,8}\.com$/),
  fc.nat(9_999_999).map((n) => {
    const first17 = `1101011990${String(n).padStart(7, '0')}`;
    return first17 + idCardCheckCharacter(first17);
  }),
  fc.date({ min: new Date('1950-01-01'), max: new Date('2020-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  fc.stringMatching(/^[a-z][a-z0-9_]{2,15}$/),
  fc.stringMatching(/^\/[a-z]{1,20}$/),
];

/** Values the field's own rule accepts, found among candidates of every shape (its schema picks). */
function validValue(field: Field): fc.Arbitrary<JsonValue> {
  const rule = field.rule;
  const accepts = (v: unknown) => fieldSchema(field, 'zh-CN').safeParse(v).success;
  const firstAccepted = (candidates: fc.Arbitrary<JsonValue>[]) => fc.tuple(...candidates).map((values) => values.find(accepts) ?? values[0]!);
  switch (rule.kind) {
    case 'requiredText':
    case 'optionalText': {
      const min = rule.kind === 'requiredText' ? rule.min : 0;
      return firstAccepted([fc.string({ unit: 'grapheme', minLength: min, maxLength: rule.max }), fc.string({ unit: 'grapheme-ascii', minLength: min, maxLength: rule.max })]);
    }
    case 'digits':
      return fc.integer({ min: 0, max: 10 ** Math.min(rule.max, 9) - 1 }).map((n) => (rule.asText ? String(n) : n));
    case 'choice':
      return fc.constantFrom(...rule.values);
    case 'dictionary':
      return fc.constantFrom('1', '2');
    case 'commaJoined':
      return fc.array(fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: rule.max }).filter((p) => !p.includes(',')), { maxLength: rule.count }).map((p) => p.join(','));
    case 'reference':
      return fc.constantFrom(1, 2, 3);
    case 'pattern':
      return firstAccepted(patternCandidates);
    case 'date':
      return firstAccepted([fc.date({ min: new Date('1950-01-01'), max: new Date('2020-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10))]);
    case 'dateTime':
      return fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) });
    case 'decimal':
      return fc.integer({ min: rule.min, max: Math.min(rule.max, rule.min + 10 ** 9) });
    case 'tags':
      return (rule.of === 'reference' ? fc.uniqueArray(fc.constantFrom(1, 2, 3), { minLength: 1, maxLength: Math.min(rule.max, 3) }) : fc.uniqueArray(fc.constantFrom('1', '2'), { minLength: 1, maxLength: Math.min(rule.max, 2) })) as fc.Arbitrary<JsonValue>;
  }
}

/** Just past the field's bounds, or anything at all. */
function hostileValue(field: Field, keys: fc.Arbitrary<string>): fc.Arbitrary<JsonValue> {
  const max = field.maxLength ?? (field.rule.kind === 'digits' ? field.rule.max : 15);
  return fc.oneof(fc.constantFrom('x'.repeat(max + 1), '9'.repeat(max + 1), '\u0000', ' ', ''), jsonValue(keys));
}

/** A record whose fields pass their rules, but for at most one that is hostile and a few left out. */
export function nearValidRecord(fields: Fields, keys: fc.Arbitrary<string>): fc.Arbitrary<JsonObject> {
  const names = Object.keys(fields);
  const valid = fc.tuple(...names.map((name) => validValue(fields[name]!)));
  const sometimes = (weight: number) => fc.oneof({ weight, arbitrary: fc.constant(undefined) }, fc.nat(names.length - 1));
  const spoiled = sometimes(1).chain((index) =>
    index === undefined ? fc.constant(undefined) : hostileValue(fields[names[index]!]!, keys).map((value) => ({ index, value })),
  );
  const dropped = sometimes(3);
  return fc.tuple(valid, spoiled, dropped).map(([values, spoil, drop]) => {
    const entries: Array<readonly [string, JsonValue]> = [];
    names.forEach((name, i) => {
      if (i === drop) return;
      entries.push([name, spoil?.index === i ? spoil.value : values[i]!]);
    });
    return new JsonObject(entries);
  });
}

/** Percent-encoded UTF-8 (a lone surrogate, which encodeURIComponent refuses, goes as U+FFFD). */
function encoded(value: string): string {
  return [...Buffer.from(value, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
}

/** A query string: repeated keys, odd and huge values, and sometimes raw malformed escapes. */
export function queryString(keys: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const pair = fc.oneof(
    { weight: 8, arbitrary: fc.tuple(keys, fc.oneof(text, numericText)).map(([k, v]) => `${encoded(k)}=${encoded(v)}`) },
    fc.constantFrom('%', '%zz', '%E4', '%00=%00', '=', '&', 'a[b]=1', 'a[]=1&a[]=2', '__proto__[x]=1', 'constructor[prototype][x]=1', ';'),
  );
  return fc.array(pair, { maxLength: 8 }).map((pairs) => pairs.join('&'));
}
