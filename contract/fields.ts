import { z } from 'zod';
import { format, type Locale, type Text } from './i18n';
import { ruleMessages, type RuleMessage } from './messages';
import { USERNAME_PATTERN } from './session';

/** How a field is stored: decides the column type of a declared resource's table. */
export type StorageKind = 'text' | 'integer';

export interface Option<V extends string | number = string | number> {
  value: V;
  label: Text;
}

/**
 * One field of an entity: its label, its rule (a zod schema per locale), how it is stored, and
 * for choice fields its options. The console's form rule, the server's check and the table
 * column are all derived from this one declaration.
 */
export interface Field<S extends z.ZodType = z.ZodType> {
  label: Text;
  storage: StorageKind;
  /** Longest stored text; sizes the column. */
  maxLength?: number;
  required: boolean;
  options?: readonly Option[];
  schema(locale: Locale): S;
}

type Msg = (key: RuleMessage, params?: Record<string, string | number>) => string;

function messenger(locale: Locale, label: Text): Msg {
  return (key, params = {}) => format(ruleMessages[key][locale], { label: label[locale], ...params });
}

/** Blank optional text becomes undefined, so "not given" is stored as null. */
function blankToUndefined(v: unknown): unknown {
  if (v === null) return undefined;
  if (typeof v === 'string' && v.trim() === '') return undefined;
  return typeof v === 'string' ? v.trim() : v;
}

/** Text that must be given: missing or blank → required, not text → invalid. */
function requiredString(m: Msg) {
  return z.string({ error: (iss) => (iss.input === undefined ? m('required') : m('choice')) }).min(1, m('required'));
}

/** Trims text and reads null as "not given" before `inner` checks it. */
function trimmedRequired(inner: z.ZodType<string>): z.ZodType<string> {
  return z.preprocess((v) => (typeof v === 'string' ? v.trim() : v === null ? undefined : v), inner) as z.ZodType<string>;
}

export function requiredText(label: Text, max: number, min = 1): Field<z.ZodType<string>> {
  return {
    label,
    storage: 'text',
    maxLength: max,
    required: true,
    schema(locale) {
      const m = messenger(locale, label);
      return trimmedRequired(
        requiredString(m)
          .min(min, m('lengthBetween', { min, max }))
          .max(max, min > 1 ? m('lengthBetween', { min, max }) : m('maxLength', { max })),
      );
    },
  };
}

export function optionalText(label: Text, max: number): Field<z.ZodType<string | undefined>> {
  return {
    label,
    storage: 'text',
    maxLength: max,
    required: false,
    schema(locale) {
      const m = messenger(locale, label);
      return z.preprocess(
        blankToUndefined,
        z.string({ error: () => m('choice') }).max(max, m('maxLength', { max })).optional(),
      ) as z.ZodType<string | undefined>;
    },
  };
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

/** Digits only, at most `max` of them; travels as a number. */
export function digits(label: Text, max = 10, required = true): Field<z.ZodType<number>> {
  return {
    label,
    storage: 'integer',
    required,
    schema(locale) {
      const inner = digitString(messenger(locale, label), max).transform(Number);
      const base = z.preprocess(asDigitString, inner);
      return (required ? base : z.preprocess(blankToUndefined, inner.optional())) as z.ZodType<number>;
    },
  };
}

/** Digits only, at most `max` of them, kept as typed text (a code, not a quantity: "0042" stays). */
export function digitText(label: Text, max = 10): Field<z.ZodType<string>> {
  return {
    label,
    storage: 'text',
    maxLength: max,
    required: true,
    schema(locale) {
      return z.preprocess(asDigitString, digitString(messenger(locale, label), max)) as z.ZodType<string>;
    },
  };
}

/** A required choice among fixed values. */
export function choice<V extends string | number>(label: Text, options: readonly Option<V>[]): Field<z.ZodType<V>> {
  const values = options.map((o) => o.value);
  return {
    label,
    storage: typeof values[0] === 'number' ? 'integer' : 'text',
    maxLength: Math.max(...values.map((v) => String(v).length)),
    required: true,
    options,
    schema(locale) {
      const m = messenger(locale, label);
      return z.preprocess(
        (v) => {
          if (v === null || v === '') return undefined;
          // Accept "1" for 1 and 1 for "1": forms and the platform mix them.
          const match = values.find((value) => String(value) === String(v));
          return match ?? v;
        },
        z.any().refine((v) => v !== undefined, m('requiredSelect')).refine((v) => v === undefined || values.includes(v as V), m('choice')),
      ) as z.ZodType<V>;
    },
  };
}

/**
 * Up to `count` optional values joined by commas (e.g. the three spare parameters);
 * each present value is 1..max characters and cannot itself contain a comma.
 */
export function commaJoined(label: Text, count: number, max: number): Field<z.ZodType<string | undefined>> {
  return {
    label,
    storage: 'text',
    maxLength: count * (max + 1),
    required: false,
    schema(locale) {
      const m = messenger(locale, label);
      return z.preprocess(
        (v) => (v === null || v === '' ? undefined : v),
        z
          .string({ error: () => m('choice') })
          .superRefine((joined, ctx) => {
            const parts = joined.split(',');
            if (parts.length > count) ctx.addIssue({ code: 'custom', message: m('noComma') });
            for (const part of parts) {
              if (part.trim().length > max) ctx.addIssue({ code: 'custom', message: m('lengthBetween', { min: 1, max }) });
            }
          })
          .transform((joined) => joined.split(',').map((p) => p.trim()).join(','))
          .optional(),
      ) as z.ZodType<string | undefined>;
    },
  };
}

/** Splits a comma-joined value into exactly `count` slots ('' where absent). */
export function splitJoined(joined: string | null | undefined, count: number): string[] {
  const parts = (joined ?? '').split(',');
  return Array.from({ length: count }, (_, i) => parts[i]?.trim() ?? '');
}

/** Joins slots back; trailing empty slots are dropped, and all-empty is undefined. */
export function joinSlots(slots: readonly (string | undefined | null)[]): string | undefined {
  const values = slots.map((s) => (s ?? '').trim());
  while (values.length && values[values.length - 1] === '') values.pop();
  return values.length ? values.join(',') : undefined;
}

export type Fields = Record<string, Field>;
export type FieldValues<F extends Fields> = { [K in keyof F]: z.infer<ReturnType<F[K]['schema']>> };

/** The zod object for a set of fields in one locale. Unknown keys are stripped. */
export function objectSchema<F extends Fields>(fields: F, locale: Locale) {
  const shape = Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f.schema(locale)]));
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

