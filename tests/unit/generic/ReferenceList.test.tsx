import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { dialogs } from '../../../resources/dialogs';
import { button, buttons, findDialog } from './dom';
import { renderResourceList } from './harness';
import { roleResource } from '../../../resources/role/definition';
const roleTestDefinition = roleResource;
import { replaceRoleApi, setUpRoleApi } from './roleHarness';

vi.setConfig({ testTimeout: 60000 });
const apis = setUpRoleApi();
const slow = { timeout: 10000 };

function bodyRows(): string[][] {
  // The stuck header is a table of its own: the rows are the body table's.
  const section = screen.getByLabelText('角色管理', { selector: 'section' });
  return [...section.querySelectorAll('tbody tr.ant-table-row')].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? ''));
}

const calls = (path: string) => apis.api.state.requests.filter((r) => r.path.endsWith(path));

/** Opens an antd Select and picks the option with this text. */
async function choose(select: HTMLElement, option: string) {
  fireEvent.mouseDown(select);
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find(
      (el) => el.textContent === option,
    );
    if (!found) throw new Error(`No option "${option}" yet`);
    return found;
  }, slow);
  fireEvent.click(item);
}

function optionTexts(): string[] {
  return [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].map((el) => el.textContent ?? '');
}

async function renderRoles() {
  renderResourceList(apis.api, roleTestDefinition, { dialogs });
  await screen.findByText('审计员', {}, slow);
}

/** The calls reading a page's labels (`ids`), and those loading the options (a page of rows). */
const labelCalls = () => calls('/app/list').filter((r) => r.query.ids !== undefined);
const optionCalls = () => calls('/app/list').filter((r) => r.query.ids === undefined);

/** `count` apps 1…count named 子系统<id>, in the order of their id. */
const manyApps = (count: number) => Array.from({ length: count }, (_, i) => ({ id: i + 1, code: `app${i + 1}`, name: `子系统${i + 1}`, businessType: 1, isEnable: '1', sort: i + 1, address: 'http://x.example' }));

