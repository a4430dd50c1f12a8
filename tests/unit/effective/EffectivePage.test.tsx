/**
 * The effective-permissions page inside Refine with the real providers, against the real app:
 * alice holds two roles of the base app, 运营 (the 系统管理 navigation alone) and 财务 (系统管理 ›
 * 参数配置 › 查询 › its list API); bob, disabled, holds nothing.
 */
import { renderInConsole } from '../renderInConsole';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MenuType } from '../../../contract/menu';
import EffectivePage from '../../../resources/effective/EffectivePage';
import { grantToRole } from '../../../server/db/permissionTree';
import { setLocale } from '../../../src/i18n';
import { installAntdStaticRender } from '../../../src/layout/antdStaticRender';
import type { PageRoute } from '../../../src/routing/navigation';
import { bridgePerFile } from '../bridgePerFile';
import { saveTree } from '../generic/roleHarness';

vi.setConfig({ testTimeout: 60000 });
installAntdStaticRender();

const slow = { timeout: 10000 };
const user = () => userEvent.setup({ pointerEventsCheck: 0 });
const server = setupServer();
const bridge = bridgePerFile(server);

let aliceId: number;
const calls = () => bridge.requests.filter((r) => r.path.startsWith('/base/admin/effective/')).map((r) => ({ path: r.path.replace('/base/admin', ''), query: r.query }));

/** A role of `appId` holding the nodes `ids`, given to the user. */
async function giveRole(userId: number, appId: number, roleKey: string, name: string, ids: number[]) {
  const role = await bridge.save<{ id: number }>('/base/admin/role', { sortNum: 5, roleKey, name, appId, roleType: 2, isEnable: '1', description: null });
  await grantToRole(bridge.db, role.id, ids);
  await bridge.db.insertInto('userRole').values({ userId, roleId: role.id }).execute();
}

beforeEach(async () => {
  const nodes = await bridge.db.selectFrom('permission').select(['id', 'parentId', 'menuType', 'code', 'url']).where('appId', '=', 1).execute();
  const menu = nodes.find((n) => n.menuType === MenuType.MENU && n.url === 'param')!;
  const list = nodes.find((n) => n.code === 'param:list')!;
  const listApi = nodes.find((n) => n.parentId === list.id && n.url === '/param/list')!;
  ({ userId: aliceId } = await bridge.createUser({ code: 'alice', name: 'Alice Zhang', grant: false }));
  await giveRole(aliceId, 1, 'roleA', '运营', [menu.parentId]);
  await giveRole(aliceId, 1, 'roleB', '财务', [menu.parentId, menu.id, list.id, listApi.id]);
  const { userId: bobId } = await bridge.createUser({ code: 'bob', name: 'Bob Li', grant: false });
  await bridge.db.updateTable('user').set({ isEnable: '0' }).where('id', '=', bobId).execute();
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
    token: bridge.token,
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
    expect(calls().some((c) => c.path === '/effective/tree')).toBe(false);
  });

  it('shows the tree with type tags, codes, addresses and role tags after picking a user and an app', async () => {
    renderPage();
    await screen.findByTitle('基础平台', {}, slow);
    await pickStaff('ali', 'Alice Zhang (alice)');

    const tree = await screen.findByRole('tree', { name: '有效权限树' }, slow);
    expect(await within(tree).findByText('参数配置', {}, slow)).toBeInTheDocument();
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
    await waitFor(() => expect(calls().filter((c) => c.path === '/effective/users').map((c) => c.query.searchKey ?? '')).toContain('ali'));
    expect(calls().filter((c) => c.path === '/effective/users').map((c) => c.query.searchKey ?? '')).not.toContain('a');
    expect(calls().find((c) => c.path === '/effective/tree')?.query).toEqual({ userId: String(aliceId), appId: '1' });
  });

  it("names the types as the sub-system's reading does: a 5 of a reading-B tree is a top-level directory, not a home", async () => {
    // A second sub-system in reading B, where alice holds a top-level directory and its directory.
    const ops = await bridge.save<{ id: number }>('/base/admin/app', { code: 'ops', name: '运营系统', businessType: 2, isEnable: '1', sort: 2, address: 'http://ops.example', logo: '', menuReading: 'B' });
    const ids = await saveTree(bridge, ops.id, [{ name: '服务中心', menuType: MenuType.HOME, path: '/service', url: 'service', kids: [{ name: '工单管理', menuType: MenuType.MENU, path: '/service/tickets', url: 'tickets' }] }]);
    await giveRole(aliceId, ops.id, 'opsRole', '运营', Object.values(ids));
    renderPage();
    await screen.findByTitle('基础平台', {}, slow);
    await pickStaff('ali', 'Alice Zhang (alice)');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '子系统' }));
    await user().click(await screen.findByTitle('运营系统', {}, slow));
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
