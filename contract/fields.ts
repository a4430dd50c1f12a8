import { z } from 'zod';
import { format, type Locale, type Text } from './i18n';
import { ruleMessages, type RuleMessage } from './messages';

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

export function requiredText(label: Text, max: number, min = 1): Field<z.ZodType<string>> {
  return {
    label,
    storage: 'text',
    maxLength: max,
    required: true,
    schema(locale) {
      const m = messenger(locale, label);
      const inner = z
        .string({ error: (iss) => (iss.input === undefined ? m('required') : m('choice')) })
        .min(1, m('required'))
        .min(min, m('lengthBetween', { min, max }))
        .max(max, min > 1 ? m('lengthBetween', { min, max }) : m('maxLength', { max }));
      return z.preprocess((v) => (typeof v === 'string' ? v.trim() : v === null ? undefined : v), inner) as z.ZodType<string>;
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
