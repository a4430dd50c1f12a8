/**
 * The shared delete confirmation names what the delete takes with it, from the server's
 * deleteImpact answer: a role's holders, a master's details; a delete the server would refuse says
 * why and cannot be confirmed; a caller the read is not granted to still gets the question.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { dicResource } from '../../../resources/dic/definition';
import { DeleteConfirm } from '../../../resources/generic/DeleteConfirm';
import { setLocale } from '../../../src/i18n';
import { renderInConsole } from '../renderInConsole';
import { renderResourceList, saveColours, server, setUpBridge } from './harness';

vi.setConfig({ testTimeout: 60000 });
const bridge = setUpBridge();
const slow = { timeout: 10000 };

const ROLE_IMPACT = {
  items: [{ id: 7, label: '仓库管理员', counts: [{ count: 1, text: { 'zh-CN': '1 名员工持有此角色，删除后他们将失去它', 'en-US': '1 staff member holds this role and will lose it' } }] }],
};

function renderConfirm(answer: Record<string, unknown>, onConfirm = vi.fn(async () => undefined)) {
  server.use(http.get('*/base/admin/role/deleteImpact', () => HttpResponse.json(answer)));
  renderInConsole(
    <DeleteConfirm open content="删除角色“仓库管理员”？" impact={{ url: '/base/admin/role/deleteImpact', ids: [7] }} onConfirm={onConfirm} onClose={() => undefined} />,
    { token: bridge.token, path: '/x', resource: { name: 'x', label: 'x' } },
  );
  return onConfirm;
}

describe('the delete confirmation', () => {
  it('names how many staff hold the role, in the user’s language', async () => {
    renderConfirm({ code: 0, msg: '', data: ROLE_IMPACT });
    const dialog = await screen.findByRole('dialog', {}, slow);
    expect(within(dialog).getByText('删除角色“仓库管理员”？')).toBeInTheDocument();
    expect(await within(dialog).findByText('1 名员工持有此角色，删除后他们将失去它', {}, slow)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /确\s*定/ })).toBeEnabled();
    setLocale('en-US');
    expect(await within(dialog).findByText('1 staff member holds this role and will lose it', {}, slow)).toBeInTheDocument();
  });

  it('says why a delete would be refused and does not offer it', async () => {
    const onConfirm = renderConfirm({ code: 0, msg: '', data: { items: [{ ...ROLE_IMPACT.items[0], refusal: { 'zh-CN': '超级管理员角色不能删除', 'en-US': 'The super-admin role cannot be deleted' } }] } });
    const dialog = await screen.findByRole('dialog', {}, slow);
    expect(await within(dialog).findByRole('alert', {}, slow)).toHaveTextContent('超级管理员角色不能删除');
    expect(within(dialog).getByRole('button', { name: /确\s*定/ })).toBeDisabled();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('still asks when the read is not granted', async () => {
    const onConfirm = renderConfirm({ code: 1003, msg: '没有权限', data: null });
    const dialog = await screen.findByRole('dialog', {}, slow);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /确\s*定/ })).toBeEnabled(), slow);
    expect(within(dialog).queryByText(/名员工/)).not.toBeInTheDocument();
    await userEvent.setup({ pointerEventsCheck: 0 }).click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(onConfirm).toHaveBeenCalled();
  });

  it('counts a master’s details from a generic list', async () => {
    await saveColours(bridge);
    renderResourceList(bridge.token, dicResource);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const colours = (await screen.findByText('colour', {}, slow)).closest('tr')!;
    await user.click(within(colours as HTMLElement).getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('dialog', {}, slow);
    expect(within(dialog).getByText('您确认删除“颜色”及其全部字典项吗？')).toBeInTheDocument();
    expect(await within(dialog).findByText('其下 3 条字典项将一并删除', {}, slow)).toBeInTheDocument();
  });
});
