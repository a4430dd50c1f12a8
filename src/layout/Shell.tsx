/**
 * The authenticated shell, loaded as its own chunk after the auth check: antd's ConfigProvider in
 * the user's language around the console layout.
 */
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import type { Locale as AntdLocale } from 'antd/es/locale';
import type { Locale } from '../../contract/i18n';
import { useLocale } from '../i18n';
import { ACCESSIBLE_THEME } from './accessibleTheme';
import { ConsoleLayout } from './ConsoleLayout';
import './layout.css';

const ANTD_LOCALES: Record<Locale, AntdLocale> = { 'zh-CN': zhCN, 'en-US': enUS };

export default function Shell() {
  const locale = useLocale();
  return (
    <ConfigProvider locale={ANTD_LOCALES[locale]} theme={ACCESSIBLE_THEME}>
      <ConsoleLayout />
    </ConfigProvider>
  );
}
