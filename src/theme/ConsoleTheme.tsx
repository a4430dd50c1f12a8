/**
 * The signed-in console's theme (issue 24): kept per user on the server (the console-wide screen's
 * `theme` preference), the last one known in this browser for the first paint until the server
 * answers, then the server's; the system's light or dark while the mode is `system` (the default),
 * followed live. Gives antd's ConfigProvider its algorithms, the page's CSS its variables, and the
 * top bar's switch the setting and the way to change it.
 */
import { useCustom, useCustomMutation, useTranslate, type BaseRecord, type HttpError } from '@refinedev/core';
import ConfigProvider from 'antd/es/config-provider';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { CONSOLE_SCREEN, DEFAULT_THEME, PREFERENCE_PATHS, type ScreenPreferences, type ThemeSetting } from '../../contract/preferences';
import { API_PREFIX } from '../../contract/session';
import { themeConfig } from './themeConfig';
import { cacheTheme, isDarkTheme, readCachedTheme } from './themeSetting';
import { ThemeVariables } from './ThemeVariables';
import { useReducedMotion, useSystemDark } from './useSystemPreference';

export interface ConsoleThemeState {
  setting: ThemeSetting;
  isDark: boolean;
  choose(setting: ThemeSetting): Promise<void>;
}

const ThemeContext = createContext<ConsoleThemeState>({ setting: DEFAULT_THEME, isDark: false, choose: async () => undefined });

/** The theme in force and the way to change it (the top bar's switch; the charts' dark look). */
export const useConsoleTheme = () => useContext(ThemeContext);

export function ConsoleTheme({ children }: { children: ReactNode }) {
  const t = useTranslate();
  const { query } = useCustom<ScreenPreferences, HttpError>({
    url: `${API_PREFIX}${PREFERENCE_PATHS.list}`,
    method: 'get',
    config: { query: { screen: CONSOLE_SCREEN } },
    queryOptions: { staleTime: Infinity, retry: false },
    errorNotification: false,
  });
  const { mutateAsync } = useCustomMutation<BaseRecord, HttpError, Record<string, unknown>>();
  const [cached] = useState(readCachedTheme);
  const [chosen, setChosen] = useState<ThemeSetting>();
  // The user's choice here, else the server's once it answered (nothing stored: the default), else
  // what this browser last knew.
  const served = query.isSuccess ? ((query.data?.data as ScreenPreferences | undefined)?.theme ?? DEFAULT_THEME) : undefined;
  const setting = chosen ?? served ?? cached;
  useEffect(() => cacheTheme(setting), [setting]);

  const systemDark = useSystemDark();
  const isDark = isDarkTheme(setting, systemDark);
  const reducedMotion = useReducedMotion();
  const config = useMemo(() => themeConfig(isDark, setting.compact, reducedMotion), [isDark, setting.compact, reducedMotion]);

  // antd's static toasts render outside this tree: give them the same look.
  useEffect(() => {
    ConfigProvider.config({ holderRender: (node) => <ConfigProvider theme={config}>{node}</ConfigProvider> });
    return () => ConfigProvider.config({ holderRender: undefined });
  }, [config]);

  const state = useMemo<ConsoleThemeState>(
    () => ({
      setting,
      isDark,
      choose: async (next) => {
        const before = chosen;
        setChosen(next);
        try {
          await mutateAsync({
            url: `${API_PREFIX}${PREFERENCE_PATHS.save}`,
            method: 'post',
            values: { screen: CONSOLE_SCREEN, kind: 'theme', value: next },
            successNotification: false,
            errorNotification: (error) => ({ type: 'error', message: error?.message || t('notifications.error') }),
          });
        } catch {
          setChosen(before);
        }
      },
    }),
    [setting, isDark, chosen, mutateAsync, t],
  );

  return (
    <ThemeContext.Provider value={state}>
      <ConfigProvider theme={config}>
        <ThemeVariables isDark={isDark} />
        {children}
      </ConfigProvider>
    </ThemeContext.Provider>
  );
}
