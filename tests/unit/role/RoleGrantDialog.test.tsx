import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Code } from '../../../contract/codes';
import type { PermissionNode } from '../../../contract/menu';
import { CRM_APP_ID, permissionTrees } from '../../../mocks/roleFixtures';
import { dialogs } from '../../../resources/dialogs';
import { findResource } from '../../../resources/registry';
import { setLocale } from '../../../src/i18n';
import { button, buttons, findDialog, isDialogOpen } from '../generic/dom';
import { renderResourceList } from '../generic/harness';
import { replaceRoleApi, setUpRoleApi } from '../generic/roleHarness';
import { checkState, hasNode, nodeNames, toggle } from './treeDom';

const roleResource = findResource('role')!;

vi.setConfig({ testTimeout: 60000 });
const apis = setUpRoleApi(roleResource);
const slow = { timeout: 10000 };
const user = () => userEvent.setup({ pointerEventsCheck: 0 });

// antd's toasts outlive a test's render: none may leak into the next test.
afterEach(async () => (await import('antd/es/message')).default.destroy());

/** Opens the authorisation dialog of the n-th row (0 超级管理员, 1 审计员, 2 销售) once its tree shows. */
async function openGrant(row: number, label = '授权') {
  renderResourceList(apis.api, roleResource, { dialogs });
  await screen.findByText('审计员', {}, slow);
  await waitFor(() => expect(buttons(label)).toHaveLength(3), slow);
  await user().click(buttons(label)[row]!);
  const dialog = await findDialog();
  await waitFor(() => expect(dialog.querySelector('.ant-tree')).not.toBeNull(), slow);
  return dialog;
}

const saves = () => apis.api.state.requests.filter((r) => r.path.endsWith('/rolePermission/save'));

describe('role authorisation dialog', () => {
  it("shows the role's app tree with type tags and API addresses, pre-checked from its grants", async () => {
    const dialog = await openGrant(1);
    expect(within(dialog).getByText('角色授权 · 审计员')).toBeInTheDocument();
    const tree = apis.api.state.requests.find((r) => r.path.endsWith('/permission/tree'));
    expect(tree?.query).toEqual({ appId: '1', roleId: '2' });
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
    await user().click(button('确定', dialog));
    expect(await screen.findByText('授权成功', {}, slow)).toBeInTheDocument();
    expect(saves()).toHaveLength(1);
    expect(saves()[0]!.method).toBe('POST');
    expect(saves()[0]!.body).toEqual({ appId: 1, roleId: 2, permissionIds: '10,11,12,13,14,15,16,18,19' });
    expect([...apis.roles.state.grants.get(2)!]).toEqual([10, 11, 12, 13, 14, 15, 16, 18, 19]);
    await waitFor(() => expect(isDialogOpen()).toBe(false), slow);
  });

  it('keeps the grants as they were when confirmed untouched', async () => {
    const dialog = await openGrant(1);
    await user().click(button('确定', dialog));
    await screen.findByText('授权成功', {}, slow);
    expect(saves()[0]!.body).toEqual({ appId: 1, roleId: 2, permissionIds: '10,11,12,13,14,15,16' });
  });

  it("shows the server's refusal and keeps the dialog open", async () => {
    replaceRoleApi(apis, { refusals: { 2: { code: Code.FORBIDDEN, msg: '不能授予您自己没有的权限' } } }, roleResource);
    const dialog = await openGrant(1);
    toggle(dialog, '首页');
    await user().click(button('确定', dialog));
    expect(await screen.findByText('不能授予您自己没有的权限', {}, slow)).toBeInTheDocument();
    expect(screen.queryByText('授权成功')).not.toBeInTheDocument();
    expect(isDialogOpen()).toBe(true);
    expect(apis.roles.state.grants.get(2)!.has(20)).toBe(false);
  });

  it('shows the super-admin role read-only with the reason, offering no confirm', async () => {
    const dialog = await openGrant(0);
    expect(within(dialog).getByText('超级管理员角色拥有全部权限，不能修改')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /确\s*定/ })).not.toBeInTheDocument();
    expect(within(dialog).getAllByRole('checkbox').every((box) => box.getAttribute('aria-disabled') === 'true')).toBe(true);
  });

  it('filters the tree by name or address', async () => {
    const dialog = await openGrant(1);
    fireEvent.change(within(dialog).getByLabelText('搜索菜单、按钮或接口'), { target: { value: 'vaildkey' } });
    await waitFor(() => expect(nodeNames(dialog)).toEqual(['系统管理', '参数配置', '新增', 'vaildKey']), slow);
    fireEvent.change(within(dialog).getByLabelText('搜索菜单、按钮或接口'), { target: { value: '' } });
    await waitFor(() => expect(nodeNames(dialog)).toContain('首页'), slow);
  });

  it("names the types of a tree in reading B as that reading does (top-level directory, directory)", async () => {
    const node = (id: number, name: string, menuType: number, children: PermissionNode[] = []): PermissionNode =>
      ({ id, parentId: 0, appId: CRM_APP_ID, name, sort: 1, path: '', url: '', icon: '', code: '', menuType, children }) as PermissionNode;
    const treeB = [node(30, '服务中心', 5, [node(31, '工单管理', 4, [node(32, '查询', 1)])])];
    replaceRoleApi(apis, { trees: { ...permissionTrees(), [CRM_APP_ID]: treeB } });
    const crm = apis.api.state.rows.get('app')!.find((app) => app.id === CRM_APP_ID)!;
    crm.menuReading = 'B';
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
    expect(apis.api.state.requests.find((r) => r.path.endsWith('/permission/tree'))?.query).toEqual({ appId: '2', roleId: '3' });
    expect(nodeNames(dialog)).toEqual(['客户', '客户列表', '查询']);
    expect(within(dialog).getAllByText('Navigation')).toHaveLength(1);
    expect(checkState(dialog, '查询')).toBe('unchecked');
  });
});
