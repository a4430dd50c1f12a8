import type { z } from 'zod';
import { objectSchema, fieldErrors, type Fields, type FieldValues } from './fields';
import { DEFAULT_LOCALE, type Locale, type Text } from './i18n';

/**
 * An entity of the contract: its fields (each with its rule), and the field that must be unique
 * with the message shown when it is taken.
 */
/** A field whose value must be unique, optionally only among records sharing `within` (e.g. per app). */
export interface UniqueRule<K extends string = string> {
  field: K;
  within?: K;
  duplicate: Text;
}

export interface Entity<F extends Fields = Fields> {
  fields: F;
  unique?: UniqueRule;
}

export function defineEntity<F extends Fields>(entity: { fields: F; unique?: UniqueRule<keyof F & string> }): Entity<F> {
  return entity;
}

export type EntityValues<E extends Entity> = E extends Entity<infer F> ? FieldValues<F> : never;
/** A stored record: the values plus its id. */
/** As the API answers it: absent optional values come back as null. */
export type EntityRecord<E extends Entity> = {
  [K in keyof EntityValues<E>]: undefined extends EntityValues<E>[K] ? EntityValues<E>[K] | null : EntityValues<E>[K];
} & { id: number };

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
