import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { Code } from '../../../contract/codes';
import { MenuType } from '../../../contract/menu';
import { dialogs } from '../../../resources/dialogs';
import { findResource } from '../../../resources/registry';
import { setLocale } from '../../../src/i18n';
import { button, buttons, findDialog, isDialogOpen } from '../generic/dom';
import { renderResourceList, server, setUpBridge } from '../generic/harness';
import { saveTree, setUpRoleFixture } from '../generic/roleHarness';
import { checkState, hasNode, nodeNames, toggle } from './treeDom';

const roleResource = findResource('role')!;

vi.setConfig({ testTimeout: 60000 });
const bridge = setUpBridge();
const fixture = setUpRoleFixture(bridge, { ownApp: true });
const slow = { timeout: 10000 };
const user = () => userEvent.setup({ pointerEventsCheck: 0 });

// antd's toasts outlive a test's render: none may leak into the next test.
afterEach(async () => (await import('antd/es/message')).default.destroy());

/** Opens the authorisation dialog of the n-th row (0 超级管理员, 1 审计员, 2 销售) once its tree shows. */
async function openGrant(row: number, label = '授权') {
  renderResourceList(bridge.token, roleResource, { dialogs });
  await screen.findByText('审计员', {}, slow);
  await waitFor(() => expect(buttons(label)).toHaveLength(3), slow);
  await user().click(buttons(label)[row]!);
  const dialog = await findDialog();
  await waitFor(() => expect(dialog.querySelector('.ant-tree')).not.toBeNull(), slow);
  return dialog;
}

/** Confirms as the dialog asks: who gains and loses what first, then the save. */
async function confirm(dialog: HTMLElement) {
  await user().click(button('预览影响', dialog));
  await within(dialog).findByTestId('grant-preview', {}, slow);
  expect(saves()).toHaveLength(0);
  await user().click(button('确认保存', dialog));
}

const saves = () => bridge.requests.filter((r) => r.path.endsWith('/rolePermission/save'));
/** The 测试平台 node ids of these names, joined as the dialog sends them. */
const idsOf = (...names: string[]) => names.map((name) => fixture.current.nodes[name]!).join(',');
/** What the auditor holds now, as stored. */
async function auditorHolds(): Promise<number[]> {
  const rows = await bridge.db.selectFrom('rolePermission').select('permissionId').where('roleId', '=', fixture.current.roles.auditor).orderBy('permissionId').execute();
  return rows.map((row) => row.permissionId);
}

