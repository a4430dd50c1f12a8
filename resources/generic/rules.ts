/**
 * antd form rules derived from the contract: the field's own zod schema decides, and the first
 * issue's message (in the user's language) is what the form shows. Nothing is re-typed here.
 */
import type { RuleObject } from 'antd/es/form';
import type { CrossRule, Entity } from '../../contract/entity';
import type { Field } from '../../contract/fields';
import { fieldSchema } from '../../contract/schemas';
import type { Locale } from '../../contract/i18n';

/** The first message of the field's rule for `value`, or undefined when it passes. */
export function fieldError(field: Field, locale: Locale, value: unknown): string | undefined {
  const result = fieldSchema(field, locale).safeParse(value);
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

/**
 * A rule over several fields (`entity.rules`) as the antd rule of its target field: it reads the
 * other fields' values from the form (the item lists them in `dependencies`, so typing in either
 * re-checks it) and passes while one of them is not valid yet: that field says so itself.
 */
export function crossFieldRule(entity: Entity, rule: CrossRule, locale: Locale, valueOf: (field: string) => unknown): RuleObject {
  return {
    validator: async () => {
      const values: Record<string, unknown> = {};
      for (const name of rule.fields) {
        const field = entity.fields[name];
        const parsed = field && fieldSchema(field, locale).safeParse(valueOf(name));
        if (!parsed?.success) return;
        values[name] = parsed.data;
      }
      const message = rule.check(values, locale, entity.fields);
      if (message !== undefined) throw new Error(message);
    },
  };
}
