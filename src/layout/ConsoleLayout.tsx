import { useTranslate } from '@refinedev/core';
import MenuFoldOutlined from '@ant-design/icons/es/icons/MenuFoldOutlined';
import MenuUnfoldOutlined from '@ant-design/icons/es/icons/MenuUnfoldOutlined';
import { Layout, Menu, Spin } from 'antd';
import useBreakpoint from 'antd/es/grid/hooks/useBreakpoint';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState } from 'react';
import { readUserName } from '../../providers/session';
import { useLeaveGuard } from '../unsavedWork/useUnsavedWork';
import { Link, Outlet, useLocation, useNavigate, type Location } from 'react-router';
import { useLocale } from '../i18n';
import { useDocumentTitle } from '../routing/documentTitle';
import { useConsoleNavigation } from '../routing/NavigationContext';
import { entriesInView, findRoute, isUngrantedAddress, normalisePath } from '../routing/navigation';
import { menuIcon } from './menuIconComponents';
import { PaletteLauncher } from '../palette/PaletteLauncher';
import { PageTabs } from './PageTabs';
import { SideMenu } from './SideMenu';
import { readSiderCollapsed, saveSiderCollapsed } from './siderState';
import { closeTab, closeTabs, dropPage, keepPage, openTab, restoreTabs, shownTabs, tabsClosedBy, tabsStorageKey, tabsToSave, type TabMenuAction } from './tabs';
import { TabPages } from './TabPages';
import { UserArea } from './UserArea';

export const SIDER_WIDTH = 210;

function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStored(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: the tabs just do not survive a reload.
  }
}

/**
 * Top bar (title, navigation entries, user), sidebar of the selected entry, page tabs, content.
 * The pages of the open tabs stay mounted (./TabPages.tsx), so a tab comes back as it was left;
 * closing a tab whose page holds unsaved work asks first.
 */