describe('role authorisation dialog', () => {
  it("shows the role's app tree with type tags and API addresses, pre-checked from its grants", async () => {
    const dialog = await openGrant(1);
    expect(within(dialog).getByText('角色授权 · 审计员')).toBeInTheDocument();
    const tree = bridge.requests.find((r) => r.path.endsWith('/permission/tree'));
    expect(tree?.query).toEqual({ appId: String(fixture.current.auditorAppId), roleId: String(fixture.current.roles.auditor) });
    // Directories open, buttons folded.
    expect(nodeNames(dialog)).toEqual(['系统管理', '参数配置', '查询', '新增', '删除', '首页']);
    // The server marks 系统管理, 参数配置 and 新增 checked; only the leaves decide.
    expect(['系统管理', '参数配置', '查询', '新增', '删除', '首页'].map((name) => checkState(dialog, name))).toEqual([
      'half',
      'half',
      'checked',
      'half',
      'unchecked',
      'unchecked',
    ]);
    await user().click(button('展开全部', dialog));
    await waitFor(() => expect(hasNode(dialog, 'vaildKey')).toBe(true), slow);
    expect(checkState(dialog, 'vaildKey')).toBe('unchecked');
    expect(checkState(dialog, 'saveOrUpdate')).toBe('checked');
    expect(within(dialog).getByText('/param/vaildKey')).toBeInTheDocument();
    expect(within(dialog).getByText('param:create')).toBeInTheDocument();
    expect(within(dialog).getAllByText('接口')).toHaveLength(5);
    await user().click(button('收起全部', dialog));
    await waitFor(() => expect(nodeNames(dialog)).toEqual(['系统管理', '首页']), slow);
  });

  it('sends the checked nodes plus their half-checked parents, says so and closes', async () => {
    const dialog = await openGrant(1);
    toggle(dialog, '删除');
    await waitFor(() => expect(checkState(dialog, '删除')).toBe('checked'));
    await confirm(dialog);
    expect(await screen.findByText('授权成功', {}, slow)).toBeInTheDocument();
    expect(saves()).toHaveLength(1);
    expect(saves()[0]!.method).toBe('POST');
    const sent = idsOf('系统管理', '参数配置', '查询', 'list', 'detail', '新增', 'saveOrUpdate', '删除', 'delete');
    // With the role's version as the list read it (its grants are versioned with it).
    expect(saves()[0]!.body).toEqual({ appId: fixture.current.auditorAppId, roleId: fixture.current.roles.auditor, permissionIds: sent, version: 1, grantsVersion: expect.any(Number) });
    expect((await auditorHolds()).join(',')).toBe(sent);
    await waitFor(() => expect(isDialogOpen()).toBe(false), slow);
  });

  it('keeps the grants as they were when confirmed untouched', async () => {
    const dialog = await openGrant(1);
    await confirm(dialog);
    await screen.findByText('授权成功', {}, slow);
    expect(saves()[0]!.body).toEqual({
      appId: fixture.current.auditorAppId,
      roleId: fixture.current.roles.auditor,
      permissionIds: idsOf('系统管理', '参数配置', '查询', 'list', 'detail', '新增', 'saveOrUpdate'),
      version: 1,
      grantsVersion: expect.any(Number),
    });
  });

  it("shows the server's refusal and keeps the dialog open", async () => {
    // A refusal the administrator never meets (they hold everything): answered before the real app.
    server.use(http.post('*/base/admin/rolePermission/save', () => HttpResponse.json({ code: Code.FORBIDDEN, msg: '不能授予您自己没有的权限', data: null }, { status: 403 })));
    const dialog = await openGrant(1);
    toggle(dialog, '首页');
    await confirm(dialog);
    expect(await screen.findByText('不能授予您自己没有的权限', {}, slow)).toBeInTheDocument();
    expect(screen.queryByText('授权成功')).not.toBeInTheDocument();
    expect(isDialogOpen()).toBe(true);
    expect(await auditorHolds()).not.toContain(fixture.current.nodes['首页']);
  });

  it('shows the super-admin role read-only with the reason, offering no confirm', async () => {
    const dialog = await openGrant(0);
    expect(within(dialog).getByText('超级管理员角色拥有全部权限，不能修改')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /确\s*定/ })).not.toBeInTheDocument();
    expect(within(dialog).getAllByRole('checkbox').every((box) => box.getAttribute('aria-disabled') === 'true')).toBe(true);
  });

  it('filters the tree by name or address, and says so when nothing matches', async () => {
    const dialog = await openGrant(1);
    fireEvent.change(within(dialog).getByLabelText('搜索菜单、按钮或接口'), { target: { value: 'vaildkey' } });
    await waitFor(() => expect(nodeNames(dialog)).toEqual(['系统管理', '参数配置', '新增', 'vaildKey']), slow);
    fireEvent.change(within(dialog).getByLabelText('搜索菜单、按钮或接口'), { target: { value: 'no-such-node' } });
    await waitFor(() => expect(nodeNames(dialog)).toEqual([]), slow);
    expect(within(dialog).getByText('没有匹配的菜单、按钮或接口')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('搜索菜单、按钮或接口'), { target: { value: '' } });
    await waitFor(() => expect(nodeNames(dialog)).toContain('首页'), slow);
    expect(within(dialog).queryByText('没有匹配的菜单、按钮或接口')).not.toBeInTheDocument();
  });

  it('opens the way to what a search typed while the tree loaded finds, once the tree arrives', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Answered by the real app once released: a resolver that returns nothing hands the call on.
    server.use(http.get('*/base/admin/permission/tree', async () => void (await held)));
    renderResourceList(bridge.token, roleResource, { dialogs });
    await screen.findByText('审计员', {}, slow);
    await waitFor(() => expect(buttons('授权')).toHaveLength(3), slow);
    await user().click(buttons('授权')[1]!);
    const dialog = await findDialog();
    fireEvent.change(within(dialog).getByLabelText('搜索菜单、按钮或接口'), { target: { value: 'vaildkey' } });
    release();
    await waitFor(() => expect(nodeNames(dialog)).toEqual(['系统管理', '参数配置', '新增', 'vaildKey']), slow);
  });

  it("names the types of a tree in reading B as that reading does (top-level directory, directory)", async () => {
    // The sales role's sub-system, emptied, turned to reading B and given a tree in it.
    const { crmAppId, nodes } = fixture.current;
    await bridge.call('GET', '/base/admin/permission/delete', { query: { ids: String(nodes['crm:客户']) } });
    const crm = await bridge.call<Record<string, unknown>>('GET', '/base/admin/app/detail', { query: { id: crmAppId } });
    await bridge.save('/base/admin/app', { ...crm, menuReading: 'B' });
    await saveTree(bridge, crmAppId, [
      { name: '服务中心', menuType: MenuType.HOME, path: '/service', url: 'service', kids: [{ name: '工单管理', menuType: MenuType.MENU, path: '/service/tickets', url: 'tickets', kids: [{ name: '查询', menuType: MenuType.PAGE_ELEMENT, code: 'tickets:list' }] }] },
    ]);
    const dialog = await openGrant(2);
    expect(nodeNames(dialog)).toEqual(['服务中心', '工单管理', '查询']);
    await waitFor(() => expect(within(dialog).getByText('顶级目录')).toBeInTheDocument(), slow);
    expect(within(dialog).getByText('目录')).toBeInTheDocument();
    expect(within(dialog).queryByText('首页')).not.toBeInTheDocument();
  });

  it('asks for the tree of the role\'s own app, in English too', async () => {
    setLocale('en-US');
    const dialog = await openGrant(2, 'Authorize');
    expect(within(dialog).getByText('Authorise · 销售')).toBeInTheDocument();
    expect(bridge.requests.find((r) => r.path.endsWith('/permission/tree'))?.query).toEqual({ appId: String(fixture.current.crmAppId), roleId: String(fixture.current.roles.sales) });
    expect(nodeNames(dialog)).toEqual(['客户', '客户列表', '查询']);
    expect(within(dialog).getAllByText('Navigation')).toHaveLength(1);
    expect(checkState(dialog, '查询')).toBe('unchecked');
  });

  it('keeps the boxes as checked when someone else changed the grants meanwhile, and "keep mine" saves over their version', async () => {
    const dialog = await openGrant(1);
    toggle(dialog, '删除');
    // Another administrator takes 新增 away meanwhile, naming no version.
    const { roles, auditorAppId } = fixture.current;
    const theirs = idsOf('系统管理', '参数配置', '查询', 'list', 'detail');
    await bridge.call('POST', '/base/admin/rolePermission/save', { body: { appId: auditorAppId, roleId: roles.auditor, permissionIds: theirs } });
    await confirm(dialog);

    const alert = await within(dialog).findByRole('alert', {}, slow);
    expect(within(alert).getByText('保存前已有他人修改了这条记录')).toBeInTheDocument();
    const rows = within(within(alert).getByRole('table'))
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([['授权节点', '−新增、−saveOrUpdate', '+删除、+delete']]);
    expect(checkState(dialog, '删除')).toBe('checked');

    await user().click(button('保留我的', alert));
    await screen.findByText('授权成功', {}, slow);
    expect(saves().at(-1)!.body).toMatchObject({ version: 2 });
    expect(await auditorHolds()).toEqual(idsOf('系统管理', '参数配置', '查询', 'list', 'detail', '新增', 'saveOrUpdate', '删除', 'delete').split(',').map(Number).sort((a, b) => a - b));
  });
});
