/**
 * The console's theme in this browser: the last one known (localStorage, read before the server
 * answers so a reload paints dark at once; index.html reads the same key before any script loads)
 * and what it comes to with the system's preference. Plain code, no antd: the login page uses it.
 */
import { DEFAULT_THEME, isThemeSetting, type ThemeSetting } from '../../contract/preferences';

/** Kept in step with the inline script of index.html, which reads it before the first paint. */
export const THEME_STORAGE_KEY = 'theme';
export const DARK_QUERY = '(prefers-color-scheme: dark)';
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

export function readCachedTheme(): ThemeSetting {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(THEME_STORAGE_KEY) ?? 'null');
    return isThemeSetting(value) ? value : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

export function cacheTheme(setting: ThemeSetting): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, JSON.stringify(setting));
  } catch {
    // Storage full or disabled: the next reload paints light until the server answers.
  }
}

/** Dark when chosen, or when following a system that prefers dark. */
export const isDarkTheme = (setting: ThemeSetting, systemDark: boolean): boolean => setting.mode === 'dark' || (setting.mode === 'system' && systemDark);

/** What the page's own styles (index.html, layout.css) key on before and beside antd. */
export function markDocument(isDark: boolean): void {
  const root = document.documentElement;
  root.dataset.theme = isDark ? 'dark' : 'light';
  root.style.colorScheme = isDark ? 'dark' : 'light';
}
