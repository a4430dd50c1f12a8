/**
 * Fields of the contract's entities: label, how the value is stored, and the rule the value must
 * follow, as plain data. The console's form rule, the server's check and the table column are all
 * derived from this one declaration.
 *
 * No zod here: lists and definitions read fields on every screen, and only forms and the server
 * validate. `./schemas` turns a field's rule into its zod schema where that happens.
 */
import { MAX_MINOR_UNITS, parseMinorUnits } from './decimal';
import { format, type Locale, type Text } from './i18n';
import { ruleMessages, type RuleMessage } from './messages';
import { USERNAME_PATTERN } from './session';
import { isWebAddress } from './webAddress';

/** How a field is stored: decides the column type of a declared resource's table. */
export type StorageKind = 'text' | 'integer';

export interface Option<V extends string | number = string | number> {
  value: V;
  label: Text;
}

/** The message of a rule for one field: `{label}` filled with the field's label in `locale`. */
export type Msg = (key: RuleMessage, params?: Record<string, string | number>) => string;

export function messenger(locale: Locale, label: Text): Msg {
  return (key, params = {}) => format(ruleMessages[key][locale], { label: label[locale], ...params });
}

/** What a value must be, by kind (./schemas has the exact reading of each). */
export type Rule =
  /** Trimmed text of min..max characters. */
  | { kind: 'requiredText'; min: number; max: number }
  /** Up to max characters; blank is "not given". */
  | { kind: 'optionalText'; max: number }
  /** Up to max digits, travelling as a number (a code travels as typed text: `asText`). */
  | { kind: 'digits'; max: number; required: boolean; asText: boolean }
  /** One of `values` ("1" and 1 alike; a flag also takes true/false). */
  | { kind: 'choice'; values: readonly (string | number)[] }
  /** An item value of the field's dictionary (checked against the dictionary by the server). */
  | { kind: 'dictionary' }
  /** Up to `count` values of 1..max characters joined by commas. */
  | { kind: 'commaJoined'; count: number; max: number }
  /** A record's id. */
  | { kind: 'reference'; required: boolean }
  /** Required trimmed text that `check` accepts (undefined) or refuses with its message. */
  | { kind: 'pattern'; check: (value: string, m: Msg) => string | undefined }
  /** A calendar day 'YYYY-MM-DD' within the bounds (`today` read at each check). */
  | { kind: 'date'; required: boolean; notAfterToday: boolean; min?: string; max?: string; today: () => string }
  /** An instant in epoch milliseconds, from 1970 to the end of 9999. */
  | { kind: 'dateTime'; required: boolean }
  /**
   * An exact decimal of `scale` decimals travelling and stored as its integer count of minor units
   * (fen for yuan), within min..max minor units; money names its currency (shown by the cell).
   */
  | { kind: 'decimal'; required: boolean; scale: number; min: number; max: number; currency?: Currency }
  /**
   * Up to `max` distinct values, each an item value of the field's dictionary (text) or a record's
   * id (`reference`, named by the definition's `references`); travelling as an array, stored as
   * its JSON text (./tags.ts), sorted and without repeats.
   */
  | { kind: 'tags'; of: 'dictionary' | 'reference'; required: boolean; max: number };

/** Currencies a money field may be in (ISO 4217); all of them have two decimals. */
export type Currency = 'CNY' | 'USD' | 'EUR' | 'HKD';

/**
 * One field of an entity. `V` is the type of a valid value (undefined when it may be absent); it
 * exists only for the types (`FieldValues`).
 */
export interface Field<V = unknown> {
  label: Text;
  storage: StorageKind;
  /** Longest stored text; sizes the column. */
  maxLength?: number;
  required: boolean;
  options?: readonly Option[];
  /** The key of the dictionary whose enabled items are this field's choices (`dictionaryChoice`, a `tags` field of items). */
  dictionary?: string;
  /** What a new record holds when the field is not given (SPEC §9 defaults); forms start with it. */
  defaultValue?: string | number;
  /**
   * What the rows that exist when the column is added hold (and the column's default, on a fresh
   * table alike). Unlike `defaultValue` it does not pre-fill a new record's form. A required field
   * added to a table that already exists needs one of the two.
   */
  backfill?: string | number;
  rule: Rule;
  readonly valueType?: V;
}

export type Fields = Record<string, Field>;
export type FieldValues<F extends Fields> = { [K in keyof F]: F[K] extends Field<infer V> ? V : never };

export function requiredText(label: Text, max: number, min = 1): Field<string> {
  return { label, storage: 'text', maxLength: max, required: true, rule: { kind: 'requiredText', min, max } };
}

