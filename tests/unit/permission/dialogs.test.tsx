import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../src/i18n';
import { renderPermissionPage, sent, server, setUpPermissionApi, slow, user } from './harness';

vi.setConfig({ testTimeout: 60000 });
const apis = setUpPermissionApi();
const appId = (app: 'test' | 'crm' | 'ops') => String(apis.current.app[app]);
const idOf = (name: string) => apis.current.node[name]!;

const region = (name: string) => screen.getByRole('region', { name });
const tree = () => region('菜单目录');
const pages = () => region('页面元素');
const node = (name: string) => within(tree()).findByText(name, { selector: '.permission-tree__name' }, slow);

/** Opens the page on 测试平台. */
async function open() {
  renderPermissionPage(apis.current);
  await node('系统管理');
}

async function clickIn(container: HTMLElement, name: RegExp | string) {
  await user().click(within(container).getByRole('button', { name }));
  return screen.findByRole('dialog', {}, slow);
}

async function type(field: HTMLElement, text: string) {
  await user().click(field);
  await user().paste(text);
}

describe('menu dialog', () => {
  it('disables the other types when editing, and loads the directory', async () => {
    await open();
    await user().click(await node('菜单权限'));
    const dialog = await clickIn(tree(), /编\s*辑/);
    expect(within(dialog).getByText('编辑菜单')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText('名称')).toHaveValue('菜单权限'), slow);
    expect(within(dialog).getByRole('radio', { name: '菜单' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: '菜单' })).toBeEnabled();
    expect(within(dialog).getByRole('radio', { name: '导航' })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: '首页' })).toBeDisabled();
    expect(sent(apis.current, '/permission/detail').some((r) => r.query.id === String(idOf('菜单权限')))).toBe(true);
  });

  it('lets nothing be chosen or typed in edit until the detail is in the fields (a choice made before would be put back)', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The detail waits until released, then goes on to the real app (a handler that answers nothing passes the call on).
    server.use(http.get('*/base/admin/permission/detail', async () => void (await held)));
    await open();
    await user().click(await node('菜单权限'));
    const dialog = await clickIn(tree(), /编\s*辑/);
    const inputs = () => [...dialog.querySelectorAll<HTMLInputElement>('form input')];
    await waitFor(() => expect(within(dialog).getByLabelText('名称')).toHaveValue('菜单权限'), slow);
    // The tree's copy is shown while the detail is read; none of the type, sub-system, parent or text fields is open.
    expect(inputs().filter((input) => !input.disabled).map((input) => input.id || input.value)).toEqual([]);
    release();
    await waitFor(() => expect(within(dialog).getByLabelText('名称')).toBeEnabled(), slow);
    expect(within(dialog).getByRole('combobox', { name: '父节点' })).toBeEnabled();
    expect(within(dialog).getByRole('radio', { name: '菜单' })).toBeEnabled();
  });

  it('disables home when the chosen sub-system already has one, and offers it when not', async () => {
    await open();
    let dialog = await clickIn(tree(), /新\s*增/);
    expect(within(dialog).getByText('新增菜单')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: '首页' })).toBeDisabled(), slow);
    expect(within(dialog).getByRole('radio', { name: '导航' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: '菜单' })).toBeEnabled();
    const check = sent(apis.current, '/permission/validMenuType')[0];
    expect(check?.query).toMatchObject({ appId: appId('test'), menuType: '5' });

    await user().click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), slow);
    await user().click(within(tree()).getByRole('combobox', { name: '子系统' }));
    await user().click(await screen.findByTitle('客户系统', {}, slow));
    await node('客户管理');
    dialog = await clickIn(tree(), /新\s*增/);
    await waitFor(
      () => expect(sent(apis.current, '/permission/validMenuType').some((r) => r.query.appId === appId('crm'))).toBe(true),
      slow,
    );
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: '首页' })).toBeEnabled(), slow);
  });

  it('offers the two types of reading B on such a sub-system, and no home check', async () => {
    renderPermissionPage(apis.current, `?appId=${appId('ops')}`);
    await user().click(await node('服务中心'));
    let dialog = await clickIn(tree(), /新\s*增/);
    const radios = () => within(dialog).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent);
    await waitFor(() => expect(radios()).toEqual(['顶级目录', '目录']), slow);
    // Below a chosen top-level directory, a new node is a directory under it.
    expect(within(dialog).getByRole('radio', { name: '目录' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: '顶级目录' })).toBeEnabled();
    expect(sent(apis.current, '/permission/validMenuType').some((r) => r.query.appId === appId('ops'))).toBe(false);
    await user().click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), slow);

    await user().click(await node('工单管理'));
    dialog = await clickIn(tree(), /编\s*辑/);
    await waitFor(() => expect(within(dialog).getByLabelText('名称')).toHaveValue('工单管理'), slow);
    expect(within(dialog).getByRole('radio', { name: '目录' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: '顶级目录' })).toBeDisabled();
  });

  it('shows the contract message for a 21-character name', async () => {
    await open();
    const dialog = await clickIn(tree(), /新\s*增/);
    await type(within(dialog).getByLabelText('名称'), '名'.repeat(21));
    expect(await within(dialog).findByText('名称长度不能超过20个字符', {}, slow)).toBeInTheDocument();
  });

  it('adds a menu below the chosen navigation, says 提交成功 and reloads the tree', async () => {
    await open();
    await user().click(await node('系统管理'));
    const dialog = await clickIn(tree(), /新\s*增/);
    expect(within(dialog).getByRole('radio', { name: '菜单' })).toBeChecked();
    await type(within(dialog).getByLabelText('名称'), '日志');
    await type(within(dialog).getByLabelText('路径'), '/system/log');
    await type(within(dialog).getByLabelText('访问地址'), 'log');
    // The icon is picked among the console's icons, found by its name.
    await type(within(dialog).getByLabelText('图标'), 'filetext');
    await user().click(await screen.findByText('filetext', { selector: '.ant-select-item-option .permission-icon-option' }, slow));
    await user().click(within(dialog).getByRole('button', { name: /保\s*存/ }));

    expect(await screen.findByText('提交成功', {}, slow)).toBeInTheDocument();
    expect(await node('日志')).toBeInTheDocument();
    const save = sent(apis.current, '/permission/saveOrUpdate')[0];
    expect(save?.body).toEqual({ menuType: 4, appId: apis.current.app.test, parentId: idOf('系统管理'), name: '日志', sort: 31, path: '/system/log', url: 'log', icon: 'filetext' });
  });

  it('refuses a path with spaces and no leading "/", and a path another menu of the sub-system has, under the field', async () => {
    await open();
    await user().click(await node('系统管理'));
    const dialog = await clickIn(tree(), /新\s*增/);
    const path = within(dialog).getByLabelText('路径');
    await type(path, 'wms inbound 页面');
    expect(await within(dialog).findByText('路径不能包含空格', {}, slow)).toBeInTheDocument();
    await user().clear(path);
    await type(path, 'wms/inbound');
    expect(await within(dialog).findByText('路径须以“/”开头', {}, slow)).toBeInTheDocument();
    await user().clear(path);
    await type(path, '/system/permission');
    expect(await within(dialog).findByText('该子系统中已有菜单使用此路径', {}, slow)).toBeInTheDocument();
  });

  it("shows the server's field error under its field and keeps the dialog open", async () => {
    server.use(
      http.post('*/base/admin/permission/saveOrUpdate', () =>
        HttpResponse.json({ code: 1001, msg: '提交的数据有误', data: { fields: { path: '路径已被其他菜单使用' } } }, { status: 400 }),
      ),
    );
    await open();
    await user().click(await node('菜单权限'));
    const dialog = await clickIn(tree(), /编\s*辑/);
    await waitFor(() => expect(within(dialog).getByLabelText('名称')).toHaveValue('菜单权限'), slow);
    await user().click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('路径已被其他菜单使用', {}, slow)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('element dialogs and deletes', () => {
  it('adds a page element to the chosen directory and reloads the column', async () => {
    await open();
    await user().click(await node('菜单权限'));
    await within(pages()).findByText('permission:create', {}, slow);
    const dialog = await clickIn(pages(), /新\s*增/);
    expect(within(dialog).getByText('新增页面元素')).toBeInTheDocument();
    await type(within(dialog).getByLabelText('页面编码'), 'permission:export');
    await type(within(dialog).getByLabelText('页面名称'), '导出');
    await user().click(within(dialog).getByRole('button', { name: /保\s*存/ }));

    // Looked for together: the message leaves after a few seconds, which a slow reload can outlast.
    const [added, said] = await Promise.all([within(pages()).findByText('permission:export', {}, slow), screen.findByText('提交成功', {}, slow)]);
    expect(added).toBeInTheDocument();
    expect(said).toBeInTheDocument();
    const save = sent(apis.current, '/menu/saveOrUpdate')[0];
    expect(save?.body).toEqual({ code: 'permission:export', name: '导出', menuType: 1, appId: apis.current.app.test, parentId: idOf('菜单权限') });
  });

  it('puts a taken page code (1005) under the code field', async () => {
    server.use(
      http.post('*/base/admin/menu/saveOrUpdate', () =>
        HttpResponse.json({ code: 1005, msg: '页面编码不可以重复', data: { fields: { code: '页面编码不可以重复' } } }, { status: 409 }),
      ),
    );
    await open();
    await user().click(await node('菜单权限'));
    await within(pages()).findByText('permission:create', {}, slow);
    await user().click(within(pages()).getAllByRole('button', { name: '编辑' })[0]!);
    const dialog = await screen.findByRole('dialog', {}, slow);
    expect(within(dialog).getByText('编辑页面元素')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('页面编码')).toHaveValue('permission:create');
    await user().click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('页面编码不可以重复', {}, slow)).toBeInTheDocument();
  });

  it('edits an API element with its digits-only code rule', async () => {
    await open();
    await user().click(await node('菜单权限'));
    await user().click(await within(pages()).findByText('permission:create', {}, slow));
    const apiColumn = region('接口元素');
    await within(apiColumn).findByText('/permission/saveOrUpdate', {}, slow);
    await user().click(within(apiColumn).getAllByRole('button', { name: '编辑' })[0]!);
    const dialog = await screen.findByRole('dialog', {}, slow);
    const code = within(dialog).getByLabelText('接口编码');
    expect(code).toHaveValue('1001');
    await user().clear(code);
    await type(code, '10a');
    expect(await within(dialog).findByText('接口编码只能是数字', {}, slow)).toBeInTheDocument();
    await user().clear(code);
    await type(code, '0042');
    await user().click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), slow);
    const save = sent(apis.current, '/menu/saveOrUpdate')[0];
    expect(save?.body).toEqual({ code: '0042', name: '保存', url: '/permission/saveOrUpdate', menuType: 2, appId: apis.current.app.test, parentId: idOf('新增'), id: idOf('保存'), version: 1 });
  });

  it('shows the address rule under the API dialog’s address field and sends nothing', async () => {
    await open();
    await user().click(await node('菜单权限'));
    await user().click(await within(pages()).findByText('permission:create', {}, slow));
    const apiColumn = region('接口元素');
    await within(apiColumn).findByText('/permission/saveOrUpdate', {}, slow);
    await user().click(within(apiColumn).getAllByRole('button', { name: '编辑' })[0]!);
    const dialog = await screen.findByRole('dialog', {}, slow);
    const address = within(dialog).getByLabelText('接口地址');
    await user().clear(address);
    await type(address, 'permission/saveOrUpdate');
    expect(await within(dialog).findByText('接口地址须以“/”开头', {}, slow)).toBeInTheDocument();
    await user().click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('接口地址须以“/”开头', {}, slow)).toBeInTheDocument();
    expect(sent(apis.current, '/menu/saveOrUpdate')).toHaveLength(0);
  });

  it('asks before deleting a directory, naming it and its children, then deletes and reloads the tree', async () => {
    await open();
    await user().click(await node('系统管理'));
    const dialog = await clickIn(tree(), /删\s*除/);
    expect(within(dialog).getByText('确认删除')).toBeInTheDocument();
    expect(within(dialog).getByText('确认删除“系统管理”吗？其下的 2 个子节点及它们的页面元素和接口也会一并删除。')).toBeInTheDocument();
    await user().click(within(dialog).getByRole('button', { name: /确\s*定/ }));

    expect(await screen.findByText('删除成功', {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(within(tree()).queryByText('系统管理')).not.toBeInTheDocument(), slow);
    expect(within(tree()).queryByText('菜单权限')).not.toBeInTheDocument();
    const remove = sent(apis.current, '/permission/delete')[0];
    expect(remove?.query.ids).toBe(String(idOf('系统管理')));
  });

  it('names a page element in its delete confirmation, in English too', async () => {
    await open();
    await user().click(await node('菜单权限'));
    await within(pages()).findByText('permission:delete', {}, slow);
    await user().click(within(pages()).getAllByRole('button', { name: '删除' })[1]!);
    const dialog = await screen.findByRole('dialog', {}, slow);
    expect(within(dialog).getByText('确认删除页面元素“删除”吗？其下的接口也会一并删除。')).toBeInTheDocument();
    act(() => setLocale('en-US'));
    expect(await within(dialog).findByText('Delete the page element "删除"? Its APIs will be deleted too.', {}, slow)).toBeInTheDocument();
    expect(within(dialog).getByText('Confirm deletion')).toBeInTheDocument();
    await user().click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('deleted successfully', {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(within(region('Page elements')).queryByText('permission:delete')).not.toBeInTheDocument(), slow);
    expect(sent(apis.current, '/menu/delete')[0]?.query.ids).toBe(String(idOf('删除')));
  });
});
