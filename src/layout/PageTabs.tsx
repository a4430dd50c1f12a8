import { useTranslate } from '@refinedev/core';
import { Button, Tabs } from 'antd';
import { useEffect, useRef, type RefObject } from 'react';
import type { PageTab } from './tabs';

interface Props {
  tabs: readonly PageTab[];
  /** A tab's title, looked up at render from its path (so open tabs follow the language). */
  titleOf: (key: string) => string;
  activeKey: string;
  onSelect: (key: string) => void;
  onClose: (key: string) => void;
}

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
export function PageTabs({ tabs, titleOf, activeKey, onSelect, onClose }: Props) {
  const t = useTranslate();
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
    <div ref={root}>
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
            <button
              type="button"
              role="tab"
              aria-selected={pinned.key === activeKey}
              className={`console-tabs__pinned${pinned.key === activeKey ? ' console-tabs__pinned--active' : ''}`}
              onClick={() => onSelect(pinned.key)}
            >
              {titleOf(pinned.key)}
            </button>
          ) : null,
          right:
            scrolling.length > 1 ? (
              <span className="console-tabs__arrows">
                <Button type="text" size="small" aria-label={t('shell.tabs.previous')} disabled={index === 0} onClick={() => step(-1)}>
                  ‹
                </Button>
                <Button type="text" size="small" aria-label={t('shell.tabs.next')} disabled={index === scrolling.length - 1} onClick={() => step(1)}>
                  ›
                </Button>
              </span>
            ) : null,
        }}
        items={scrolling.map((tab) => ({ key: tab.key, label: titleOf(tab.key), closable: tab.closable }))}
      />
    </div>
  );
}
