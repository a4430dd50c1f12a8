/** Kept apart from ./rules, whose zod schemas a list's search form must not load. */
import type { RuleObject } from 'antd/es/form';
import type { Locale, Text } from '../../contract/i18n';
import { lookupError } from '../../contract/lookup';
import type { MaskKind } from '../../contract/masking';
import { searchText, searchTextError } from '../../contract/search';

/**
 * The search rule of contract/search.ts, as the server applies it: a text longer than its field
 * can hold (control characters aside) is refused with the server's message.
 */
export function searchRule(limit: number, label: Text, locale: Locale): RuleObject {
  return {
    validator: async (_rule, value) => {
      const term = typeof value === 'string' ? searchText(value) : undefined;
      const message = term === undefined ? undefined : searchTextError(term, limit, label, locale);
      if (message !== undefined) throw new Error(message);
    },
  };
}

/** The whole-value rule of contract/lookup.ts, as the server applies it: a part of a phone or an address is refused. */
export function lookupRule(kind: MaskKind, label: Text, locale: Locale): RuleObject {
  return {
    validator: async (_rule, value) => {
      const typed = typeof value === 'string' ? searchText(value) : undefined;
      const message = typed === undefined ? undefined : lookupError(kind, typed, label, locale);
      if (message !== undefined) throw new Error(message);
    },
  };
}
