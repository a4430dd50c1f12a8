/**
 * The titles of the base app's seeded menus, in every locale: the home page, the navigation
 * groups (keyed by the group's menu `url`, which the seed sets to the group key), the menus that
 * group screens below them, and the bespoke screens (keyed by component name = menu `url`). Declarative resources keep theirs in their
 * definition (resources/<name>/definition.ts).
 *
 * The seed (server/db/screenCatalogue.ts) stores the zh-CN text as the menu's `name`; the console
 * shows the text of the current locale as long as the name is still the seeded one (a name an
 * administrator typed is data and shows as typed).
 *
 * Plain data, no zod and no runtime imports: the console reads it without pulling the contract's
 * schemas into a chunk.
 */
import type { Text } from './i18n';

/** The home page (menu type 5, `url` = `home`). */
export const HOME_TITLE: Text = { 'zh-CN': '首页', 'en-US': 'Home' };

/** Navigation groups of the base app (menu type 3), by key (= the group's `url`). */
export const NAVIGATION_TITLES = {
  system: { 'zh-CN': '系统管理', 'en-US': 'System' },
  monitor: { 'zh-CN': '系统监控', 'en-US': 'Monitoring' },
  organisation: { 'zh-CN': '组织人员', 'en-US': 'Organisation' },
  business: { 'zh-CN': '业务统计', 'en-US': 'Business' },
  tools: { 'zh-CN': '工具', 'en-US': 'Tools' },
  examples: { 'zh-CN': '示例', 'en-US': 'Examples' },
} as const satisfies Record<string, Text>;

/** Navigation groups of the base app's menu tree. */
export type NavigationKey = keyof typeof NAVIGATION_TITLES;

/** Bespoke screens (not declarative resources) and the home page, by component name (= `url`). */
export const SCREEN_TITLES = {
  home: HOME_TITLE,
  permission: { 'zh-CN': '菜单权限', 'en-US': 'Menus & permissions' },
  user: { 'zh-CN': '人员列表', 'en-US': 'Staff' },
  officeMember: { 'zh-CN': '组织架构', 'en-US': 'Organisation directory' },
  office: { 'zh-CN': '组织管理', 'en-US': 'Organisation management' },
  dashboard: { 'zh-CN': '流量看板', 'en-US': 'Dashboard' },
  effective: { 'zh-CN': '有效权限', 'en-US': 'Effective permissions' },
  apiDoc: { 'zh-CN': 'API 文档', 'en-US': 'API reference' },
  staffSummary: { 'zh-CN': '商务人员汇总', 'en-US': 'Business staff summary' },
  mediaStats: { 'zh-CN': '媒介统计', 'en-US': 'Media statistics' },
  customer: { 'zh-CN': '客户详情', 'en-US': 'Customer detail' },
  ua: { 'zh-CN': 'UA列表', 'en-US': 'UA rules' },
  template: { 'zh-CN': '模板发布', 'en-US': 'Template publishing' },
  treeFilter: { 'zh-CN': '树形筛选', 'en-US': 'Tree filter' },
  nestedMenu1a: { 'zh-CN': '菜单一之一', 'en-US': 'Menu 1-1' },
  nestedMenu1b: { 'zh-CN': '菜单一之二', 'en-US': 'Menu 1-2' },
  nestedMenu2: { 'zh-CN': '菜单二', 'en-US': 'Menu 2' },
} as const satisfies Record<string, Text>;

/** Menus of the base app that only group screens (menu type 4 naming no page), by their `url`. */
export const MENU_GROUP_TITLES = {
  nestedMenu: { 'zh-CN': '多级菜单', 'en-US': 'Nested menu' },
  nestedMenu1: { 'zh-CN': '菜单一', 'en-US': 'Menu 1' },
} as const satisfies Record<string, Text>;

/** A bespoke screen's component name. */
export type ScreenKey = keyof typeof SCREEN_TITLES;

/** Every seeded title of this file by menu `url` (navigation keys, group keys and component names never clash). */
export const MENU_TITLES: Readonly<Record<string, Text>> = { ...NAVIGATION_TITLES, ...MENU_GROUP_TITLES, ...SCREEN_TITLES };
