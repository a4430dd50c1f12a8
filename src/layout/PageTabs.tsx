import { useTranslate } from '@refinedev/core';
import { Button, Tabs } from 'antd';
import type { PageTab } from './tabs';

interface Props {
  tabs: readonly PageTab[];
  /** A tab's title, looked up at render from its path (so open tabs follow the language). */
  titleOf: (key: string) => string;
  activeKey: string;
  onSelect: (key: string) => void;
  onClose: (key: string) => void;
}

/**
 * One closable tab per visited page. The pinned first tab (home) sits outside the scrolling list,
 * so it never scrolls out of view; arrows step to the previous and next tab, which antd scrolls
 * into view, and the "more" menu lists the tabs that do not fit.
 */
export function PageTabs({ tabs, titleOf, activeKey, onSelect, onClose }: Props) {
  const t = useTranslate();
  const [first, ...rest] = tabs;
  const pinned = first && !first.closable ? first : undefined;
  const scrolling = pinned ? rest : tabs;
  const index = scrolling.findIndex((tab) => tab.key === activeKey);
  const step = (by: number) => {
    const next = scrolling[index < 0 ? (by > 0 ? 0 : scrolling.length - 1) : index + by];
    if (next) onSelect(next.key);
  };
  return (
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
  );
}
