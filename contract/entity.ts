import type { Fields, FieldValues } from './fields';
import type { Text } from './i18n';

/**
 * An entity of the contract: its fields (each with its rule), and the field that must be unique
 * with the message shown when it is taken. Validating one against it: ./validation.
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
