/**
 * Bulk actions on the person list (resources/user/UserPage.tsx, StaffBulkConfirm.tsx) against the
 * real handlers: three checked members disabled in one call, the department set on checked members
 * after its input was checked (a member a save would refuse listed, nothing saved), and only the actions whose page elements the caller holds offered.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { button, buttons, findDialog } from '../generic/dom';
import { renderUserPage, saveStaff, sent, setUpUserApi, signInWith, slow, user } from './harness';
import { staffRecord } from './staffFixtures';

vi.setConfig({ testTimeout: 60000 });
const api = setUpUserApi();

function checkboxOf(name: string): HTMLInputElement {
  const row = [...document.querySelectorAll<HTMLElement>('table[aria-label="人员列表"] tbody tr.ant-table-row')].find((tr) => [...tr.querySelectorAll('td')].some((td) => td.textContent === name));
  const box = row?.querySelector<HTMLInputElement>('td.ant-table-selection-column input[type="checkbox"]');
  if (!box) throw new Error(`No check box for ${name}`);
  return box;
}
const bar = () => document.querySelector<HTMLElement>('.generic-bulk');
const stored = (id: number) => api.current.bridge.db.selectFrom('user').select(['isEnable', 'officeId']).where('id', '=', id).executeTakeFirstOrThrow();

async function saveWangWu(): Promise<number> {
  const id = await saveStaff(api.current.bridge, staffRecord({ name: '王五', code: 'ww003', telephone: '13800000003', card: '110105194912310038', officeId: api.current.office['市场部']! }));
  api.current.staff['王五'] = id;
  return id;
}

describe('bulk actions of the person list', () => {
  it('disables three checked members in one call, says how many, clears the selection and reloads', async () => {
    await saveWangWu();
    // 李四 starts disabled: enabled first, so all three change.
    await api.current.bridge.db.updateTable('user').set({ isEnable: '1' }).where('id', '=', api.current.staff['李四']!).execute();
    renderUserPage(api.current);
    await screen.findByText('ww003', {}, slow);
    for (const name of ['王五', '张三', '李四']) await user().click(checkboxOf(name));
    await waitFor(() => expect(bar()!.textContent).toContain('已选 3 项'), slow);

    await user().click(button('批量停用'));
    const dialog = await findDialog();
    expect(dialog.textContent).toContain('将所选 3 条记录的“状态”设为“停用”？');
    expect(dialog.textContent).toContain('停用后他们将立即退出登录');
    const lists = sent(api.current, '/user/list').length;
    await user().click(button('确定', dialog));

    expect(await screen.findByText('已修改 3 条记录', {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(bar()).toBeNull(), slow);
    await waitFor(() => expect(sent(api.current, '/user/list').length).toBeGreaterThan(lists), slow);
    const { staff } = api.current;
    const call = sent(api.current, '/user/enable').at(-1)!;
    expect({ ...(call.body as object), ...call.query }).toMatchObject({ isEnable: '0' });
    expect(((call.body as { ids: number[] }).ids ?? []).slice().sort()).toEqual([staff['王五'], staff['张三'], staff['李四']].sort());
    for (const name of ['王五', '张三', '李四']) expect((await stored(staff[name]!)).isEnable).toBe('0');
    // The signed-in administrator was not checked.
    expect((await api.current.bridge.db.selectFrom('user').select('isEnable').where('code', '=', 'admin').executeTakeFirstOrThrow()).isEnable).toBe('1');
  });

  it('sets the department of the checked members once one is picked, and lists a member a save would refuse', async () => {
    renderUserPage(api.current);
    await screen.findByText('zs001', {}, slow);
    await user().click(checkboxOf('张三'));
    await user().click(checkboxOf('李四'));
    await user().click(await waitFor(() => button('批量设置部门'), slow));
    let dialog = await findDialog();
    expect(dialog.textContent).toContain('将所选 2 条记录的“部门”设为：');

    await user().click(button('确定', dialog));
    expect(await within(dialog).findByText('请选择或填写部门', {}, slow)).toBeInTheDocument();
    expect(sent(api.current, '/user/bulkUpdate')).toHaveLength(0);

    await user().click(within(dialog).getByLabelText('部门'));
    await user().click(await screen.findByTitle('市场部', {}, slow));
    await user().click(button('确定', dialog));
    // 李四's record lacks its census address: a save of it would be refused, so nothing is saved.
    const refusal = await within(dialog).findByRole('alert', {}, slow);
    expect(refusal.textContent).toContain('1 条记录未能修改，均未保存');
    expect(refusal.textContent).toMatch(/李四: \S/);
    expect(refusal.textContent).not.toContain('张三:');
    const { staff, office } = api.current;
    expect((await stored(staff['张三']!)).officeId).toBe(office['研发部']);
    await user().click(button('取消', dialog));

    await user().click(checkboxOf('李四'));
    await waitFor(() => expect(bar()!.textContent).toContain('已选 1 项'), slow);
    await user().click(button('批量设置部门'));
    dialog = await findDialog();
    await waitFor(() => expect(dialog.textContent).toContain('将所选 1 条记录的“部门”设为：'), slow);
    await user().click(within(dialog).getByLabelText('部门'));
    await user().click(await screen.findByTitle('市场部', {}, slow));
    await user().click(button('确定', dialog));
    expect(await screen.findByText('已修改 1 条记录', {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(bar()).toBeNull(), slow);
    expect(sent(api.current, '/user/bulkUpdate').at(-1)!.body).toEqual({ ids: [staff['张三']], values: { officeId: office['市场部'] } });
    expect((await stored(staff['张三']!)).officeId).toBe(office['市场部']);
    expect((await stored(staff['李四']!)).officeId).toBeNull();
  });

  it('offers only the bulk actions the caller holds', async () => {
    await signInWith(api, (code) => code === 'user:list' || code === 'user:delete');
    renderUserPage(api.current);
    await screen.findByText('zs001', {}, slow);
    await user().click(checkboxOf('李四'));
    await waitFor(() => expect(bar()!.textContent).toContain('已选 1 项'), slow);
    expect(buttons('删除所选')).toHaveLength(1);
    expect(buttons('批量停用')).toHaveLength(0);
    expect(buttons('批量启用')).toHaveLength(0);
    expect(buttons('批量设置部门')).toHaveLength(0);
  });

  it('shows no check boxes to a caller holding none of the bulk actions', async () => {
    await signInWith(api, (code) => code === 'user:list' || code === 'user:edit');
    renderUserPage(api.current);
    await screen.findByText('zs001', {}, slow);
    expect(document.querySelectorAll('td.ant-table-selection-column')).toHaveLength(0);
  });
});
