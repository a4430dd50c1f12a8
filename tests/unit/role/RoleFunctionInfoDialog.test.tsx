import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dialogs } from '../../../resources/dialogs';
import { findResource } from '../../../resources/registry';
import { button, buttons, findDialog } from '../generic/dom';
import { renderResourceList, setUpBridge, tokenWithGrants } from '../generic/harness';
import { setUpRoleFixture } from '../generic/roleHarness';
import { checkState, nodeNames } from './treeDom';

const roleResource = findResource('role')!;

vi.setConfig({ testTimeout: 60000 });
const bridge = setUpBridge();
const fixture = setUpRoleFixture(bridge, { ownApp: true });
const slow = { timeout: 10000 };
const user = () => userEvent.setup({ pointerEventsCheck: 0 });

afterEach(async () => (await import('antd/es/message')).default.destroy());

/** Opens the function info of the n-th row (0 超级管理员, 1 审计员, 2 销售; `roles` rows in all). */
async function openInfo(row: number, { token = bridge.token, roles = 3 } = {}) {
  renderResourceList(token, roleResource, { dialogs });
  await screen.findByText('审计员', {}, slow);
  await waitFor(() => expect(buttons('功能信息')).toHaveLength(roles), slow);
  await user().click(buttons('功能信息')[row]!);
  return findDialog();
}

describe('role function info', () => {
  it('shows only what the role holds: its directories, buttons and APIs, read only', async () => {
    const dialog = await openInfo(1);
    expect(within(dialog).getByText('功能信息 · 审计员')).toBeInTheDocument();
    await waitFor(() => expect(nodeNames(dialog)).toEqual(['系统管理', '参数配置', '查询', 'list', 'detail', '新增', 'saveOrUpdate']), slow);
    expect(within(dialog).getByText('目录 2 个，按钮 2 个，接口 3 个')).toBeInTheDocument();
    expect(within(dialog).getByText('/param/saveOrUpdate')).toBeInTheDocument();
    expect(within(dialog).queryByText('/param/vaildKey')).not.toBeInTheDocument();
    expect(dialog.querySelector('.ant-tree-checkbox')).toBeNull();
    expect(bridge.requests.find((r) => r.path.endsWith('/permission/tree'))?.query).toEqual({ appId: String(fixture.current.auditorAppId), roleId: String(fixture.current.roles.auditor) });
  });

  it('says so when the role holds nothing', async () => {
    const dialog = await openInfo(2);
    expect(await within(dialog).findByText('该角色尚未获得任何功能', {}, slow)).toBeInTheDocument();
  });

  it('opens the authorisation dialog of the same role from its button', async () => {
    const dialog = await openInfo(1);
    await user().click(button('角色授权', dialog));
    const grant = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].find((d) => d.textContent?.includes('角色授权 · 审计员'));
      if (!found?.querySelector('.ant-tree')) throw new Error('The authorisation dialog has not shown its tree yet');
      return found;
    }, slow);
    expect(checkState(grant, '查询')).toBe('checked');
    expect(checkState(grant, '删除')).toBe('unchecked');
  });

  it('offers no authorisation button to a caller without it', async () => {
    // The caller's own role is listed fourth.
    const dialog = await openInfo(1, { token: await tokenWithGrants(bridge, (code) => code !== 'role:authorize'), roles: 4 });
    await waitFor(() => expect(nodeNames(dialog)).toContain('系统管理'), slow);
    expect(buttons('角色授权', dialog)).toHaveLength(0);
    expect(buttons('关闭', dialog)).toHaveLength(1);
  });
});
