/**
 * A generic list's column settings and saved views: applied from the one read when the list
 * opens, changed from the toolbar and saved on the server, a stored column the list does not show
 * never appearing.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScreenPreferences } from '../../../contract/preferences';
import { findResource } from '../../../resources/registry';
import { renderResourceList, saveParams, setUpBridge } from './harness';

const paramResource = findResource('param')!;

vi.setConfig({ testTimeout: 60000 });
const bridge = setUpBridge();
beforeEach(() => saveParams(bridge));
const slow = { timeout: 10000 };

/** The administrator's stored preferences of the `param` screen, as the server answers them. */
const stored = () => bridge.call<ScreenPreferences>('GET', '/base/admin/preference/list', { query: { screen: 'param' } });
/** The preference writes the console sent. */
const writes = () => bridge.requests.filter((r) => r.path.startsWith('/base/admin/preference/') && r.method === 'POST');
const headers = () => [...screen.getByLabelText('参数配置', { selector: 'section' }).querySelectorAll('thead th:not(.ant-table-selection-column)')].map((h) => h.textContent);

describe('a list’s column settings', () => {
  it('opens with the stored order and hidden columns, and never shows a stored column the list lacks', async () => {
    // A column this list lacks, as a setting kept from an older definition would name it.
    const admin = await bridge.db.selectFrom('user').select('id').where('code', '=', 'admin').executeTakeFirstOrThrow();
    await bridge.db
      .insertInto('userPreference')
      .values({ userId: admin.id, screen: 'param', kind: 'columns', value: JSON.stringify({ columns: [{ key: 'secretColumn', hidden: false }, { key: 'value', hidden: false }, { key: 'paramKey', hidden: false }, { key: 'remark', hidden: true }] }), updateTime: Date.now() })
      .execute();
    renderResourceList(bridge.token, paramResource);
    await screen.findByText('site.name', {}, slow);
    // 排序号 and 备用参数, which the setting does not name, follow in the definition's order.
    await waitFor(() => expect(headers()).toEqual(['序号', '值', 'Key', '排序号', '备用参数', '操作']), slow);
  });

  it('hides a column from the toolbar, saves it for the user, and resets to the definition’s default', async () => {
    renderResourceList(bridge.token, paramResource);
    await screen.findByText('site.name', {}, slow);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(await screen.findByRole('button', { name: '列设置' }, slow));
    await user.click(await screen.findByRole('checkbox', { name: '备注' }, slow));
    await waitFor(() => expect(headers()).not.toContain('备注'), slow);
    await waitFor(() => expect(writes().at(-1)).toMatchObject({ path: '/base/admin/preference/save', body: { screen: 'param', kind: 'columns' } }), slow);
    expect((await stored()).columns?.columns.find((c) => c.key === 'remark')).toEqual({ key: 'remark', hidden: true });

    await user.click(screen.getByRole('button', { name: '上移“值”' }));
    await waitFor(() => expect(headers()).toEqual(['序号', '排序号', '值', 'Key', '备用参数', '操作']), slow);

    await user.click(screen.getByRole('button', { name: '恢复默认' }));
    await waitFor(() => expect(headers()).toEqual(['序号', '排序号', 'Key', '值', '备注', '备用参数', '操作']), slow);
    await waitFor(() => expect(writes().at(-1)).toMatchObject({ path: '/base/admin/preference/delete', body: { screen: 'param', kind: 'columns' } }), slow);
    expect((await stored()).columns).toBeUndefined();
  });
});

describe('a list’s saved views', () => {
  it('saves the current filters under a name, and picking it searches with them again', async () => {
    renderResourceList(bridge.token, paramResource);
    await screen.findByText('site.name', {}, slow);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(screen.getByLabelText('Key'));
    await user.paste('mail');
    await user.click(await screen.findByRole('button', { name: /视\s*图/ }, slow));
    await user.click(await screen.findByLabelText('视图名称', {}, slow));
    await user.paste('邮件参数');
    await user.click(screen.getByRole('button', { name: /保存当前视图/ }));
    await waitFor(async () => expect((await stored()).views?.views).toEqual([{ name: '邮件参数', filters: { paramKey: 'mail' }, sort: null, columns: expect.any(Array) }]), slow);

    await user.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(screen.getByLabelText('Key')).toHaveValue(''), slow);
    await user.click(await screen.findByRole('button', { name: '应用视图“邮件参数”' }, slow));
    await waitFor(() => expect(bridge.requests.filter((r) => r.path === '/base/admin/param/list').at(-1)!.query).toMatchObject({ paramKey: 'mail', page: '1' }), slow);
    expect(screen.getByLabelText('Key')).toHaveValue('mail');

    await user.click(screen.getByRole('button', { name: '删除视图“邮件参数”' }));
    await waitFor(async () => expect((await stored()).views).toBeUndefined(), slow);
  });
});
