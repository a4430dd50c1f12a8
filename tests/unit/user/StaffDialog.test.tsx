import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { button, buttons, findDialog } from '../generic/dom';
import { renderUserPage, sent, server, setUpUserApi, slow, user } from './harness';
import { staffRecord } from './staffFixtures';

// The region picker has its own tests; here a plain input stands in for it (codes, comma-separated).
vi.mock('../../../resources/user/RegionCascader', async () => {
  const { createElement } = await import('react');
  return {
    RegionCascader: ({ id, value, onChange }: { id?: string; value?: string[]; onChange?: (codes: string[]) => void }) =>
      createElement('input', { id, value: (value ?? []).join(','), onChange: (event: { target: { value: string } }) => onChange?.(event.target.value.split(',').filter(Boolean)) }),
  };
});

const api = setUpUserApi();
// The dialog's chunk loads once per file; not inside the first test's time.
beforeAll(async () => {
  await import('../../../resources/user/StaffDialog');
}, 30000);

async function openDialog(action: '新增员工' | '编辑', row = 0) {
  renderUserPage(api.current);
  await screen.findByText('zs001', {}, slow);
  await waitFor(() => expect(buttons(action).length).toBeGreaterThan(0), slow);
  await user().click(buttons(action)[row]!);
  return findDialog();
}

const input = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label);
const type = (dialog: HTMLElement, label: string, value: string) => fireEvent.change(input(dialog, label), { target: { value } });

async function choose(dialog: HTMLElement, label: string, option: string) {
  await user().click(input(dialog, label));
  const options = await screen.findAllByTitle(option, {}, slow);
  await user().click(options.at(-1)!);
}

