import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataScope } from '../../../contract/dataScope';
import { dialogs } from '../../../resources/dialogs';
import { findResource } from '../../../resources/registry';
import { button, buttons, findDialog } from '../generic/dom';
import { renderResourceList, setUpBridge } from '../generic/harness';
import { setUpRoleFixture } from '../generic/roleHarness';

const roleResource = findResource('role')!;

vi.setConfig({ testTimeout: 60000 });
const bridge = setUpBridge();
const fixture = setUpRoleFixture(bridge, { ownApp: true });
const slow = { timeout: 10000 };
const user = () => userEvent.setup({ pointerEventsCheck: 0 });

afterEach(async () => (await import('antd/es/message')).default.destroy());

/** A department 研发部 with the group 前端组, once per test (names are unique among siblings). */
async function offices(): Promise<{ department: number; group: number }> {
  const existing = await bridge.db.selectFrom('office').select('id').where('name', '=', '研发部').executeTakeFirst();
  const department = existing?.id ?? (await bridge.db.insertInto('office').values({ type: 1, parentId: 0, name: '研发部', remark: null, createTime: Date.now() }).returning('id').executeTakeFirstOrThrow()).id;
  const group = await bridge.db.selectFrom('office').select('id').where('name', '=', '前端组').executeTakeFirst();
  return { department, group: group?.id ?? (await bridge.db.insertInto('office').values({ type: 2, parentId: department, name: '前端组', remark: null, createTime: Date.now() }).returning('id').executeTakeFirstOrThrow()).id };
}

/** Opens the data scope dialog of the n-th row (0 超级管理员, 1 审计员, 2 销售) once its radios show. */
async function openScope(row: number) {
  renderResourceList(bridge.token, roleResource, { dialogs });
  await screen.findByText('审计员', {}, slow);
  await waitFor(() => expect(buttons('数据权限')).toHaveLength(3), slow);
  await user().click(buttons('数据权限')[row]!);
  const dialog = await findDialog();
  await waitFor(() => expect(dialog.querySelectorAll('input[type="radio"]')).toHaveLength(5), slow);
  return dialog;
}

const radio = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText<HTMLInputElement>(label);
const saves = () => bridge.requests.filter((r) => r.path.endsWith('/roleDataScope/save'));
const treeNode = (dialog: HTMLElement, name: string) => [...dialog.querySelectorAll('.ant-tree-treenode')].find((node) => node.textContent === name)!;

describe('role data scope dialog', () => {
  it('offers the five scopes, reads the role’s and saves the one chosen with the role’s version', async () => {
    const dialog = await openScope(1);
    expect(within(dialog).getByText('数据权限 · 审计员')).toBeInTheDocument();
    expect([...dialog.querySelectorAll('.ant-radio-wrapper')].map((r) => r.textContent)).toEqual(['全部数据', '指定部门', '本部门及下级小组', '仅本部门', '仅本人']);
    expect(radio(dialog, '全部数据').checked).toBe(true);
    await user().click(radio(dialog, '本部门及下级小组'));
    await user().click(button('保存', dialog));
    await screen.findByText('数据范围已保存', {}, slow);
    expect(saves().at(-1)!.body).toEqual({ roleId: fixture.current.roles.auditor, dataScope: DataScope.DEPARTMENT_TREE, officeIds: [], version: expect.any(Number) });
    const stored = await bridge.db.selectFrom('roleDataScope').select('dataScope').where('roleId', '=', fixture.current.roles.auditor).executeTakeFirst();
    expect(stored?.dataScope).toBe(DataScope.DEPARTMENT_TREE);
  });

  it('chosen departments: refused empty in the form, a department takes its groups, and someone else’s change meanwhile is shown beside mine', async () => {
    const { department } = await offices();
    const dialog = await openScope(1);
    await user().click(radio(dialog, '指定部门'));
    await waitFor(() => expect(treeNode(dialog, '前端组')).toBeDefined(), slow);
    await user().click(button('保存', dialog));
    expect(await within(dialog).findByText('请选择数据范围部门', {}, slow)).toBeInTheDocument();
    expect(saves()).toHaveLength(0);

    await user().click(treeNode(dialog, '研发部').querySelector('.ant-tree-checkbox')!);
    const groupBox = treeNode(dialog, '前端组').querySelector('.ant-tree-checkbox')!;
    expect(groupBox.className).toContain('ant-tree-checkbox-checked');
    expect(groupBox.className).toContain('ant-tree-checkbox-disabled');
    expect(within(dialog).getByText('已选 1 / 50 个')).toBeInTheDocument();

    // Another administrator sets "own department only" meanwhile, naming no version.
    await bridge.call('POST', '/base/admin/roleDataScope/save', { body: { roleId: fixture.current.roles.auditor, dataScope: DataScope.DEPARTMENT, officeIds: [] } });
    await user().click(button('保存', dialog));
    const alert = await within(dialog).findByRole('alert', {}, slow);
    const rows = within(within(alert).getByRole('table'))
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([['数据范围', '仅本部门', '指定部门']]);
    await user().click(button('保留我的', alert));
    await screen.findByText('数据范围已保存', {}, slow);
    expect(saves().at(-1)!.body).toMatchObject({ dataScope: DataScope.CHOSEN, officeIds: [department] });
    const stored = await bridge.db.selectFrom('roleScopeOffice').select('officeId').where('roleId', '=', fixture.current.roles.auditor).execute();
    expect(stored.map((row) => row.officeId)).toEqual([department]);
  });

  it('shows the super-admin role’s scope read-only', async () => {
    const dialog = await openScope(0);
    expect(within(dialog).getByText('超级管理员角色可查看和管理全部人员，数据范围不可修改')).toBeInTheDocument();
    expect(radio(dialog, '全部数据').checked).toBe(true);
    expect(radio(dialog, '仅本人').disabled).toBe(true);
    expect(buttons('保存', dialog).filter((b) => !b.closest('[hidden]') && b.style.display !== 'none')).toHaveLength(0);
    expect(buttons('关闭', dialog)).toHaveLength(1);
  });
});