export function optionalText(label: Text, max: number): Field<string | undefined> {
  return { label, storage: 'text', maxLength: max, required: false, rule: { kind: 'optionalText', max } };
}

/** Digits only, at most `max` of them; travels as a number. */
export function digits(label: Text, max?: number): Field<number>;
export function digits(label: Text, max: number, required: false): Field<number | undefined>;
export function digits(label: Text, max = 10, required = true): Field<number | undefined> {
  return { label, storage: 'integer', required, rule: { kind: 'digits', max, required, asText: false } };
}

/** Digits only, at most `max` of them, kept as typed text (a code, not a quantity: "0042" stays). */
export function digitText(label: Text, max = 10): Field<string> {
  return { label, storage: 'text', maxLength: max, required: true, rule: { kind: 'digits', max, required: true, asText: true } };
}

/**
 * A required choice among fixed values. With `defaultValue`, a record that does not give it holds
 * that value (an update keeps its stored one: see server/crud/handlers.ts).
 */
export function choice<V extends string | number>(label: Text, options: readonly Option<V>[], defaultValue?: V): Field<V> {
  const values = options.map((o) => o.value);
  return {
    label,
    storage: typeof values[0] === 'number' ? 'integer' : 'text',
    maxLength: Math.max(...values.map((v) => String(v).length)),
    required: true,
    options,
    defaultValue,
    rule: { kind: 'choice', values },
  };
}

/**
 * A required choice among the items of the dictionary `dicKey` (SPEC §2.13): the value is an item's
 * value, stored as a number when `storage` is `integer`. Which values exist is data: the server
 * checks a save against the dictionary's enabled items, the console offers only those.
 */
export function dictionaryChoice(label: Text, dicKey: string, storage: 'integer'): Field<number>;
export function dictionaryChoice(label: Text, dicKey: string, storage?: 'text'): Field<string>;
export function dictionaryChoice(label: Text, dicKey: string, storage: StorageKind = 'text'): Field<string | number> {
  return { label, storage, maxLength: 50, required: true, dictionary: dicKey, rule: { kind: 'dictionary' } };
}

/**
 * Up to `count` optional values joined by commas (e.g. the three spare parameters);
 * each present value is 1..max characters and cannot itself contain a comma.
 */
export function commaJoined(label: Text, count: number, max: number): Field<string | undefined> {
  return { label, storage: 'text', maxLength: count * (max + 1), required: false, rule: { kind: 'commaJoined', count, max } };
}

/** Splits a comma-joined value into exactly `count` slots ('' where absent). */
export function splitJoined(joined: string | null | undefined, count: number): string[] {
  const parts = (joined ?? '').split(',');
  return Array.from({ length: count }, (_, i) => parts[i]?.trim() ?? '');
}

/** Joins slots back; trailing empty slots are dropped, and all-empty is undefined. */
export function joinSlots(slots: readonly (string | undefined | null)[]): string | undefined {
  const values = slots.map((s) => (s ?? '').trim());
  while (values.length && values[values.length - 1] === '') values.pop();
  return values.length ? values.join(',') : undefined;
}

/** Where a tags field's values come from: a dictionary's items, or the records of the resource `references` names. */
export type TagsSource = { dictionary: string } | { reference: true };

/** Most values a tags field holds unless it says (`max`), and the most it may say. */
export const DEFAULT_TAGS_MAX = 10;
export const TAGS_MAX_LIMIT = 50;

/** Longest item value of a dictionary (contract/entities/dic.ts) and longest id, in characters. */
const DICTIONARY_VALUE_LENGTH = 50;
const ID_LENGTH = 15;

type TagsOptions = TagsSource & { max?: number };

function tagsField(label: Text, { max = DEFAULT_TAGS_MAX, ...source }: TagsOptions, required: boolean): Field<string[] | number[] | undefined> {
  if (!Number.isInteger(max) || max < 1 || max > TAGS_MAX_LIMIT) throw new Error(`Tags max ${max} must be a whole number from 1 to ${TAGS_MAX_LIMIT}`);
  const of = 'dictionary' in source ? 'dictionary' : 'reference';
  // The JSON text at its longest: each value escaped at worst six characters a character (./tags.ts), quoted, comma-separated.
  const each = of === 'dictionary' ? DICTIONARY_VALUE_LENGTH * 6 + 2 : ID_LENGTH;
  return {
    label,
    storage: 'text',
    maxLength: 2 + max * (each + 1),
    required,
    ...('dictionary' in source ? { dictionary: source.dictionary } : {}),
    rule: { kind: 'tags', of, required, max },
  };
}

