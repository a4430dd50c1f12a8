/**
 * The staff dialog's values ⇄ the platform's shapes: /user/detail's answer into the form, the form
 * into /user/saveOrUpdate's `{ userCenter, roleIds }`, and the server's field errors back onto the
 * form's items. The form holds each address's region as one path (province, city, district) and
 * the dates as dayjs values.
 */
import type { HttpError } from '@refinedev/core';
import type { RuleObject } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { ROLE_ENDS_PARAM } from '../../contract/roleEnds';
import { CENSUS_REGION, LIVE_REGION, staffEntity, type StaffDetail } from '../../contract/entities/staff';
import type { Locale } from '../../contract/i18n';
import { regionFieldsFromPath } from '../../contract/regions';
import { contractRule, fieldError } from '../generic/rules';
import { serverFieldErrors } from '../generic/serverErrors';

export type StaffField = keyof typeof staffEntity.fields;

/** Form item → the three contract fields it fills. */
export const REGION_ITEMS = { censusRegion: CENSUS_REGION, liveRegion: LIVE_REGION } as const;
export type RegionItem = keyof typeof REGION_ITEMS;

export const DATE_FIELDS = ['birthday', 'graduatedTime'] as const satisfies readonly StaffField[];
export const DATE_FORMAT = 'YYYY-MM-DD';

const REGION_FIELDS: readonly string[] = [...CENSUS_REGION, ...LIVE_REGION];
/** Fields the form holds as they travel. */
export const PLAIN_FIELDS = (Object.keys(staffEntity.fields) as StaffField[]).filter(
  (name) => !REGION_FIELDS.includes(name) && !(DATE_FIELDS as readonly string[]).includes(name),
);
const FORM_ITEMS: readonly string[] = [...PLAIN_FIELDS, ...DATE_FIELDS, 'censusRegion', 'liveRegion', 'roleIds', ROLE_ENDS_PARAM];

export type StaffFormValues = Record<string, unknown> & {
  censusRegion?: string[];
  liveRegion?: string[];
  roleIds?: number[];
  /** Role id → when its link ends (a dayjs value), empty for none. */
  roleEnds?: Record<string, Dayjs | null | undefined>;
};

export interface StaffPayload {
  userCenter: Record<string, unknown>;
  roleIds: string;
  /** Every chosen role's end (epoch ms), null for none (contract/roleEnds.ts). */
  roleEnds: Record<string, number | null>;
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** '1,2' → [1, 2]. */
export function roleIdList(joined: string | null | undefined): number[] {
  return (joined ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d+$/.test(part))
    .map(Number);
}

/** A choice as its option's own value (the platform mixes "1" and 1). */
function optionValue(name: StaffField, raw: unknown): unknown {
  const options = staffEntity.fields[name].options;
  if (!options || isBlank(raw)) return raw ?? undefined;
  return options.find((o) => String(o.value) === String(raw))?.value ?? raw;
}

/** A region path up to its first missing level. */
function regionPath(record: Record<string, unknown>, fields: readonly string[]): string[] {
  const path: string[] = [];
  for (const field of fields) {
    if (isBlank(record[field])) break;
    path.push(String(record[field]));
  }
  return path;
}

/** What a new employee starts with: enabled, no roles. */
export function newStaffValues(): StaffFormValues {
  return { isEnable: '1', roleIds: [] };
}

/** /user/detail's answer as the form's values. */
export function staffFormValues(detail: StaffDetail): StaffFormValues {
  const record = detail.userCenter as unknown as Record<string, unknown>;
  const values: StaffFormValues = {};
  for (const name of PLAIN_FIELDS) values[name] = optionValue(name, record[name]);
  for (const name of DATE_FIELDS) values[name] = isBlank(record[name]) ? undefined : dayjs(String(record[name]));
  for (const [item, fields] of Object.entries(REGION_ITEMS)) values[item] = regionPath(record, fields);
  if (!values.officeId) values.officeId = undefined;
  values.roleIds = roleIdList(detail.roleIds);
  values.roleEnds = Object.fromEntries(Object.entries(detail.roleEnds ?? {}).map(([id, end]) => [id, end == null ? null : dayjs(end)]));
  return values;
}

/** A date picker's value as the contract's 'YYYY-MM-DD'. */
export function dateText(value: unknown): unknown {
  return dayjs.isDayjs(value) ? value.format(DATE_FORMAT) : (value ?? undefined);
}

/** The form's values as /user/saveOrUpdate's body; `id` when editing. Empty optional values go as null. */
export function staffPayload(values: StaffFormValues, id?: number): StaffPayload {
  const userCenter: Record<string, unknown> = id === undefined ? {} : { id };
  for (const name of PLAIN_FIELDS) {
    const value = values[name];
    userCenter[name] = isBlank(value) ? null : typeof value === 'string' ? value.trim() : value;
  }
  for (const name of DATE_FIELDS) userCenter[name] = isBlank(values[name]) ? null : dateText(values[name]);
  for (const [item, fields] of Object.entries(REGION_ITEMS)) {
    for (const [field, code] of Object.entries(regionFieldsFromPath(fields, values[item] as string[] | undefined))) userCenter[field] = code ?? null;
  }
  const roleIds = values.roleIds ?? [];
  const roleEnds = Object.fromEntries(roleIds.map((roleId) => [String(roleId), values.roleEnds?.[String(roleId)]?.valueOf() ?? null]));
  return { userCenter, roleIds: roleIds.join(','), roleEnds };
}

/** A region path is whole only with all three levels; the first missing one says so in its own words. */
export function regionRule(item: RegionItem, locale: Locale): RuleObject {
  return {
    validator: async (_rule, value) => {
      const fields = regionFieldsFromPath(REGION_ITEMS[item], value as string[] | undefined);
      for (const name of REGION_ITEMS[item]) {
        const message = fieldError(staffEntity.fields[name], locale, fields[name]);
        if (message !== undefined) throw new Error(message);
      }
    },
  };
}

/** The contract rule of a date field, over the picker's dayjs value. */
export function dateRule(name: (typeof DATE_FIELDS)[number], locale: Locale): RuleObject {
  return contractRule(staffEntity.fields[name], locale, dateText);
}

/** The form item a server field error belongs to (`censusCity` → the census region, `userCenter.telephone` → telephone). */
export function formItemOf(serverField: string): string {
  const bare = serverField.replace(/^userCenter\./, '');
  const region = (Object.keys(REGION_ITEMS) as RegionItem[]).find((item) => (REGION_ITEMS[item] as readonly string[]).includes(bare));
  return region ?? bare;
}

/** A refused save's per-field messages, placed on the form's items. */
export function staffServerErrors(error: unknown): ReturnType<typeof serverFieldErrors> {
  const errors = (error as Partial<HttpError> | null)?.errors;
  if (!errors || typeof errors !== 'object') return [];
  const placed: Record<string, unknown> = {};
  for (const [name, message] of Object.entries(errors)) placed[formItemOf(name)] ??= message;
  return serverFieldErrors({ errors: placed }, FORM_ITEMS);
}
