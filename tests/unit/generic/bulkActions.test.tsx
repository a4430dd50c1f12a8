/**
 * Bulk actions on a list's checked rows (resources/generic/BulkBar.tsx, BulkConfirm.tsx), on the
 * role list (`bulk: ['isEnable']`) against the real handlers: the bar says how many rows are
 * checked, a set action and the delete ask first naming that count, a refused batch lists the refused row with
 * the server's reason and saves nothing, an accepted one saves every checked row; without the
 * bulk-edit grant no set action is offered.
 */
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { roleResource } from '../../../resources/role/definition';
import { button, buttons, findDialog } from './dom';
import { renderResourceList, setUpBridge, tokenWithGrants } from './harness';
import { setUpRoleFixture } from './roleHarness';

vi.setConfig({ testTimeout: 60000 });
const bridge = setUpBridge();
const fixture = setUpRoleFixture(bridge);
const slow = { timeout: 10000 };

function row(name: string): HTMLElement {
  const found = [...document.querySelectorAll<HTMLElement>('tbody tr.ant-table-row')].find((tr) => [...tr.querySelectorAll('td')].some((td) => td.textContent === name));
  if (!found) throw new Error(`No row "${name}"`);
  return found;
}
const checkbox = (name: string) => row(name).querySelector<HTMLInputElement>('td.ant-table-selection-column input[type="checkbox"]')!;
const enabled = async (id: number) => String((await bridge.db.selectFrom('role').select('isEnable').where('id', '=', id).executeTakeFirstOrThrow()).isEnable);

describe('bulk actions of the generic list', () => {
  it('asks with the count, lists a refused row and saves nothing, then switches the checked roles off', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderResourceList(bridge.token, roleResource);
    await waitFor(() => expect(checkbox('审计员')).toBeTruthy(), slow);
    await user.click(checkbox('审计员'));
    await user.click(checkbox('超级管理员'));
    expect(document.querySelector('.generic-bulk')!.textContent).toContain('已选 2 项');

    await user.click(button('批量停用'));
    let dialog = await findDialog();
    expect(dialog.textContent).toContain('将所选 2 条记录的“状态”设为“停用”？');
    await user.click(button('确定', dialog));
    const refusal = await within(dialog).findByRole('alert', {}, slow);
    expect(refusal.textContent).toContain('超级管理员: 超级管理员角色不能停用');
    expect(refusal.textContent).not.toContain('审计员');
    expect(await enabled(fixture.current.roles.auditor)).toBe('1');
    await user.click(button('取消', dialog));

    // Only the auditor now.
    await user.click(checkbox('超级管理员'));
    await waitFor(() => expect(document.querySelector('.generic-bulk')!.textContent).toContain('已选 1 项'), slow);
    await user.click(button('批量停用'));
    dialog = await findDialog();
    await waitFor(() => expect(dialog.textContent).toContain('将所选 1 条记录的“状态”设为“停用”？'), slow);
    // Its definition's save step (the grant preview) answers first.
    await waitFor(() => expect(button('确定', dialog)).toBeEnabled(), slow);
    await user.click(button('确定', dialog));
    await waitFor(async () => expect(await enabled(fixture.current.roles.auditor)).toBe('0'), slow);
    expect(await enabled(fixture.current.roles.superAdmin)).toBe('1');
    const call = bridge.requests.findLast((r) => r.path.endsWith('/role/bulkUpdate'));
    expect(call?.body).toEqual({ ids: [fixture.current.roles.auditor], values: { isEnable: '0' }, grantsVersion: expect.any(Number) });
    // Done: the selection is cleared.
    await waitFor(() => expect(document.querySelector('.generic-bulk')).toBeNull(), slow);
  });

  it('deletes the checked rows in one call once asked, naming how many', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderResourceList(bridge.token, roleResource);
    await waitFor(() => expect(checkbox('审计员')).toBeTruthy(), slow);
    await user.click(checkbox('审计员'));
    await user.click(checkbox('销售'));
    await user.click(button('删除所选'));
    const dialog = await findDialog();
    expect(dialog.textContent).toContain('您确认删除所选的 2 条记录吗？');
    await waitFor(() => expect(button('确定', dialog)).toBeEnabled(), slow);
    await user.click(button('确定', dialog));
    const { auditor, sales } = fixture.current.roles;
    await waitFor(async () => expect(await bridge.db.selectFrom('role').select('id').where('id', 'in', [auditor, sales]).execute()).toEqual([]), slow);
    expect(bridge.requests.filter((r) => r.path.endsWith('/role/delete')).map((r) => r.query.ids)).toEqual([`${auditor},${sales}`]);
  });

  it('offers delete but no set action to a caller who may delete roles but not bulk-edit them', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderResourceList(await tokenWithGrants(bridge, (code) => code === 'role:list' || code === 'role:delete'), roleResource);
    await waitFor(() => expect(checkbox('审计员')).toBeTruthy(), slow);
    await user.click(checkbox('审计员'));
    await waitFor(() => expect(document.querySelector('.generic-bulk')!.textContent).toContain('已选 1 项'), slow);
    expect(buttons('删除所选')).toHaveLength(1);
    expect(buttons('批量停用')).toHaveLength(0);
  });
});
