import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MenuType } from '../../../contract';
import type { NewUser } from '../../../mocks/bridge';
import { saveSession } from '../../../providers/session';
import { catalogue } from '../../../resources/pages';
import App from '../../../src/App';
import { setLocale } from '../../../src/i18n';
import { setUpBridge } from '../generic/harness';
import { testProviders } from '../renderInConsole';

vi.setConfig({ testTimeout: 60000 });
const bridge = setUpBridge();
const slow = { timeout: 10000 };

/** Signed in as the administrator, or as `token`'s user, or not at all. */
function renderApp(path: string, { token = bridge.token, signedIn = true }: { token?: string; signedIn?: boolean } = {}) {
  if (signedIn) saveSession({ token, appId: 1 });
  window.history.replaceState(null, '', path);
  return render(<App providers={testProviders()} loadPages={() => Promise.resolve(catalogue)} />);
}

const where = () => window.location.pathname;

/** A staff member whose role leaves out part of the base app's tree. */
async function tokenLeavingOut(leaveOut: NewUser['leaveOut']): Promise<string> {
  await bridge.createUser({ code: 'clerk', leaveOut });
  return bridge.tokenOf('clerk');
}
const user = () => userEvent.setup({ pointerEventsCheck: 0 });

describe('console shell', () => {
  it('sends / to the home menu and greets the user with cards for the pages they may open', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { name: '欢迎回来，超级管理员' }, slow)).toBeInTheDocument();
    expect(where()).toBe('/home');
    expect(document.title).toBe('首页 - 员工基础管理系统');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: /参数配置/ })).toHaveAttribute('href', '/system/param');
    expect(within(main).getByRole('link', { name: /子系统管理/ })).toHaveAttribute('href', '/system/app');
    // Top bar: the title, the navigation entry (the home menu is not one), the user, logout.
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('员工基础管理系统')).toBeInTheDocument();
    expect(within(banner).getByText('系统管理')).toBeInTheDocument();
    expect(within(banner).queryByText('首页')).not.toBeInTheDocument();
    expect(await within(banner).findByText('超级管理员', {}, slow)).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: '退出登录' })).toBeInTheDocument();
  });

  it('sends / to the first page of the first menu when there is no home menu', async () => {
    renderApp('/', { token: await tokenLeavingOut((node) => node.menuType === MenuType.HOME) });
    await waitFor(() => expect(where()).toBe('/system/app'), slow);
    expect(await screen.findByLabelText('子系统管理', { selector: 'section' }, slow)).toBeInTheDocument();
  });

  it('sends /login to the home page, or to its redirect, when already signed in', async () => {
    const first = renderApp('/login');
    await waitFor(() => expect(where()).toBe('/home'), slow);
    expect(screen.queryByLabelText('密码')).not.toBeInTheDocument();
    first.unmount();
    renderApp('/login?redirect=%2Fsystem%2Fparam');
    await waitFor(() => expect(where()).toBe('/system/param'), slow);
  });

  it('answers an unknown path with the 404 page and a way home', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByText('站长说你不能进入这个页面...', {}, slow)).toBeInTheDocument();
    expect(document.title).toBe('页面不存在 - 员工基础管理系统');
    await user().click(screen.getByRole('link', { name: /返回首页/ }));
    await waitFor(() => expect(where()).toBe('/home'), slow);
  });

  it('answers a page that exists but is not in the caller\'s tree with "no permission", not 404', async () => {
    renderApp('/system/app', { token: await tokenLeavingOut((node) => node.menuType === MenuType.MENU && node.url !== 'param') });
    expect(await screen.findByText('无权访问此页面', {}, slow)).toBeInTheDocument();
    expect(screen.queryByText('站长说你不能进入这个页面...')).not.toBeInTheDocument();
    expect(screen.queryByText('子系统管理')).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('无权访问 - 员工基础管理系统'), slow);
    act(() => setLocale('en-US'));
    expect(await screen.findByText('You do not have permission to open this page', {}, slow)).toBeInTheDocument();
  });

  it('opens a tab per visited page and goes back to its neighbour when the active one closes', async () => {
    renderApp('/home');
    await screen.findByRole('heading', { name: '欢迎回来，超级管理员' }, slow);
    const sidebar = screen.getByRole('complementary');
    await user().click(within(sidebar).getByRole('link', { name: '参数配置' }));
    await waitFor(() => expect(where()).toBe('/system/param'), slow);
    expect(document.title).toBe('参数配置 - 员工基础管理系统');

    const tabs = screen.getByRole('tablist');
    const titles = () => [...document.querySelectorAll('.console-tabs__pinned, .console-tabs .ant-tabs-tab')].map((t) => t.textContent);
    expect(titles()).toEqual(['首页', '参数配置']);
    expect(within(tabs).getByRole('tab', { name: '参数配置' })).toHaveAttribute('aria-selected', 'true');
    // The first tab has no close button; the page's has one.
    const closeButtons = () => [...tabs.querySelectorAll('button[aria-label="关闭"]')];
    expect(closeButtons()).toHaveLength(1);
    await user().click(closeButtons()[0]!);
    await waitFor(() => expect(where()).toBe('/home'), slow);
    expect(titles()).toEqual(['首页']);
  });

  it('closes the other tabs from a tab’s menu, and refreshes a page by reading it again', async () => {
    renderApp('/home');
    await screen.findByRole('heading', { name: '欢迎回来，超级管理员' }, slow);
    const sidebar = screen.getByRole('complementary');
    for (const [name, path] of [
      ['子系统管理', '/system/app'],
      ['角色管理', '/system/role'],
      ['参数配置', '/system/param'],
    ]) {
      await user().click(within(sidebar).getByRole('link', { name }));
      await waitFor(() => expect(where()).toBe(path), slow);
    }
    const titles = () => [...document.querySelectorAll('.console-tabs__pinned, .console-tabs .ant-tabs-tab')].map((t) => t.textContent);
    expect(titles()).toEqual(['首页', '子系统管理', '角色管理', '参数配置']);

    // The page shown is read again (mounted afresh), not just shown.
    const paramReads = () => bridge.requests.filter((r) => r.path.endsWith('/param/list')).length;
    await waitFor(() => expect(paramReads()).toBeGreaterThan(0), slow);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = paramReads();
    fireEvent.contextMenu(within(screen.getByRole('tablist')).getByText('参数配置'));
    await user().click(await screen.findByRole('menuitem', { name: '刷新' }, slow));
    await waitFor(() => expect(paramReads()).toBeGreaterThan(before), slow);

    fireEvent.contextMenu(within(screen.getByRole('tablist')).getByText('参数配置'));
    await user().click(await screen.findByRole('menuitem', { name: '关闭其他' }, slow));
    await waitFor(() => expect(titles()).toEqual(['首页', '参数配置']), slow);
    expect(where()).toBe('/system/param');
  });

  it('collapses the sidebar and remembers it in a cookie', async () => {
    document.cookie = 'sidebarStatus=1; path=/';
    renderApp('/home');
    await screen.findByRole('heading', { name: '欢迎回来，超级管理员' }, slow);
    await user().click(screen.getByRole('button', { name: '收起侧边栏' }));
    expect(screen.getByRole('button', { name: '展开侧边栏' })).toHaveAttribute('aria-expanded', 'false');
    expect(document.cookie).toContain('sidebarStatus=0');
  });

  it('switches the whole console to English and remembers it, seeded menu titles included', async () => {
    renderApp('/home');
    await screen.findByRole('heading', { name: '欢迎回来，超级管理员' }, slow);
    const sidebar = screen.getByRole('complementary');
    await user().click(within(sidebar).getByRole('link', { name: '参数配置' }));
    await waitFor(() => expect(where()).toBe('/system/param'), slow);
    expect(await screen.findByLabelText('参数配置', { selector: 'section' }, slow)).toBeInTheDocument();
    const tabTitles = () => [...document.querySelectorAll('.console-tabs__pinned, .console-tabs .ant-tabs-tab')].map((t) => t.textContent);
    expect(tabTitles()).toEqual(['首页', '参数配置']);
    expect(document.title).toBe('参数配置 - 员工基础管理系统');

    act(() => setLocale('en-US'));
    // Sidebar, top bar, the tabs already open, the page and the document title, all at once.
    expect(await within(sidebar).findByRole('link', { name: 'Parameters' }, slow)).toHaveAttribute('href', '/system/param');
    expect(within(sidebar).getByRole('link', { name: 'Sub-systems' })).toHaveAttribute('href', '/system/app');
    expect(within(sidebar).queryByText('参数配置')).not.toBeInTheDocument();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('System')).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(tabTitles()).toEqual(['Home', 'Parameters']);
    expect(within(screen.getByRole('tablist')).getByRole('tab', { name: 'Parameters' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Parameters', { selector: 'section' })).toBeInTheDocument();
    expect(document.title).toBe('Parameters - Staff Admin');
    expect(localStorage.getItem('locale')).toBe('en-US');

    // The home page's cards too.
    await user().click(screen.getByRole('tab', { name: 'Home' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back, 超级管理员' }, slow)).toBeInTheDocument();
    expect(document.title).toBe('Home - Staff Admin');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: /Parameters/ })).toHaveAttribute('href', '/system/param');
    expect(within(main).getByRole('heading', { name: /System/ })).toBeInTheDocument();

    act(() => setLocale('zh-CN'));
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '参数配置']), slow);
    expect(document.title).toBe('首页 - 员工基础管理系统');
  });

  it('shows a menu an administrator renamed as typed, in every language', async () => {
    const { id } = await bridge.db.selectFrom('permission').select('id').where('url', '=', 'param').where('menuType', '=', MenuType.MENU).executeTakeFirstOrThrow();
    const menu = await bridge.call<Record<string, unknown>>('GET', '/base/admin/permission/detail', { query: { id } });
    await bridge.call('POST', '/base/admin/permission/saveOrUpdate', { body: { ...menu, name: '系统参数' } });
    renderApp('/system/param');
    const sidebar = await screen.findByRole('complementary', {}, slow);
    expect(await within(sidebar).findByRole('link', { name: '系统参数' }, slow)).toBeInTheDocument();
    act(() => setLocale('en-US'));
    expect(await within(sidebar).findByRole('link', { name: 'Sub-systems' }, slow)).toBeInTheDocument();
    expect(within(sidebar).getByRole('link', { name: '系统参数' })).toHaveAttribute('href', '/system/param');
    await waitFor(() => expect(document.title).toBe('系统参数 - Staff Admin'), slow);
  });

  it('sends a signed-out visitor to the login page, keeping where they were going', async () => {
    renderApp('/system/param', { signedIn: false });
    await waitFor(() => expect(where()).toBe('/login'), slow);
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/system/param');
    await waitFor(() => expect(document.title).toBe('登录 - 员工基础管理系统'), slow);
  });
});
