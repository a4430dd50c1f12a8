/**
 * The text of a "contains" search, one rule for the search form and the server: characters no
 * stored text can hold (control characters other than tab and line breaks) are dropped, the rest
 * trimmed, and a text longer than its field can hold is refused (it could match nothing, and an
 * unbounded pattern is work the database refuses past its own limits).
 */
import type { Field } from './fields';
import { format, text, type Locale, type Text } from './i18n';
import { ruleMessages } from './messages';

/** A control character other than tab and line breaks: no text rule accepts one (./schemas). */
function isControl(code: number): boolean {
  return (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f;
}

export function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) if (isControl(value.charCodeAt(i))) return true;
  return false;
}

export function withoutControlCharacters(value: string): string {
  if (!hasControlCharacter(value)) return value;
  let kept = '';
  for (let i = 0; i < value.length; i++) if (!isControl(value.charCodeAt(i))) kept += value[i];
  return kept;
}

/** Longest value of a field without a declared length: an id or a number (15 digits). */
const NUMBER_LENGTH = 15;

/** The label of a search over several fields at once (`searchKey`). */
export const SEARCH_KEY_LABEL = text('关键字', 'Keyword');

/** The search text as searched: control characters dropped, trimmed; blank is undefined. */
export function searchText(value: string): string | undefined {
  const cleaned = withoutControlCharacters(value).trim();
  return cleaned === '' ? undefined : cleaned;
}

/** The longest search text a field takes: what the field can hold. */
export function searchLimit(field: Field): number {
  if (field.maxLength !== undefined) return field.maxLength;
  return field.rule.kind === 'digits' ? field.rule.max : NUMBER_LENGTH;
}

/** Why `value` (already cleaned) cannot be searched for in fields of this limit, or undefined. */
export function searchTextError(value: string, limit: number, label: Text, locale: Locale): string | undefined {
  return value.length > limit ? format(ruleMessages.maxLength[locale], { label: label[locale], max: limit }) : undefined;
}
