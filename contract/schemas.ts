/**
 * A field's rule (./fields) as its zod schema in one locale: what the server checks and the
 * console's forms run. Kept apart from ./fields so that screens which only read fields (lists,
 * menus, definitions) never load zod.
 */
import { z } from 'zod';
import { MAX_MINOR_UNITS, minorUnitsOf, minorUnitsText } from './decimal';
import { isCalendarDate, MAX_INSTANT, messenger, type Field, type Fields, type FieldValues, type Msg, type Rule } from './fields';
import type { Locale } from './i18n';
import { hasControlCharacter } from './search';
import { sortedTags, tagValue, type TagValue } from './tags';

// Never typed, and PostgreSQL cannot store NUL: no text rule accepts control characters.
const hasNoControl = (value: string) => !hasControlCharacter(value);

/** Blank optional text becomes undefined, so "not given" is stored as null. */
function blankToUndefined(v: unknown): unknown {
  if (v === null) return undefined;
  if (typeof v === 'string' && v.trim() === '') return undefined;
  return typeof v === 'string' ? v.trim() : v;
}

/** Text that must be given: missing or blank → required, not text → invalid. */
function requiredString(m: Msg) {
  return z
    .string({ error: (iss) => (iss.input === undefined ? m('required') : m('choice')) })
    .min(1, m('required'))
    .refine(hasNoControl, m('control'));
}

/** Trims text and reads null as "not given" before `inner` checks it. */
function trimmedRequired(inner: z.ZodType<string>): z.ZodType<string> {
  return z.preprocess((v) => (typeof v === 'string' ? v.trim() : v === null ? undefined : v), inner) as z.ZodType<string>;
}

/** A whole non-negative number becomes its digits; text is trimmed; null is "not given". */
function asDigitString(v: unknown): unknown {
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return String(v);
  if (typeof v === 'string') return v.trim();
  return v === null ? undefined : v;
}

/** Up to `max` digits, as text. */
function digitString(m: Msg, max: number) {
  return z
    .string({ error: (iss) => (iss.input === undefined ? m('required') : m('digits')) })
    .min(1, m('required'))
    .max(max, m('maxLength', { max }))
    .regex(/^\d+$/, m('digits'));
}

function choiceSchema(m: Msg, values: readonly (string | number)[], defaultValue: string | number | undefined): z.ZodType {
  return z.preprocess(
    (v) => {
      if (v === null || v === '' || v === undefined) return defaultValue;
      // A flag (values 1/0 or '1'/'0') also takes true/false, as SPEC §3 describes some of them.
      const written = typeof v === 'boolean' ? (v ? '1' : '0') : v;
      // Accept "1" for 1 and 1 for "1": forms and the platform mix them. Only a scalar can be
      // one of the values (an object's toString is the caller's, and may throw).
      if (typeof written !== 'string' && typeof written !== 'number') return v;
      const match = values.find((value) => String(value) === String(written));
      return match ?? v;
    },
    z
      .any()
      .refine((v) => v !== undefined, m('requiredSelect'))
      .refine((v) => v === undefined || values.includes(v as string | number), m('choice')),
  );
}

function commaJoinedSchema(m: Msg, count: number, max: number): z.ZodType {
  return z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z
      .string({ error: () => m('choice') })
      .refine(hasNoControl, m('control'))
      .superRefine((joined, ctx) => {
        const parts = joined.split(',');
        if (parts.length > count) ctx.addIssue({ code: 'custom', message: m('noComma') });
        for (const part of parts) {
          if (part.trim().length > max) ctx.addIssue({ code: 'custom', message: m('lengthBetween', { min: 1, max }) });
        }
      })
      .transform((joined) => joined.split(',').map((p) => p.trim()).join(','))
      .optional(),
  );
}

function referenceSchema(m: Msg, required: boolean): z.ZodType {
  const id = z.preprocess(
    (v) => (v === null || v === '' ? undefined : typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v),
    z
      .number({ error: (iss) => (iss.input === undefined ? m('requiredSelect') : m('choice')) })
      .int(m('choice'))
      .positive(m('requiredSelect')),
  );
  return required ? id : z.preprocess((v) => (v === null || v === '' || v === 0 || v === '0' ? undefined : v), id.optional());
}

function dictionarySchema(m: Msg, storage: Field['storage']): z.ZodType {
  const value = z
    .string({ error: (iss) => (iss.input === undefined ? m('requiredSelect') : m('choice')) })
    .min(1, m('requiredSelect'))
    .max(50, m('choice'))
    .refine(hasNoControl, m('choice'));
  return z.preprocess(
    (v) => (v === null || v === '' ? undefined : typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v.trim() : v),
    storage === 'integer' ? value.regex(/^\d{1,15}$/, m('choice')).transform(Number) : value,
  );
}

type Checked = { value: unknown } | { error: string };

/**
 * A value read by `check`; blank, null and undefined are "not given": a required field says so,
 * an optional one is undefined.
 */
function given(required: boolean, m: Msg, check: (value: unknown) => Checked): z.ZodType {
  const schema = z.unknown().transform((v, ctx) => {
    const absent = v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
    const checked: Checked = absent ? (required ? { error: m('required') } : { value: undefined }) : check(v);
    if ('value' in checked) return checked.value;
    ctx.addIssue({ code: 'custom', message: checked.error });
    return z.NEVER;
  });
  // An object may then leave the key out.
  return required ? schema : schema.optional();
}

