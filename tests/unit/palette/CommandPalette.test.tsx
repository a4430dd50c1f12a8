import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from 'antd';
import { lazy, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../../contract/i18n';
import { MenuType, type PermissionNode } from '../../../contract/menu';
import { MENU_TITLES } from '../../../contract/menuTitles';
import { setLocale } from '../../../src/i18n';
import { PaletteLauncher } from '../../../src/palette/PaletteLauncher';
import { createRecordSources, RecordSourcesContext, type RecordSource } from '../../../src/palette/recordSources';
import { createConsoleNavigation, NavigationContext } from '../../../src/routing/NavigationContext';
import type { PageComponent } from '../../../src/routing/pageProps';
import { ConsoleProviders } from '../renderInConsole';

const slow = { timeout: 10000 };

let nextId = 1;
function menu(partial: Partial<PermissionNode> & Pick<PermissionNode, 'name' | 'menuType'>, children: PermissionNode[] = []): PermissionNode {
  const id = nextId++;
  return { id, parentId: 0, appId: 1, sort: 0, path: '', url: '', icon: '', code: '', ...partial, children: children.map((c) => ({ ...c, parentId: id })) };
}
const page = (name: string, path: string, url: string) => menu({ name, menuType: MenuType.MENU, path, url });

// The seeded titles of the base app (zh-CN names, so both languages apply); 角色管理 is granted, 参数配置 is not.
const TREE = [
  menu({ name: '首页', menuType: MenuType.HOME, path: '/home', url: 'home', icon: 'home' }),
  menu({ name: '系统管理', menuType: MenuType.NAVIGATION, path: '/system', url: 'system' }, [page('角色管理', '/system/role', 'role'), page('菜单权限', '/system/permission', 'permission')]),
  menu({ name: '组织人员', menuType: MenuType.NAVIGATION, path: '/organisation', url: 'organisation' }, [page('人员列表', '/organisation/user', 'user')]),
];
const TITLES = new Map(Object.entries({ ...MENU_TITLES, role: { 'zh-CN': '角色管理', 'en-US': 'Roles' } }));
const Blank: PageComponent = lazy(async () => ({ default: () => null }));
const PAGES = new Map(['home', 'role', 'permission', 'user'].map((name) => [name, Blank]));

function Where() {
  return <output aria-label="where">{useLocation().pathname}</output>;
}

function Console({ locale, sources, children }: { locale: Locale; sources: ReturnType<typeof createRecordSources>; children?: ReactNode }) {
  const [navigation] = useState(() => createConsoleNavigation({ tree: TREE, reading: 'A', catalogue: { pages: PAGES, titles: TITLES } }, locale));
  return (
    <NavigationContext.Provider value={navigation}>
      <RecordSourcesContext.Provider value={sources}>
        <button type="button">before</button>
        <PaletteLauncher />
        <Where />
        {children}
      </RecordSourcesContext.Provider>
    </NavigationContext.Provider>
  );
}

function show({ locale = 'zh-CN' as Locale, source, children }: { locale?: Locale; source?: RecordSource; children?: ReactNode } = {}) {
  window.history.replaceState(null, '', '/home');
  const sources = createRecordSources();
  const remove = source ? sources.add(source) : undefined;
  render(
    <ConsoleProviders>
      <Console locale={locale} sources={sources}>
        {children}
      </Console>
    </ConsoleProviders>,
  );
  return { remove };
}

async function openWithShortcut() {
  screen.getByRole('button', { name: 'before' }).focus();
  await userEvent.keyboard('{Control>}k{/Control}');
  const box = await screen.findByRole('combobox', {}, slow);
  await waitFor(() => expect(box).toHaveFocus(), slow);
  return box;
}

const options = () => within(screen.getByRole('listbox')).queryAllByRole('option');
const labels = () => options().map((option) => option.querySelector('.palette__label')?.textContent);
const where = () => screen.getByRole('status', { name: 'where' }).textContent;

afterEach(() => act(() => setLocale('zh-CN')));

describe('the command palette', () => {
  it('opens with Ctrl+K and filters the granted screens as one types pinyin initials', async () => {
    show();
    const box = await openWithShortcut();
    expect(box).toHaveAttribute('placeholder', '页面名称、拼音首字母或列表记录');
    expect(labels()).toEqual(['首页', '角色管理', '菜单权限', '人员列表']);
    await userEvent.type(box, 'rylb');
    expect(labels()).toEqual(['人员列表']);
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    await userEvent.type(box, 'x');
    expect(options()).toHaveLength(0);
    expect(screen.getByText('没有找到匹配的页面或记录')).toBeInTheDocument();
    // 参数配置 is a screen of the console but not of this caller's tree.
    await userEvent.clear(box);
    await userEvent.type(box, 'cspz');
    expect(options()).toHaveLength(0);
  });

  it('moves with the arrow keys and goes to the chosen screen with Enter', async () => {
    show();
    const box = await openWithShortcut();
    // 'r': 'Roles' starts with it, 人员列表's initials do, 'Menus & permissions' holds it.
    await userEvent.type(box, 'r');
    expect(labels()).toEqual(['角色管理', '人员列表', '菜单权限']);
    await userEvent.keyboard('{ArrowDown}');
    expect(options()[1]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', options()[1]!.id);
    // Past either end it wraps around.
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowUp}');
    expect(options()[2]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowUp}');
    expect(options()[1]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Enter}');
    expect(where()).toBe('/organisation/user');
    await waitFor(() => expect(screen.queryByRole('combobox')).not.toBeInTheDocument(), slow);
  });

  it('closes with Esc without going anywhere and gives focus back to where it was', async () => {
    show();
    const box = await openWithShortcut();
    await userEvent.type(box, 'js');
    // rc-dialog reads keyCode, which user-event leaves unset.
    fireEvent.keyDown(box, { key: 'Escape', keyCode: 27 });
    await waitFor(() => expect(screen.queryByRole('combobox')).not.toBeInTheDocument(), slow);
    expect(screen.getByRole('button', { name: 'before' })).toHaveFocus();
    expect(where()).toBe('/home');
  });

  it('opens from the top bar button, named for everyone, and starts afresh each time', async () => {
    show();
    const button = screen.getByRole('button', { name: '搜索页面和记录' });
    await userEvent.click(button);
    const box = await screen.findByRole('combobox', {}, slow);
    await userEvent.type(box, 'zzz');
    fireEvent.keyDown(box, { key: 'Escape', keyCode: 27 });
    await waitFor(() => expect(screen.queryByRole('combobox')).not.toBeInTheDocument(), slow);
    expect(button).toHaveFocus();
    await userEvent.click(button);
    expect(await screen.findByRole('combobox', {}, slow)).toHaveValue('');
  });

  it('stays shut while another dialog is open, so its typed work stays in view', async () => {
    show({ children: <Modal open title="编辑员工">…</Modal> });
    await screen.findByRole('dialog', { name: '编辑员工' });
    await userEvent.keyboard('{Control>}k{/Control}');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('speaks English and still finds Chinese titles by pinyin', async () => {
    act(() => setLocale('en-US'));
    show({ locale: 'en-US' });
    const box = await openWithShortcut();
    expect(box).toHaveAttribute('placeholder', 'Screen, pinyin initials or record');
    expect(screen.getByText('Screens')).toBeInTheDocument();
    await userEvent.type(box, 'rylb');
    expect(labels()).toEqual(['Staff']);
    await userEvent.clear(box);
    await userEvent.type(box, 'rol');
    expect(labels()).toEqual(['Roles']);
  });
});

describe('records of the list on the active tab', () => {
  const zhang = { key: '1', label: '张三', detail: 'zs001', open: vi.fn() };
  const wang = { key: '3', label: '王五', detail: 'ww003', open: vi.fn() };
  const li = { key: '2', label: '李四', detail: 'ls002', open: vi.fn() };

  it('finds shown rows by name initials and opens the chosen one as the list would', async () => {
    show({ source: { title: '人员列表', rows: [zhang, wang] } });
    const box = await openWithShortcut();
    await userEvent.type(box, 'zs');
    expect(screen.getByRole('group', { name: '当前列表：人员列表' })).toBeInTheDocument();
    expect(labels()).toEqual(['张三']);
    await userEvent.keyboard('{Enter}');
    expect(zhang.open).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('combobox')).not.toBeInTheDocument(), slow);
  });

  it("asks the list's own search for what its page does not show", async () => {
    const search = vi.fn(async (text: string) => (text === 'ls' ? [li] : []));
    show({ source: { title: '人员列表', rows: [zhang], search } });
    const box = await openWithShortcut();
    await userEvent.type(box, 'ls');
    await waitFor(() => expect(labels()).toEqual(['李四']), slow);
    expect(search).toHaveBeenCalledWith('ls');
  });

  it('offers no records once the list is gone (its tab closed or hidden)', async () => {
    const { remove } = show({ source: { title: '人员列表', rows: [zhang] } });
    act(() => remove!());
    const box = await openWithShortcut();
    await userEvent.type(box, 'zs');
    expect(options()).toHaveLength(0);
    expect(screen.queryByRole('group', { name: '当前列表：人员列表' })).not.toBeInTheDocument();
  });
});