async function pickDate(dialog: HTMLElement, label: string, value: string) {
  const field = input(dialog, label);
  fireEvent.mouseDown(field);
  fireEvent.change(field, { target: { value } });
  fireEvent.keyDown(field, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await waitFor(() => expect(field).toHaveValue(value), slow);
}

describe('staff dialog', () => {
  it('refuses invalid values with the contract’s messages and sends nothing', async () => {
    const dialog = await openDialog('新增员工');
    type(dialog, '手机号', '12345678901');
    type(dialog, '身份证号', '330106199003070015');
    type(dialog, '邮箱', 'abc@def');
    await user().click(button('保存', dialog));
    expect(await within(dialog).findByText('手机号格式不对', {}, slow)).toBeInTheDocument();
    expect(within(dialog).getByText('身份证号校验位不正确')).toBeInTheDocument();
    expect(within(dialog).getByText('邮箱格式不正确')).toBeInTheDocument();
    expect(within(dialog).getByText('姓名不能为空')).toBeInTheDocument();
    expect(within(dialog).getByText('户籍所在省不能为空')).toBeInTheDocument();
    expect(sent(api.current, '/user/saveOrUpdate')).toHaveLength(0);
  });

  it('keeps an e-mail longer than 32 characters as typed and says the limit', async () => {
    const dialog = await openDialog('新增员工');
    const long = `${'a'.repeat(30)}@example.com`;
    type(dialog, '邮箱', long);
    expect(input(dialog, '邮箱')).toHaveValue(long);
    expect(await within(dialog).findByText('邮箱长度为6到32个字符', {}, slow)).toBeInTheDocument();
  });

  it('keeps a future birthday typed by hand and says it cannot be after today', async () => {
    const dialog = await openDialog('新增员工');
    const future = dayjs().add(2, 'year').format('YYYY-MM-DD');
    await pickDate(dialog, '出生日期', future);
    fireEvent.blur(input(dialog, '出生日期'));
    expect(await within(dialog).findByText('出生日期不能晚于今天', {}, slow)).toBeInTheDocument();
    expect(input(dialog, '出生日期')).toHaveValue(future);
  });

  it('says a phone number is taken, asking the server', async () => {
    const dialog = await openDialog('新增员工');
    type(dialog, '手机号', '13800000002');
    expect(await within(dialog).findByText('手机号不可以重复', {}, slow)).toBeInTheDocument();
    expect(sent(api.current, '/user/valid/telephone').at(-1)!.query).toEqual({ telephone: '13800000002' });
  });

  it('sends a new employee as { userCenter, roleIds }, says so and reloads the list', async () => {
    const dialog = await openDialog('新增员工');
    const expected = staffRecord({ name: '王五', code: 'ww003', telephone: '13700000003', officeId: api.current.office['前端组']! });
    const { id: _id, ...userCenter } = expected;
    for (const [label, field] of [['姓名', 'name'], ['员工编号', 'code'], ['手机号', 'telephone'], ['身份证号', 'card'], ['邮箱', 'email'], ['紧急联系人', 'crashName'], ['紧急联系人电话', 'crashPhone'], ['户籍详细地址', 'censusAddress'], ['现居住详细地址', 'liveAddress'], ['毕业院校', 'graduatedSchool'], ['专业', 'specialty'], ['职位', 'position'], ['职级', 'grade']] as const) {
      type(dialog, label, String(userCenter[field]));
    }
    type(dialog, '户籍所在地区', '330000,330100,330106');
    type(dialog, '现居住地区', '110000,110100,110101');
    await choose(dialog, '性别', '男');
    await choose(dialog, '民族', '汉族');
    await choose(dialog, '婚姻状况', '已婚');
    await choose(dialog, '学历', '本科');
    await choose(dialog, '部门', '前端组');
    await choose(dialog, '角色', '运营');
    await pickDate(dialog, '出生日期', '1990-03-07');
    await pickDate(dialog, '毕业时间', '2012-06-30');
    const listCalls = sent(api.current, '/user/list').length;
    await user().click(button('保存', dialog));

    expect(await screen.findByText('操作成功', {}, slow)).toBeInTheDocument();
    expect(sent(api.current, '/user/saveOrUpdate').map((r) => r.body)).toEqual([{ userCenter, roleIds: String(api.current.role['运营']), roleEnds: { [api.current.role['运营']!]: null } }]);
    await waitFor(() => expect(sent(api.current, '/user/list').length).toBeGreaterThan(listCalls), slow);
  });

  it('edits with the detail loaded, the code fixed, and the id sent', async () => {
    const dialog = await openDialog('编辑');
    await waitFor(() => expect(input(dialog, '员工编号')).toHaveValue('zs001'), slow);
    expect(input(dialog, '员工编号')).toBeDisabled();
    // The region and date fields fill a moment after the text fields on a loaded machine.
    await waitFor(() => expect(input(dialog, '户籍所在地区')).toHaveValue('330000,330100,330106'), slow);
    await waitFor(() => expect(input(dialog, '出生日期')).toHaveValue('1990-03-07'), slow);
    const id = api.current.staff['张三']!;
    expect(sent(api.current, '/user/detail')[0]!.query).toEqual({ id: String(id) });
    type(dialog, '职位', '架构师');
    type(dialog, '户籍所在地区', '440000,440300,440304');
    await user().click(button('保存', dialog));

    await waitFor(() => expect(sent(api.current, '/user/saveOrUpdate')).toHaveLength(1), slow);
    expect(await screen.findByText('操作成功', {}, slow)).toBeInTheDocument();
    const [save] = sent(api.current, '/user/saveOrUpdate');
    expect(save!.body).toEqual({
      // The version it was read at: someone else's save since would be refused, not overwritten.
      userCenter: { ...staffRecord({ id, officeId: api.current.office['研发部']! }), position: '架构师', censusProvince: '440000', censusCity: '440300', censusArea: '440304', version: 1 },
      roleIds: `${api.current.role['超级管理员']},${api.current.role['运营']}`,
      roleEnds: { [api.current.role['超级管理员']!]: null, [api.current.role['运营']!]: null },
    });
    expect(sent(api.current, '/user/valid/telephone').at(-1)!.query).toEqual({ telephone: '13800000001', userId: String(id) });
  });

  it('an edit changing the roles shows who gains and loses what first, then saves with the previewed grants version', async () => {
    const dialog = await openDialog('编辑');
    await waitFor(() => expect(input(dialog, '员工编号')).toHaveValue('zs001'), slow);
    await waitFor(() => expect(input(dialog, '出生日期')).toHaveValue('1990-03-07'), slow);
    // Takes 运营 away (a second pick of a chosen role removes it).
    await choose(dialog, '角色', '运营');
    await user().click(button('保存', dialog));
    const preview = await within(dialog).findByTestId('grant-preview', {}, slow);
    expect(preview).toBeInTheDocument();
    expect(sent(api.current, '/user/saveOrUpdate')).toHaveLength(0);
    expect(sent(api.current, '/grantPreview').at(-1)!.body).toEqual({ kind: 'userRoles', userId: api.current.staff['张三'], roleIds: [api.current.role['超级管理员']] });
    await user().click(button('确认保存', dialog));
    await waitFor(() => expect(sent(api.current, '/user/saveOrUpdate')).toHaveLength(1), slow);
    expect(sent(api.current, '/user/saveOrUpdate')[0]!.body).toMatchObject({ roleIds: String(api.current.role['超级管理员']), grantsVersion: expect.any(Number) });
  });

  it('sets an optional end per chosen role: refuses one in the past, sends one in the future', async () => {
    const dialog = await openDialog('编辑');
    await waitFor(() => expect(input(dialog, '出生日期')).toHaveValue('1990-03-07'), slow);
    const operations = api.current.role['运营']!;
    const picker = await within(dialog).findByLabelText('运营 有效期至', {}, slow);
    const past = dayjs().subtract(1, 'day').format('YYYY-MM-DD HH:mm');
    await pickDate(dialog, '运营 有效期至', past);
    await user().click(button('保存', dialog));
    // Looked up again on every try: the form may draw the message anew right after it first shows
    // (the last CI run held a node found once, then replaced).
    await waitFor(() => expect(within(dialog).getByText('结束时间须晚于当前时间')).toBeInTheDocument(), slow);
    expect(sent(api.current, '/user/saveOrUpdate')).toHaveLength(0);

    const future = dayjs().add(3, 'day').startOf('minute');
    fireEvent.change(picker, { target: { value: '' } });
    await pickDate(dialog, '运营 有效期至', future.format('YYYY-MM-DD HH:mm'));
    await user().click(button('保存', dialog));
    await waitFor(() => expect(sent(api.current, '/user/saveOrUpdate')).toHaveLength(1), slow);
    expect((sent(api.current, '/user/saveOrUpdate')[0]!.body as { roleEnds: object }).roleEnds).toEqual({ [api.current.role['超级管理员']!]: null, [operations]: future.valueOf() });
  });

  it('refuses a birthday after today and sends nothing', async () => {
    // Stored before the rule (a save would refuse it): 张三's birthday is tomorrow.
    await api.current.bridge.db.updateTable('user').set({ birthday: dayjs().add(1, 'day').format('YYYY-MM-DD') }).where('id', '=', api.current.staff['张三']!).execute();
    const mock = api.current;
    renderUserPage(mock);
    await screen.findByText('zs001', {}, slow);
    await waitFor(() => expect(buttons('编辑')).toHaveLength(3), slow);
    await user().click(buttons('编辑')[0]!);
    const dialog = await findDialog();
    await waitFor(() => expect(input(dialog, '员工编号')).toHaveValue('zs001'), slow);
    await user().click(button('保存', dialog));
    expect(await within(dialog).findByText('出生日期不能晚于今天', {}, slow)).toBeInTheDocument();
    expect(sent(mock, '/user/saveOrUpdate')).toHaveLength(0);
  });

  it('shows the server’s field refusals under the fields and stays open', async () => {
    server.use(
      http.post('*/base/admin/user/saveOrUpdate', () =>
        HttpResponse.json({ code: 1005, msg: '员工编号不可以重复', data: { fields: { code: '员工编号不可以重复', liveCity: '现居住市不存在' } } }, { status: 409 }),
      ),
    );
    const dialog = await openDialog('编辑');
    await waitFor(() => expect(input(dialog, '员工编号')).toHaveValue('zs001'), slow);
    await user().click(button('保存', dialog));
    expect(await within(dialog).findByText('现居住市不存在', {}, slow)).toBeInTheDocument();
    expect(within(dialog).getAllByText('员工编号不可以重复').length).toBeGreaterThan(0);
    expect(document.body.contains(dialog)).toBe(true);
  });
});
