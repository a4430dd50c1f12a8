/**
 * All providers of the console, wired together:
 *
 *   const { dataProvider, authProvider, accessControlProvider, i18nProvider, notificationProvider }
 *     = createProviders({ workbenchUrl: consoleConfig.workbenchUrl, resources });
 *
 * One HTTP client carries the stored token and the locale; a 1002/1007 answer to any call ends
 * the session at once (storage cleared, browser sent to the workbench login). The live provider's
 * stream sends the same headers, ends the session the same way and closes on logout.
 *
 * `hashPassword` is deliberately not re-exported here: import it from './password' so the hash
 * code stays out of the entry chunk (it loads with the first sign-in).
 */
import type { AccessControlProvider, DataProvider, I18nProvider, NotificationProvider } from '@refinedev/core';
import { getLocale, translate } from './locale';
import { createAccessControlProvider } from './accessControlProvider';
import { createAuthProvider, treeSource, type ConsoleAuthProvider } from './authProvider';
import { createDataProvider, type DataResources } from './dataProvider';
import { absoluteUrl, createHttpClient, type HttpClient } from './http';
import { createI18nProvider } from './i18nProvider';
import { createLiveProvider, type ConsoleLiveProvider } from './liveProvider';
import { createNotificationProvider } from './notificationProvider';
import { getMenuReading, readToken } from './session';
import { API_PREFIX } from '../contract/session';
import { LIVE_PATHS } from '../contract/live';

export interface ProvidersOptions {
  /** Where a missing or ended session goes: another site's URL, or a console path ('/login'). */
  workbenchUrl: string;
  /** API origin prefix; '' = the page's own origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Full page navigation (default `window.location.assign`); tests pass a spy. */
  navigate?: (url: string) => void;
  /** The declared resources, loaded with the first data call (the entry passes the registry's lazy chunk). */
  resources: DataResources;
}

export interface Providers {
  http: HttpClient;
  dataProvider: DataProvider;
  authProvider: ConsoleAuthProvider;
  accessControlProvider: AccessControlProvider;
  i18nProvider: I18nProvider;
  notificationProvider: NotificationProvider;
  liveProvider: ConsoleLiveProvider;
}

export function createProviders({ workbenchUrl, baseUrl = '', fetch, navigate, resources }: ProvidersOptions): Providers {
  const notificationProvider = createNotificationProvider();
  const http = createHttpClient({
    baseUrl,
    fetch,
    getToken: readToken,
    getLocale,
    onSessionEnded: () => authProvider.endSession(),
    onPasswordChangeRequired: () => authProvider.requirePasswordChange(),
    messages: {
      network: () => translate('http.network'),
      timeout: () => translate('http.timeout'),
      badResponse: () => translate('http.badResponse'),
    },
  });
  const authProvider = createAuthProvider({
    http,
    workbenchUrl,
    navigate,
    notifyError: (message) => notificationProvider.open({ type: 'error', message }),
    onSignedOut: () => liveProvider.stop(),
  });
  // The stream's code loads with the first subscription (a list in the shell), never with /login.
  const liveProvider = createLiveProvider({
    isSignedIn: () => Boolean(readToken()),
    connect: (handlers) =>
      import('./liveStream').then(({ openLiveStream }) =>
        openLiveStream({
          url: absoluteUrl(`${baseUrl}${API_PREFIX}${LIVE_PATHS.events}`),
          getToken: readToken,
          getLocale,
          fetch,
          onSessionEnded: () => authProvider.endSession(),
          ...handlers,
        }),
      ),
  });
  return {
    http,
    dataProvider: createDataProvider(http, resources),
    authProvider,
    accessControlProvider: createAccessControlProvider({ getTree: treeSource(authProvider), getReading: getMenuReading }),
    i18nProvider: createI18nProvider(),
    notificationProvider,
    liveProvider,
  };
}

export { ApiError, ClientCode, createHttpClient } from './http';
export type { HttpClient, HttpMethod, Query, RequestOptions } from './http';
export { can, createAccessControlProvider } from './accessControlProvider';
export { createAuthProvider, LOGOUT_DELAY_MS, PERMISSION_ERROR_MS, safeRedirect } from './authProvider';
export type { ConsoleAuthProvider, Identity, LoginParams } from './authProvider';
export { createDataProvider } from './dataProvider';
export { createI18nProvider } from './i18nProvider';
export { ALL_RESOURCES_CHANNEL, channelOf, createLiveProvider, liveEventOf } from './liveProvider';
export type { ConsoleLiveProvider } from './liveProvider';
export { createNotificationProvider, ERROR_KEY, ERROR_SECONDS } from './notificationProvider';
export { clearSession, getMenuReading, getMenus, readAppId, readHandoff, readToken, readUserName, saveSession, setMenus, startSession } from './session';
export { acceptHandoff } from './handoff';
