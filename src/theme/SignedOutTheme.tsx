/**
 * The login and account pages' look (outside the shell): the last theme known in this browser (or
 * the system's), no server call (nobody may be signed in yet), default density. The provider is
 * always there, so a system switch to dark while the user types restyles the form without
 * mounting it anew (the typed text stays).
 */
import ConfigProvider from 'antd/es/config-provider';
import { useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { themeConfig } from './themeConfig';
import { isDarkTheme, markDocument, readCachedTheme } from './themeSetting';
import { useReducedMotion, useSystemDark } from './useSystemPreference';

export function SignedOutTheme({ children }: { children: ReactNode }) {
  const [cached] = useState(readCachedTheme);
  const isDark = isDarkTheme(cached, useSystemDark());
  const reducedMotion = useReducedMotion();
  const config = useMemo(() => themeConfig(isDark, false, reducedMotion), [isDark, reducedMotion]);
  useLayoutEffect(() => markDocument(isDark), [isDark]);
  return <ConfigProvider theme={config}>{children}</ConfigProvider>;
}
