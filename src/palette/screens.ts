/**
 * The screens the command palette offers: the routed pages of the caller's navigation (so only
 * screens their menu tree grants), each with its title in every language, as the menus translate
 * it (a seeded title in both, a name an administrator typed as typed).
 */
import { LOCALES, type Locale } from '../../contract/i18n';
import type { PermissionNode } from '../../contract/menu';
import type { ConsoleNavigation } from '../routing/NavigationContext';
import { menuTitle } from '../routing/menuTitle';

export interface PaletteScreen {
  path: string;
  /** The title in the current language. */
  title: string;
  /** The title in every language (equal where the menu's name was typed by an administrator). */
  titles: Record<Locale, string>;
  /** The menu's icon name. */
  icon: string;
  /** The top-bar entry it belongs to, in the current language (none for home). */
  group?: string;
}

function nodesById(tree: readonly PermissionNode[], into = new Map<number, PermissionNode>()): Map<number, PermissionNode> {
  for (const node of tree) {
    into.set(node.id, node);
    nodesById(node.children, into);
  }
  return into;
}

/** The palette's screens, in the navigation's order (home first when there is one). */
export function paletteScreens(navigation: Pick<ConsoleNavigation, 'routes' | 'entries' | 'tree' | 'titles' | 'home'>): PaletteScreen[] {
  const nodes = nodesById(navigation.tree);
  const groups = new Map(navigation.entries.map((entry) => [entry.id, entry.title]));
  const home = navigation.home ? [navigation.home] : [];
  const routes = [...home, ...navigation.routes.filter((route) => route !== navigation.home)];
  return routes.map((route) => {
    const node = nodes.get(route.menuId);
    const titles = Object.fromEntries(LOCALES.map((locale) => [locale, node ? menuTitle(node, locale, navigation.titles) : route.title])) as Record<Locale, string>;
    const group = route.navigationId === undefined ? undefined : groups.get(route.navigationId);
    return { path: route.path, title: route.title, titles, icon: route.icon, ...(group ? { group } : {}) };
  });
}

/** What a screen is matched by: its titles in every language. */
export function screenTexts(screen: PaletteScreen): readonly string[] {
  return [screen.title, ...LOCALES.map((locale) => screen.titles[locale])];
}
