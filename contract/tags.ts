/**
 * A tags field's values (./fields `tags`): read from what a form or a caller sends, kept sorted and
 * without repeats, and stored as JSON text. Inside a stored value a comma is written `\u002c`, so
 * every raw comma of the text separates two values and one value is found exactly by
 * `,<its JSON>,` in the text with its brackets turned to commas (server/crud/search.ts): 'a' never
 * matches 'ab', nor a value holding quotes or commas, on either database.
 */
import type { Rule } from './fields';
import { hasControlCharacter } from './search';

type TagsRule = Extract<Rule, { kind: 'tags' }>;
export type TagValue = string | number;

/** Longest item value of a dictionary, as its rule allows (./entities/dic.ts). */
const VALUE_LENGTH = 50;

/** One sent value as held: a dictionary's item value as trimmed text, a record's id as a number; undefined when it is neither. */
export function tagValue(of: TagsRule['of'], value: unknown): TagValue | undefined {
  if (of === 'reference') {
    const raw = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
    if (!/^\d{1,15}$/.test(raw)) return undefined;
    const id = Number(raw);
    return id > 0 && Number.isSafeInteger(id) ? id : undefined;
  }
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : undefined;
  return text && text.length <= VALUE_LENGTH && !hasControlCharacter(text) ? text : undefined;
}

/** Distinct values in one order (ids by number, texts by code unit), so equal sets store alike. */
export function sortedTags(values: readonly TagValue[]): TagValue[] {
  return [...new Set(values)].sort((a, b) => (typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0));
}

/** One value's JSON with its commas escaped (a number has none). */
function encodedValue(value: TagValue): string {
  return JSON.stringify(value).replace(/,/g, '\\u002c');
}

/** The stored text of held values: `["a","b"]`, `[2,15]`. */
export function encodeTags(values: readonly TagValue[]): string {
  return `[${values.map(encodedValue).join(',')}]`;
}

/** Stored text back to the values (an array as is); undefined for anything that is not an array of texts or numbers. */
export function decodeTags(stored: unknown): TagValue[] | undefined {
  let parsed: unknown = stored;
  if (typeof stored === 'string') {
    try {
      parsed = JSON.parse(stored);
    } catch {
      return undefined;
    }
  }
  return Array.isArray(parsed) && parsed.every((v) => typeof v === 'string' || typeof v === 'number') ? (parsed as TagValue[]) : undefined;
}

/** What a row holding `value` has in its stored text with the brackets turned to commas: `,"a",`; undefined when no row can hold it. */
export function tagNeedle(of: TagsRule['of'], value: string): string | undefined {
  const held = tagValue(of, value);
  return held === undefined ? undefined : `,${encodedValue(held)},`;
}
