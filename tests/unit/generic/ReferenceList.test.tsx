import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { dialogs } from '../../../resources/dialogs';
import { button, buttons, findDialog } from './dom';
import { renderResourceList, setUpBridge, tokenWithGrants } from './harness';
import { roleResource } from '../../../resources/role/definition';
import { insertApp } from '../../../server/db/seedValues';
const roleTestDefinition = roleResource;
import { setUpRoleFixture } from './roleHarness';

vi.setConfig({ testTimeout: 60000 });
const bridge = setUpBridge();
const fixture = setUpRoleFixture(bridge);
const slow = { timeout: 10000 };

/** The row of the role named `name`. */
function row(name: string): HTMLElement {
  const found = [...document.querySelectorAll<HTMLElement>('tbody tr.ant-table-row')].find((tr) => [...tr.querySelectorAll('td:not(.ant-table-selection-column)')].some((td) => td.textContent === name));
  if (!found) throw new Error(`No row "${name}"`);
  return found;
}

function bodyRows(): string[][] {
  // The stuck header is a table of its own: the rows are the body table's.
  const section = screen.getByLabelText('角色管理', { selector: 'section' });
  return [...section.querySelectorAll('tbody tr.ant-table-row')].map((row) => [...row.querySelectorAll('td:not(.ant-table-selection-column)')].map((cell) => cell.textContent ?? ''));
}

const calls = (path: string) => bridge.requests.filter((r) => r.path.endsWith(path));

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

async function renderRoles(token = bridge.token) {
  renderResourceList(token, roleTestDefinition, { dialogs });
  await screen.findByText('审计员', {}, slow);
}

/** The calls reading a page's labels (`ids`), and those loading the options (a page of rows). */
const labelCalls = () => calls('/app/list').filter((r) => r.query.ids !== undefined);
const optionCalls = () => calls('/app/list').filter((r) => r.query.ids === undefined);

/** `count` more apps named 子系统<n> (n = 1…count), stored as the seed stores them; answers their ids by n. */
async function manyApps(count: number): Promise<number[]> {
  const ids = [0];
  for (let n = 1; n <= count; n += 1) ids.push((await insertApp(bridge.db, { code: `app${n}`, name: `子系统${n}`, businessType: 1, isEnable: '1', sort: 10 + n, address: 'http://x.example' }, 1)).id);
  return ids;
}

/** Only these roles (the fixture's go, the super-admin's stays out of the way), saved through the real API. */
async function onlyRoles(roles: { roleKey: string; name: string; appId: number; description?: string }[]) {
  const { auditor, sales } = fixture.current.roles;
  await bridge.call('GET', '/base/admin/role/delete', { query: { ids: `${auditor},${sales}` } });
  for (const [index, role] of roles.entries()) await bridge.save('/base/admin/role', { sortNum: 10 + index, roleType: 2, isEnable: '1', description: null, ...role });
}

