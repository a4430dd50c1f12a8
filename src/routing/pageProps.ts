import type { ComponentType, LazyExoticComponent } from 'react';
import type { PageRoute } from './navigation';

/** What every routed page receives: the menu it was opened from. */
export interface PageProps {
  route: PageRoute;
}

export type PageComponent = LazyExoticComponent<ComponentType<PageProps>>;

/** Page component name (a menu's `url`) → its lazily loaded page. */
export type PageRegistry = ReadonlyMap<string, PageComponent>;
