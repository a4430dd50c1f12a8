/**
 * Where each type of node may sit in an app's menu/permission tree (pure rules, no database):
 * navigation (3) and home (5) at the top (parent 0); a menu (4) under a navigation entry or a
 * menu; a page element (1) under a menu or the home page; an API element (2) under a page element.
 */
import { MenuType, TOP_LEVEL_TYPES, type Text } from '../../contract';
import { permissionMessages } from './messages';

/** The types a node of each type may sit under; empty for the top-level types. */
export const PARENT_TYPES: Readonly<Record<MenuType, readonly MenuType[]>> = {
  [MenuType.PAGE_ELEMENT]: [MenuType.MENU, MenuType.HOME],
  [MenuType.API]: [MenuType.PAGE_ELEMENT],
  [MenuType.NAVIGATION]: [],
  [MenuType.MENU]: [MenuType.NAVIGATION, MenuType.MENU],
  [MenuType.HOME]: [],
};

const PLACEMENT_MESSAGES: Readonly<Record<MenuType, Text>> = {
  [MenuType.PAGE_ELEMENT]: permissionMessages.pageElementPlacement,
  [MenuType.API]: permissionMessages.apiElementPlacement,
  [MenuType.NAVIGATION]: permissionMessages.topLevelOnly,
  [MenuType.MENU]: permissionMessages.menuPlacement,
  [MenuType.HOME]: permissionMessages.topLevelOnly,
};

/** Navigation and home: parent 0, nothing else. */
export function isTopLevelType(type: MenuType): boolean {
  return TOP_LEVEL_TYPES.includes(type);
}

export function canSitUnder(type: MenuType, parentType: MenuType): boolean {
  return PARENT_TYPES[type].includes(parentType);
}

/** What a refused placement of a node of `type` says. */
export function placementMessage(type: MenuType): Text {
  return PLACEMENT_MESSAGES[type];
}
