/**
 * The names of the icons a menu may show: the console draws each (src/layout/menuIconComponents.tsx maps
 * every name to its component, and the compiler holds it to this list), the menu dialog offers
 * them in its picker, and the server accepts only these (./menuRules.ts). A name the platform's
 * menus spell another way (`SettingOutlined`, `el-icon-setting`, `bar-chart`) is read as the name
 * it spells (`iconKey`).
 *
 * Plain data: the shell reads it without the contract's schemas.
 */
export const MENU_ICON_NAMES = [
  'apartment',
  'appstore',
  'barchart',
  'book',
  'chart',
  'cluster',
  'dashboard',
  'dictionary',
  'dollar',
  'experiment',
  'eye',
  'filetext',
  'home',
  'idcard',
  'menu',
  'mobile',
  'organization',
  'partition',
  'peoples',
  'role',
  'safety',
  'setting',
  'system',
  'table',
  'team',
  'tool',
  'tree',
  'user',
] as const;

export type MenuIconName = (typeof MENU_ICON_NAMES)[number];

/** `SettingOutlined`, `el-icon-setting`, `setting` → `setting`. */
export function iconKey(name: string | null | undefined): string {
  return (name ?? '')
    .trim()
    .toLowerCase()
    .replace(/^(el-icon-|icon-|anticon-)/, '')
    .replace(/(outlined|filled|twotone)$/, '')
    .replace(/[^a-z0-9]/g, '');
}

/** The icon a stored name means, or undefined when the console has none of that name. */
export function menuIconName(name: string | null | undefined): MenuIconName | undefined {
  const key = iconKey(name);
  return (MENU_ICON_NAMES as readonly string[]).includes(key) ? (key as MenuIconName) : undefined;
}
