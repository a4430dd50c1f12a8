/** The person list's request and cells: pure, so the page only wires them. */
import { SEXES, type StaffListRow } from '../../contract/entities/staff';
import type { OfficeNode } from '../../contract/entities/office';
import type { Locale } from '../../contract/i18n';
import { isEndingSoon, roleEndMessages, type LinkedRole } from '../../contract/roleEnds';

/** What the search form sends (all optional). */
export interface StaffFilters {
  code?: string;
  name?: string;
  telephone?: string;
  officeId?: number;
  /** Comma list of role ids. */
  roleIds?: string;
}

export interface StaffSearchValues {
  code?: string;
  name?: string;
  telephone?: string;
  officeId?: number | null;
  roleIds?: number[];
}

export const EMPTY = '--';

/** The search form's values as filters: text trimmed, blanks left out, roles comma-joined. */
export function staffFilters(values: StaffSearchValues): StaffFilters {
  const filters: StaffFilters = {};
  for (const name of ['code', 'name', 'telephone'] as const) {
    const value = values[name]?.trim();
    if (value) filters[name] = value;
  }
  if (typeof values.officeId === 'number') filters.officeId = values.officeId;
  if (values.roleIds?.length) filters.roleIds = values.roleIds.join(',');
  return filters;
}

/** Body of POST /user/list. */
export function staffListBody(filters: StaffFilters, page: number, size: number): StaffFilters & { pageNo: number; pageSize: number } {
  return { ...filters, pageNo: page, pageSize: size };
}

/** A value as shown in a cell: missing values read '--'. */
export function cellText(value: unknown): string {
  if (value === undefined || value === null) return EMPTY;
  const text = String(value).trim();
  return text === '' ? EMPTY : text;
}

export function sexLabel(value: unknown, locale: Locale): string {
  return SEXES.find((o) => String(o.value) === String(value))?.label[locale] ?? cellText(value);
}

/** Census address: the region's names, then the street address; '--' when neither is known. */
export function censusText(row: Pick<StaffListRow, 'censusRegionName' | 'censusAddress'>): string {
  const parts = [row.censusRegionName, row.censusAddress].map((part) => (part ?? '').trim()).filter(Boolean);
  return parts.length ? parts.join(' ') : EMPTY;
}

export interface OfficeOption {
  value: number;
  title: string;
  children: OfficeOption[];
}

/** /office/list's tree as TreeSelect data. */
export function officeOptions(nodes: readonly OfficeNode[] | null | undefined): OfficeOption[] {
  return (nodes ?? []).map((node) => ({ value: node.id, title: node.name, children: officeOptions(node.child) }));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An end (epoch ms) as the browser's local 'YYYY-MM-DD HH:mm'. */
export function endText(epochMs: number): string {
  const d = new Date(epochMs);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A role as the list's tooltip names it: a link ending soon says so, with its end. */
export function roleText(role: LinkedRole, locale: Locale, now = Date.now()): string {
  if (!isEndingSoon(role.expiresAt, now)) return role.name;
  return `${role.name} (${roleEndMessages.endingSoon[locale]} ${endText(role.expiresAt!)})`;
}
