import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PageTabs } from '../../../src/layout/PageTabs';
import { initialTabs, openTab } from '../../../src/layout/tabs';
import { ConsoleProviders } from '../renderInConsole';

const TITLES: Record<string, string> = { '/home': '首页', '/system/app': '子系统管理', '/system/param': '参数配置', '/system/role': '角色管理' };
const tabs = ['/system/app', '/system/param', '/system/role'].reduce((open, path) => openTab(open, path), initialTabs('/home'));

function show(activeKey: string, onSelect = vi.fn()) {
  render(
    <ConsoleProviders>
      <PageTabs tabs={tabs} titleOf={(key) => TITLES[key] ?? key} activeKey={activeKey} onSelect={onSelect} onClose={vi.fn()} />
    </ConsoleProviders>,
  );
  return onSelect;
}

describe('the tab bar', () => {
  it('keeps home outside the scrolling list, without a close button, selectable', async () => {
    const onSelect = show('/system/param');
    const home = screen.getByRole('tab', { name: '首页' });
    expect(home.closest('.ant-tabs-nav-list')).toBeNull();
    expect(home).toHaveAttribute('aria-selected', 'false');
    await userEvent.click(home);
    expect(onSelect).toHaveBeenCalledWith('/home');
  });

  it('steps to the previous and next page with the arrows', async () => {
    const onSelect = show('/system/param');
    await userEvent.click(screen.getByRole('button', { name: '上一个页面' }));
    expect(onSelect).toHaveBeenLastCalledWith('/system/app');
    await userEvent.click(screen.getByRole('button', { name: '下一个页面' }));
    expect(onSelect).toHaveBeenLastCalledWith('/system/role');
  });

  it('disables "next" on the last tab', () => {
    show('/system/role');
    expect(screen.getByRole('button', { name: '下一个页面' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '上一个页面' })).toBeEnabled();
  });
});
