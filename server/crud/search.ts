/** List filters: "contains" searches (portable LIKE with escaped wildcards), exact matches and whole-value lookups, all with bound values. */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Field } from '../../contract';
import type { LookupComparison } from '../../contract/lookup';
import { tagNeedle } from '../../contract/tags';

/** Escapes LIKE's wildcards and the escape character itself (used with ESCAPE '\'). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * "Integer column equals the number written in `value`"; nothing matches when it is not a number.
 * The value is cast to bigint so a large number compares with a 32-bit column too (PostgreSQL
 * would otherwise read it as that column's type and fail on overflow).
 */
function integerEquals(column: string, value: string): Expression<SqlBool> {
  return /^\d{1,15}$/.test(value) ? sql<SqlBool>`${sql.ref(column)} = cast(${Number(value)} as bigint)` : sql<SqlBool>`1 = 0`;
}

/**
 * A case-insensitive "column contains value" condition for a text field; an integer field matches
 * the number exactly (and nothing when the value is not a number).
 */
export function containsCondition(column: string, field: Field, value: string): Expression<SqlBool> {
  if (field.storage === 'integer') return integerEquals(column, value);
  const pattern = `%${escapeLike(value.toLowerCase())}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

/**
 * An exact "column equals value" condition (`definition.filters`, e.g. `appId=2`): an integer field
 * compares as a number (and matches nothing when the value is not one), a text field as sent.
 */
export function equalsCondition(column: string, field: Field, value: string): Expression<SqlBool> {
  if (field.rule.kind === 'tags') return holdsTagCondition(column, field.rule.of, value);
  if (field.storage === 'integer') return integerEquals(column, value);
  return sql<SqlBool>`${sql.ref(column)} = ${value}`;
}

/**
 * "The stored value, normalised as contract/lookup.ts normalises a typed one, equals `value`": a
 * phone or QQ number compared without spaces and dashes, an e-mail address trimmed and in lower
 * case. Equality only: a whole value confirms nothing the caller had not typed.
 */
export function lookupCondition(column: string, comparison: LookupComparison, value: string): Expression<SqlBool> {
  const ref = sql.ref(column);
  if (comparison === 'address') return sql<SqlBool>`lower(trim(${ref})) = ${value}`;
  return sql<SqlBool>`replace(replace(${ref}, ' ', ''), '-', '') = ${value}`;
}

/**
 * "The tags column holds `value`" as one of its values: the stored JSON text (contract/tags.ts) with
 * its brackets turned to commas holds `,<value's JSON>,`, every raw comma there separating two
 * values. `replace` compares exactly on both databases (LIKE ignores case on SQLite) and needs no
 * wildcard escaping; a value no row can hold matches nothing.
 */
export function holdsTagCondition(column: string, of: 'dictionary' | 'reference', value: string): Expression<SqlBool> {
  const needle = tagNeedle(of, value);
  if (needle === undefined) return sql<SqlBool>`1 = 0`;
  const ref = sql.ref(column);
  const delimited = sql`(',' || substr(${ref}, 2, length(${ref}) - 2) || ',')`;
  return sql<SqlBool>`replace(${delimited}, ${needle}, '') <> ${delimited}`;
}
