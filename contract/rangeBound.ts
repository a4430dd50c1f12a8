/** One bound of a range filter (./ranges.ts) read by its field's rule without the field's own bounds. */
import type { Field, Rule } from './fields';
import type { Locale } from './i18n';
import { fieldSchema } from './schemas';

/** The rule a bound is read by: the field's, required, with no bounds of its own. */
function boundRule(rule: Rule): Rule {
  switch (rule.kind) {
    case 'date':
      return { ...rule, required: true, notAfterToday: false, min: undefined, max: undefined };
    case 'decimal':
      return { ...rule, required: true, min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER };
    case 'digits':
      // An instant (or a count) kept in a digits field: a whole number of up to 15 digits.
      return { kind: 'dateTime', required: true };
    default:
      return { ...rule, required: true } as Rule;
  }
}

const boundFields = new WeakMap<Field, Map<string, Field>>();

/** The field a bound parameter is read as: its rule without bounds, its messages naming the parameter. */
function boundField(field: Field, param: string): Field {
  let byParam = boundFields.get(field);
  if (!byParam) boundFields.set(field, (byParam = new Map()));
  let bound = byParam.get(param);
  if (!bound) byParam.set(param, (bound = { ...field, required: true, label: { 'zh-CN': param, 'en-US': param }, rule: boundRule(field.rule) }));
  return bound;
}

/** One bound as the list compares it, or the message refusing it (naming `param`); blank is no bound. */
export function rangeBound(field: Field, param: string, value: unknown, locale: Locale): { value: string | number | undefined } | { error: string } {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return { value: undefined };
  const parsed = fieldSchema(boundField(field, param), locale).safeParse(value);
  if (parsed.success) return { value: parsed.data as string | number };
  return { error: parsed.error.issues[0]?.message ?? param };
}