describe('generic list with a reference, a filter and row actions (roles)', () => {
  it('shows the owning app by name, reading the labels of the page in one call and the options once for the filter and the dialog', async () => {
    await renderRoles();
    await waitFor(() => expect(bodyRows().map((cells) => cells[4])).toEqual(['基础平台', '基础平台', '客户系统']), slow);
    // Missing description → '--'.
    expect(bodyRows()[1]![6]).toBe('--');
    expect(labelCalls().map((r) => r.query.ids)).toEqual(['1,2']);
    expect(optionCalls()).toHaveLength(1);
    expect(optionCalls()[0]!.query).toMatchObject({ pageNo: '1', pageSize: '1000' });

    await choose(screen.getByLabelText('所属子系统'), '客户系统');
    fireEvent.mouseDown(screen.getByLabelText('所属子系统'));
    expect(optionTexts()).toEqual(['基础平台', '客户系统']);

    await userEvent.setup({ pointerEventsCheck: 0 }).click(button('新增'));
    const dialog = await findDialog();
    await choose(within(dialog).getByLabelText('所属子系统'), '基础平台');
    expect(optionCalls()).toHaveLength(1);
    expect(labelCalls()).toHaveLength(1);
  });

  it('reads the labels of the 3 apps a page references in one call, past the first 1000 apps', async () => {
    apis.api.state.rows.set('app', manyApps(1200));
    apis.api.state.rows.set('role', [
      { id: 1, sortNum: 1, roleKey: 'near', name: '近处的角色', appId: 2, roleType: 2, isEnable: '1' },
      { id: 2, sortNum: 2, roleKey: 'far', name: '远处的角色', appId: 1150, roleType: 2, isEnable: '1' },
      { id: 3, sortNum: 3, roleKey: 'mid', name: '中间的角色', appId: 700, roleType: 2, isEnable: '1' },
      { id: 4, sortNum: 4, roleKey: 'far2', name: '又一个远处的角色', appId: 1150, roleType: 2, isEnable: '1' },
    ]);
    renderResourceList(apis.api, roleTestDefinition, { dialogs });
    await screen.findByText('远处的角色', {}, slow);
    await waitFor(() => expect(bodyRows().map((cells) => cells[4])).toEqual(['子系统2', '子系统1150', '子系统700', '子系统1150']), slow);
    expect(labelCalls().map((r) => r.query.ids)).toEqual(['2,700,1150']);
    expect(calls('/app/detail')).toHaveLength(0);
  });

  it('shows the chosen app in the dialog by name when it is not among the first 1000 offered', async () => {
    apis.api.state.rows.set('app', manyApps(1200));
    apis.api.state.rows.set('role', [{ id: 1, sortNum: 1, roleKey: 'far', name: '远处的角色', appId: 1150, roleType: 2, isEnable: '1' }]);
    renderResourceList(apis.api, roleTestDefinition, { dialogs });
    await screen.findByText('远处的角色', {}, slow);
    await userEvent.setup({ pointerEventsCheck: 0 }).click(button('编辑'));
    const dialog = await findDialog();
    await waitFor(() => expect(within(dialog).getByTitle('子系统1150')).toBeInTheDocument(), slow);
  });

  it('shows -- for an app the list does not know', async () => {
    apis.api.state.rows.set('role', [{ id: 9, sortNum: 1, roleKey: 'ghost', name: '孤儿角色', appId: 99, roleType: 2, isEnable: '1', description: 'x' }]);
    renderResourceList(apis.api, roleTestDefinition, { dialogs });
    await screen.findByText('孤儿角色', {}, slow);
    await waitFor(() => expect(labelCalls().map((r) => r.query.ids)).toEqual(['99']), slow);
    await waitFor(() => expect(bodyRows()[0]![4]).toBe('--'), slow);
  });

  it('filters the list by the chosen app (exact value) and clears it with Reset', async () => {
    await renderRoles();
    await choose(screen.getByLabelText('所属子系统'), '客户系统');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(button('查询'));
    await waitFor(() => expect(bodyRows().map((cells) => cells[3])).toEqual(['销售']), slow);
    expect(calls('/role/list').at(-1)!.query).toMatchObject({ appId: '2', pageNo: '1' });
    await user.click(button('重置'));
    await waitFor(() => expect(bodyRows()).toHaveLength(3), slow);
    expect(calls('/role/list').at(-1)!.query.appId).toBeUndefined();
  });

  it('checks the role key within the chosen app, and again when the app changes', async () => {
    await renderRoles();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(button('新增'));
    const dialog = await findDialog();
    await choose(within(dialog).getByLabelText('所属子系统'), '基础平台');
    await user.click(within(dialog).getByLabelText('角色Key'));
    await user.paste('auditor');
    expect(await within(dialog).findByText('key不可以重复', {}, slow)).toBeInTheDocument();
    expect(calls('/role/validateKey').at(-1)!.query).toEqual({ roleKey: 'auditor', appId: '1' });

    // The same key is free in another app.
    await choose(within(dialog).getByLabelText('所属子系统'), '客户系统');
    await waitFor(() => expect(calls('/role/validateKey').at(-1)!.query).toEqual({ roleKey: 'auditor', appId: '2' }), slow);
    await waitFor(() => expect(within(dialog).queryByText('key不可以重复')).not.toBeInTheDocument(), slow);
  });

  it('does not ask about the key before an app is chosen', async () => {
    await renderRoles();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(button('新增'));
    const dialog = await findDialog();
    await user.click(within(dialog).getByLabelText('角色Key'));
    await user.paste('auditor');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(calls('/role/validateKey')).toHaveLength(0);
  });

  it('offers each row action with its icon and label, only where the caller holds its page element', async () => {
    replaceRoleApi(apis, { grant: (code) => code !== 'role:authorize' });
    await renderRoles();
    await waitFor(() => expect(buttons('功能信息')).toHaveLength(3), slow);
    expect(buttons('授权')).toHaveLength(0);
    expect(buttons('编辑')).toHaveLength(3);
  });

  it('offers no row action but the show view without any page element', async () => {
    replaceRoleApi(apis, { grant: () => false });
    await renderRoles();
    await waitFor(() => expect(calls('pemByUserAndApp').length).toBeGreaterThan(0), slow);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(buttons('功能信息')).toHaveLength(0);
    expect(buttons('授权')).toHaveLength(0);
    expect(buttons('编辑')).toHaveLength(0);
    expect(buttons('查看').length).toBeGreaterThan(0);
  });

  it('offers a row action only when its dialog is registered', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderResourceList(apis.api, roleTestDefinition, { dialogs: new Map([...dialogs].filter(([name]) => name !== 'roleGrant')) });
    await screen.findByText('审计员', {}, slow);
    await waitFor(() => expect(buttons('功能信息')).toHaveLength(3), slow);
    expect(buttons('授权')).toHaveLength(0);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
