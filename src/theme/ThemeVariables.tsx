/**
 * antd's tokens as CSS custom properties on <html> (`--console-color-text`, …), so the console's
 * own CSS (layout.css, the resources' stylesheets) follows light, dark and compact the way antd's
 * components do, also in popups rendered outside the layout.
 */
import theme from 'antd/es/theme';
import { useLayoutEffect } from 'react';
import { markDocument } from './themeSetting';

/** The tokens the console's CSS uses; each becomes `--console-<kebab-name>`. */
const SHARED_TOKENS = [
  'colorText',
  'colorTextSecondary',
  'colorTextTertiary',
  'colorTextDescription',
  'colorTextPlaceholder',
  'colorTextQuaternary',
  'colorBgContainer',
  'colorBgLayout',
  'colorBgMask',
  'colorFillAlter',
  'colorFillSecondary',
  'colorBorder',
  'colorBorderSecondary',
  'colorSplit',
  'colorPrimary',
  'colorPrimaryHover',
  'colorPrimaryBg',
  'colorPrimaryBorder',
  'colorPrimaryText',
  'colorSuccessBg',
  'colorSuccessBorder',
  'colorSuccessText',
  'colorErrorBg',
  'colorErrorBorder',
  'colorError',
  'colorErrorText',
  'colorWarning',
  'colorWarningBgHover',
  'controlItemBgActive',
  'boxShadowSecondary',
] as const;

export const cssVariableOf = (token: string) => `--console-${token.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

export function ThemeVariables({ isDark }: { isDark: boolean }) {
  const { token } = theme.useToken();
  useLayoutEffect(() => {
    const style = document.documentElement.style;
    for (const name of SHARED_TOKENS) style.setProperty(cssVariableOf(name), String(token[name]));
    // The text size: compact density makes it smaller (12 px), and a tab-like button must match the tabs.
    style.setProperty(cssVariableOf('fontSize'), `${token.fontSize}px`);
    markDocument(isDark);
  }, [token, isDark]);
  return null;
}
