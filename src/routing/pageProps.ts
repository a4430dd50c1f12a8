import type { ComponentType, LazyExoticComponent } from 'react';
import type { KnownTitles } from './menuTitle';
import type { PageRoute } from './navigation';

/** What every routed page receives: the menu it was opened from. */
export interface PageProps {
  route: PageRoute;
}

export type PageComponent = LazyExoticComponent<ComponentType<PageProps>>;

/** Page component name (a menu's `url`) → its lazily loaded page. */
export type PageRegistry = ReadonlyMap<string, PageComponent>;

/** What the lazily loaded registry (resources/pages.ts) provides: pages, seeded menu titles, addresses. */
export interface PageCatalogue {
  pages: PageRegistry;
  titles: KnownTitles;
  /** The console's screens' addresses (resources/pageAddresses.ts): tells "no permission" from 404. */
  addresses?: ReadonlySet<string>;
}
