/** antd's dark algorithm for the pages outside the shell: a chunk of its own, loaded only when dark is wanted. */
import ConfigProvider from 'antd/es/config-provider';
import { useMemo, type ReactNode } from 'react';
import { themeConfig } from './themeConfig';

export default function SignedOutDark({ isDark, children }: { isDark: boolean; children: ReactNode }) {
  const config = useMemo(() => themeConfig(isDark, false), [isDark]);
  return <ConfigProvider theme={config}>{children}</ConfigProvider>;
}
