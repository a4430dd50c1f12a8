import { choice, optionalReference, optionalText, requiredText, type Option } from '../fields';
import { defineEntity, type EntityRecord } from '../entity';
import { format, text, type Locale } from '../i18n';
import { ruleMessages } from '../messages';
import type { Versioned } from '../recordVersion';

export const OfficeType = { DEPARTMENT: 1, GROUP: 2 } as const;

export const OFFICE_TYPES: readonly Option<1 | 2>[] = [
  { value: OfficeType.DEPARTMENT, label: text('部门', 'Department') },
  { value: OfficeType.GROUP, label: text('小组', 'Group') },
];

/** Organisation node (SPEC §3 Organisation, §5 Organisation). A department has parent 0; a group needs one. */
export const officeEntity = defineEntity({
  fields: {
    type: choice(text('类型', 'Type'), OFFICE_TYPES),
    parentId: optionalReference(text('上级组织', 'Parent organisation')),
    name: requiredText(text('名称', 'Name'), 20),
    remark: optionalText(text('备注', 'Remark'), 500),
  },
});

/** The one rule across fields: a group names its parent; a department has none (parent 0). */
export function officeParentError(values: { type?: unknown; parentId?: unknown }, locale: Locale): string | undefined {
  // Only a scalar is read (an object's own toString may throw); the field rules refuse the rest.
  const scalar = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : undefined);
  const isGroup = scalar(values.type) === String(OfficeType.GROUP);
  const parent = scalar(values.parentId);
  const hasParent = parent !== undefined && parent !== '' && Number(parent) !== 0;
  if (isGroup && !hasParent) return format(ruleMessages.requiredSelect[locale], { label: officeEntity.fields.parentId.label[locale] });
  return undefined;
}

/** Names are unique among siblings: departments among departments, groups within their department. */
export const OFFICE_NAME_DUPLICATE = {
  [OfficeType.DEPARTMENT]: text('部门名称不可以重复', 'A department with this name already exists'),
  [OfficeType.GROUP]: text('该部门下已有同名小组', 'This department already has a group with this name'),
} as const;

/** Whether `name` is taken by another node (not `id`) under the same parent (0 for departments). */
export function isSiblingNameTaken(
  nodes: ReadonlyArray<{ id: number; parentId: number; name: string }>,
  candidate: { parentId: number; name: string; id?: number },
): boolean {
  const name = candidate.name.trim();
  return nodes.some((node) => node.parentId === candidate.parentId && node.id !== candidate.id && node.name.trim() === name);
}

export type Office = EntityRecord<typeof officeEntity>;

/** A node of /office/list: the record with its children (`child`, as the platform names them) and its version. */
export interface OfficeNode extends Omit<Office, 'parentId'>, Versioned {
  parentId: number;
  child: OfficeNode[];
}
