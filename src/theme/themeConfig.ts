import type { ThemeConfig } from 'antd/es/config-provider/context';
import theme from 'antd/es/theme';

/** antd's algorithms for a look: dark and/or compact on top of the default. */
export function themeConfig(isDark: boolean, isCompact: boolean): ThemeConfig {
  const algorithm = [isDark ? theme.darkAlgorithm : theme.defaultAlgorithm];
  if (isCompact) algorithm.push(theme.compactAlgorithm);
  return { algorithm };
}
