/**
 * The two kinds of element below a directory, declared once: page elements (1) of a directory and
 * API elements (2) of a page element. The dialog, the table and the payload read this.
 */
import { apiElementEntity, pageElementEntity } from '../../contract/entities/menu';
import type { Entity } from '../../contract/entity';
import { MenuType, type PermissionNode } from '../../contract/menu';

export type ElementKind = 'page' | 'api';

export interface ElementKindSpec {
  kind: ElementKind;
  menuType: MenuType;
  entity: Entity;
  /** Fields the dialog edits, in order (appId and parentId come from the selection). */
  fields: readonly string[];
  /** Fields the table shows after the type column (API elements) or alone (page elements). */
  columns: readonly string[];
  /** Whether the table shows the element's type. */
  showsType: boolean;
}

export const ELEMENT_KINDS: Readonly<Record<ElementKind, ElementKindSpec>> = {
  page: { kind: 'page', menuType: MenuType.PAGE_ELEMENT, entity: pageElementEntity, fields: ['code', 'name'], columns: ['name', 'code'], showsType: false },
  api: { kind: 'api', menuType: MenuType.API, entity: apiElementEntity, fields: ['code', 'name', 'url'], columns: ['code', 'name', 'url'], showsType: true },
};

/** A row of /menu/list: a page or API element (children, if sent, are not used). */
export type ElementRow = Omit<PermissionNode, 'children'> & { children?: unknown };

/** The /menu/list body for the elements of `kind` below `parentId`. */
export function elementListBody(kind: ElementKind, parentId: number, size: number): { parentId: number; menuType: MenuType; pageNo: number; pageSize: number } {
  return { parentId, menuType: ELEMENT_KINDS[kind].menuType, pageNo: 1, pageSize: size };
}
