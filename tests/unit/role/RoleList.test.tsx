/**
 * The role list shows the super-admin role read-only: its edit and delete buttons are disabled and
 * say why (the server refuses a change of it by anyone not holding it); other roles stay editable,
 * and the edit form keeps a role's key and app fixed. Switching a role off in its form first shows
 * who loses what (its definition's save step), then saves with the previewed grants version.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { dialogs } from '../../../resources/dialogs';
import { roleResource } from '../../../resources/role/definition';
import { button, findDialog } from '../generic/dom';
import { renderResourceList, setUpBridge } from '../generic/harness';
import { setUpRoleFixture } from '../generic/roleHarness';

vi.setConfig({ testTimeout: 60000 });
const bridge = setUpBridge();
const fixture = setUpRoleFixture(bridge);
const slow = { timeout: 10000 };

/** The row of the role named `name`. */
function row(name: string): HTMLElement {
  const found = [...document.querySelectorAll<HTMLElement>('tbody tr.ant-table-row')].find((tr) => [...tr.querySelectorAll('td')].some((td) => td.textContent === name));
  if (!found) throw new Error(`No row "${name}"`);
  return found;
}

describe('the role list', () => {
  it('shows the super-admin role read-only, saying why, and every other role editable', async () => {
    renderResourceList(bridge.token, roleResource, { dialogs });
    await screen.findByText('审计员', {}, slow);
    await waitFor(() => expect(button('编辑', row('超级管理员'))).toBeDisabled(), slow);
    expect(button('删除', row('超级管理员'))).toBeDisabled();
    expect(button('编辑', row('审计员'))).toBeEnabled();
    expect(button('删除', row('审计员'))).toBeEnabled();

    const locked = button('编辑', row('超级管理员'));
    await userEvent.setup({ pointerEventsCheck: 0 }).hover(locked);
    expect(await screen.findByText('超级管理员角色拥有全部权限，为只读', {}, slow)).toBeInTheDocument();
  });

  it('keeps the key and the app of a role fixed in the edit form', async () => {
    renderResourceList(bridge.token, roleResource, { dialogs });
    await screen.findByText('审计员', {}, slow);
    await waitFor(() => expect(button('编辑', row('审计员'))).toBeEnabled(), slow);
    await userEvent.setup({ pointerEventsCheck: 0 }).click(button('编辑', row('审计员')));
    const dialog = await findDialog();
    await waitFor(() => expect(within(dialog).getByLabelText('角色Key')).toHaveValue('auditor'), slow);
    expect(within(dialog).getByLabelText('角色Key')).toBeDisabled();
    expect(within(dialog).getByLabelText('所属子系统')).toBeDisabled();
    expect(within(dialog).getByLabelText('角色名称')).toBeEnabled();
  });

  it('switching a role off shows who loses what before saving, then saves with the previewed grants version', async () => {
    renderResourceList(bridge.token, roleResource, { dialogs });
    await screen.findByText('审计员', {}, slow);
    await waitFor(() => expect(button('编辑', row('审计员'))).toBeEnabled(), slow);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(button('编辑', row('审计员')));
    const dialog = await findDialog();
    await waitFor(() => expect(within(dialog).getByLabelText('角色Key')).toHaveValue('auditor'), slow);
    await user.click(within(dialog).getByLabelText('停用'));
    await user.click(button('保存', dialog));
    // Nobody holds the role: the preview says so, and nothing is saved yet.
    expect(await within(dialog).findByText('保存后没有人员的权限发生变化', {}, slow)).toBeInTheDocument();
    const saves = () => bridge.requests.filter((r) => r.path.endsWith('/role/saveOrUpdate'));
    expect(saves()).toHaveLength(0);
    await user.click(button('保存', dialog));
    await waitFor(() => expect(saves()).toHaveLength(1), slow);
    expect(saves()[0]!.body).toMatchObject({ id: fixture.current.roles.auditor, isEnable: '0', grantsVersion: expect.any(Number) });
    const stored = await bridge.db.selectFrom('role').select('isEnable').where('id', '=', fixture.current.roles.auditor).executeTakeFirstOrThrow();
    expect(stored.isEnable).toBe('0');
  });
});
