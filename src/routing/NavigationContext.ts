import { createContext, useContext } from 'react';
import type { PermissionNode } from '../../contract/menu';
import { buildNavigation, type Navigation } from './navigation';
import type { PageRegistry } from './pageProps';

/** The navigation of the signed-in user plus the page registry it was built against. */
export interface ConsoleNavigation extends Navigation {
  tree: readonly PermissionNode[];
  pages: PageRegistry;
}

export function createConsoleNavigation(tree: readonly PermissionNode[], pages: PageRegistry): ConsoleNavigation {
  return { ...buildNavigation(tree, (component) => pages.has(component)), tree, pages };
}

export const NavigationContext = createContext<ConsoleNavigation | null>(null);

/** The console navigation; only available below the menu gate (authenticated screens). */
export function useConsoleNavigation(): ConsoleNavigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('useConsoleNavigation is used outside the authenticated console');
  return navigation;
}
