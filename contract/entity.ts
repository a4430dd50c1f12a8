import type { Fields, FieldValues } from './fields';
import type { Locale, Text } from './i18n';

/**
 * An entity of the contract: its fields (each with its rule), the sets of fields that must be
 * unique, and the rules that read several fields at once (./crossRules has the ready-made ones).
 * Validating one against it: ./validation.
 */

/**
 * A set of fields whose values together must be unique (`['appId', 'roleKey']`: a role key per
 * app). The last field is the key: `duplicate` goes on it. An empty value of the other fields
 * counts as a value (unique among the records where it is empty too); an empty key repeats freely,
 * as the unique index allows. A unique field stays editable unless the definition lists it in
 * `fixed`.
 */
export interface UniqueRule<K extends string = string> {
  fields: readonly [K, ...K[]];
  duplicate: Text;
}

/**
 * A rule over several fields: `check` reads the (valid) values of `fields` and answers the message
 * shown on `on`, or undefined. `labels` are the entity's fields, for messages naming them.
 */
export interface CrossRule<K extends string = string> {
  fields: readonly K[];
  on: K;
  check: (values: Readonly<Record<string, unknown>>, locale: Locale, labels: Fields) => string | undefined;
}

export interface Entity<F extends Fields = Fields> {
  fields: F;
  unique: readonly UniqueRule[];
  rules: readonly CrossRule[];
}

export function defineEntity<F extends Fields>(entity: {
  fields: F;
  unique?: UniqueRule<keyof F & string> | readonly UniqueRule<keyof F & string>[];
  rules?: readonly CrossRule<keyof F & string>[];
}): Entity<F> {
  const unique = entity.unique === undefined ? [] : 'fields' in entity.unique ? [entity.unique] : entity.unique;
  return { fields: entity.fields, unique, rules: entity.rules ?? [] };
}

/** The unique rule whose key (last field) is `field`. */
export function uniqueRuleOf(entity: Entity, field: string): UniqueRule | undefined {
  return entity.unique.find((rule) => rule.fields[rule.fields.length - 1] === field);
}

export type EntityValues<E extends Entity> = E extends Entity<infer F> ? FieldValues<F> : never;
/** A stored record: the values plus its id. */
/** As the API answers it: absent optional values come back as null. */
export type EntityRecord<E extends Entity> = {
  [K in keyof EntityValues<E>]: undefined extends EntityValues<E>[K] ? EntityValues<E>[K] | null : EntityValues<E>[K];
} & { id: number };
