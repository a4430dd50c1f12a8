/**
 * The page tabs above the content, as pure functions: one tab per visited page, the first (home or
 * first page) pinned, closing the active tab moves to its neighbour. A tab keeps only its page's
 * path: its title is looked up in the navigation when it renders, so open tabs follow the language.
 */
export interface PageTab {
  /** The page's route path. */
  key: string;
  closable: boolean;
}

/** The tab list a session starts with: the pinned first page (its path), if there is one. */
export function initialTabs(first: string | undefined): PageTab[] {
  return first ? [{ key: first, closable: false }] : [];
}

/** Adds a tab for a visited page (its path) at the end; a page already open keeps its place. */
export function openTab(tabs: readonly PageTab[], key: string): PageTab[] {
  if (tabs.some((tab) => tab.key === key)) return tabs as PageTab[];
  return [...tabs, { key, closable: true }];
}

/**
 * Closes a tab. Pinned or unknown tabs stay. Closing the active tab makes its right neighbour
 * active, or its left one when it was the last; closing another tab keeps the active one.
 */
export function closeTab(tabs: readonly PageTab[], key: string, activeKey: string): { tabs: PageTab[]; activeKey: string } {
  const index = tabs.findIndex((tab) => tab.key === key);
  if (index === -1 || !tabs[index]!.closable) return { tabs: [...tabs], activeKey };
  const remaining = tabs.filter((_, i) => i !== index);
  if (key !== activeKey) return { tabs: remaining, activeKey };
  const neighbour = remaining[index] ?? remaining[index - 1];
  return { tabs: remaining, activeKey: neighbour?.key ?? activeKey };
}

/** What a tab's menu does: about the tab it was opened on, or all tabs. */
export type TabMenuAction = 'refresh' | 'close' | 'closeOthers' | 'closeLeft' | 'closeRight' | 'closeAll';

/** The tabs an action of the menu opened on `key` closes: closable ones only, in their order. */
export function tabsClosedBy(tabs: readonly PageTab[], action: TabMenuAction, key: string): string[] {
  const index = tabs.findIndex((tab) => tab.key === key);
  if (index === -1 && action !== 'closeAll') return [];
  const closing = (tab: PageTab, i: number): boolean => {
    switch (action) {
      case 'close':
        return i === index;
      case 'closeOthers':
        return i !== index;
      case 'closeLeft':
        return i < index;
      case 'closeRight':
        return i > index;
      case 'closeAll':
        return true;
      default:
        return false;
    }
  };
  return tabs.filter((tab, i) => tab.closable && closing(tab, i)).map((tab) => tab.key);
}

/**
 * Closes several tabs at once (a menu action opened on `anchor`). The active tab stays when it is
 * not among them; else the anchor becomes active when it stays open, else the nearest tab left of
 * the first closed one (the pinned first page at the least).
 */
export function closeTabs(tabs: readonly PageTab[], keys: readonly string[], activeKey: string, anchor: string): { tabs: PageTab[]; activeKey: string } {
  if (keys.length === 1) return closeTab(tabs, keys[0]!, activeKey);
  const closed = new Set(keys.filter((key) => tabs.some((tab) => tab.key === key && tab.closable)));
  const remaining = tabs.filter((tab) => !closed.has(tab.key));
  if (!closed.has(activeKey)) return { tabs: remaining, activeKey };
  if (!closed.has(anchor) && remaining.some((tab) => tab.key === anchor)) return { tabs: remaining, activeKey: anchor };
  const first = tabs.findIndex((tab) => closed.has(tab.key));
  const before = tabs.slice(0, first).filter((tab) => !closed.has(tab.key));
  const neighbour = before.at(-1) ?? remaining[0];
  return { tabs: remaining, activeKey: neighbour?.key ?? activeKey };
}

/** Where a user's open tabs are kept in this browser (per user: another account starts afresh). */
export const tabsStorageKey = (user: string) => `console.tabs.${user}`;

/**
 * The tabs a session starts with after a reload: the pinned first page, then the saved ones in
 * their order. Pages the user can no longer open are left out when shown (see `shownTabs`).
 */
export function restoreTabs(saved: string | null, first: string | undefined): PageTab[] {
  let paths: unknown = [];
  try {
    paths = saved ? JSON.parse(saved) : [];
  } catch {
    paths = [];
  }
  const tabs = initialTabs(first);
  if (!Array.isArray(paths)) return tabs;
  return paths.filter((path): path is string => typeof path === 'string' && path.startsWith('/')).reduce<PageTab[]>((open, path) => openTab(open, path), tabs);
}

/** The tabs to show: the pinned one and those whose page the user can still open. */
export function shownTabs(tabs: readonly PageTab[], isPage: (path: string) => boolean): PageTab[] {
  return tabs.filter((tab) => !tab.closable || isPage(tab.key));
}

/** What is saved: the closable tabs' paths, in order (the pinned one is always there). */
export function tabsToSave(tabs: readonly PageTab[]): string {
  return JSON.stringify(tabs.filter((tab) => tab.closable).map((tab) => tab.key));
}

/**
 * The pages kept mounted (path → where each was last shown), in the order they were first shown.
 * `keepPage` records the page now shown at `at`; the same map comes back when nothing changed.
 */
export function keepPage<At>(kept: ReadonlyMap<string, At>, path: string, at: At): ReadonlyMap<string, At> {
  if (kept.get(path) === at) return kept;
  return new Map(kept).set(path, at);
}

/** Forgets a page whose tab closed: opened again, it starts afresh. */
export function dropPage<At>(kept: ReadonlyMap<string, At>, path: string): ReadonlyMap<string, At> {
  if (!kept.has(path)) return kept;
  const next = new Map(kept);
  next.delete(path);
  return next;
}
