/** Between the organisation form and POST /office/saveOrUpdate. */
import { officeEntity, OfficeType, type OfficeNode } from '../../contract/entities/office';
import { validateEntity } from '../../contract/validation';
import type { Locale } from '../../contract/i18n';

// A type, not an interface: it passes as the generic form values (an index signature).
export type OfficeFormValues = {
  type?: number;
  parentId?: number;
  name?: string;
  remark?: string;
};

export interface OfficeBody {
  id?: number;
  name: string;
  remark: string;
  type: number;
  parentId: number;
  /** The version the edited node was read at (contract/recordVersion.ts). */
  version?: number;
}

/** A node (from the tree or /office/detail) → the form. */
export function officeFormValues(record: Partial<Pick<OfficeNode, 'type' | 'parentId' | 'name' | 'remark'>>): OfficeFormValues {
  const type = record.type === undefined || record.type === null ? undefined : Number(record.type);
  const parentId = Number(record.parentId) || undefined;
  return {
    type,
    parentId: type === OfficeType.GROUP ? parentId : undefined,
    name: record.name ?? undefined,
    remark: record.remark ?? undefined,
  };
}

/** A new department, or a new group under `parentId` (the department chosen in the tree). */
export function newOfficeValues(type: number, parentId?: number): OfficeFormValues {
  return type === OfficeType.GROUP ? { type, parentId } : { type };
}

/**
 * The saveOrUpdate body: the contract's clean values (trimmed), a department's parent 0, a blank
 * remark as '' (so an edit clears it), and the id on edit.
 */
export function officePayload(values: OfficeFormValues, locale: Locale, id?: number): OfficeBody {
  const result = validateEntity(officeEntity, values, locale);
  const clean = (result.ok ? result.value : values) as OfficeFormValues;
  const type = Number(clean.type ?? values.type);
  return {
    ...(id !== undefined ? { id } : {}),
    name: clean.name ?? '',
    remark: clean.remark ?? '',
    type,
    parentId: type === OfficeType.GROUP ? Number(clean.parentId ?? values.parentId) || 0 : 0,
  };
}
