/**
 * antd form rules derived from the contract: the field's own zod schema decides, and the first
 * issue's message (in the user's language) is what the form shows. Nothing is re-typed here.
 */
import type { RuleObject } from 'antd/es/form';
import type { Field } from '../../contract/fields';
import type { Locale } from '../../contract/i18n';

/** The first message of the field's rule for `value`, or undefined when it passes. */
export function fieldError(field: Field, locale: Locale, value: unknown): string | undefined {
  const result = field.schema(locale).safeParse(value);
  return result.success ? undefined : (result.error.issues[0]?.message ?? '');
}

/** The contract rule as an antd rule; `toValue` maps the widget's value (slots → joined) first. */
export function contractRule(field: Field, locale: Locale, toValue: (value: unknown) => unknown = (v) => v): RuleObject {
  return {
    validator: async (_rule, value) => {
      const message = fieldError(field, locale, toValue(value));
      if (message !== undefined) throw new Error(message);
    },
  };
}

/** Refuses a value the server reports as taken; `isFree` is the (debounced) key-check call. */
export function uniqueRule(isFree: (value: string) => Promise<boolean>, duplicate: string): RuleObject {
  return {
    validator: async (_rule, value) => {
      if (typeof value !== 'string' || value.trim() === '') return;
      if (!(await isFree(value.trim()))) throw new Error(duplicate);
    },
  };
}
