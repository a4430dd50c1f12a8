import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PageTabs } from '../../../src/layout/PageTabs';
import { initialTabs, openTab } from '../../../src/layout/tabs';
import { ConsoleProviders } from '../renderInConsole';

const TITLES: Record<string, string> = { '/home': '首页', '/system/app': '子系统管理', '/system/param': '参数配置', '/system/role': '角色管理' };
const tabs = ['/system/app', '/system/param', '/system/role'].reduce((open, path) => openTab(open, path), initialTabs('/home'));

function show(activeKey: string, onSelect = vi.fn(), { onClose = vi.fn(), onMenu = vi.fn() } = {}) {
  render(
    <ConsoleProviders>
      <PageTabs tabs={tabs} titleOf={(key) => TITLES[key] ?? key} activeKey={activeKey} onSelect={onSelect} onClose={onClose} onMenu={onMenu} />
    </ConsoleProviders>,
  );
  return onSelect;
}

/** The open tab menu's items: label → whether it is offered. */
async function menuItems(): Promise<Record<string, boolean>> {
  const menu = await screen.findByRole('menu');
  return Object.fromEntries(within(menu).getAllByRole('menuitem').map((item) => [item.textContent ?? '', item.getAttribute('aria-disabled') !== 'true']));
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

describe('the tab menu', () => {
  it('opens on a right-click with what closes something offered, and acts on that tab', async () => {
    const onMenu = vi.fn();
    show('/system/role', vi.fn(), { onMenu });
    fireEvent.contextMenu(screen.getByText('子系统管理'));
    expect(await menuItems()).toEqual({ 刷新: true, 关闭: true, 关闭其他: true, 关闭左侧: false, 关闭右侧: true, 全部关闭: true });
    await userEvent.click(screen.getByRole('menuitem', { name: '关闭右侧' }));
    expect(onMenu).toHaveBeenCalledWith('closeRight', '/system/app');
  });

  it('offers no close on the pinned first page, but closing the others', async () => {
    show('/system/param');
    fireEvent.contextMenu(screen.getByRole('tab', { name: '首页' }));
    expect(await menuItems()).toEqual({ 刷新: true, 关闭: false, 关闭其他: true, 关闭左侧: false, 关闭右侧: true, 全部关闭: true });
  });

  it('opens for the active tab from the ⌄ button', async () => {
    const onMenu = vi.fn();
    show('/system/param', vi.fn(), { onMenu });
    await userEvent.click(screen.getByRole('button', { name: '页面操作' }));
    expect(await menuItems()).toMatchObject({ 关闭左侧: true, 关闭右侧: true });
    await userEvent.click(screen.getByRole('menuitem', { name: '刷新' }));
    expect(onMenu).toHaveBeenCalledWith('refresh', '/system/param');
  });

  it('closes a tab on a middle click', () => {
    const onClose = vi.fn();
    show('/system/param', vi.fn(), { onClose });
    fireEvent(screen.getByText('角色管理'), new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    expect(onClose).toHaveBeenCalledWith('/system/role');
  });
});
