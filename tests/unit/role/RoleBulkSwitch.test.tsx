/**
 * The role list's bulk switch goes through its definition's save step (resources/generic/
 * useBulkSaveStep.tsx, the grant preview's bulk view): before the checked roles are switched off,
 * the confirmation shows how many staff lose access (a holder of both roles counted once), the
 * bulk save carries the previewed grants version, and a save refused because grants changed since
 * previews again, saying why, before it is confirmed once more.
 */
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BASE_APP_CODE } from '../../../contract';
import { roleResource } from '../../../resources/role/definition';
import { grantToRole } from '../../../server/db/permissionTree';
import { button, findDialog } from '../generic/dom';
import { renderResourceList, setUpBridge } from '../generic/harness';
import { setUpRoleFixture } from '../generic/roleHarness';

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

describe('the role list’s bulk switch', () => {
  it('previews who loses access, saves with the previewed version, and previews again when grants changed since', async () => {
    const { auditor, sales } = fixture.current.roles;
    // Each role grants a node of its own sub-system; three staff hold them, one holds both.
    // (The last node of each: a signed-in user's own basics come first in the base app.)
    const nodeOf = async (app: number) => (await bridge.db.selectFrom('permission').select('id').where('appId', '=', app).orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
    const base = (await bridge.db.selectFrom('app').select('id').where('code', '=', BASE_APP_CODE).executeTakeFirstOrThrow()).id;
    await grantToRole(bridge.db, auditor, [await nodeOf(base)]);
    await grantToRole(bridge.db, sales, [await nodeOf(fixture.current.crmAppId)]);
    for (const [code, roles] of [
      ['holder1', [auditor]],
      ['holder2', [auditor, sales]],
      ['holder3', [sales]],
    ] as const) {
      const { userId } = await bridge.createUser({ code, grant: () => false });
      await bridge.db.insertInto('userRole').values(roles.map((roleId) => ({ userId, roleId }))).execute();
    }

    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderResourceList(bridge.token, roleResource);
    await waitFor(() => expect(checkbox('审计员')).toBeTruthy(), slow);
    await user.click(checkbox('审计员'));
    await user.click(checkbox('销售'));
    await user.click(button('批量停用'));
    const dialog = await findDialog();
    await waitFor(() => expect(within(dialog).getByTestId('grant-preview').textContent).toContain('3 名人员失去权限'), slow);
    const previews = () => bridge.requests.filter((r) => r.path.endsWith('/grantPreview'));
    const saves = () => bridge.requests.filter((r) => r.path.endsWith('/role/bulkUpdate'));
    expect(previews().at(-1)!.body).toMatchObject({ kind: 'rolesEnable', isEnable: '0' });
    expect([...(previews().at(-1)!.body as { roleIds: number[] }).roleIds].sort((a, b) => a - b)).toEqual([auditor, sales].sort((a, b) => a - b));
    expect(saves()).toHaveLength(0);

    // Another grant write lands after the preview: the save is refused, and the preview asked anew.
    await bridge.db.updateTable('role').set({ description: 'moved' }).where('id', '=', fixture.current.roles.superAdmin).execute();
    await waitFor(() => expect(button('确定', dialog)).toBeEnabled(), slow);
    await user.click(button('确定', dialog));
    expect(await within(dialog).findByText('预览后权限已发生变化，请重新预览后再保存', {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(previews()).toHaveLength(2), slow);
    expect(saves()).toHaveLength(1);
    expect([await enabled(auditor), await enabled(sales)]).toEqual(['1', '1']);

    await waitFor(() => expect(button('确定', dialog)).toBeEnabled(), slow);
    await user.click(button('确定', dialog));
    await waitFor(async () => expect([await enabled(auditor), await enabled(sales)]).toEqual(['0', '0']), slow);
    const version = (await bridge.db.selectFrom('grantsVersion').select('version').executeTakeFirstOrThrow()).version;
    expect(saves()).toHaveLength(2);
    expect(saves()[1]!.body).toMatchObject({ values: { isEnable: '0' }, grantsVersion: expect.any(Number) });
    // The version the second preview read, which the save's own write then moved.
    expect(Number((saves()[1]!.body as { grantsVersion: number }).grantsVersion)).toBeLessThan(Number(version));
  });
});
