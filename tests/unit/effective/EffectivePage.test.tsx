/**
 * The effective-permissions page inside Refine with the real providers; the session and sub-system
 * calls go to mocks/api.ts, the two effective calls to msw handlers of this file.
 */
import { renderInConsole } from '../renderInConsole';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MenuType } from '../../../contract/menu';
import { createMockApi, type MockApi } from '../../../mocks/api';
import { setMenus } from '../../../providers/session';
import EffectivePage from '../../../resources/effective/EffectivePage';
import type { EffectiveNode, EffectiveUser } from '../../../contract/effective';
import { setLocale } from '../../../src/i18n';
import { installAntdStaticRender } from '../../../src/layout/antdStaticRender';
import type { PageRoute } from '../../../src/routing/navigation';

vi.setConfig({ testTimeout: 60000 });
installAntdStaticRender();

const slow = { timeout: 10000 };
const user = () => userEvent.setup({ pointerEventsCheck: 0 });
const server = setupServer();

const STAFF: EffectiveUser[] = [
  { id: 7, code: 'alice', name: 'Alice Zhang', isEnable: '1' },
  { id: 8, code: 'bob', name: 'Bob Li', isEnable: '0' },
];
const roleA = { id: 21, roleKey: 'roleA', name: '运营' };
const roleB = { id: 22, roleKey: 'roleB', name: '财务' };

const node = (partial: Partial<EffectiveNode> & Pick<EffectiveNode, 'id' | 'parentId' | 'name' | 'menuType'>): EffectiveNode => ({
  appId: 1,
  sort: 0,
  path: '',
  url: '',
  icon: '',
  code: '',
  granted: true,
  roles: [],
  children: [],
  ...partial,
});

const ALICE_TREE: EffectiveNode[] = [
  node({
    id: 1,
    parentId: 0,
    name: '系统管理',
    menuType: MenuType.NAVIGATION,
    path: '/system',
    url: 'system',
    roles: [roleA, roleB],
    children: [
      node({
        id: 2,
        parentId: 1,
        name: '参数管理',
        menuType: MenuType.MENU,
        path: '/system/param',
        url: 'param',
        roles: [roleB],
        children: [
          node({
            id: 3,
            parentId: 2,
            name: '查询',
            menuType: MenuType.PAGE_ELEMENT,
            code: 'param:list',
            roles: [roleB],
            children: [node({ id: 4, parentId: 3, name: '列表', menuType: MenuType.API, url: '/param/list', roles: [roleB] })],
          }),
        ],
      }),
    ],
  }),
];

let session: MockApi;
let calls: { path: string; query: Record<string, string> }[];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  setLocale('zh-CN');
  localStorage.clear();
  setMenus(null);
  calls = [];
  session = createMockApi();
  const record = (request: Request) => {
    const url = new URL(request.url);
    const query = Object.fromEntries(url.searchParams);
    calls.push({ path: url.pathname.replace('/base/admin', ''), query });
    return query;
  };
  server.resetHandlers(
    http.get('*/base/admin/effective/users', ({ request }) => {
      const { searchKey = '' } = record(request);
      const found = STAFF.filter((s) => `${s.code} ${s.name}`.toLowerCase().includes(searchKey.toLowerCase()));
      return HttpResponse.json({ code: 0, msg: '成功', data: found });
    }),
    http.get('*/base/admin/effective/tree', ({ request }) => {
      const { userId } = record(request);
      return HttpResponse.json({ code: 0, msg: '成功', data: userId === '7' ? ALICE_TREE : [] });
    }),
    ...session.handlers,
  );
});

const route: PageRoute = {
  menuId: 830,
  path: '/system/effective',
  component: 'effective',
  resource: 'effective',
  identifier: 'effective',
  title: '有效权限',
  icon: 'tree',
};

function renderPage() {
  return renderInConsole(<EffectivePage route={route} />, {
    token: session.issueToken(),
    path: route.path,
    resource: { name: 'effective', label: route.title },
  });
}

async function pickStaff(typed: string, label: string) {
  const picker = screen.getByRole('combobox', { name: /^(人员|Staff)$/ });
  await user().click(picker);
  await user().type(picker, typed);
  await user().click(await screen.findByTitle(label, {}, slow));
}

describe('effective permissions page', () => {
  it('asks for a staff member first, with the first sub-system chosen', async () => {
    renderPage();
    expect(await screen.findByText('请选择人员和子系统，查看其可访问的菜单、按钮和接口', {}, slow)).toBeInTheDocument();
    expect(await screen.findByTitle('基础平台', {}, slow)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/effective/tree')).toBe(false);
  });

  it('shows the tree with type tags, codes, addresses and role tags after picking a user and an app', async () => {
    renderPage();
    await screen.findByTitle('基础平台', {}, slow);
    await pickStaff('ali', 'Alice Zhang (alice)');

    const tree = await screen.findByRole('tree', { name: '有效权限树' }, slow);
    expect(await within(tree).findByText('参数管理', {}, slow)).toBeInTheDocument();
    expect(within(tree).getByText('param:list')).toBeInTheDocument();
    expect(within(tree).getByText('/param/list')).toBeInTheDocument();
    expect(within(tree).getByText('接口')).toBeInTheDocument();
    expect(within(tree).getByText('按钮')).toBeInTheDocument();
    // The navigation is granted by both roles, the rest by roleB only.
    const system = within(tree).getByText('系统管理').closest('.effective-node') as HTMLElement;
    expect([...system.querySelectorAll('.effective-node__role')].map((e) => e.textContent)).toEqual(['运营', '财务']);
    expect(within(tree).getAllByText('财务')).toHaveLength(4);
    expect(screen.getByText('菜单 2 个，按钮 1 个，接口 1 个')).toBeInTheDocument();

    // The search was debounced into one call with the whole text, and the tree asked for alice in app 1.
    await waitFor(() => expect(calls.filter((c) => c.path === '/effective/users').map((c) => c.query.searchKey ?? '')).toContain('ali'));
    expect(calls.filter((c) => c.path === '/effective/users').map((c) => c.query.searchKey ?? '')).not.toContain('a');
    expect(calls.find((c) => c.path === '/effective/tree')?.query).toEqual({ userId: '7', appId: '1' });
  });

  it("names the types as the sub-system's reading does: a 5 of a reading-B tree is a top-level directory, not a home", async () => {
    const treeB = [node({ id: 1, parentId: 0, name: '服务中心', menuType: MenuType.HOME, roles: [roleA], children: [node({ id: 2, parentId: 1, name: '工单管理', menuType: MenuType.MENU, roles: [roleA] })] })];
    server.use(http.get('*/base/admin/effective/tree', () => HttpResponse.json({ code: 0, msg: '成功', data: treeB })));
    session.state.rows.get('app')![0]!.menuReading = 'B';
    renderPage();
    await screen.findByTitle('基础平台', {}, slow);
    await pickStaff('ali', 'Alice Zhang (alice)');
    const tree = await screen.findByRole('tree', { name: '有效权限树' }, slow);
    expect(await within(tree).findByText('顶级目录', {}, slow)).toBeInTheDocument();
    expect(within(tree).getByText('目录')).toBeInTheDocument();
    expect(within(tree).queryByText('首页')).not.toBeInTheDocument();
  });

  it('says so when the staff member holds nothing, and speaks English', async () => {
    setLocale('en-US');
    renderPage();
    await screen.findByTitle('基础平台', {}, slow);
    await pickStaff('bob', 'Bob Li (bob) · Disabled');
    expect(await screen.findByText('This staff member has no permissions in this sub-system', {}, slow)).toBeInTheDocument();
  });
});
