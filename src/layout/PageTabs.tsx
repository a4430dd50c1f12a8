import { useTranslate } from '@refinedev/core';
import { Tabs } from 'antd';
import type { PageTab } from './tabs';

interface Props {
  tabs: readonly PageTab[];
  activeKey: string;
  onSelect: (key: string) => void;
  onClose: (key: string) => void;
}

/** One closable tab per visited page; the pinned first tab has no close button. */
export function PageTabs({ tabs, activeKey, onSelect, onClose }: Props) {
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
      items={tabs.map((tab) => ({ key: tab.key, label: tab.title, closable: tab.closable }))}
    />
  );
}
