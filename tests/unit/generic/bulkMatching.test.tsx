/**
 * Bulk actions on every row a list's filters match (resources/generic/BulkBar.tsx, useBulkSelection.ts)
 * and a field set to a typed value (ListBulkConfirm.tsx), against the real handlers. "All matching"
 * is offered only with the whole page checked and more rows than the page; it sends the list's own
 * parameters and the count shown; a refused row is listed and nothing is saved, as when the count
 * changed since it was shown (the bar then shows the new one); past the limit the
 * bar asks to narrow the filter instead. A field's input checks its rule before anything is sent.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { choice, digits, requiredText, text } from '../../../contract';
import { defineEntity } from '../../../contract/entity';
import { defineResource } from '../../../resources/define';
import { resourceDefinitions } from '../../../resources/registry';
import { roleResource } from '../../../resources/role/definition';
import { BulkBar } from '../../../resources/generic/BulkBar';
import { renderInConsole } from '../renderInConsole';
import { button, buttons, findDialog } from './dom';
import { renderResourceList, setUpBridge } from './harness';
import { setUpRoleFixture } from './roleHarness';

const gadget = defineResource({
  name: 'gadget',
  entity: defineEntity({
    fields: {
      name: requiredText(text('名称', 'Name'), 20),
      size: choice(text('尺寸', 'Size'), [
        { value: 1, label: text('小', 'Small') },
        { value: 2, label: text('中', 'Medium') },
        { value: 3, label: text('大', 'Large') },
      ]),
      quantity: digits(text('数量', 'Quantity'), 3),
    },
    unique: { fields: ['name'], duplicate: text('名称不可以重复', 'This name already exists') },
  }),
  table: 'gadget',
  title: text('小物件', 'Gadgets'),
  menu: { navigation: 'tools', sort: 94, icon: 'filetext', path: '/tools/gadget' },
  paging: 'pageNo',
  search: ['name'],
  bulk: ['size', 'quantity'],
  sort: [['name', 'asc']],
  columns: [{ field: 'name' }, { field: 'size' }, { field: 'quantity' }],
  form: [{ field: 'name' }, { field: 'size', widget: 'select' }, { field: 'quantity', widget: 'number' }],
});

vi.setConfig({ testTimeout: 60000 });
const bridge = setUpBridge({ definitions: [...resourceDefinitions, gadget] });
const fixture = setUpRoleFixture(bridge);
const slow = { timeout: 10000 };

const rowCheckboxes = () => [...document.querySelectorAll<HTMLInputElement>('tbody tr.ant-table-row td.ant-table-selection-column input[type="checkbox"]')];
const pageCheckbox = () => document.querySelector<HTMLInputElement>('thead th.ant-table-selection-column input[type="checkbox"]')!;
const bar = () => document.querySelector<HTMLElement>('.generic-bulk');
const isEnabled = async (name: string) => String((await bridge.db.selectFrom('role').select('isEnable').where('name', '=', name).executeTakeFirstOrThrow()).isEnable);

/** Twelve more roles, bulk-01 … bulk-12: fifteen in all, ten a page. */
async function saveManyRoles() {
  for (let i = 1; i <= 12; i += 1) {
    const n = String(i).padStart(2, '0');
    await bridge.save('/base/admin/role', { sortNum: 10 + i, roleKey: `bulk${n}`, name: `bulk-${n}`, appId: fixture.current.baseAppId, roleType: 2, isEnable: '1', description: null });
  }
}

async function searchRoles(user: ReturnType<typeof userEvent.setup>, name: string) {
  const input = screen.getByLabelText('角色名称');
  await user.clear(input);
  if (name) await user.type(input, name);
  await user.click(button('查询'));
}

