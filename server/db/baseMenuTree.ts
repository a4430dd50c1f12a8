/**
 * The base app's complete menu/permission tree, built from the screen catalogue:
 * home (type 5) and navigation groups (type 3) at the top, a menu (type 4) per screen (inside the
 * menus that group it, for a screen declared with `groups`), a page
 * element (type 1) per button with code `<component>:<action>`, and under each page element the
 * API elements (type 2) whose `url` is the call's path and whose code is a short digit string.
 * The per-node builders are shared by the seed (whole tree) and the start-up reconciliation of
 * declared resources (missing parts only), so both build identical nodes.
 */
import { MenuType, type MenuType as MenuTypeValue } from '../../contract';
import type { ResourceDefinition } from '../../resources/define';
import { resourceDefinitions } from '../../resources/registry';
import { apiName, baseScreens, HOME, NAVIGATION, type ButtonSpec, type MenuGroupSpec, type NavigationSpec, type ScreenSpec } from './screenCatalogue';

export interface MenuSeed {
  name: string;
  menuType: MenuTypeValue;
  sort: number;
  path: string;
  url: string;
  icon: string;
  code: string;
  children: MenuSeed[];
}

/** Hands out the digit-string codes of API elements, in the order nodes are built. */
export type ApiCodes = () => string;

export const FIRST_API_CODE = 1001;

/** Consecutive API codes from `first` on (bigint: codes typed by an administrator may be long). */
export function apiCodes(first: number | bigint = FIRST_API_CODE): ApiCodes {
  let next = BigInt(first);
  return () => String(next++);
}

function node(fields: Partial<MenuSeed> & Pick<MenuSeed, 'name' | 'menuType' | 'sort'>): MenuSeed {
  return { path: '', url: '', icon: '', code: '', children: [], ...fields };
}

/** Page-element code of a screen's button: `<component>:<action>`. */
export function pageElementCode(screen: Pick<ScreenSpec, 'component'>, button: Pick<ButtonSpec, 'action' | 'code'>): string {
  return button.code ?? `${screen.component}:${button.action}`;
}

/** The API element of a call; `index` is its position below its page element. */
export function apiElement(api: string, index: number, nextCode: ApiCodes): MenuSeed {
  return node({ name: apiName(api)['zh-CN'], menuType: MenuType.API, sort: index + 1, url: api, code: nextCode() });
}

/** The page element of a button with its API elements; `index` is its position below the menu. */
export function pageElement(screen: ScreenSpec, button: ButtonSpec, index: number, nextCode: ApiCodes): MenuSeed {
  return node({
    name: button.label['zh-CN'],
    menuType: MenuType.PAGE_ELEMENT,
    sort: index + 1,
    code: pageElementCode(screen, button),
    children: button.apis.map((api, apiIndex) => apiElement(api, apiIndex, nextCode)),
  });
}

/** The menu of a screen with its page and API elements. */
export function screenMenu(screen: ScreenSpec, nextCode: ApiCodes): MenuSeed {
  return node({
    name: screen.title['zh-CN'],
    menuType: MenuType.MENU,
    sort: screen.sort,
    path: screen.path,
    url: screen.component,
    icon: screen.icon,
    code: screen.component,
    children: screen.buttons.map((button, index) => pageElement(screen, button, index, nextCode)),
  });
}

/** A menu that groups menus (`url` and `code` are its key, naming no page) holding `children`. */
export function groupMenu(group: MenuGroupSpec, children: MenuSeed[] = []): MenuSeed {
  return node({ name: group.title['zh-CN'], menuType: MenuType.MENU, sort: group.sort, path: group.path, url: group.key, icon: group.icon, code: group.key, children });
}

/** Where a screen sorts among its navigation group's menus: as its outermost group, if it has one. */
const topSort = (screen: ScreenSpec) => screen.groups?.[0]?.sort ?? screen.sort;

/** The menus of a navigation group's screens, each inside its groups (made once, in the screens' order). */
function screenMenus(screens: readonly ScreenSpec[], nextCode: ApiCodes): MenuSeed[] {
  const top: MenuSeed[] = [];
  for (const screen of [...screens].sort((a, b) => topSort(a) - topSort(b))) {
    let level = top;
    for (const group of screen.groups ?? []) {
      let found = level.find((menu) => menu.url === group.key && menu.menuType === MenuType.MENU);
      if (!found) level.push((found = groupMenu(group)));
      level = found.children;
    }
    level.push(screenMenu(screen, nextCode));
  }
  const bySort = (menus: MenuSeed[]): MenuSeed[] => menus.sort((a, b) => a.sort - b.sort).map((menu) => ({ ...menu, children: menu.menuType === MenuType.MENU ? bySort(menu.children) : menu.children }));
  return bySort(top);
}

/** A navigation group (`url` and `code` are its key) holding `children`. */
export function navigationNode(group: NavigationSpec, children: MenuSeed[] = []): MenuSeed {
  return node({
    name: group.title['zh-CN'],
    menuType: MenuType.NAVIGATION,
    sort: group.sort,
    path: `/${group.key}`,
    url: group.key,
    icon: group.icon,
    code: group.key,
    children,
  });
}

export function baseMenuTree(definitions: readonly ResourceDefinition[] = resourceDefinitions): MenuSeed[] {
  const nextCode = apiCodes();
  const screens = baseScreens(definitions);
  const home = node({ name: HOME.title['zh-CN'], menuType: MenuType.HOME, sort: 0, path: HOME.path, url: HOME.url, icon: HOME.icon, code: HOME.code });
  const groups = NAVIGATION.map((group) =>
    navigationNode(
      group,
      screenMenus(
        screens.filter((screen) => screen.navigation === group.key),
        nextCode,
      ),
    ),
  );
  return [home, ...groups];
}
