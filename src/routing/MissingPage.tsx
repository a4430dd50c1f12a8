import { lazy } from 'react';
import { useLocation } from 'react-router';
import { useConsoleNavigation } from './NavigationContext';
import { isUngrantedAddress } from './navigation';

const NotFound = lazy(() => import('../pages/NotFound'));

/** An address with no page for the caller: "no permission" for a screen not granted, else 404. */
export function MissingPage() {
  const navigation = useConsoleNavigation();
  const { pathname } = useLocation();
  return <NotFound forbidden={isUngrantedAddress(navigation, pathname)} />;
}
