/** Validating input against an entity of the contract (zod, via ./schemas). */
import type { z } from 'zod';
import type { Entity } from './entity';
import type { Fields, FieldValues } from './fields';
import { DEFAULT_LOCALE, type Locale } from './i18n';
import { fieldErrors, fieldSchema, objectSchema } from './schemas';

const schemaCache = new WeakMap<object, Map<Locale, z.ZodType>>();

/** The entity's zod schema in one locale (cached; schemas are immutable). */
export function entitySchema<F extends Fields>(entity: Entity<F>, locale: Locale = DEFAULT_LOCALE): z.ZodType<FieldValues<F>> {
  let byLocale = schemaCache.get(entity);
  if (!byLocale) schemaCache.set(entity, (byLocale = new Map()));
  let schema = byLocale.get(locale);
  if (!schema) byLocale.set(locale, (schema = objectSchema(entity.fields, locale)));
  return schema as z.ZodType<FieldValues<F>>;
}

export type Validation<T> = { ok: true; value: T } | { ok: false; fields: Record<string, string>; message: string };

/**
 * Validates input against an entity; the failure carries the first message per field. The rules
 * over several fields run after the per-field ones, each only when the fields it reads are valid.
 */
export function validateEntity<F extends Fields>(entity: Entity<F>, input: unknown, locale: Locale = DEFAULT_LOCALE): Validation<FieldValues<F>> {
  const result = entitySchema(entity, locale).safeParse(input);
  const fields = result.success ? {} : fieldErrors(result.error);
  const values = result.success ? (result.data as Record<string, unknown>) : validValues(entity, input, locale);
  for (const message of crossRuleErrors(entity, values, fields, locale)) fields[message.on] ??= message.text;
  if (result.success && Object.keys(fields).length === 0) return { ok: true, value: result.data };
  return { ok: false, fields, message: Object.values(fields)[0] ?? '' };
}

/** The values of the fields the cross rules read, each by its own rule (an invalid one left out). */
function validValues(entity: Entity, input: unknown, locale: Locale): Record<string, unknown> {
  const given = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const read = new Set(entity.rules.flatMap((rule) => rule.fields));
  const values: Record<string, unknown> = {};
  for (const name of read) {
    const field = entity.fields[name];
    const parsed = field && fieldSchema(field, locale).safeParse(given[name]);
    if (parsed?.success) values[name] = parsed.data;
  }
  return values;
}

/** The messages of the cross rules whose fields (and target) have no message yet. */
export function crossRuleErrors(entity: Entity, values: Readonly<Record<string, unknown>>, known: Readonly<Record<string, string>>, locale: Locale): Array<{ on: string; text: string }> {
  return entity.rules.flatMap((rule) => {
    if (known[rule.on] !== undefined || rule.fields.some((name) => known[name] !== undefined)) return [];
    const text = rule.check(values, locale, entity.fields);
    return text === undefined ? [] : [{ on: rule.on, text }];
  });
}
