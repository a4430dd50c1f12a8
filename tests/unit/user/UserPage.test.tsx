import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../../server/auth/passwords';
import { setLocale } from '../../../src/i18n';
import { button, buttons, findDialog } from '../generic/dom';
import { bodyRows, renderUserPage, saveStaff, sent, server, setUpUserApi, signInWith, slow, user } from './harness';
import { staffRecord } from './staffFixtures';

const api = setUpUserApi();
const idOf = (name: string) => String(api.current.staff[name]);

/** The enable switch of a row (attribute lookup: role queries are slow in jsdom). */
function switchOf(name: string): HTMLElement {
  const found = document.querySelector<HTMLElement>(`[role="switch"][aria-label="启用${name}"]`);
  if (!found) throw new Error(`No switch for ${name}`);
  return found;
}

async function openList() {
  renderUserPage(api.current);
  await screen.findByText('zs001', {}, slow);
}

describe('person list', () => {
  it('shows the staff with role tags, census region names and -- for missing values', async () => {
    await openList();
    const headers = [...document.querySelectorAll('table[aria-label="人员列表"] thead th:not(.ant-table-selection-column)')].map((h) => h.textContent);
    expect(headers).toEqual(['序号', '员工编号', '姓名', '手机号', '性别', '身份证号', '户籍地址', '毕业院校', '专业', '部门', '关联角色', '启用', '操作']);
    const [first, second] = bodyRows();
    expect(first!.slice(0, 11)).toEqual(['1', 'zs001', '张三', '13800000001', '男', '330106199003070014', '浙江省 / 杭州市 / 西湖区 文三路 1 号', '浙江大学', '计算机', '研发部', '超级管理员运营']);
    expect(second!.slice(0, 11)).toEqual(['2', 'ls002', '李四', '13800000002', '女', '11010519491231002X', '--', '--', '计算机', '--', '--']);
    // Tags: 张三's and the administrator's.
    expect(screen.getAllByText('超级管理员', { selector: '.ant-tag' })).toHaveLength(2);
    expect(switchOf('张三')).toBeChecked();
    expect(switchOf('李四')).not.toBeChecked();
    // The seeded administrator is listed too, last.
    expect(bodyRows()[2]!.slice(1, 3)).toEqual(['admin', '超级管理员']);
    expect(screen.getByText('共 3 条')).toBeInTheDocument();
    expect(sent(api.current, '/user/list')[0]!.body).toEqual({ pageNo: 1, pageSize: 10 });
  });

  it('searches with the form’s values and Reset clears them', async () => {
    await openList();
    fireEvent.change(screen.getByLabelText('员工编号'), { target: { value: ' ls ' } });
    fireEvent.change(screen.getByLabelText('姓名'), { target: { value: '李' } });
    await user().click(button('查询'));
    await waitFor(() => expect(bodyRows()).toHaveLength(1), slow);
    expect(sent(api.current, '/user/list').at(-1)!.body).toEqual({ code: 'ls', name: '李', pageNo: 1, pageSize: 10 });

    // Role tags: the roles of /role/list, sent as a comma list.
    await user().click(screen.getByLabelText('角色标签'));
    await user().click(await screen.findByTitle('运营', {}, slow));
    await user().click(button('查询'));
    await waitFor(() => expect(sent(api.current, '/user/list').at(-1)!.body).toEqual({ code: 'ls', name: '李', roleIds: String(api.current.role['运营']), pageNo: 1, pageSize: 10 }), slow);
    await waitFor(() => expect(bodyRows()).toHaveLength(0), slow);

    await user().click(button('重置'));
    await waitFor(() => expect(bodyRows()).toHaveLength(3), slow);
    expect(sent(api.current, '/user/list').at(-1)!.body).toEqual({ pageNo: 1, pageSize: 10 });
    expect(screen.getByLabelText('员工编号')).toHaveValue('');
  });

  it('filters by department or group, picked from one searchable list', async () => {
    await openList();
    await user().click(screen.getByLabelText('部门'));
    await user().keyboard('前端');
    await user().click(await screen.findByTitle('研发部 / 前端组', {}, slow));
    expect(screen.queryByTitle('市场部')).not.toBeInTheDocument();
    await user().click(button('查询'));
    await waitFor(() => expect(sent(api.current, '/user/list').at(-1)!.body).toEqual({ officeId: api.current.office['前端组'], pageNo: 1, pageSize: 10 }), slow);
  });

  it('saves the switch at once, says so and reloads', async () => {
    await openList();
    const before = sent(api.current, '/user/list').length;
    await user().click(switchOf('李四'));
    expect(await screen.findByText('操作成功', {}, slow)).toBeInTheDocument();
    expect(sent(api.current, '/user/enable')[0]!.query).toEqual({ ids: idOf('李四'), isEnable: '1' });
    await waitFor(() => expect(sent(api.current, '/user/list').length).toBeGreaterThan(before), slow);
    await waitFor(() => expect(switchOf('李四')).toBeChecked(), slow);
  });

  it('reloads after a refused switch, which puts it back', async () => {
    // A refusal the server gives for the last super-administrator; 张三 is not, so it is answered before the real app.
    server.use(http.get('*/base/admin/user/enable', () => HttpResponse.json({ code: 1011, msg: '不能停用最后一个超级管理员', data: null }, { status: 409 })));
    const mock = api.current;
    renderUserPage(mock);
    await screen.findByText('zs001', {}, slow);
    const before = sent(mock, '/user/list').length;
    await user().click(switchOf('张三'));
    const question = await findDialog();
    expect(within(question).getByText('停用后“张三”将立即退出登录，且无法登录，直到重新启用。确定停用吗？')).toBeInTheDocument();
    expect(sent(mock, '/user/enable')).toHaveLength(0);
    await user().click(button('停用', question));
    expect(await screen.findByText('不能停用最后一个超级管理员', {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(sent(mock, '/user/list').length).toBeGreaterThan(before), slow);
    await waitFor(() => expect(switchOf('张三')).toBeChecked(), slow);
    expect(switchOf('张三')).not.toHaveClass('ant-switch-loading');
  });

  it('asks before deleting, deletes and reloads', async () => {
    await openList();
    await user().click(buttons('删除')[1]!);
    const dialog = await findDialog();
    expect(within(dialog).getByText('确认删除')).toBeInTheDocument();
    expect(within(dialog).getByText('您确认删除“李四”吗？')).toBeInTheDocument();
    await user().click(button('确定', dialog));
    expect(await screen.findByText('删除成功', {}, slow)).toBeInTheDocument();
    expect(sent(api.current, '/user/delete')[0]!.query).toEqual({ ids: idOf('李四') });
    await waitFor(() => expect(screen.queryByText('ls002')).not.toBeInTheDocument(), slow);
  });

  it('offers no disable, reset or delete on one\'s own row', async () => {
    // Signed in as 张三, who holds every grant.
    await api.current.bridge.db.updateTable('user').set({ mustChangePassword: 0 }).where('id', '=', api.current.staff['张三']!).execute();
    api.current.token = await api.current.bridge.tokenOf('zs001');
    renderUserPage(api.current);
    await screen.findByText('zs001', {}, slow);
    await waitFor(() => expect(buttons('删除')[0]).toBeDisabled(), slow);
    expect(buttons('重置密码')[0]).toBeDisabled();
    expect(switchOf('张三')).toBeDisabled();
    expect(buttons('删除')[1]).toBeEnabled();
    expect(switchOf('李四')).toBeEnabled();
  });

  it('resets a password after asking, and shows the password whose hash it sent', async () => {
    await openList();
    await user().click(buttons('重置密码')[0]!);
    const confirm = await findDialog();
    expect(within(confirm).getByText('确定重置张三的密码吗？')).toBeInTheDocument();
    expect(sent(api.current, '/user/resetPwd')).toHaveLength(0);
    await user().click(button('确定', confirm));

    const shown = await screen.findByTestId('temporary-password', {}, slow);
    const password = shown.textContent ?? '';
    expect(password).toMatch(/^(\d[a-z]){4}$/);
    const [reset] = sent(api.current, '/user/resetPwd');
    expect(reset!.query).toEqual({ ids: idOf('张三'), pwd: sha256Hex(password) });
    expect(screen.getByText('员工首次登录时必须修改此密码。')).toBeInTheDocument();
    expect(screen.getByText('张三的新密码')).toBeInTheDocument();
    expect(buttons('复制')).toHaveLength(1);
  });

  it('shows only the buttons the caller holds', async () => {
    await signInWith(api, (code) => code === 'user:list' || code === 'user:resetPwd');
    renderUserPage(api.current);
    await screen.findByText('zs001', {}, slow);
    // Four rows: the caller's own, 张三, 李四 and the administrator.
    await waitFor(() => expect(buttons('重置密码')).toHaveLength(4), slow);
    expect(buttons('新增员工')).toHaveLength(0);
    expect(buttons('编辑')).toHaveLength(0);
    expect(buttons('删除')).toHaveLength(0);
    expect(switchOf('张三')).toBeDisabled();
  });

  it('pages through the staff, and a new page size starts again at page 1', async () => {
    // Eleven more (c11 newest): with 张三, 李四 and the administrator, 14 in all.
    for (let i = 1; i <= 11; i += 1) {
      await saveStaff(api.current.bridge, staffRecord({ code: `c${String(i).padStart(2, '0')}`, telephone: `137000000${String(i).padStart(2, '0')}`, officeId: null }));
    }
    const mock = api.current;
    renderUserPage(mock);
    await screen.findByText('c11', {}, slow);
    await user().click(screen.getByTitle('2'));
    await screen.findByText('admin', {}, slow);
    expect(bodyRows().map((cells) => cells[0])).toEqual(['11', '12', '13', '14']);
    expect(sent(mock, '/user/list').at(-1)!.body).toEqual({ pageNo: 2, pageSize: 10 });

    await user().click(document.querySelector<HTMLElement>('.ant-pagination-options .ant-select-selector')!);
    await user().click(await screen.findByTitle(/^20\D/, {}, slow));
    await waitFor(() => expect(sent(mock, '/user/list').at(-1)!.body).toEqual({ pageNo: 1, pageSize: 20 }), slow);
    await waitFor(() => expect(bodyRows()).toHaveLength(14), slow);
  });

  it('speaks English', async () => {
    setLocale('en-US');
    renderUserPage(api.current);
    await screen.findByText('zs001', {}, slow);
    const headers = [...document.querySelectorAll('table[aria-label="Staff"] thead th:not(.ant-table-selection-column)')].map((h) => h.textContent);
    expect(headers.slice(0, 7)).toEqual(['No.', 'Employee code', 'Name', 'Mobile phone', 'Sex', 'ID card number', 'Census address']);
    expect(screen.getByText('Female')).toBeInTheDocument();
    await waitFor(() => expect(buttons('Add employee')).toHaveLength(1), slow);
    await user().click(buttons('Reset password')[1]!);
    expect(await screen.findByText('Sure to reset the password of 李四?', {}, slow)).toBeInTheDocument();
  });
});
