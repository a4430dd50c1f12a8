import { usePermissions, useTranslate } from '@refinedev/core';
import { useEffect, useState, type ReactNode } from 'react';
import type { PermissionNode } from '../../contract/menu';
import { getMenuReading } from '../../providers/session';
import { BootSpinner } from './BootSpinner';
import type { PageLoader } from './loadPages';
import type { ConsoleNavigation, NavigationSource } from './NavigationContext';
import type { PageCatalogue } from './pageProps';

const NO_MENUS: readonly PermissionNode[] = [];

interface Props {
  /** The navigation the app currently routes with (App builds it, in the current language, from what this hands up). */
  navigation: ConsoleNavigation | undefined;
  onChange: (source: NavigationSource) => void;
  loadPages: PageLoader;
  children: ReactNode;
}

/**
 * Loads the caller's granted menu tree (authProvider.getPermissions) and the page registry and hands
 * both up for App to build the navigation from (again on every language change); renders its
 * children only once the routes exist, so an existing page never flashes as "not found".
 */
export function MenuGate({ navigation, onChange, loadPages, children }: Props) {
  const t = useTranslate();
  const permissions = usePermissions<PermissionNode[] | null>({});
  const [catalogue, setCatalogue] = useState<PageCatalogue>();
  const [pagesFailed, setPagesFailed] = useState(false);
  const tree = permissions.isSuccess ? (permissions.data ?? NO_MENUS) : undefined;

  useEffect(() => {
    let live = true;
    loadPages().then(
      (loaded) => live && setCatalogue(loaded),
      (error: unknown) => {
        console.error('[shell] the page registry could not be loaded', error);
        if (live) setPagesFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [loadPages]);

  const isCurrent = !!navigation && navigation.tree === tree && navigation.pages === catalogue?.pages;
  useEffect(() => {
    // The reading came with the tree (authProvider keeps both in the session).
    if (tree && catalogue && !isCurrent) onChange({ tree, reading: getMenuReading(), catalogue });
  }, [tree, catalogue, isCurrent, onChange]);

  if (permissions.isError || pagesFailed) {
    return (
      <div className="console-boot" role="alert">
        <span className="console-boot__label">{t('shell.menusFailed')}</span>
        <button type="button" className="console-boot__button" onClick={() => window.location.reload()}>
          {t('shell.retry')}
        </button>
      </div>
    );
  }
  // While the tree refetches (after a new login) the current navigation stays.
  if (!navigation || (tree && catalogue && !isCurrent)) return <BootSpinner label={t('shell.loading')} />;
  return <>{children}</>;
}
