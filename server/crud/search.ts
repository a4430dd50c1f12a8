/** "Contains" filters for list searches: portable LIKE with escaped wildcards and bound values. */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Field } from '../../contract';

/** Escapes LIKE's wildcards and the escape character itself (used with ESCAPE '\'). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A case-insensitive "column contains value" condition for a text field; an integer field matches
 * the number exactly (and nothing when the value is not a number).
 */
export function containsCondition(column: string, field: Field, value: string): Expression<SqlBool> {
  if (field.storage === 'integer') {
    return /^\d{1,15}$/.test(value) ? sql<SqlBool>`${sql.ref(column)} = ${Number(value)}` : sql<SqlBool>`1 = 0`;
  }
  const pattern = `%${escapeLike(value.toLowerCase())}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
