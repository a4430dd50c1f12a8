/** The generic CRUD's refusals: one field's rule broken (1001), a key already taken (1005). */
import { Code, format, ruleMessages, type Entity, type Locale, type RuleMessage, type UniqueRule } from '../../contract';
import { ApiError } from '../errors';

/** 1001 on one field, with the rule message `rule` naming the field's label. */
export function fieldRefusal(entity: Entity, field: string, rule: RuleMessage, locale: Locale): ApiError {
  const label = entity.fields[field]?.label[locale] ?? field;
  const message = format(ruleMessages[rule][locale], { label });
  return new ApiError(Code.VALIDATION_FAILED, message, { fields: { [field]: message } });
}

/** 1005 with the unique rule's own message on its key (its last field). */
export function duplicateOf(unique: UniqueRule, locale: Locale): ApiError {
  const message = unique.duplicate[locale];
  return new ApiError(Code.DUPLICATE, message, { fields: { [unique.fields[unique.fields.length - 1]!]: message } });
}
