import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buttonIn, checkbox, dialog, grantOnly, noDialog, renderMemberPage, requestsTo, section, setUpOfficeApi, slow, user } from './harness';

const apis = setUpOfficeApi();
const office = (name: string) => apis.current.office[name]!;
const staff = (...names: string[]) => names.map((name) => apis.current.staff[name]!).join(',');

const tree = () => section('部门与小组');
const members = () => section('成员');
const node = (name: string) => within(tree()).findByText(name, { selector: '.office-tree__name' }, slow);
const button = (name: RegExp) => buttonIn(members(), name);
const row = (name: string, container = members()) => within(container).getByText(name).closest('tr') as HTMLElement;
const supervisorSwitch = (name: string) => within(members()).getByLabelText(`${name} 是否主管`);

async function openDepartment(name: string, firstMember: string) {
  renderMemberPage(apis.current);
  await user().click(await node(name));
  await within(members()).findByText(firstMember, {}, slow);
}

describe('organisation directory', () => {
  it('shows departments with their groups, and keeps add and remove disabled until a node and rows are chosen', async () => {
    renderMemberPage(apis.current);
    expect(await node('研发部')).toBeInTheDocument();
    expect(await node('前端组')).toBeInTheDocument();
    expect(await node('市场部')).toBeInTheDocument();
    expect(within(members()).getByText('请先在左侧选择部门或小组')).toBeInTheDocument();
    expect(button(/添加成员/)).toBeDisabled();
    expect(button(/移除成员/)).toBeDisabled();
    // Exporting needs a node to export the members of.
    expect(within(members()).queryByRole('button', { name: /导\s*出/ })).not.toBeInTheDocument();
    expect(requestsTo(apis.current, '/user/list')).toHaveLength(0);

    await user().click(await node('研发部'));
    expect(await within(members()).findByText('张三', {}, slow)).toBeInTheDocument();
    expect(within(members()).getByText('李四')).toBeInTheDocument();
    // A department's members include its groups', each row naming its group.
    expect(within(row('王五')).getByText('前端组')).toBeInTheDocument();
    expect(within(members()).getByText('研发部 及其小组的成员')).toBeInTheDocument();
    expect(within(members()).getByText('13800000011')).toBeInTheDocument();
    expect(requestsTo(apis.current, '/user/list').at(-1)?.body).toEqual({ officeId: office('研发部'), pageNo: 1, pageSize: 10 });
    expect(button(/添加成员/)).toBeEnabled();
    expect(button(/移除成员/)).toBeDisabled();
    expect(button(/导\s*出/)).toBeEnabled();

    await user().click(checkbox(row('张三')));
    expect(button(/移除成员/)).toBeEnabled();
  });

  it('asks before removing, naming the members with their count, then removes them and reloads', async () => {
    await openDepartment('研发部', '张三');
    await user().click(checkbox(row('张三')));
    await user().click(checkbox(row('李四')));
    await user().click(button(/移除成员/));

    const confirm = await dialog();
    expect(within(confirm).getByText('确认移除 张三、李四 共2人吗？')).toBeInTheDocument();
    await user().click(buttonIn(confirm, /确\s*定/));

    expect(await screen.findByText('移除成功', {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(within(members()).queryByText('张三')).not.toBeInTheDocument(), slow);
    expect(within(members()).queryByText('李四')).not.toBeInTheDocument();
    expect(requestsTo(apis.current, '/office/remove/user').map((r) => r.query)).toEqual([{ ids: staff('张三', '李四') }]);
    expect(button(/移除成员/)).toBeDisabled();
  });

  it('chooses every member of the page from the header box, which shows a partial choice', async () => {
    await openDepartment('研发部', '张三');
    // Named by antd's locale (全选当页 in the console); the test renders without the shell's locale.
    const all = members().querySelector<HTMLInputElement>('th input[type="checkbox"]')!;
    expect(all.getAttribute('aria-label')).toBeTruthy();
    await user().click(all);
    expect(checkbox(row('张三'))).toBeChecked();
    expect(checkbox(row('李四'))).toBeChecked();
    expect(checkbox(row('王五'))).toBeChecked();
    expect(within(members()).getByText('已选 3 人')).toBeInTheDocument();

    await user().click(checkbox(row('张三')));
    expect(all).toBePartiallyChecked();
    expect(within(members()).getByText('已选 2 人')).toBeInTheDocument();
    await user().click(all);
    expect(all).toBeChecked();
    await user().click(all);
    expect(all).not.toBeChecked();
    expect(checkbox(row('李四'))).not.toBeChecked();
    expect(button(/移除成员/)).toBeDisabled();
  });

  it('sends nothing when the removal is cancelled', async () => {
    await openDepartment('研发部', '张三');
    await user().click(checkbox(row('李四')));
    await user().click(button(/移除成员/));
    const confirm = await dialog();
    expect(within(confirm).getByText('确认移除 李四 共1人吗？')).toBeInTheDocument();
    await user().click(buttonIn(confirm, /取\s*消/));
    await noDialog();
    expect(requestsTo(apis.current, '/office/remove/user')).toHaveLength(0);
    expect(within(members()).getByText('李四')).toBeInTheDocument();
  });

  it('toggles the supervisor flag with the member id and 1/0, then reloads', async () => {
    await openDepartment('研发部', '张三');
    expect(supervisorSwitch('张三')).not.toBeChecked();
    expect(supervisorSwitch('李四')).toBeChecked();

    await user().click(supervisorSwitch('张三'));
    expect(await screen.findByText('操作成功', {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(supervisorSwitch('张三')).toBeChecked(), slow);
    await user().click(supervisorSwitch('李四'));
    await waitFor(() => expect(supervisorSwitch('李四')).not.toBeChecked(), slow);
    expect(requestsTo(apis.current, '/office/update/officeAdminFlag').map((r) => r.query)).toEqual([
      { ids: staff('张三'), adminFlag: '1' },
      { ids: staff('李四'), adminFlag: '0' },
    ]);
  });

  it('adds members through the dialog: searches with searchKey, sends the node and the chosen ids', async () => {
    await openDepartment('前端组', '王五');
    await user().click(button(/添加成员/));
    const adding = await dialog();
    expect(within(adding).getByText('添加成员到“前端组”')).toBeInTheDocument();
    expect(await within(adding).findByText('孙七', {}, slow)).toBeInTheDocument();
    // Their current department shows, so a move is visible.
    expect(within(row('孙七', adding)).getByText('市场部')).toBeInTheDocument();
    const confirm = buttonIn(adding, /确\s*定/);
    expect(confirm).toBeDisabled();

    await user().click(within(adding).getByLabelText('搜索人员'));
    await user().paste('赵');
    await user().keyboard('{Enter}');
    await waitFor(() => expect(within(adding).queryByText('孙七')).not.toBeInTheDocument(), slow);
    expect(requestsTo(apis.current, '/user/filterList').at(-1)?.body).toEqual({ searchKey: '赵', pageNo: 1, pageSize: 10 });
    await user().click(checkbox(row('赵六', adding)));
    expect(confirm).toBeEnabled();
    await user().click(confirm);

    expect(await screen.findByText('添加成功', {}, slow)).toBeInTheDocument();
    await noDialog();
    expect(await within(members()).findByText('赵六', {}, slow)).toBeInTheDocument();
    expect(requestsTo(apis.current, '/office/add/user').map((r) => r.query)).toEqual([{ officeId: String(office('前端组')), ids: staff('赵六') }]);
  });

  it('shows only what the caller is granted', async () => {
    await grantOnly(apis, (code) => code === 'officeMember:list' || code === 'officeMember:addMember');
    await openDepartment('研发部', '张三');
    await waitFor(() => expect(button(/添加成员/)).toBeEnabled(), slow);
    expect(within(members()).queryByText('移除成员')).not.toBeInTheDocument();
    expect(within(members()).queryByRole('checkbox', { hidden: true })).not.toBeInTheDocument();
    expect(supervisorSwitch('张三')).toBeDisabled();
    expect(within(members()).queryByRole('button', { name: /导\s*出/ })).not.toBeInTheDocument();
  });
});