export function ConsoleLayout() {
  const t = useTranslate();
  const navigation = useConsoleNavigation();
  const location = useLocation();
  const navigate = useNavigate();
  const pathname = normalisePath(location.pathname) || '/';
  const current = findRoute(navigation, pathname);

  // The selected top-bar entry: the current page's, else the last one visited (first by default).
  const [lastEntryId, setLastEntryId] = useState(current?.navigationId ?? navigation.entries[0]?.id);
  if (current?.navigationId !== undefined && current.navigationId !== lastEntryId) setLastEntryId(current.navigationId);
  const entry = navigation.entries.find((e) => e.id === lastEntryId) ?? navigation.entries[0];

  // Tabs: the pinned first page, then every page visited, in order. A tab holds its path; its title
  // is the route's, read at render, so open tabs follow the language.
  const pinned = navigation.home ?? navigation.routes.find((r) => r.path === navigation.rootPath);
  // Kept per user in this browser, so a reload reopens them in their order.
  const [tabsKey] = useState(() => tabsStorageKey(readUserName() ?? ''));
  const [tabs, setTabs] = useState(() => restoreTabs(readStored(tabsKey), pinned?.path));
  useEffect(() => writeStored(tabsKey, tabsToSave(tabs)), [tabsKey, tabs]);
  // A tab opens when the location reaches a page (not on every render: a just-closed tab whose
  // page is still showing until the move to its neighbour lands must stay closed).
  const [visitedPath, setVisitedPath] = useState<string>();
  if (current && current.path !== visitedPath) {
    setVisitedPath(current.path);
    setTabs(openTab(tabs, current.path));
  }
  // The pages mounted so far (a tab restored after a reload mounts when first shown), each with
  // the location it was last shown at. A page leaves only with its tab.
  const [kept, setKept] = useState<ReadonlyMap<string, Location>>(() => new Map());
  if (current && tabs.some((tab) => tab.key === current.path)) {
    const next = keepPage(kept, current.path, location);
    if (next !== kept) setKept(next);
  }
  const leave = useLeaveGuard();

  // Sidebar: user choice in a cookie; narrow screens start collapsed without overwriting it.
  const [collapsed, setCollapsed] = useState(readSiderCollapsed);
  const [narrow, setNarrow] = useState(false);
  // On a phone the sidebar lies over the page and goes away once a page is chosen.
  const [siderPath, setSiderPath] = useState(pathname);
  if (pathname !== siderPath) {
    setSiderPath(pathname);
    if (narrow && !collapsed) setCollapsed(true);
  }
  const toggleSider = () => {
    const next = !collapsed;
    setCollapsed(next);
    if (!narrow) saveSiderCollapsed(next);
  };

  // Loaded data the server words per language (region names, messages) is asked again after a
  // language switch, so nothing on screen stays in the previous language.
  const locale = useLocale();
  const queryClient = useQueryClient();
  const shownLocale = useRef(locale);
  useEffect(() => {
    if (shownLocale.current === locale) return;
    shownLocale.current = locale;
    // Refine's data queries only ('data' keys): the session and the menu tree do not change.
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'data' });
  }, [locale, queryClient]);

  const isUngranted = !current && isUngrantedAddress(navigation, pathname);
  useDocumentTitle(current?.title ?? (pathname === '/' ? undefined : t(isUngranted ? 'shell.noPermission.title' : 'shell.notFound.title')));

  // On a phone the top bar has room for one entry beside "⋯": the current one comes first there.
  const isNarrow = useBreakpoint().md === false;
  const topEntries = entriesInView(navigation.entries, current?.navigationId !== undefined ? entry?.id : undefined, isNarrow);

  // Each page's refresh count (the tab menu's refresh mounts it afresh).
  const [generations, setGenerations] = useState<ReadonlyMap<string, number>>(() => new Map());
  const shown = shownTabs(tabs, (path) => !!findRoute(navigation, path));
  const pages = shown.flatMap((tab) => {
    const route = findRoute(navigation, tab.key);
    const at = kept.get(tab.key);
    return route && at ? [{ route, location: at, generation: generations.get(tab.key) }] : [];
  });
  const close = (key: string) =>
    void leave(() => {
      const result = closeTab(tabs, key, current?.path ?? '');
      setTabs(result.tabs);
      setKept((before) => dropPage(before, key));
      if (current && result.activeKey !== current.path) navigate(result.activeKey);
    }, key);

  // The tab menu: refresh mounts the page afresh; the close actions close several tabs, asking
  // once when any of their pages holds unsaved work.
  const onTabMenu = (action: TabMenuAction, key: string) => {
    if (action === 'refresh') {
      void leave(() => {
        setGenerations((before) => new Map(before).set(key, (before.get(key) ?? 0) + 1));
        if (key !== current?.path) navigate(key);
      }, key);
      return;
    }
    const keys = tabsClosedBy(tabs, action, key);
    if (keys.length === 0) return;
    void leave(() => {
      const result = closeTabs(tabs, keys, current?.path ?? '', key);
      setTabs(result.tabs);
      setKept((before) => keys.reduce((kept, closed) => dropPage(kept, closed), before));
      if (current && result.activeKey !== current.path) navigate(result.activeKey);
    }, keys);
  };

  const hasSider = !!entry && entry.items.length > 0;
  return (
    <Layout className="console">
      <Layout.Header className="console-header">
        {hasSider ? (
          <button
            type="button"
            className="console-header__toggle"
            aria-label={t(collapsed ? 'shell.sider.expand' : 'shell.sider.collapse')}
            aria-expanded={!collapsed}
            onClick={toggleSider}
          >
            {collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          </button>
        ) : null}
        <Link to="/" className="console-header__title">
          {t('app.title')}
        </Link>
        <Menu
          theme="dark"
          mode="horizontal"
          className="console-header__menu"
          selectedKeys={current?.navigationId !== undefined && entry ? [entry.key] : []}
          items={topEntries.map((e) => ({
            key: e.key,
            icon: menuIcon(e.icon),
            label: <Link to={e.firstPath}>{e.title}</Link>,
          }))}
          onClick={({ key }) => {
            const chosen = navigation.entries.find((e) => e.key === key);
            if (chosen) setLastEntryId(chosen.id);
          }}
        />
        <PaletteLauncher />
        <UserArea />
      </Layout.Header>
      <Layout>
        {hasSider ? (
          <Layout.Sider
            className={narrow ? 'console-sider console-sider--overlay' : 'console-sider'}
            theme="light"
            width={SIDER_WIDTH}
            breakpoint="md"
            collapsedWidth={narrow ? 0 : 64}
            collapsed={collapsed}
            trigger={null}
            onBreakpoint={(broken) => {
              setNarrow(broken);
              setCollapsed(broken ? true : readSiderCollapsed());
            }}
          >
            <SideMenu key={entry.key} items={entry.items} selectedKey={current?.path} />
          </Layout.Sider>
        ) : null}
        {hasSider && narrow && !collapsed ? <div className="console-sider-mask" aria-hidden="true" onClick={() => setCollapsed(true)} /> : null}
        <Layout className="console-main">
          <PageTabs
            tabs={shown}
            titleOf={(key) => findRoute(navigation, key)?.title ?? key}
            activeKey={current?.path ?? ''}
            onSelect={(key) => navigate(key)}
            onClose={close}
            onMenu={onTabMenu}
          />
          <Layout.Content className="console-content">
            <TabPages pages={pages} activePath={current?.path} />
            {/* Everything but a page: the root redirect, "no permission" and 404. */}
            <Suspense fallback={<Spin className="console-content__spin" />}>
              <Outlet />
            </Suspense>
          </Layout.Content>
        </Layout>
      </Layout>
    </Layout>
  );
}
