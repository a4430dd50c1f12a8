import { directoryEntity } from '../../contract/entities/menu';
import type { Locale } from '../../contract/i18n';
import { MenuType } from '../../contract/menu';

type Translate = (key: string) => string;

/** A node type's name: the contract's option label for directories, `permission.type.<n>` for elements. */
export function menuTypeLabel(menuType: number, locale: Locale, translate: Translate): string {
  const option = directoryEntity.fields.menuType.options?.find((o) => Number(o.value) === Number(menuType));
  return option ? option.label[locale] : translate(`permission.type.${menuType}`);
}

/** Tag colour per node type, so the tree and the tables read at a glance. */
export const TYPE_COLORS: Readonly<Record<number, string>> = {
  [MenuType.PAGE_ELEMENT]: 'purple',
  [MenuType.API]: 'cyan',
  [MenuType.NAVIGATION]: 'blue',
  [MenuType.MENU]: 'green',
  [MenuType.HOME]: 'gold',
};
