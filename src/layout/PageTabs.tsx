import DownOutlined from '@ant-design/icons/es/icons/DownOutlined';
import { useTranslate } from '@refinedev/core';
import { Button, Dropdown, Tabs, type MenuProps } from 'antd';
import { useEffect, useRef, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { tabsClosedBy, type PageTab, type TabMenuAction } from './tabs';

interface Props {
  tabs: readonly PageTab[];
  /** A tab's title, looked up at render from its path (so open tabs follow the language). */
  titleOf: (key: string) => string;
  activeKey: string;
  onSelect: (key: string) => void;
  onClose: (key: string) => void;
  /** An action of the tab menu (right-click on a tab, or the ⌄ button for the active one). */
  onMenu: (action: TabMenuAction, key: string) => void;
}

const MENU_ACTIONS: readonly TabMenuAction[] = ['refresh', 'close', 'closeOthers', 'closeLeft', 'closeRight', 'closeAll'];
const MENU_LABELS: Record<TabMenuAction, string> = {
  refresh: 'shell.tabs.refresh',
  close: 'shell.tabs.close',
  closeOthers: 'shell.tabs.closeOthers',
  closeLeft: 'shell.tabs.closeLeft',
  closeRight: 'shell.tabs.closeRight',
  closeAll: 'shell.tabs.closeAll',
};

/** Whether a tab has scrolled partly out of the list's view at its left edge (`left`: the edge). */
export function isCutAtLeft(tab: { left: number; right: number }, left: number): boolean {
  return tab.left < left - 0.5 && tab.right > left + 0.5;
}

/**
 * Hides a tab the list has scrolled partly out of view at its left edge: its cut end would sit
 * right beside the pinned Home tab and read as part of it. antd already counts such a tab among
 * the hidden ones listed under "more".
 */
function useHideCutTabs(root: RefObject<HTMLDivElement | null>): void {
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const update = () => {
      const wrap = element.querySelector('.ant-tabs-nav-wrap');
      if (!wrap) return;
      const left = wrap.getBoundingClientRect().left;
      // antd's "more" button sits inside the tablist, which may hold only tabs: it stays for the
      // mouse, while the keyboard reaches every tab with the arrow keys (and ‹ ›, beside the list).
      const more = element.querySelector('.ant-tabs-nav-more');
      if (more && more.getAttribute('aria-hidden') !== 'true') {
        more.setAttribute('aria-hidden', 'true');
        more.setAttribute('tabindex', '-1');
      }
      for (const tab of element.querySelectorAll<HTMLElement>('.ant-tabs-nav-list > .ant-tabs-tab')) {
        const visibility = isCutAtLeft(tab.getBoundingClientRect(), left) ? 'hidden' : '';
        // Only on change: the observer below sees this write too.
        if (tab.style.visibility !== visibility) tab.style.visibility = visibility;
      }
    };
    // antd scrolls the list by restyling it; tabs come and go; titles change with the language.
    const mutations = new MutationObserver(update);
    mutations.observe(element, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['style'] });
    window.addEventListener('resize', update);
    update();
    return () => {
      mutations.disconnect();
      window.removeEventListener('resize', update);
    };
  }, [root]);
}

/**
 * One closable tab per visited page. The pinned first tab (home) sits outside the scrolling list,
 * so it never scrolls out of view; arrows step to the previous and next tab, which antd scrolls
 * into view, and the "more" menu lists the tabs that do not fit.
 */
export function PageTabs({ tabs, titleOf, activeKey, onSelect, onClose, onMenu }: Props) {
  const t = useTranslate();
  // An action closing nothing is offered disabled (the pinned page cannot close, nor what is not there).
  const menuOf = (key: string): MenuProps => ({
    items: MENU_ACTIONS.map((action) => ({
      key: action,
      label: t(MENU_LABELS[action]),
      disabled: action !== 'refresh' && tabsClosedBy(tabs, action, key).length === 0,
    })),
    onClick: ({ key: action, domEvent }) => {
      domEvent.stopPropagation();
      onMenu(action as TabMenuAction, key);
    },
  });
  // Right-click opens the menu; a middle click closes the tab, as in a browser.
  const withMenu = (tab: PageTab, label: ReactNode) => (
    <Dropdown menu={menuOf(tab.key)} trigger={['contextMenu']}>
      <span
        className="console-tabs__label"
        onAuxClick={(event: MouseEvent) => {
          if (event.button === 1 && tab.closable) onClose(tab.key);
        }}
        onMouseDown={(event: MouseEvent) => {
          // Keeps the browser's middle-click scrolling from starting over the tab.
          if (event.button === 1) event.preventDefault();
        }}
      >
        {label}
      </span>
    </Dropdown>
  );
  const root = useRef<HTMLDivElement>(null);
  useHideCutTabs(root);
  const [first, ...rest] = tabs;
  const pinned = first && !first.closable ? first : undefined;
  const scrolling = pinned ? rest : tabs;
  const index = scrolling.findIndex((tab) => tab.key === activeKey);
  const step = (by: number) => {
    const next = scrolling[index < 0 ? (by > 0 ? 0 : scrolling.length - 1) : index + by];
    if (next) onSelect(next.key);
  };
  return (
    <div ref={root} className="console-tabs-bar">
      <Tabs
        className="console-tabs"
        type="editable-card"
        size="small"
        hideAdd
        aria-label={t('shell.tabs.label')}
        locale={{ removeAriaLabel: t('shell.tabs.close'), dropdownAriaLabel: t('shell.tabs.more') }}
        activeKey={activeKey}
        onChange={onSelect}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') onClose(key);
        }}
        tabBarExtraContent={{
          left: pinned ? (
            <Dropdown menu={menuOf(pinned.key)} trigger={['contextMenu']}>
              <button
                type="button"
                role="tab"
                aria-selected={pinned.key === activeKey}
                className={`console-tabs__pinned${pinned.key === activeKey ? ' console-tabs__pinned--active' : ''}`}
                onClick={() => onSelect(pinned.key)}
              >
                {titleOf(pinned.key)}
              </button>
            </Dropdown>
          ) : null,
        }}
        items={scrolling.map((tab) => ({ key: tab.key, label: withMenu(tab, titleOf(tab.key)), closable: tab.closable }))}
      />
      {/* Beside the tab list, not in it: a tablist may hold only tabs. */}
      <span className="console-tabs__arrows">
        {scrolling.length > 1 ? (
          <>
            <Button type="text" size="small" aria-label={t('shell.tabs.previous')} disabled={index === 0} onClick={() => step(-1)}>
              ‹
            </Button>
            <Button type="text" size="small" aria-label={t('shell.tabs.next')} disabled={index === scrolling.length - 1} onClick={() => step(1)}>
              ›
            </Button>
          </>
        ) : null}
        {activeKey ? (
          <Dropdown menu={menuOf(activeKey)} trigger={['click']}>
            <Button type="text" size="small" aria-label={t('shell.tabs.menu')} icon={<DownOutlined />} />
          </Dropdown>
        ) : null}
      </span>
    </div>
  );
}
