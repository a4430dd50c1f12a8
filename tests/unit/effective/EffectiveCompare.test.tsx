/**
 * The effective-permissions page's roles and its compare mode, inside Refine with the real
 * providers, against the real app: alice holds 运营 (the 系统管理 navigation), 财务 (the
 * parameters screen; scope: the chosen department 销售部; ending in two days), a disabled role and
 * a link that has ended; bob holds 运营 and 字典 (the dictionaries menu).
 */
import { renderInConsole } from '../renderInConsole';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DataScope } from '../../../contract/dataScope';
import { MenuType } from '../../../contract/menu';
import EffectivePage from '../../../resources/effective/EffectivePage';
import { grantToRole } from '../../../server/db/permissionTree';
import { setLocale } from '../../../src/i18n';
import { installAntdStaticRender } from '../../../src/layout/antdStaticRender';
import type { PageRoute } from '../../../src/routing/navigation';
import { bridgePerFile } from '../bridgePerFile';

vi.setConfig({ testTimeout: 60000 });
installAntdStaticRender();

const DAY = 24 * 60 * 60 * 1000;
const slow = { timeout: 10000 };
const user = () => userEvent.setup({ pointerEventsCheck: 0 });
const server = setupServer();
const bridge = bridgePerFile(server);

let aliceId: number;
let bobId: number;
let financeEnd: number;
let names: { navigation: string; param: string; paramList: string; dic: string };
const calls = (path: string) => bridge.requests.filter((r) => r.path === `/base/admin${path}`).map((r) => r.query);

/** A role of the base app holding the nodes `ids`, given to each of `holders`. */
async function giveRole(holders: number[], roleKey: string, name: string, ids: number[], { isEnable = '1', expiresAt = null }: { isEnable?: string; expiresAt?: number | null } = {}) {
  const role = await bridge.save<{ id: number }>('/base/admin/role', { sortNum: 5, roleKey, name, appId: 1, roleType: 2, isEnable, description: null });
  await grantToRole(bridge.db, role.id, ids);
  for (const userId of holders) await bridge.db.insertInto('userRole').values({ userId, roleId: role.id, expiresAt }).execute();
  return role.id;
}

beforeEach(async () => {
  const nodes = await bridge.db.selectFrom('permission').select(['id', 'parentId', 'name', 'menuType', 'code', 'url']).where('appId', '=', 1).execute();
  const param = nodes.find((n) => n.menuType === MenuType.MENU && n.url === 'param')!;
  const paramList = nodes.find((n) => n.code === 'param:list')!;
  const paramApi = nodes.find((n) => n.parentId === paramList.id && n.url === '/param/list')!;
  const dic = nodes.find((n) => n.menuType === MenuType.MENU && n.url === 'dic')!;
  const navigation = nodes.find((n) => n.id === param.parentId)!;
  names = { navigation: navigation.name, param: param.name, paramList: paramList.name, dic: dic.name };

  ({ userId: aliceId } = await bridge.createUser({ code: 'alice', name: 'Alice Zhang', grant: false }));
  ({ userId: bobId } = await bridge.createUser({ code: 'bob', name: 'Bob Li', grant: false }));
  // Neither helper role ('role of …') holds anything: keep only the roles given here.
  await bridge.db.deleteFrom('userRole').where('userId', 'in', [aliceId, bobId]).execute();

  await giveRole([aliceId, bobId], 'roleA', '运营', [navigation.id]);
  const finance = await giveRole([aliceId], 'roleB', '财务', [navigation.id, param.id, paramList.id, paramApi.id], { expiresAt: (financeEnd = Date.now() + 2 * DAY) });
  await giveRole([aliceId], 'roleOff', '停用角色', [navigation.id, dic.id], { isEnable: '0' });
  await giveRole([aliceId], 'roleEnded', '过期角色', [], { expiresAt: Date.now() - 60_000 });
  await giveRole([bobId], 'roleDic', '字典', [navigation.id, dic.id]);

  const sales = await bridge.db.insertInto('office').values({ name: '销售部', type: 1, parentId: 0, remark: null, createTime: Date.now() }).returning('id').executeTakeFirstOrThrow();
  await bridge.db.insertInto('roleDataScope').values({ roleId: finance, dataScope: DataScope.CHOSEN }).execute();
  await bridge.db.insertInto('roleScopeOffice').values({ roleId: finance, officeId: sales.id }).execute();
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

async function pickStaff(picker: RegExp, typed: string, label: string) {
  const box = screen.getByRole('combobox', { name: picker });
  await user().click(box);
  await user().type(box, typed);
  // The newest dropdown is this picker's (the other picker's options and value may carry the same title).
  await user().click((await screen.findAllByTitle(label, {}, slow)).at(-1)!);
}

describe('the roles a staff member holds', () => {
  it('lists each role in force with its sub-system, state, data scope and end, flagging one ending soon', async () => {
    renderPage();
    await screen.findByTitle('基础平台', {}, slow);
    await pickStaff(/^人员$/, 'ali', 'Alice Zhang (alice)');

    const list = await screen.findByRole('list', { name: '持有角色' }, slow);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3), slow);
    const row = (name: string) => within(list).getByText(name).closest('li') as HTMLElement;

    const finance = row('财务');
    expect(within(finance).getByText('基础平台')).toBeInTheDocument();
    expect(finance.querySelector('.effective-role__scope')?.textContent).toBe('数据范围: 指定部门销售部');
    const end = new Date(financeEnd);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(finance.querySelector('.effective-role__end')?.textContent).toBe(
      `有效期至 ${end.getFullYear()}-${pad(end.getMonth() + 1)}-${pad(end.getDate())} ${pad(end.getHours())}:${pad(end.getMinutes())}`,
    );
    expect(within(finance).getByText('即将到期')).toBeInTheDocument();

    const ops = row('运营');
    expect(ops.querySelector('.effective-role__scope')?.textContent).toBe('数据范围: 全部数据');
    expect(within(ops).getByText('长期有效')).toBeInTheDocument();
    expect(within(ops).queryByText('即将到期')).not.toBeInTheDocument();
    expect(within(row('停用角色')).getByText('已停用')).toBeInTheDocument();
    // The ended link is not listed.
    expect(within(list).queryByText('过期角色')).not.toBeInTheDocument();
    expect(calls('/effective/roles')).toEqual([{ userId: String(aliceId) }]);
  });
});

