/**
 * The console's navigation, derived once from the caller's granted menu tree: the routed pages,
 * the top-bar entries with their sidebar items, the Refine resources and the root redirect.
 * Routes, menus and resources all come from this one function, so a path is never written twice.
 */
import type { ResourceProps } from '@refinedev/core';
import { DEFAULT_MENU_READING, readingRules, type MenuReading, type PermissionNode } from '../../contract/menu';

/** A menu the console can show: its route path, the page component it names and its title. */
export interface PageRoute {
  menuId: number;
  path: string;
  /** Page component name (the menu's `url`), looked up in the page registry. */
  component: string;
  /** Refine resource name (= component name = data resource of a declarative page). */
  resource: string;
  /** Refine identifier: the resource name, made unique when two menus name one component. */
  identifier: string;
  /** The menu's title in the current language (see ./menuTitle). */
  title: string;
  icon: string;
  /** Id of the top-bar entry the page belongs to; undefined for the home page. */
  navigationId?: number;
}

/** A sidebar item: a page (with `path`) or a group of pages (with `children`). */
export interface SideItem {
  key: string;
  /** The menu's title in the current language. */
  title: string;
  icon: string;
  path?: string;
  children: SideItem[];
}

/** A top-bar entry (a navigation directory) and the sidebar items under it. */
export interface NavigationEntry {
  id: number;
  key: string;
  /** The navigation directory's title in the current language. */
  title: string;
  icon: string;
  /** The first page under it: where clicking the entry goes. */
  firstPath: string;
  items: SideItem[];
}

export interface Navigation {
  routes: PageRoute[];
  /**
   * Addresses of the console's own screens (as seeded), routed or not: one of them the caller's
   * tree does not route is a page they may not open, any other unknown address is 404.
   */
  addresses?: ReadonlySet<string>;
  entries: NavigationEntry[];
  /** The home page (reading A: the first menu of type 5 whose component is registered; reading B has none). */
  home?: PageRoute;
  /** Where `/` goes: the home page, else the first page of the first entry; undefined if none. */
  rootPath?: string;
  resources: ResourceProps[];
}

/** How a menu's title reads; the console passes `menuTitle` in the current locale. */
export type TitleOf = (node: PermissionNode) => string;

const nameAsTyped: TitleOf = (node) => node.name;

/** Route paths are absolute and have no trailing slash. */
export function normalisePath(path: string | null | undefined): string {
  const trimmed = (path ?? '').trim();
  if (!trimmed) return '';
  const withSlash = trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') : withSlash;
}

function firstPath(items: readonly SideItem[]): string | undefined {
  for (const item of items) {
    if (item.path) return item.path;
    const nested = firstPath(item.children);
    if (nested) return nested;
  }
  return undefined;
}

/**
 * Builds the navigation from a granted menu tree in `reading` (contract/menu.ts says how each
 * reading shows). Only directories matter; page and API elements are access-control data. A
 * directory of a routed type is a page when its `url` names a registered page and it has a path;
 * one naming an unregistered page is skipped, and a directory left with nothing routable under it
 * disappears. Top-level directories of an entry type (A: navigation; B: top-level directory) are
 * top-bar entries, their children the sidebar, the entry itself its first item when it is a page;
 * the home type (A only) is the home page, never a top-bar entry. Every title (routes, entries,
 * sidebar items, resource labels) is `titleOf(node)`: the console rebuilds the navigation when the
 * language changes.
 */
