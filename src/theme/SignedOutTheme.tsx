/**
 * The login and account pages' look: the last theme known in this browser (or the system's), no
 * server call (nobody is signed in yet), default density. Only antd's ConfigProvider and dark
 * algorithm: nothing the login page's budget would notice.
 */
import ConfigProvider from 'antd/es/config-provider';
import { useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { themeConfig } from './themeConfig';
import { isDarkTheme, markDocument, readCachedTheme } from './themeSetting';
import { useSystemDark } from './useSystemDark';

export function SignedOutTheme({ children }: { children: ReactNode }) {
  const [cached] = useState(readCachedTheme);
  const isDark = isDarkTheme(cached, useSystemDark());
  useLayoutEffect(() => markDocument(isDark), [isDark]);
  const config = useMemo(() => themeConfig(isDark, false), [isDark]);
  return <ConfigProvider theme={config}>{children}</ConfigProvider>;
}