describe('compare mode', () => {
  it('asks for the second staff member, then shows what only each reaches and through which role', async () => {
    renderPage();
    await screen.findByTitle('基础平台', {}, slow);
    await user().click(screen.getByText('对比'));
    expect(await screen.findByText('请选择两位人员和子系统进行对比', {}, slow)).toBeInTheDocument();
    await pickStaff(/^人员$/, 'ali', 'Alice Zhang (alice)');
    expect(await screen.findByText('请选择对比人员', {}, slow)).toBeInTheDocument();
    expect(calls('/effective/compare')).toEqual([]);
    await pickStaff(/^对比人员$/, 'bob', 'Bob Li (bob)');

    const onlyAlice = await screen.findByRole('region', { name: '仅 Alice Zhang 可访问' }, slow);
    const onlyBob = screen.getByRole('region', { name: '仅 Bob Li 可访问' });
    expect(within(onlyAlice).getByText(`${names.navigation} › ${names.param}`)).toBeInTheDocument();
    expect(within(onlyAlice).getByText(`${names.navigation} › ${names.param} › ${names.paramList}`)).toBeInTheDocument();
    expect(within(onlyAlice).getAllByRole('listitem')).toHaveLength(3);
    expect(within(onlyAlice).getAllByText('财务')).toHaveLength(3);
    expect(within(onlyAlice).getByText('接口')).toBeInTheDocument();
    expect(within(onlyAlice).getByText('按钮')).toBeInTheDocument();
    // The disabled role's dictionaries menu is bob's alone.
    const dic = within(onlyBob).getByText(`${names.navigation} › ${names.dic}`).closest('li') as HTMLElement;
    expect([...dic.querySelectorAll('.effective-compare__role')].map((e) => e.textContent)).toEqual(['字典']);
    expect(screen.getByText('两人都可访问 1 项')).toBeInTheDocument();
    expect(calls('/effective/compare').at(-1)).toEqual({ userId: String(aliceId), otherUserId: String(bobId), appId: '1' });
    // No tree and no roles while comparing.
    expect(screen.queryByRole('tree')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: '持有角色' })).not.toBeInTheDocument();
  });

  it('shows empty columns for the same staff member twice, in English', async () => {
    setLocale('en-US');
    renderPage();
    await screen.findByTitle('基础平台', {}, slow);
    await user().click(screen.getByText('Compare'));
    await pickStaff(/^Staff$/, 'bob', 'Bob Li (bob)');
    await pickStaff(/^Compare with$/, 'bob', 'Bob Li (bob)');
    expect(await screen.findByText('Both reach 2 menus, buttons and APIs', {}, slow)).toBeInTheDocument();
    expect(screen.getAllByRole('region', { name: 'Only Bob Li' })).toHaveLength(2);
    expect(screen.getAllByText('No menus, buttons or APIs that only this one reaches')).toHaveLength(2);
  });
});