describe('bulk actions on every matching row', () => {
  it('is offered only with the whole page checked and more rows matching, and sends the list’s parameters with the count', async () => {
    await saveManyRoles();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderResourceList(bridge.token, roleResource);
    await waitFor(() => expect(rowCheckboxes()).toHaveLength(10), slow);

    // One row checked: no offer.
    await user.click(rowCheckboxes()[0]!);
    await waitFor(() => expect(bar()!.textContent).toContain('已选 1 项'), slow);
    expect(buttons('选择全部 15 条匹配记录')).toHaveLength(0);

    // Nine rows match and all are on the page: no offer either.
    await searchRoles(user, 'bulk-0');
    await waitFor(() => expect(rowCheckboxes()).toHaveLength(9), slow);
    await user.click(pageCheckbox());
    await waitFor(() => expect(bar()!.textContent).toContain('已选 9 项'), slow);
    expect(bar()!.textContent).not.toContain('匹配记录');

    // Twelve match, ten shown and checked: offered.
    await searchRoles(user, 'bulk');
    await waitFor(() => expect(screen.getByText('共 12 条')).toBeInTheDocument(), slow);
    // The nine checked rows are still shown and checked; the tenth completes the page.
    await waitFor(() => expect(rowCheckboxes().filter((box) => box.checked)).toHaveLength(9), slow);
    expect(bar()!.textContent).not.toContain('匹配记录');
    await user.click(rowCheckboxes()[9]!);
    await user.click(await waitFor(() => button('选择全部 12 条匹配记录'), slow));
    expect(bar()!.textContent).toContain('已选全部 12 条匹配记录');

    await user.click(button('批量停用'));
    const dialog = await findDialog();
    expect(dialog.textContent).toContain('将筛选出的全部 12 条记录的“状态”设为“停用”？');
    // The role definition's save step previews every matching row (read into ids by the list's own call) first.
    await waitFor(() => expect(button('确定', dialog)).toBeEnabled(), slow);
    const preview = bridge.requests.findLast((r) => r.path.endsWith('/grantPreview'));
    expect((preview?.body as { roleIds: number[] }).roleIds).toHaveLength(12);
    await user.click(button('确定', dialog));
    await waitFor(() => expect(bar()).toBeNull(), slow);
    const call = bridge.requests.findLast((r) => r.path.endsWith('/role/bulkUpdate'));
    expect(call?.body).toEqual({ match: { name: 'bulk' }, expected: 12, values: { isEnable: '0' }, grantsVersion: expect.any(Number) });
    for (const name of ['bulk-01', 'bulk-10', 'bulk-12']) expect(await isEnabled(name)).toBe('0');
    expect(await isEnabled('审计员')).toBe('1');
  });

  it('lists a refused row with the server’s reason and saves none of the matching rows', async () => {
    await saveManyRoles();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderResourceList(bridge.token, roleResource);
    await waitFor(() => expect(rowCheckboxes()).toHaveLength(10), slow);
    await user.click(pageCheckbox());
    await user.click(await waitFor(() => button('选择全部 15 条匹配记录'), slow));
    await user.click(button('批量停用'));
    const dialog = await findDialog();
    expect(dialog.textContent).toContain('将筛选出的全部 15 条记录的“状态”设为“停用”？');
    // The preview of the 15 switches is refused as the save would be: the refusal is shown before any save.
    const refusal = await within(dialog).findByRole('alert', {}, slow);
    expect(refusal.textContent).toContain('超级管理员: 超级管理员角色不能停用');
    expect(button('确定', dialog)).toBeDisabled();
    expect((bridge.requests.findLast((r) => r.path.endsWith('/grantPreview'))?.body as { roleIds: number[] }).roleIds).toHaveLength(15);
    expect(bridge.requests.filter((r) => r.path.endsWith('/role/bulkUpdate'))).toHaveLength(0);
    expect(await isEnabled('审计员')).toBe('1');
    expect(await isEnabled('bulk-12')).toBe('1');
  });

  it('says when the matching rows changed since they were counted, writes nothing, and shows the new count', async () => {
    await saveManyRoles();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderResourceList(bridge.token, roleResource);
    await searchRoles(user, 'bulk');
    await waitFor(() => expect(screen.getByText('共 12 条')).toBeInTheDocument(), slow);
    await user.click(pageCheckbox());
    await user.click(await waitFor(() => button('选择全部 12 条匹配记录'), slow));
    // Someone adds a matching role meanwhile.
    await bridge.save('/base/admin/role', { sortNum: 30, roleKey: 'bulk13', name: 'bulk-13', appId: fixture.current.baseAppId, roleType: 2, isEnable: '1', description: null });
    await user.click(button('批量停用'));
    const dialog = await findDialog();
    await waitFor(() => expect(button('确定', dialog)).toBeEnabled(), slow);
    await user.click(button('确定', dialog));
    const refusal = await within(dialog).findByRole('alert', {}, slow);
    expect(refusal.textContent).toContain('筛选结果已变为 13 条（确认时为 12 条），未做任何修改，请重新确认');
    expect(await isEnabled('bulk-01')).toBe('1');
    // The list is read again: the bar offers the new count.
    await waitFor(() => expect(bar()!.textContent).toContain('已选全部 13 条匹配记录'), slow);
  });

  it('deletes every matching row in one call once asked, naming how many', async () => {
    await saveManyRoles();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderResourceList(bridge.token, roleResource);
    await searchRoles(user, 'bulk');
    await waitFor(() => expect(screen.getByText('共 12 条')).toBeInTheDocument(), slow);
    await user.click(pageCheckbox());
    await user.click(await waitFor(() => button('选择全部 12 条匹配记录'), slow));
    await user.click(button('删除所选'));
    const dialog = await findDialog();
    expect(dialog.textContent).toContain('您确认删除筛选出的全部 12 条记录吗？');
    await user.click(button('确定', dialog));
    expect(await screen.findByText('已删除 12 条记录', {}, slow)).toBeInTheDocument();
    expect(bridge.requests.findLast((r) => r.path.endsWith('/role/delete'))?.body).toEqual({ match: { name: 'bulk' }, expected: 12 });
    const left = await bridge.db.selectFrom('role').select('name').orderBy('sortNum').execute();
    expect(left.map((role) => role.name)).toEqual(['超级管理员', '审计员', '销售']);
  });

  it('asks to narrow the filter instead of offering more rows than one action takes', async () => {
    renderInConsole(<BulkBar count={10} matching={{ total: 10_001, isAll: false, onSelectAll: vi.fn() }} canDelete setActions={[]} onDelete={vi.fn()} onSet={vi.fn()} onClear={vi.fn()} />, {
      token: bridge.token,
      path: '/system/role',
      resource: { name: 'role', label: '角色管理' },
    });
    await waitFor(() => expect(bar()!.textContent).toContain('筛选结果有 10001 条，批量操作最多 10000 条，请缩小范围'), slow);
    expect(buttons('选择全部 10001 条匹配记录')).toHaveLength(0);
  });
});

