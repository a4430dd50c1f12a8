/**
 * The pages of the open tabs, kept mounted while their tab stays open: switching tabs keeps
 * filters, the page number and typed forms. Only the active one is shown; the others sit in a
 * hidden React Activity, whose effects are stopped (no polling, no subscriptions) until it is
 * shown again. Each page reads its own location, frozen where it was last shown, so a hidden page
 * never sees another page's address. Each has its own error boundary and unsaved-work scope.
 */
import { Activity, useMemo } from 'react';
import { NavigationType, UNSAFE_LocationContext as LocationContext, type Location } from 'react-router';
import { UnsavedWorkScope } from '../unsavedWork/useUnsavedWork';
import type { PageRoute } from '../routing/navigation';
import { PageHost } from '../routing/PageHost';
import { ScreenBoundary } from './ScreenBoundary';

export interface KeptPage {
  route: PageRoute;
  /** Where the page was last shown (its search and state included). */
  location: Location;
  /** Moves on each refresh from the tab menu: the page mounts afresh and reads its data again. */
  generation?: number;
}

function KeptPageView({ route, location }: KeptPage) {
  // React Router has no public way to give a subtree its own location but a <Routes> that would
  // match again; its location context is what every hook (Refine's too) reads.
  const frozen = useMemo(() => ({ location, navigationType: NavigationType.Pop }), [location]);
  return (
    <LocationContext.Provider value={frozen}>
      <UnsavedWorkScope name={route.path}>
        <ScreenBoundary>
          <PageHost route={route} />
        </ScreenBoundary>
      </UnsavedWorkScope>
    </LocationContext.Provider>
  );
}

export function TabPages({ pages, activePath }: { pages: readonly KeptPage[]; activePath: string | undefined }) {
  return pages.map((page) => (
    <Activity key={`${page.route.path}#${page.generation ?? 0}`} mode={page.route.path === activePath ? 'visible' : 'hidden'} name={page.route.path}>
      <KeptPageView route={page.route} location={page.location} />
    </Activity>
  ));
}
