/**
 * Ready-made rules over several fields of an entity (`defineEntity({ rules: [...] })`): the server
 * checks them after the per-field rules, the console's form as the user types (with antd
 * `dependencies` on the other fields). Each reads only valid values: an empty one is the
 * per-field rule's business, so these pass it.
 */
import type { CrossRule } from './entity';
import type { Fields } from './fields';
import { format, type Locale } from './i18n';
import { crossRuleMessages, type CrossRuleMessage } from './messages';

const isEmpty = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The message `key` naming `field` and `other` by their labels in `locale`. */
function crossMessage(key: CrossRuleMessage, fields: Fields, field: string, other: string, locale: Locale, params: Record<string, string> = {}): string {
  const labelOf = (name: string) => fields[name]?.label[locale] ?? name;
  return format(crossRuleMessages[key][locale], { label: labelOf(field), other: labelOf(other), ...params });
}

/** A general rule: `check` reads the values of `fields` and answers the message for `on`, or undefined. */
export function crossRule<const K extends string>(rule: CrossRule<K>): CrossRule<K> {
  return rule;
}

/**
 * `field` must come after `other` (an end after its start): both 'YYYY-MM-DD' texts (or any
 * texts ordered as written) or both numbers (epoch milliseconds). With `orEqual` the same value
 * passes too. Either empty: passes.
 */
export function after<const K extends string>(field: K, other: K, opts: { orEqual?: boolean } = {}): CrossRule<K> {
  return {
    fields: [field, other],
    on: field,
    check: (values, locale, fields) => {
      const [value, start] = [values[field], values[other]];
      if (isEmpty(value) || isEmpty(start)) return undefined;
      const comparable = (typeof value === 'number' && typeof start === 'number') || (typeof value === 'string' && typeof start === 'string');
      if (!comparable) return undefined;
      const isAfter = opts.orEqual ? (value as number | string) >= (start as number | string) : (value as number | string) > (start as number | string);
      return isAfter ? undefined : crossMessage(opts.orEqual ? 'notBefore' : 'after', fields, field, other, locale);
    },
  };
}

/** `field` must be given while `when.field` holds one of `when.values` ("1" and 1 alike). */
export function requiredWhen<const K extends string>(field: K, when: { field: K; values: readonly (string | number)[] }): CrossRule<K> {
  return {
    fields: [field, when.field],
    on: field,
    check: (values, locale, fields) => {
      const current = values[when.field];
      if (isEmpty(current) || !when.values.some((v) => String(v) === String(current))) return undefined;
      if (!isEmpty(values[field])) return undefined;
      // A choice is named by its option's label, as the form shows it.
      const option = fields[when.field]?.options?.find((o) => String(o.value) === String(current));
      return crossMessage('requiredWhen', fields, field, when.field, locale, { value: option ? option.label[locale] : String(current) });
    },
  };
}
