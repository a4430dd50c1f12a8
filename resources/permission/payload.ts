/**
 * Between the dialogs' forms and the saveOrUpdate bodies. Values pass through the contract's own
 * schema (trimmed text, digits as numbers); the fields the user does not type (menu type of an
 * element, its app and parent, the id on edit) are added here.
 */
import { directoryEntity } from '../../contract/entities/menu';
import type { Entity } from '../../contract/entity';
import { validateEntity } from '../../contract/validation';
import type { Locale } from '../../contract/i18n';
import { nestedDirectoryType, ROOT_ID, topDirectoryType, type MenuReading, type PermissionNode } from '../../contract/menu';
import { menuIconName } from '../../contract/menuIcons';
import { ELEMENT_KINDS, type ElementKind, type ElementRow } from './elements';
import { childrenOf, isValidParent, nextSort } from './tree';

export type FormValues = Record<string, unknown>;

/** The contract's clean values when they pass, else the values as typed (the server answers 1001). */
export function cleanValues(entity: Entity, values: FormValues, locale: Locale): FormValues {
  const result = validateEntity(entity, values, locale);
  return result.ok ? { ...(result.value as FormValues) } : { ...values };
}

const blank = (value: unknown): unknown => (value === null ? undefined : value);

/** A directory record → the menu form (sort as text, so the digits rule reads what was typed). */
export function directoryFormValues(record: Partial<PermissionNode>): FormValues {
  return {
    menuType: record.menuType === undefined ? undefined : Number(record.menuType),
    appId: record.appId === undefined || record.appId === null ? undefined : Number(record.appId),
    parentId: record.parentId === undefined || record.parentId === null ? undefined : Number(record.parentId),
    name: blank(record.name),
    sort: record.sort === undefined || record.sort === null ? undefined : String(record.sort),
    path: blank(record.path),
    url: blank(record.url),
    // The platform's spellings (`SettingOutlined`, `bar-chart`) shown as the picker's name.
    icon: menuIconName(record.icon) ?? blank(record.icon),
  };
}

/** POST /permission/saveOrUpdate body: the directory fields, plus the id on edit. */
export function directoryPayload(values: FormValues, locale: Locale, id?: number): FormValues {
  return { ...cleanValues(directoryEntity, values, locale), ...(id !== undefined ? { id } : {}) };
}

/** An element row → its dialog's form. */
export function elementFormValues(kind: ElementKind, record: Partial<ElementRow> | undefined): FormValues {
  const values: FormValues = {};
  for (const field of ELEMENT_KINDS[kind].fields) values[field] = blank(record?.[field as keyof ElementRow]);
  return values;
}

export interface ElementPlace {
  appId: number;
  /** The directory (page elements) or the page element (API elements) it belongs to. */
  parentId: number;
}

/** POST /menu/saveOrUpdate body: menuType of the kind, app, parent, the typed fields, the id on edit. */
export function elementPayload(kind: ElementKind, values: FormValues, place: ElementPlace, locale: Locale, id?: number): FormValues {
  const spec = ELEMENT_KINDS[kind];
  return {
    ...cleanValues(spec.entity, { ...values, ...place }, locale),
    menuType: spec.menuType,
    ...place,
    ...(id !== undefined ? { id } : {}),
  };
}

/**
 * The menu form of a new directory in the app's reading: below the directory chosen in the tree
 * when it can hold one (a menu / directory, parent = that directory), else the top directory type
 * (A: navigation; B: top-level directory) at the top; sort one past its siblings.
 */
export function newDirectoryValues(
  tree: readonly PermissionNode[],
  appId: number | undefined,
  reading: MenuReading,
  selected?: Pick<PermissionNode, 'id' | 'menuType'>,
): FormValues {
  const nested = nestedDirectoryType(reading);
  const canHold = !!selected && isValidParent(tree, nested, selected.id, reading);
  const menuType = canHold ? nested : topDirectoryType(reading);
  const parentId = canHold ? selected.id : ROOT_ID;
  return { menuType, appId, parentId, sort: String(nextSort(childrenOf(tree, parentId))) };
}
