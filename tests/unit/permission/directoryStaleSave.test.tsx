/**
 * Menu edits never overwrite someone else's, over the real server: the menu dialog sends the version
 * its detail was read at; when another administrator saved the node meanwhile (1012) the dialog
 * stays open with what was typed, shows their value beside it, and "keep mine" saves over their version.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPermissionPage, sent, setUpPermissionApi, slow, user } from './harness';

vi.setConfig({ testTimeout: 60000 });
const apis = setUpPermissionApi();
const tree = () => screen.getByRole('region', { name: '菜单目录' });
const node = (name: string) => within(tree()).findByText(name, { selector: '.permission-tree__name' }, slow);

describe('a menu save of a node someone else changed meanwhile', () => {
  it('keeps what was typed, shows what they changed, and "keep mine" saves over their version', async () => {
    const { bridge } = apis.current;
    const id = apis.current.node['菜单权限']!;
    renderPermissionPage(apis.current);
    await user().click(await node('菜单权限'));
    await user().click(within(tree()).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog', {}, slow);
    const name = within(dialog).getByLabelText('名称');
    await waitFor(() => expect(name).toHaveValue('菜单权限'), slow);
    await user().clear(name);
    await user().click(name);
    await user().paste('我的菜单');

    // Another administrator changes the node's address meanwhile, naming no version.
    const stored = await bridge.db.selectFrom('permission').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const { version: _read, ...theirs } = stored;
    await bridge.call('POST', '/base/admin/permission/saveOrUpdate', { body: { ...theirs, url: 'their-url' } });
    await user().click(within(dialog).getByRole('button', { name: /保\s*存/ }));

    const alert = await within(dialog).findByRole('alert', {}, slow);
    expect(within(alert).getByText('保存前已有他人修改了这条记录')).toBeInTheDocument();
    expect(sent(apis.current, '/permission/saveOrUpdate').at(-1)!.body).toMatchObject({ name: '我的菜单', version: 1 });
    const rows = within(within(alert).getByRole('table'))
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([['访问地址', 'their-url', stored.url]]);
    expect(name).toHaveValue('我的菜单');

    await user().click(within(alert).getByRole('button', { name: /保留我的/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), slow);
    const saved = await bridge.db.selectFrom('permission').select(['name', 'url', 'version']).where('id', '=', id).executeTakeFirstOrThrow();
    // Keep mine saves the whole form: its address too, over their version.
    expect(saved).toEqual({ name: '我的菜单', url: stored.url, version: 3 });
  });
});
