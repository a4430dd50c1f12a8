import { Suspense } from 'react';
import { BootSpinner } from './BootSpinner';
import { useConsoleNavigation } from './NavigationContext';
import type { PageRoute } from './navigation';

/** Renders the registered page a route names, loading its chunk on first use. */
export function PageHost({ route }: { route: PageRoute }) {
  const { pages } = useConsoleNavigation();
  const Page = pages.get(route.component);
  // The navigation routes registered pages only (./navigation.ts); the tab's boundary shows this.
  if (!Page) throw new Error(`No page is registered as "${route.component}"`);
  return (
    <Suspense fallback={<BootSpinner />}>
      <Page route={route} />
    </Suspense>
  );
}