describe('generic list with a reference, a filter and row actions (roles)', () => {
  it('shows the owning app by name, reading the labels of the page in one call and the options once for the filter and the dialog', async () => {
    await renderRoles();
    await waitFor(() => expect(bodyRows().map((cells) => cells[4])).toEqual(['基础平台', '基础平台', '客户系统']), slow);
    // Missing description → '--'.
    expect(bodyRows()[1]![7]).toBe('--');
    expect(labelCalls().map((r) => r.query.ids)).toEqual([`${fixture.current.baseAppId},${fixture.current.crmAppId}`]);
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

  it('reads the labels of the apps a page references in one call, past the first 1000 apps', async () => {
    const apps = await manyApps(1200);
    await onlyRoles([
      { roleKey: 'near', name: '近处的角色', appId: apps[2]! },
      { roleKey: 'far', name: '远处的角色', appId: apps[1150]! },
      { roleKey: 'mid', name: '中间的角色', appId: apps[700]! },
      { roleKey: 'far2', name: '又一个远处的角色', appId: apps[1150]! },
    ]);
    renderResourceList(bridge.token, roleTestDefinition, { dialogs });
    await screen.findByText('远处的角色', {}, slow);
    // The seeded super-admin role (base app) stays first.
    await waitFor(() => expect(bodyRows().map((cells) => cells[4])).toEqual(['基础平台', '子系统2', '子系统1150', '子系统700', '子系统1150']), slow);
    expect(labelCalls().map((r) => r.query.ids)).toEqual([[fixture.current.baseAppId, apps[2], apps[700], apps[1150]].join(',')]);
    expect(calls('/app/detail')).toHaveLength(0);
  });

  it('shows the chosen app in the dialog by name when it is not among the first 1000 offered', async () => {
    const apps = await manyApps(1200);
    await onlyRoles([{ roleKey: 'far', name: '远处的角色', appId: apps[1150]! }]);
    renderResourceList(bridge.token, roleTestDefinition, { dialogs });
    await screen.findByText('远处的角色', {}, slow);
    await userEvent.setup({ pointerEventsCheck: 0 }).click(within(row('远处的角色')).getByRole('button', { name: '编辑' }));
    const dialog = await findDialog();
    await waitFor(() => expect(within(dialog).getByTitle('子系统1150')).toBeInTheDocument(), slow);
  });

  it('shows -- for an app the list does not know', async () => {
    // A role left from a deleted sub-system (no foreign key keeps it out), stored as such.
    await onlyRoles([]);
    await bridge.insertRecords('role', [{ sortNum: 10, roleKey: 'ghost', name: '孤儿角色', appId: 99, roleType: 2, isEnable: '1', description: 'x' }]);
    renderResourceList(bridge.token, roleTestDefinition, { dialogs });
    await screen.findByText('孤儿角色', {}, slow);
    await waitFor(() => expect(labelCalls().map((r) => r.query.ids)).toEqual([`${fixture.current.baseAppId},99`]), slow);
    await waitFor(() => expect(row('孤儿角色').querySelectorAll('td:not(.ant-table-selection-column)')[4]!.textContent).toBe('--'), slow);
  });

  it('filters the list by the chosen app (exact value) and clears it with Reset', async () => {
    await renderRoles();
    await choose(screen.getByLabelText('所属子系统'), '客户系统');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(button('查询'));
    await waitFor(() => expect(bodyRows().map((cells) => cells[3])).toEqual(['销售']), slow);
    expect(calls('/role/list').at(-1)!.query).toMatchObject({ appId: String(fixture.current.crmAppId), pageNo: '1' });
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
    expect(calls('/role/validateKey').at(-1)!.query).toEqual({ roleKey: 'auditor', appId: String(fixture.current.baseAppId) });

    // The same key is free in another app.
    await choose(within(dialog).getByLabelText('所属子系统'), '客户系统');
    await waitFor(() => expect(calls('/role/validateKey').at(-1)!.query).toEqual({ roleKey: 'auditor', appId: String(fixture.current.crmAppId) }), slow);
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
    await renderRoles(await tokenWithGrants(bridge, (code) => code !== 'role:authorize'));
    // The caller's own role is listed fourth.
    await waitFor(() => expect(buttons('功能信息')).toHaveLength(4), slow);
    expect(buttons('授权')).toHaveLength(0);
    expect(buttons('编辑')).toHaveLength(4);
  });

  it('offers no row action but the show view without any page element', async () => {
    await renderRoles(await tokenWithGrants(bridge, (code) => code === 'role:list'));
    await waitFor(() => expect(calls('pemByUserAndApp').length).toBeGreaterThan(0), slow);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(buttons('功能信息')).toHaveLength(0);
    expect(buttons('授权')).toHaveLength(0);
    expect(buttons('编辑')).toHaveLength(0);
    expect(buttons('查看').length).toBeGreaterThan(0);
  });

  it('offers a row action only when its dialog is registered', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderResourceList(bridge.token, roleTestDefinition, { dialogs: new Map([...dialogs].filter(([name]) => name !== 'roleGrant')) });
    await screen.findByText('审计员', {}, slow);
    await waitFor(() => expect(buttons('功能信息')).toHaveLength(3), slow);
    expect(buttons('授权')).toHaveLength(0);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