function dateSchema(m: Msg, rule: Extract<Rule, { kind: 'date' }>): z.ZodType {
  return given(rule.required, m, (v) => {
    if (typeof v !== 'string') return { error: m('choice') };
    const day = v.trim();
    if (!isCalendarDate(day)) return { error: m('date') };
    if (rule.min !== undefined && day < rule.min) return { error: m('dateMin', { min: rule.min }) };
    if (rule.max !== undefined && day > rule.max) return { error: m('dateMax', { max: rule.max }) };
    if (rule.notAfterToday && day > rule.today()) return { error: m('notAfterToday') };
    return { value: day };
  });
}

function dateTimeSchema(m: Msg, rule: Extract<Rule, { kind: 'dateTime' }>): z.ZodType {
  return given(rule.required, m, (v) => {
    const ms = minorUnitsOf(v);
    return ms === undefined || ms < 0n || ms > BigInt(MAX_INSTANT) ? { error: m('dateTime') } : { value: Number(ms) };
  });
}

function decimalSchema(m: Msg, rule: Extract<Rule, { kind: 'decimal' }>): z.ZodType {
  const { scale, min, max } = rule;
  return given(rule.required, m, (v) => {
    const units = minorUnitsOf(v);
    // A number with a fraction of a minor unit has more decimals than the field keeps.
    const isFraction = (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && /^\s*-?\d*\.\d+\s*$/.test(v));
    if (units === undefined) return { error: isFraction ? m('minorUnits', { scale }) : m('number') };
    if (units < BigInt(min) || units < -MAX_MINOR_UNITS) return { error: m('numberMin', { min: minorUnitsText(min, scale) }) };
    if (units > BigInt(max) || units > MAX_MINOR_UNITS) return { error: m('numberMax', { max: minorUnitsText(max, scale) }) };
    return { value: Number(units) };
  });
}

/** Most values a tags field reads before refusing (repeats included): the work of one check stays bounded. */
const TAGS_READ_LIMIT = 1000;

/** An array of distinct values (./tags.ts), at most `max`; none is "not given". */
function tagsSchema(m: Msg, rule: Extract<Rule, { kind: 'tags' }>): z.ZodType {
  const schema = z.unknown().transform((v, ctx) => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) return rule.required ? fail(m('requiredSelect')) : undefined;
    if (!Array.isArray(v)) return fail(m('choice'));
    if (v.length > TAGS_READ_LIMIT) return fail(m('tagsMax', { max: rule.max }));
    const read = v.map((item) => tagValue(rule.of, item));
    if (read.some((item) => item === undefined)) return fail(m('choice'));
    const values = sortedTags(read as TagValue[]);
    return values.length > rule.max ? fail(m('tagsMax', { max: rule.max })) : values;
  });
  return rule.required ? schema : schema.optional();
}

function ruleSchema(rule: Rule, field: Field, m: Msg): z.ZodType {
  switch (rule.kind) {
    case 'requiredText': {
      const { min, max } = rule;
      return trimmedRequired(
        requiredString(m)
          .min(min, m('lengthBetween', { min, max }))
          .max(max, min > 1 ? m('lengthBetween', { min, max }) : m('maxLength', { max })),
      );
    }
    case 'optionalText':
      return z.preprocess(
        blankToUndefined,
        z.string({ error: () => m('choice') }).max(rule.max, m('maxLength', { max: rule.max })).refine(hasNoControl, m('control')).optional(),
      );
    case 'digits': {
      const text = digitString(m, rule.max);
      if (rule.asText) return z.preprocess(asDigitString, text);
      const number = text.transform(Number);
      return rule.required ? z.preprocess(asDigitString, number) : z.preprocess((v) => blankToUndefined(asDigitString(v)), number.optional());
    }
    case 'choice':
      return choiceSchema(m, rule.values, field.defaultValue);
    case 'dictionary':
      return dictionarySchema(m, field.storage);
    case 'commaJoined':
      return commaJoinedSchema(m, rule.count, rule.max);
    case 'reference':
      return referenceSchema(m, rule.required);
    case 'pattern':
      return trimmedRequired(
        requiredString(m).superRefine((value, ctx) => {
          const message = rule.check(value, m);
          if (message !== undefined) ctx.addIssue({ code: 'custom', message });
        }),
      );
    case 'date':
      return dateSchema(m, rule);
    case 'dateTime':
      return dateTimeSchema(m, rule);
    case 'decimal':
      return decimalSchema(m, rule);
    case 'tags':
      return tagsSchema(m, rule);
  }
}

const cache = new WeakMap<Field, Map<Locale, z.ZodType>>();

/** The field's schema in one locale (cached: fields are immutable). */
export function fieldSchema<F extends Field>(field: F, locale: Locale): z.ZodType<F extends Field<infer V> ? V : never> {
  let byLocale = cache.get(field);
  if (!byLocale) cache.set(field, (byLocale = new Map()));
  let schema = byLocale.get(locale);
  if (!schema) byLocale.set(locale, (schema = ruleSchema(field.rule, field, messenger(locale, field.label))));
  return schema as z.ZodType<F extends Field<infer V> ? V : never>;
}

/** The zod object for a set of fields in one locale. Unknown keys are stripped. */
export function objectSchema<F extends Fields>(fields: F, locale: Locale) {
  const shape = Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, fieldSchema(f, locale)]));
  return z.object(shape) as unknown as z.ZodType<FieldValues<F>>;
}

/** First message per field path, as the API's validation answer and the form expect. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.join('.') || '_';
    out[path] ??= issue.message;
  }
  return out;
}
