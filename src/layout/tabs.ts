/**
 * The page tabs above the content, as pure functions: one tab per visited page, the first (home or
 * first page) pinned, closing the active tab moves to its neighbour.
 */
export interface PageTab {
  /** The page's route path. */
  key: string;
  title: string;
  closable: boolean;
}

/** The tab list a session starts with: the pinned first page, if there is one. */
export function initialTabs(first: { key: string; title: string } | undefined): PageTab[] {
  return first ? [{ ...first, closable: false }] : [];
}

/** Adds a tab for a visited page at the end; a page already open keeps its place (its title is refreshed). */
export function openTab(tabs: readonly PageTab[], page: { key: string; title: string }): PageTab[] {
  const index = tabs.findIndex((tab) => tab.key === page.key);
  if (index === -1) return [...tabs, { ...page, closable: true }];
  const existing = tabs[index]!;
  if (existing.title === page.title) return tabs as PageTab[];
  return tabs.map((tab, i) => (i === index ? { ...tab, title: page.title } : tab));
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