/**
 * At least one and at most `max` (default 10) values: the item values of a dictionary
 * (`tags(label, { dictionary: 'x' })`, checked against its enabled items by the server) or records'
 * ids (`tags(label, { reference: true })` with the definition's `references` naming the resource).
 */
export function tags(label: Text, options: { dictionary: string; max?: number }): Field<string[]>;
export function tags(label: Text, options: { reference: true; max?: number }): Field<number[]>;
export function tags(label: Text, options: TagsOptions): Field<string[] | number[]> {
  return tagsField(label, options, true) as Field<string[] | number[]>;
}

/** As `tags`, but none is "not given" (stored as null). */
export function optionalTags(label: Text, options: { dictionary: string; max?: number }): Field<string[] | undefined>;
export function optionalTags(label: Text, options: { reference: true; max?: number }): Field<number[] | undefined>;
export function optionalTags(label: Text, options: TagsOptions): Field<string[] | number[] | undefined> {
  return tagsField(label, options, false);
}

/** A required reference to another record by id (e.g. the owning sub-system), chosen from a list. */
export function reference(label: Text): Field<number> {
  return { label, storage: 'integer', required: true, rule: { kind: 'reference', required: true } };
}

/** Optional reference by id (e.g. a staff member's department): empty or 0 is "none". */
export function optionalReference(label: Text): Field<number | undefined> {
  return { label, storage: 'integer', required: false, rule: { kind: 'reference', required: false } };
}

/** A required text of at most `max` characters that `check` accepts (undefined) or refuses with its message. */
export function patternText(label: Text, max: number, check: (value: string, m: Msg) => string | undefined): Field<string> {
  return { label, storage: 'text', maxLength: max, required: true, rule: { kind: 'pattern', check } };
}

const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

/** Email: 6 to 32 characters, an address shape (SPEC §5 shared rules). */
export function email(label: Text, min = 6, max = 32): Field<string> {
  return patternText(label, max, (value, m) => {
    if (value.length < min || value.length > max) return m('lengthBetween', { min, max });
    return EMAIL_PATTERN.test(value) ? undefined : m('email');
  });
}

/** Mainland mobile number: 11 digits, 1 then 3/4/5/7/8/9. */
export const MOBILE_PATTERN = /^1[345789]\d{9}$/;

export function mobilePhone(label: Text): Field<string> {
  return patternText(label, 11, (value, m) => (MOBILE_PATTERN.test(value) ? undefined : m('phone')));
}

const ID_CARD_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CARD_CHECKS = '10X98765432';

/** The GB 11643 check character of an 18-digit ID number's first 17 digits. */
export function idCardCheckCharacter(first17: string): string {
  const sum = ID_CARD_WEIGHTS.reduce((total, weight, i) => total + weight * Number(first17[i]), 0);
  return ID_CARD_CHECKS[sum % 11]!;
}

/** ID card: 15 digits, or 18 where the last may be X or x and must be the GB 11643 check character. */
export function idCard(label: Text): Field<string> {
  return patternText(label, 18, (value, m) => {
    if (/^\d{15}$/.test(value)) return undefined;
    if (!/^\d{17}[\dXx]$/.test(value)) return m('idCard');
    return idCardCheckCharacter(value.slice(0, 17)) === value[17]!.toUpperCase() ? undefined : m('idCardCheck');
  });
}