export function buildNavigation(
  tree: readonly PermissionNode[],
  isRegistered: (component: string) => boolean,
  titleOf: TitleOf = nameAsTyped,
  reading: MenuReading = DEFAULT_MENU_READING,
): Navigation {
  const { routedTypes, directoryTypes, entryTypes, homeType } = readingRules[reading];
  const isDirectory = (node: PermissionNode) => directoryTypes.includes(node.menuType);
  const routes: PageRoute[] = [];
  const resources: ResourceProps[] = [];
  const usedPaths = new Set<string>();
  const usedIdentifiers = new Set<string>();

  function route(node: PermissionNode, navigationId: number | undefined, parent: string | undefined): PageRoute | undefined {
    if (!routedTypes.includes(node.menuType)) return undefined;
    const component = (node.url ?? '').trim();
    const path = normalisePath(node.path);
    if (!component || !path || path === '/' || usedPaths.has(path) || !isRegistered(component)) return undefined;
    const identifier = usedIdentifiers.has(component) ? `${component}-${node.id}` : component;
    usedPaths.add(path);
    usedIdentifiers.add(identifier);
    const title = titleOf(node);
    const page: PageRoute = { menuId: node.id, path, component, resource: component, identifier, title, icon: node.icon ?? '', navigationId };
    routes.push(page);
    resources.push({
      name: component,
      ...(identifier !== component ? { identifier } : {}),
      list: path,
      meta: { label: title, menuId: node.id, icon: node.icon, ...(parent ? { parent } : {}) },
    });
    return page;
  }

  function visit(node: PermissionNode, navigationId: number, parent: string): SideItem | undefined {
    if (!isDirectory(node)) return undefined;
    const page = route(node, navigationId, parent);
    const groupName = page?.identifier ?? `menu-${node.id}`;
    const mark = resources.length;
    const children = node.children.map((child) => visit(child, navigationId, groupName)).filter((c): c is SideItem => !!c);
    if (!page && children.length === 0) return undefined;
    const title = page?.title ?? titleOf(node);
    if (!page) resources.splice(mark, 0, { name: groupName, meta: { label: title, menuId: node.id, icon: node.icon, parent } });
    return { key: page ? page.path : groupName, title, icon: node.icon ?? '', ...(page ? { path: page.path } : {}), children };
  }

  /** An entry's sidebar: the entry itself when it is a page, then its children. */
  function entryItems(node: PermissionNode, name: string): SideItem[] {
    const own = route(node, node.id, name);
    const ownItem: SideItem[] = own ? [{ key: own.path, title: own.title, icon: own.icon, path: own.path, children: [] }] : [];
    return [...ownItem, ...node.children.map((child) => visit(child, node.id, name)).filter((c): c is SideItem => !!c)];
  }

  let home: PageRoute | undefined;
  const entries: NavigationEntry[] = [];
  for (const node of tree) {
    if (node.menuType === homeType) {
      const page = route(node, undefined, undefined);
      home ??= page;
      continue;
    }
    if (!isDirectory(node)) continue;
    const name = `nav-${node.id}`;
    const mark = resources.length;
    // A top-level directory of another type (data a reading's rules would refuse, e.g. a menu at
    // the top of a reading-A tree) is its own single sidebar item.
    const items = entryTypes.includes(node.menuType) ? entryItems(node, name) : [visit(node, node.id, name)].filter((c): c is SideItem => !!c);
    const first = firstPath(items);
    if (!first) continue;
    const title = titleOf(node);
    resources.splice(mark, 0, { name, meta: { label: title, menuId: node.id, icon: node.icon } });
    entries.push({ id: node.id, key: name, title, icon: node.icon ?? '', firstPath: first, items });
  }

  return { routes, entries, home, rootPath: home?.path ?? entries[0]?.firstPath, resources };
}

/** The routed page at a location (exact path match), if any. */
export function findRoute(navigation: Pick<Navigation, 'routes'>, pathname: string): PageRoute | undefined {
  const path = normalisePath(pathname);
  return navigation.routes.find((r) => r.path === path);
}

/** Whether `pathname` is one of the console's screens that the caller's menu tree does not grant. */
export function isUngrantedAddress(navigation: Pick<Navigation, 'routes' | 'addresses'>, pathname: string): boolean {
  const path = normalisePath(pathname);
  return !!navigation.addresses?.has(path) && !findRoute(navigation, path);
}

/**
 * The top-bar entries in the order shown. Where the bar has room for one entry beside its "⋯"
 * (`isNarrow`), the current one (`activeId`) comes first so it is never folded away; elsewhere
 * the menu's own order stays.
 */
export function entriesInView<Entry extends { id: number }>(entries: readonly Entry[], activeId: number | undefined, isNarrow: boolean): readonly Entry[] {
  const active = entries.find((entry) => entry.id === activeId);
  if (!isNarrow || !active) return entries;
  return [active, ...entries.filter((entry) => entry !== active)];
}
