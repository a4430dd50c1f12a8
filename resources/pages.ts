/**
 * The page registry: a menu's component name (its `url`) → the lazily loaded page it opens.
 * Every declarative resource of ./registry is registered under its `name` with the generic list
 * page; a bespoke page is one line below. Menus naming anything else are not routed or shown.
 *
 * With it, the seeded menu titles the console translates (src/routing/menuTitle.ts): those of
 * contract/menuTitles.ts and every declarative resource's `definition.title`. They load here, with
 * the definitions, rather than in the entry chunk; so do the screens' addresses (./pageAddresses.ts).
 */
import { lazy } from 'react';
import type { Text } from '../contract/i18n';
import { MENU_TITLES } from '../contract/menuTitles';
import type { KnownTitles } from '../src/routing/menuTitle';
import type { PageCatalogue, PageComponent, PageRegistry } from '../src/routing/pageProps';
import { pageAddresses } from './pageAddresses';
import { resourceDefinitions } from './registry';

const ResourceListPage: PageComponent = lazy(() => import('./generic/ResourceListPage'));
const PlaceholderPage: PageComponent = lazy(() => import('./examples/PlaceholderPage'));

/** Bespoke pages, one line each. */
const bespokePages: Record<string, PageComponent> = {
  home: lazy(() => import('../src/pages/Home')),
  permission: lazy(() => import('./permission/PermissionPage')),
  effective: lazy(() => import('./effective/EffectivePage')),
  apiDoc: lazy(() => import('./apiDoc/ApiDocPage')),
  user: lazy(() => import('./user/UserPage')),
  officeMember: lazy(() => import('./office/OfficeMemberPage')),
  office: lazy(() => import('./office/OfficePage')),
  template: lazy(() => import('./template/TemplatePage')),
  treeFilter: lazy(() => import('./examples/TreeFilterPage')),
  dashboard: lazy(() => import('./statistics/DashboardPage')),
  staffSummary: lazy(() => import('./statistics/StaffSummaryPage')),
  mediaStats: lazy(() => import('./statistics/MediaStatsPage')),
  // The nested example menus' pages (one name each, for their titles), and any menu naming the placeholder.
  nestedMenu1a: PlaceholderPage,
  nestedMenu1b: PlaceholderPage,
  nestedMenu2: PlaceholderPage,
  placeholder: PlaceholderPage,
};

export const pages: PageRegistry = new Map<string, PageComponent>([
  ...resourceDefinitions.map((definition) => [definition.name, ResourceListPage] as const),
  ...Object.entries(bespokePages),
]);

/** Seeded menu titles by menu `url`: home, navigation groups, bespoke screens, declarative resources. */
export const titles: KnownTitles = new Map<string, Text>([
  ...Object.entries(MENU_TITLES),
  ...resourceDefinitions.map((definition) => [definition.name, definition.title] as const),
]);

/** What the shell loads (src/routing/MenuGate.tsx, through the loader the entry hands it). */
export const catalogue: PageCatalogue = { pages, titles, addresses: pageAddresses };
