/** Validating input against an entity of the contract (zod, via ./schemas). */
import type { z } from 'zod';
import type { Entity } from './entity';
import type { Fields, FieldValues } from './fields';
import { DEFAULT_LOCALE, type Locale } from './i18n';
import { fieldErrors, objectSchema } from './schemas';

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

/** Validates input against an entity; the failure carries the first message per field. */
export function validateEntity<F extends Fields>(entity: Entity<F>, input: unknown, locale: Locale = DEFAULT_LOCALE): Validation<FieldValues<F>> {
  const result = entitySchema(entity, locale).safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const fields = fieldErrors(result.error);
  return { ok: false, fields, message: Object.values(fields)[0] ?? '' };
}
