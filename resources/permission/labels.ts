import type { Locale } from '../../contract/i18n';
import { MenuType, menuTypeName, type MenuReading } from '../../contract/menu';

/** A node type's name in the reading of its tree (contract/menu.ts); the number for a type the reading lacks. */
export function menuTypeLabel(menuType: number, reading: MenuReading, locale: Locale): string {
  return menuTypeName(reading, Number(menuType))?.[locale] ?? String(menuType);
}

/** Tag colour per node type, so the tree and the tables read at a glance. */
export const TYPE_COLORS: Readonly<Record<number, string>> = {
  [MenuType.PAGE_ELEMENT]: 'purple',
  [MenuType.API]: 'cyan',
  [MenuType.NAVIGATION]: 'blue',
  [MenuType.MENU]: 'green',
  [MenuType.HOME]: 'gold',
};
