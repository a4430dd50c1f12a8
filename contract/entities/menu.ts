import { choice, digits, digitText, reference, requiredText } from '../fields';
import { defineEntity, type EntityRecord } from '../entity';
import { text } from '../i18n';
import { MenuType } from '../menu';
import { apiAddress, menuIcon, menuPath } from '../menuRules';

const appId = reference(text('所属子系统', 'Sub-system'));
/** 0 for top-level nodes. */
const parentId = digits(text('父节点', 'Parent node'), 10);

/**
 * A directory of the menu tree (SPEC §2.10, §5 Menu form): 3, 4 or 5, which the sub-system's reading
 * of menu types names and places (../menu.ts `readingRules`: A navigation, menu, home; B top-level
 * directory, directory; the server checks the type against the sub-system's reading, the option
 * labels here are A's). Its path is a URL path unique within its sub-system and its icon one the
 * console has (../menuRules.ts; the uniqueness is checked against the sub-system's tree).
 */
export const directoryEntity = defineEntity({
  fields: {
    menuType: choice(text('类型', 'Type'), [
      { value: MenuType.NAVIGATION, label: text('导航', 'Navigation') },
      { value: MenuType.MENU, label: text('菜单', 'Menu') },
      { value: MenuType.HOME, label: text('首页', 'Home') },
    ]),
    appId,
    parentId,
    name: requiredText(text('名称', 'Name'), 20),
    sort: digits(text('排序号', 'Sort number'), 10),
    path: menuPath(text('路径', 'Path'), 50),
    url: requiredText(text('访问地址', 'Access address'), 50),
    icon: menuIcon(text('图标', 'Icon'), 50),
  },
});

/** Page codes are the button codes of access control, so one app cannot use one twice. */
export const PAGE_CODE_DUPLICATE = text('页面编码不可以重复', 'This page code already exists in the sub-system');

/** A page element (button) of a directory (SPEC §2.9, §5 Page element form). */
export const pageElementEntity = defineEntity({
  fields: {
    appId,
    parentId,
    code: requiredText(text('页面编码', 'Page code'), 50),
    name: requiredText(text('页面名称', 'Page name'), 20),
  },
  unique: { fields: ['appId', 'code'], duplicate: PAGE_CODE_DUPLICATE },
});

/** An API element of a page element; `url` is the call's path (SPEC §2.11, §5 API form). */
export const apiElementEntity = defineEntity({
  fields: {
    appId,
    parentId,
    code: digitText(text('接口编码', 'API code'), 10),
    name: requiredText(text('接口名称', 'API name'), 20),
    url: apiAddress(text('接口地址', 'API address'), 50),
  },
});

export type Directory = EntityRecord<typeof directoryEntity>;
export type PageElement = EntityRecord<typeof pageElementEntity>;
export type ApiElement = EntityRecord<typeof apiElementEntity>;