/** Today as YYYY-MM-DD in local time (the console's and the server's calendar day). */
export function todayText(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Whether `value` is a real calendar date written YYYY-MM-DD (2001-02-29 is not). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Bounds of a date: not after today, and/or within min..max (days as 'YYYY-MM-DD'). `today` is
 * read at each check (tests fix it).
 */
export interface DateBounds {
  notAfterToday?: boolean;
  min?: string;
  max?: string;
  today?: () => string;
}

function dateField(label: Text, required: boolean, { notAfterToday = false, min, max, today = () => todayText() }: DateBounds): Field<string | undefined> {
  for (const bound of [min, max]) if (bound !== undefined && !isCalendarDate(bound)) throw new Error(`Date bound ${bound} is not a day written YYYY-MM-DD`);
  // Written YYYY-MM-DD, the text sorts and compares as the days do.
  return { label, storage: 'text', maxLength: 10, required, rule: { kind: 'date', required, notAfterToday, min, max, today } };
}

/** A required calendar day, travelling and stored as 'YYYY-MM-DD' (e.g. `date(label, { notAfterToday: true })`). */
export function date(label: Text, bounds: DateBounds = {}): Field<string> {
  return dateField(label, true, bounds) as Field<string>;
}

/** An optional calendar day 'YYYY-MM-DD'; blank is "not given". */
export function optionalDate(label: Text, bounds: DateBounds = {}): Field<string | undefined> {
  return dateField(label, false, bounds);
}

/** A required date (YYYY-MM-DD) not after today; `today` is read at each check. */
export function pastDate(label: Text, today: () => string = () => todayText()): Field<string> {
  return date(label, { notAfterToday: true, today });
}

/** The last instant a date-time field takes: the end of year 9999 (UTC), in epoch milliseconds. */
export const MAX_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** A required instant, travelling and stored as epoch milliseconds (integer storage). */
export function dateTime(label: Text): Field<number> {
  return { label, storage: 'integer', required: true, rule: { kind: 'dateTime', required: true } };
}

/** An optional instant in epoch milliseconds; empty is "not given". */
export function optionalDateTime(label: Text): Field<number | undefined> {
  return { label, storage: 'integer', required: false, rule: { kind: 'dateTime', required: false } };
}

/** Bounds of a decimal, in major units (yuan): default 0 up to what an integer count of minor units can hold. */
export interface DecimalOptions {
  scale: number;
  min?: number;
  max?: number;
  required?: boolean;
}

/** A bound in major units as minor units, exactly (from its decimal text). */
function boundUnits(bound: number, scale: number): number {
  const units = parseMinorUnits(String(bound), scale);
  if (units === undefined || units > MAX_MINOR_UNITS || units < -MAX_MINOR_UNITS) throw new Error(`Decimal bound ${bound} cannot be held as minor units of ${scale} decimals`);
  return Number(units);
}

function decimalField(label: Text, { scale, min = 0, max, required = true }: DecimalOptions, currency?: Currency): Field<number | undefined> {
  if (!Number.isInteger(scale) || scale < 0 || scale > 6) throw new Error(`Decimal scale ${scale} must be a whole number from 0 to 6`);
  const rule: Rule = {
    kind: 'decimal',
    required,
    scale,
    min: boundUnits(min, scale),
    max: max === undefined ? Number.MAX_SAFE_INTEGER : boundUnits(max, scale),
    ...(currency ? { currency } : {}),
  };
  return { label, storage: 'integer', required, rule };
}

/**
 * An exact decimal of `scale` decimals, stored and travelling as its integer count of minor units
 * (`decimal(label, { scale: 3 })`: 1.5 travels as 1500). Typed in major units by the form.
 */
export function decimal(label: Text, options: DecimalOptions & { required?: true }): Field<number>;
export function decimal(label: Text, options: DecimalOptions & { required: false }): Field<number | undefined>;
export function decimal(label: Text, options: DecimalOptions): Field<number | undefined> {
  return decimalField(label, options);
}

export function optionalDecimal(label: Text, options: Omit<DecimalOptions, 'required'>): Field<number | undefined> {
  return decimalField(label, { ...options, required: false });
}

export type MoneyOptions = Omit<DecimalOptions, 'scale'> & { currency?: Currency };

/**
 * An amount of money in fen (minor units, two decimals), as the platform's prices travel:
 * ¥49.00 is 4900. Typed in yuan; shown with the currency (default CNY).
 */
export function money(label: Text, options?: MoneyOptions & { required?: true }): Field<number>;
export function money(label: Text, options: MoneyOptions & { required: false }): Field<number | undefined>;
export function money(label: Text, { currency = 'CNY', ...options }: MoneyOptions = {}): Field<number | undefined> {
  return decimalField(label, { ...options, scale: 2 }, currency);
}

export function optionalMoney(label: Text, options: Omit<MoneyOptions, 'required'> = {}): Field<number | undefined> {
  return money(label, { ...options, required: false });
}

/** A six-digit administrative division code (whether it exists is checked against the region data). */
export function regionCode(label: Text): Field<string> {
  return patternText(label, 6, (value, m) => (/^\d{6}$/.test(value) ? undefined : m('requiredSelect')));
}

/** An http(s) URL or a path of the same site (see webAddress.ts), at most `max` characters. */
export function webAddress(label: Text, max: number): Field<string> {
  return patternText(label, max, (value, m) => {
    if (value.length > max) return m('maxLength', { max });
    return isWebAddress(value) ? undefined : m('webAddress');
  });
}

/** A login name (an employee code): up to `max` of letters, digits, `_`, `.`, `-`. */
export function loginName(label: Text, max: number): Field<string> {
  return patternText(label, max, (value, m) => {
    if (value.length > max) return m('maxLength', { max });
    return USERNAME_PATTERN.test(value) ? undefined : m('loginName');
  });
}
