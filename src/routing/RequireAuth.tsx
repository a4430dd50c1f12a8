import { Authenticated, useTranslate } from '@refinedev/core';
import type { ReactNode } from 'react';
import { BootSpinner } from './BootSpinner';

/**
 * Everything but /login sits behind this. A signed-out visitor goes where the auth check says:
 * the console's /login with `?redirect=` back to the page (Refine redirects), or the workbench on
 * another site (the provider leaves the page itself and names no route).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const t = useTranslate();
  return (
    <Authenticated key="console" loading={<BootSpinner label={t('shell.loading')} />} appendCurrentPathToQuery={false}>
      {children}
    </Authenticated>
  );
}
