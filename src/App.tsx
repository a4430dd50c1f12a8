/**
 * The console: Refine with the providers, the public /login page, and everything else behind the
 * auth check and the menu gate. Resources and routes are both derived from the caller's menu tree
 * (src/routing/navigation.ts); nothing here names a page of a particular resource.
 */
import { Refine, type ResourceProps } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { lazy, Suspense, useMemo, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { CHANGE_EMAIL_ROUTE, CHANGE_PASSWORD_ROUTE } from '../contract/session';
import type { Providers } from '../providers';
import { safeRedirect } from '../providers/authProvider';
import { readToken } from '../providers/session';
import { translate, useLocale } from './i18n';
import { BootSpinner } from './routing/BootSpinner';
import { DocumentTitle } from './routing/documentTitle';
import { LeaveQuestion } from './routing/LeaveQuestion';
import type { PageLoader } from './routing/loadPages';
import { MenuGate } from './routing/MenuGate';
import { PasswordGate } from './routing/PasswordGate';
import { createConsoleNavigation, NavigationContext, type ConsoleNavigation, type NavigationSource } from './routing/NavigationContext';
import { MissingPage } from './routing/MissingPage';
import { RequireAuth } from './routing/RequireAuth';

// The login page, the layout and every page are chunks of their own: the entry holds only what
// /login and the auth check need.
const Login = lazy(() => import('./pages/Login'));
const Shell = lazy(() => import('./layout/Shell'));
const NoMenus = lazy(() => import('./layout/NoMenus'));
const AccountPage = lazy(() => import('./pages/ChangePassword'));

const NO_RESOURCES: ResourceProps[] = [];

/** The entry (app/main.tsx) builds both from the configuration and the resources; tests pass their own. */
export interface AppProps {
  providers: Providers;
  loadPages: PageLoader;
}

/**
 * Calls go out whatever the browser says of the network. React Query pauses every query and save
 * on an `offline` event until `online`, but Chromium fires it when no interface but loopback has an
 * address, while the console's server may be right there: a confirmed delete then spun forever.
 * A server really out of reach is told by the HTTP client's own timeout and network message.
 */
const REACT_QUERY = { clientConfig: { defaultOptions: { queries: { networkMode: 'always' as const }, mutations: { networkMode: 'always' as const } } } };

export default function App({ providers, loadPages }: AppProps) {
  const [source, setSource] = useState<NavigationSource>();
  // Re-renders Refine (and with it every translated text) when the language changes, and rebuilds
  // the navigation so that every menu title (top bar, sidebar, tabs, home cards, resource labels,
  // document title) switches at once.
  const locale = useLocale();
  const navigation = useMemo(() => source && createConsoleNavigation(source, locale), [source, locale]);

  return (
    <BrowserRouter>
      <Refine
        dataProvider={providers.dataProvider}
        authProvider={providers.authProvider}
        accessControlProvider={providers.accessControlProvider}
        i18nProvider={providers.i18nProvider}
        notificationProvider={providers.notificationProvider}
        liveProvider={providers.liveProvider}
        routerProvider={routerProvider}
        resources={navigation?.resources ?? NO_RESOURCES}
        // Lists and show views refetch when the server says their resource changed (providers/liveProvider.ts).
        options={{ disableTelemetry: true, syncWithLocation: false, warnWhenUnsavedChanges: false, liveMode: 'auto', reactQuery: REACT_QUERY }}
      >
        <NavigationContext.Provider value={navigation ?? null}>
          <LeaveQuestion>
            <ConsoleRoutes navigation={navigation} onNavigation={setSource} loadPages={loadPages} />
          </LeaveQuestion>
        </NavigationContext.Provider>
      </Refine>
    </BrowserRouter>
  );
}

interface RoutesProps {
  navigation: ConsoleNavigation | undefined;
  onNavigation: (source: NavigationSource) => void;
  loadPages: PageLoader;
}

/**
 * The route table: /login, the account page (/changePassword, /changeEmail), then one route per
 * routed menu of the tree, then "no permission" or 404. A menu's route renders nothing itself: the
 * layout shows the pages of the open tabs and keeps them mounted (src/layout/TabPages.tsx).
 */
function ConsoleRoutes({ navigation, onNavigation, loadPages }: RoutesProps) {
  return (
    <Routes>
      <Route
        path="/login"
        element={
          <>
            <DocumentTitle title={translate('shell.login.title')} />
            {readToken() ? (
              // Already signed in: on to where the link was going, or home.
              <Navigate to={safeRedirect(new URLSearchParams(window.location.search).get('redirect'))} replace />
            ) : (
              <Suspense fallback={<BootSpinner />}>
                <Login />
              </Suspense>
            )}
          </>
        }
      />
      {([
        [CHANGE_PASSWORD_ROUTE, 'password', 'password.title'],
        [CHANGE_EMAIL_ROUTE, 'email', 'email.title'],
      ] as const).map(([path, tab, title]) => (
        <Route
          key={path}
          path={path}
          element={
            <RequireAuth>
              <DocumentTitle title={translate(title)} />
              <Suspense fallback={<BootSpinner />}>
                <AccountPage tab={tab} />
              </Suspense>
            </RequireAuth>
          }
        />
      ))}
      <Route
        element={
          <RequireAuth>
            <PasswordGate>
              <MenuGate navigation={navigation} onChange={onNavigation} loadPages={loadPages}>
                <Suspense fallback={<BootSpinner />}>
                  <Shell />
                </Suspense>
              </MenuGate>
            </PasswordGate>
          </RequireAuth>
        }
      >
        <Route index element={navigation?.rootPath ? <Navigate to={navigation.rootPath} replace /> : <NoMenus />} />
        {navigation?.routes.map((route) => <Route key={route.path} path={route.path} element={null} />)}
        <Route path="*" element={<MissingPage />} />
      </Route>
    </Routes>
  );
}
