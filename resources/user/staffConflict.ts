/**
 * A staff save refused because someone else changed the account since the dialog read it (1012):
 * which fields they changed, their value beside the one typed, as the dialog names them (a choice
 * as its option, the department and roles by name), for ConflictNotice.
 */
import { staffEntity, type StaffDetail } from '../../contract/entities/staff';
import type { Locale } from '../../contract/i18n';
import type { ConflictLine } from '../generic/conflict';
import { staffFormValues, staffPayload, type StaffFormValues } from './staffForm';
import type { OfficeOption } from './staffList';
import type { RoleOption } from './useStaffData';

export interface StaffNames {
  offices: readonly OfficeOption[];
  roles: readonly RoleOption[];
  /** The label of the roles item (not a field of the entity). */
  rolesLabel: string;
}

function officeName(offices: readonly OfficeOption[], id: unknown): string | undefined {
  for (const office of offices) {
    if (String(office.value) === String(id)) return office.title;
    const below = officeName(office.children, id);
    if (below !== undefined) return below;
  }
  return undefined;
}

/** How a sent value reads: '--' marks nothing (the cell's empty kind). */
function shown(field: string, value: unknown, names: StaffNames, locale: Locale): ConflictLine['mine'] {
  if (value === null || value === undefined || value === '') return { kind: 'empty' };
  if (field === 'roleIds') {
    const ids = String(value).split(',');
    return { kind: 'text', text: ids.map((id) => names.roles.find((role) => String(role.id) === id)?.name ?? id).join(locale === 'zh-CN' ? '、' : ', ') };
  }
  if (field === 'officeId') return { kind: 'text', text: officeName(names.offices, value) ?? String(value) };
  const option = staffEntity.fields[field as keyof typeof staffEntity.fields]?.options?.find((o) => String(o.value) === String(value));
  return { kind: 'text', text: option ? option.label[locale] : String(value) };
}

/** The account's fields as a save sends them, with the roles. */
function sent(values: StaffFormValues): Record<string, unknown> {
  const { userCenter, roleIds } = staffPayload(values);
  return { ...userCenter, roleIds };
}

/** The fields whose value in `current` differs from the account as read, with theirs and the typed one. */
export function staffConflictLines(read: StaffDetail, current: StaffDetail, typed: StaffFormValues, names: StaffNames, locale: Locale): ConflictLine[] {
  const before = sent(staffFormValues(read));
  const now = sent(staffFormValues(current));
  const mine = sent(typed);
  return Object.keys(now)
    .filter((field) => JSON.stringify(before[field] ?? null) !== JSON.stringify(now[field] ?? null))
    .map((field) => ({
      field,
      label: field === 'roleIds' ? names.rolesLabel : (staffEntity.fields[field as keyof typeof staffEntity.fields]?.label[locale] ?? field),
      theirs: shown(field, now[field], names, locale),
      mine: shown(field, mine[field], names, locale),
    }));
}
