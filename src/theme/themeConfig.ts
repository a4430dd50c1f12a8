import type { ThemeConfig } from 'antd/es/config-provider/context';
import theme from 'antd/es/theme';

/**
 * antd's light tokens miss WCAG AA contrast (4.5:1) in a few places axe finds on every screen: the
 * primary blue #1677ff (white on it, and it on white or on the selected menu's light blue, is about
 * 4.1:1), the danger red (white on #ff4d4f is 3.3:1) and the description and placeholder greys (45%
 * and 25% black: 3.4:1 and 1.8:1). antd's own blue-7, red-7 and darker greys pass
 * (tests/e2e/a11y.e2e.ts).
 */
const ACCESSIBLE_LIGHT_TOKENS: ThemeConfig['token'] = {
  colorPrimary: '#0958d9',
  colorLink: '#0958d9',
  colorError: '#cf1322',
  // antd's success text (#52c41a) on its success background is 2.2:1; green-8 passes.
  colorSuccessText: '#237804',
  colorTextDescription: 'rgba(0, 0, 0, 0.6)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
};

/**
 * antd's algorithms for a look: dark and/or compact on top of the default; with `reducedMotion`
 * (the system asks for it) dialogs, menus and lists open and close without their zoom and slide.
 */
export function themeConfig(isDark: boolean, isCompact: boolean, reducedMotion = false): ThemeConfig {
  const algorithm = [isDark ? theme.darkAlgorithm : theme.defaultAlgorithm];
  if (isCompact) algorithm.push(theme.compactAlgorithm);
  return { algorithm, token: { ...(isDark ? {} : ACCESSIBLE_LIGHT_TOKENS), ...(reducedMotion ? { motion: false } : {}) } };
}
