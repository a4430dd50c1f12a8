import { lazy, Suspense } from 'react';
import { BootSpinner } from './BootSpinner';
import { useConsoleNavigation } from './NavigationContext';
import type { PageRoute } from './navigation';

const NotFound = lazy(() => import('../pages/NotFound'));

/** Renders the registered page a route names, loading its chunk on first use. */
export function PageHost({ route }: { route: PageRoute }) {
  const { pages } = useConsoleNavigation();
  const Page = pages.get(route.component);
  return <Suspense fallback={<BootSpinner />}>{Page ? <Page route={route} /> : <NotFound />}</Suspense>;
}
