/**
 * The authenticated shell, loaded as its own chunk after the auth check: antd's ConfigProvider in
 * the user's language and theme (light or dark, compact or not) around the console layout, and the
 * registry where the lists on the active tab offer their records to the command palette (src/palette/).
 */
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import type { Locale as AntdLocale } from 'antd/es/locale';
import type { Locale } from '../../contract/i18n';
import { useState } from 'react';
import { useLocale } from '../i18n';
import { createRecordSources, RecordSourcesContext } from '../palette/recordSources';
import { ConsoleTheme } from '../theme/ConsoleTheme';
import { ConsoleLayout } from './ConsoleLayout';
import './layout.css';

const ANTD_LOCALES: Record<Locale, AntdLocale> = { 'zh-CN': zhCN, 'en-US': enUS };

export default function Shell() {
  const locale = useLocale();
  const [recordSources] = useState(createRecordSources);
  return (
    <ConfigProvider locale={ANTD_LOCALES[locale]}>
      <ConsoleTheme>
        <RecordSourcesContext.Provider value={recordSources}>
          <ConsoleLayout />
        </RecordSourcesContext.Provider>
      </ConsoleTheme>
    </ConfigProvider>
  );
}
