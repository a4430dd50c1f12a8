/**
 * The page registry: a menu's component name (its `url`) → the lazily loaded page it opens.
 * Every declarative resource of ./registry is registered under its `name` with the generic list
 * page; a bespoke page is one line below. Menus naming anything else are not routed or shown.
 */
import { lazy } from 'react';
import type { PageComponent, PageRegistry } from '../src/routing/pageProps';
import { resourceDefinitions } from './registry';

const ResourceListPage: PageComponent = lazy(() => import('./generic/ResourceListPage'));

/** Bespoke pages, one line each. */
const bespokePages: Record<string, PageComponent> = {
  home: lazy(() => import('../src/pages/Home')),
};

export const pages: PageRegistry = new Map<string, PageComponent>([
  ...resourceDefinitions.map((definition) => [definition.name, ResourceListPage] as const),
  ...Object.entries(bespokePages),
]);