describe('setting a field on the checked rows', () => {
  it('asks for the value with the field’s own input, checks its rule, then sets it', async () => {
    const ids: number[] = [];
    for (const name of ['alpha', 'beta', 'gamma']) ids.push((await bridge.save<{ id: number }>('/base/admin/gadget', { name, size: 1, quantity: 1 })).id);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderResourceList(bridge.token, gadget);
    await waitFor(() => expect(rowCheckboxes()).toHaveLength(3), slow);
    await user.click(rowCheckboxes()[0]!);
    await user.click(rowCheckboxes()[2]!);
    // The three-option choice and the number are set by a value; no two-option buttons.
    await waitFor(() => expect(buttons('批量设置数量')).toHaveLength(1), slow);
    expect(buttons('批量设置尺寸')).toHaveLength(1);
    await user.click(button('批量设置数量'));
    const dialog = await findDialog();
    expect(dialog.textContent).toContain('将所选 2 条记录的“数量”设为：');
    const input = await within(dialog).findByLabelText('数量', {}, slow);

    const before = bridge.requests.length;
    await user.click(button('确定', dialog));
    expect(await within(dialog).findByText('请选择或填写数量', {}, slow)).toBeInTheDocument();
    await user.type(input, '1234');
    await user.click(button('确定', dialog));
    await waitFor(() => expect(dialog.querySelector('.ant-form-item-explain-error')?.textContent).toMatch(/3/), slow);
    expect(bridge.requests.slice(before).some((r) => r.path.endsWith('/gadget/bulkUpdate'))).toBe(false);

    await user.clear(input);
    await user.type(input, '42');
    await user.click(button('确定', dialog));
    await waitFor(() => expect(bar()).toBeNull(), slow);
    expect(bridge.requests.findLast((r) => r.path.endsWith('/gadget/bulkUpdate'))?.body).toEqual({ ids: [ids[0], ids[2]], values: { quantity: 42 } });
    const { items } = await bridge.call<{ items: Array<{ name: string; quantity: number }> }>('GET', '/base/admin/gadget/list', { query: { pageNo: 1, pageSize: 10 } });
    expect(items.map(({ name, quantity }) => ({ name, quantity }))).toEqual([
      { name: 'alpha', quantity: 42 },
      { name: 'beta', quantity: 1 },
      { name: 'gamma', quantity: 42 },
    ]);
  });
});
