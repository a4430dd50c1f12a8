import { useTranslate } from '@refinedev/core';
import { Tabs } from 'antd';
import type { PageTab } from './tabs';

interface Props {
  tabs: readonly PageTab[];
  /** A tab's title, looked up at render from its path (so open tabs follow the language). */
  titleOf: (key: string) => string;
  activeKey: string;
  onSelect: (key: string) => void;
  onClose: (key: string) => void;
}

/** One closable tab per visited page; the pinned first tab has no close button. */
export function PageTabs({ tabs, titleOf, activeKey, onSelect, onClose }: Props) {
  const t = useTranslate();
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
      items={tabs.map((tab) => ({ key: tab.key, label: titleOf(tab.key), closable: tab.closable }))}
    />
  );
}
