/**
 * The login and account pages' look (outside the shell): the last theme known in this browser (or
 * the system's), no server call (nobody may be signed in yet), default density. The login page's
 * budget is tight, so antd's ConfigProvider loads only once dark is wanted (the boot spinner,
 * already dark from index.html, shows meanwhile); a light page carries nothing more.
 */
import { lazy, Suspense, useLayoutEffect, useState, type ReactNode } from 'react';
import { BootSpinner } from '../routing/BootSpinner';
import { isDarkTheme, markDocument, readCachedTheme } from './themeSetting';
import { useSystemDark } from './useSystemDark';

const SignedOutDark = lazy(() => import('./SignedOutDark'));

export function SignedOutTheme({ children }: { children: ReactNode }) {
  const [cached] = useState(readCachedTheme);
  const isDark = isDarkTheme(cached, useSystemDark());
  // Once dark was wanted the provider stays (back to light through it): the form is not mounted anew.
  const [hasProvider, setHasProvider] = useState(isDark);
  if (isDark && !hasProvider) setHasProvider(true);
  useLayoutEffect(() => markDocument(isDark), [isDark]);
  if (!hasProvider) return children;
  return (
    <Suspense fallback={<BootSpinner />}>
      <SignedOutDark isDark={isDark}>{children}</SignedOutDark>
    </Suspense>
  );
}