/** A required reference to another record by id (e.g. the owning sub-system), chosen from a list. */
export function reference(label: Text): Field<z.ZodType<number>> {
  return {
    label,
    storage: 'integer',
    required: true,
    schema(locale) {
      const m = messenger(locale, label);
      return z.preprocess(
        (v) => (v === null || v === '' ? undefined : typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v),
        z
          .number({ error: (iss) => (iss.input === undefined ? m('requiredSelect') : m('choice')) })
          .int(m('choice'))
          .positive(m('requiredSelect')),
      ) as z.ZodType<number>;
    },
  };
}

/** Optional reference by id (e.g. a staff member's department): empty is "none". */
export function optionalReference(label: Text): Field<z.ZodType<number | undefined>> {
  const required = reference(label);
  return {
    label,
    storage: 'integer',
    required: false,
    schema(locale) {
      return z.preprocess((v) => (v === null || v === '' || v === 0 || v === '0' ? undefined : v), required.schema(locale).optional()) as z.ZodType<
        number | undefined
      >;
    },
  };
}

/** A required text that `check` accepts (undefined) or refuses with its message. */
function patternText(label: Text, max: number, check: (value: string, m: Msg) => string | undefined): Field<z.ZodType<string>> {
  return {
    label,
    storage: 'text',
    maxLength: max,
    required: true,
    schema(locale) {
      const m = messenger(locale, label);
      return trimmedRequired(
        requiredString(m).superRefine((value, ctx) => {
          const message = check(value, m);
          if (message !== undefined) ctx.addIssue({ code: 'custom', message });
        }),
      );
    },
  };
}

const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

/** Email: 6 to 32 characters, an address shape (SPEC §5 shared rules). */
export function email(label: Text, min = 6, max = 32): Field<z.ZodType<string>> {
  return patternText(label, max, (value, m) => {
    if (value.length < min || value.length > max) return m('lengthBetween', { min, max });
    return EMAIL_PATTERN.test(value) ? undefined : m('email');
  });
}

/** Mainland mobile number: 11 digits, 1 then 3/4/5/7/8/9. */
export const MOBILE_PATTERN = /^1[345789]\d{9}$/;

export function mobilePhone(label: Text): Field<z.ZodType<string>> {
  return patternText(label, 11, (value, m) => (MOBILE_PATTERN.test(value) ? undefined : m('phone')));
}

const ID_CARD_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CARD_CHECKS = '10X98765432';

/** The GB 11643 check character of an 18-digit ID number's first 17 digits. */
export function idCardCheckCharacter(first17: string): string {
  const sum = ID_CARD_WEIGHTS.reduce((total, weight, i) => total + weight * Number(first17[i]), 0);
  return ID_CARD_CHECKS[sum % 11]!;
}

/** ID card: 15 digits, or 18 where the last may be X or x and must be the GB 11643 check character. */
export function idCard(label: Text): Field<z.ZodType<string>> {
  return patternText(label, 18, (value, m) => {
    if (/^\d{15}$/.test(value)) return undefined;
    if (!/^\d{17}[\dXx]$/.test(value)) return m('idCard');
    return idCardCheckCharacter(value.slice(0, 17)) === value[17]!.toUpperCase() ? undefined : m('idCardCheck');
  });
}

/** Today as YYYY-MM-DD in local time (the console's and the server's calendar day). */
export function todayText(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Whether `value` is a real calendar date written YYYY-MM-DD (2001-02-29 is not). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A required date (YYYY-MM-DD) not after today; `today` is read at each check. */
export function pastDate(label: Text, today: () => string = () => todayText()): Field<z.ZodType<string>> {
  return patternText(label, 10, (value, m) => {
    if (!isCalendarDate(value)) return m('date');
    return value > today() ? m('notAfterToday') : undefined;
  });
}

/** A six-digit administrative division code (whether it exists is checked against the region data). */
export function regionCode(label: Text): Field<z.ZodType<string>> {
  return patternText(label, 6, (value, m) => (/^\d{6}$/.test(value) ? undefined : m('requiredSelect')));
}

/** A login name (an employee code): up to `max` of letters, digits, `_`, `.`, `-`. */
export function loginName(label: Text, max: number): Field<z.ZodType<string>> {
  return patternText(label, max, (value, m) => {
    if (value.length > max) return m('maxLength', { max });
    return USERNAME_PATTERN.test(value) ? undefined : m('loginName');
  });
}
