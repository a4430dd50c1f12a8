/**
 * Whole-value lookups of masked fields: the one way a list finds a record by a value it masks.
 * A lookup matches only the complete normalised value (a phone's 11 digits, an e-mail address
 * trimmed and in lower case), so an answer confirms at most what the caller already typed; a part
 * of a value is refused, with a message saying a whole value is needed. The search form and the
 * server read the same rule from here.
 */
import { format, text, type Locale, type Text } from './i18n';
import type { MaskKind } from './masking';

/** How each kind that may be looked up is typed, normalised and explained. */
interface LookupRule {
  /** The normalised whole value, or undefined when `typed` is not one. */
  normalise(typed: string): string | undefined;
  /** The search input's placeholder. */
  placeholder: Text;
  /** Why a value was refused (`{label}`: the field). */
  refusal: Text;
}

const EMAIL = /^[^\s@]{1,64}@[^\s@.]+(\.[^\s@.]+)+$/;

function phone(typed: string): string | undefined {
  const digits = typed.replace(/[\s-]/g, '').replace(/^(\+|00)86/, '');
  return /^1\d{10}$/.test(digits) ? digits : undefined;
}

function email(typed: string): string | undefined {
  const address = typed.trim().toLowerCase();
  return address.length <= 254 && EMAIL.test(address) ? address : undefined;
}

function qq(typed: string): string | undefined {
  const digits = typed.replace(/\s/g, '');
  return /^[1-9]\d{4,10}$/.test(digits) ? digits : undefined;
}

const RULES: Partial<Record<MaskKind, LookupRule>> = {
  phone: {
    normalise: phone,
    placeholder: text('完整手机号', 'Whole phone number'),
    refusal: text('{label}须为完整的 11 位手机号，部分号码不能查询', '{label}: enter the whole 11-digit number; part of a number cannot be looked up'),
  },
  email: {
    normalise: email,
    placeholder: text('完整邮箱地址', 'Whole e-mail address'),
    refusal: text('{label}须为完整的邮箱地址，部分地址不能查询', '{label}: enter the whole e-mail address; part of an address cannot be looked up'),
  },
  account: {
    normalise: (typed) => phone(typed) ?? email(typed),
    placeholder: text('完整手机号或邮箱', 'Whole phone number or e-mail'),
    refusal: text('{label}须为完整的手机号或邮箱地址', '{label}: enter the whole phone number or e-mail address'),
  },
  qq: {
    normalise: qq,
    placeholder: text('完整 QQ 号', 'Whole QQ number'),
    refusal: text('{label}须为完整的 QQ 号（5–11 位数字）', '{label}: enter the whole QQ number (5 to 11 digits)'),
  },
};

/** Whether values masked as `kind` may be looked up whole. */
export function isLookupKind(kind: MaskKind): boolean {
  return RULES[kind] !== undefined;
}

/** How the value compares on the server: digits alone (`digits`), or trimmed lower case (`address`). */
export type LookupComparison = 'digits' | 'address';

/** The form the stored value is compared in, for a normalised value of this kind. */
export function lookupComparison(value: string): LookupComparison {
  return value.includes('@') ? 'address' : 'digits';
}

/** The normalised whole value of `typed`, or undefined when it is not one (or the kind has no lookup). */
export function lookupValue(kind: MaskKind, typed: string): string | undefined {
  return RULES[kind]?.normalise(typed);
}

export function lookupPlaceholder(kind: MaskKind, locale: Locale): string | undefined {
  return RULES[kind]?.placeholder[locale];
}

/** Why `typed` cannot be looked up in a field of this kind, or undefined when it can. */
export function lookupError(kind: MaskKind, typed: string, label: Text, locale: Locale): string | undefined {
  const rule = RULES[kind];
  if (!rule) return format(text('{label}不能查询', '{label} cannot be looked up')[locale], { label: label[locale] });
  return rule.normalise(typed) === undefined ? format(rule.refusal[locale], { label: label[locale] }) : undefined;
}

/** The answer (1009) past a caller's budget of lookups. */
export const LOOKUP_THROTTLED = text(
  '精确查询过于频繁：每 {minutes} 分钟最多 {max} 次，请稍后再试',
  'Too many exact lookups: at most {max} every {minutes} minutes; please try again later',
);
