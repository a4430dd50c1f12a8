import { createContext, useContext } from 'react';
import type { Locale } from '../../contract/i18n';
import type { MenuReading, PermissionNode } from '../../contract/menu';
import { menuTitle, type KnownTitles } from './menuTitle';
import { buildNavigation, type Navigation } from './navigation';
import type { PageCatalogue, PageRegistry } from './pageProps';

/** What the navigation is built from: the granted menu tree, the reading it is in, and the page registry with its titles. */
export interface NavigationSource {
  tree: readonly PermissionNode[];
  reading: MenuReading;
  catalogue: PageCatalogue;
}

/** The navigation of the signed-in user in one language, plus what it was built from. */
export interface ConsoleNavigation extends Navigation {
  tree: readonly PermissionNode[];
  pages: PageRegistry;
  titles: KnownTitles;
  locale: Locale;
}

/** Builds the navigation with every menu title in `locale` (seeded titles translated, typed names as typed). */
export function createConsoleNavigation({ tree, reading, catalogue: { pages, titles, addresses } }: NavigationSource, locale: Locale): ConsoleNavigation {
  const navigation = buildNavigation(tree, (component) => pages.has(component), (node) => menuTitle(node, locale, titles), reading);
  return { ...navigation, addresses, tree, pages, titles, locale };
}

export const NavigationContext = createContext<ConsoleNavigation | null>(null);

/** The console navigation; only available below the menu gate (authenticated screens). */
export function useConsoleNavigation(): ConsoleNavigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('useConsoleNavigation is used outside the authenticated console');
  return navigation;
}

/**
 * A tree node's name as the sidebar shows it, in the current language: seeded menu titles
 * translated, names an administrator typed as typed. Outside the console, the name as stored.
 */
export function useMenuNodeTitle(): (node: Pick<PermissionNode, 'name' | 'url'>) => string {
  const navigation = useContext(NavigationContext);
  return (node) => (navigation ? menuTitle(node, navigation.locale, navigation.titles) : node.name);
}
