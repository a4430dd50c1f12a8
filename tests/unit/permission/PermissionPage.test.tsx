import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { grantOnly, renderPermissionPage, sent, sentPaths, setUpPermissionApi, slow, user } from './harness';

vi.setConfig({ testTimeout: 60000 });
const apis = setUpPermissionApi();
const appId = (app: 'test' | 'crm' | 'ops') => String(apis.current.app[app]);

const region = (name: string) => screen.getByRole('region', { name });
const tree = () => region('菜单目录');
const pages = () => region('页面元素');
const apiColumn = () => region('接口元素');
const addButton = (column: HTMLElement) => within(column).getByRole('button', { name: /新\s*增/ });

/** A node of the tree by its name (its type tag may read the same, e.g. 首页). */
const node = (name: string) => within(tree()).findByText(name, { selector: '.permission-tree__name' }, slow);

async function chooseDirectory(name: string) {
  await user().click(await node(name));
}

describe('menu/permission page: columns and selection', () => {
  it("loads the first sub-system's tree, remembers it in the address, and switches to another", async () => {
    renderPermissionPage(apis.current);
    expect(await within(tree()).findByText('系统管理', {}, slow)).toBeInTheDocument();
    expect(await node('首页')).toBeInTheDocument();
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('appId')).toBe(appId('test')), slow);

    await user().click(within(tree()).getByRole('combobox', { name: '子系统' }));
    await user().click(await screen.findByTitle('客户系统', {}, slow));

    expect(await within(tree()).findByText('客户管理', {}, slow)).toBeInTheDocument();
    expect(within(tree()).queryByText('系统管理')).not.toBeInTheDocument();
    expect(new URLSearchParams(window.location.search).get('appId')).toBe(appId('crm'));
    const treeCalls = sent(apis.current, '/permission/filterTree');
    expect(treeCalls.map((r) => r.query.appId)).toEqual(expect.arrayContaining([appId('test'), appId('crm')]));
  });

  it('opens the sub-system named in the address', async () => {
    renderPermissionPage(apis.current, `?appId=${appId('crm')}`);
    expect(await within(tree()).findByText('客户列表', {}, slow)).toBeInTheDocument();
    expect(sentPaths(apis.current).filter((p) => p === '/permission/filterTree')).toHaveLength(1);
  });

  it('keeps both adds disabled until something is chosen', async () => {
    renderPermissionPage(apis.current);
    await within(tree()).findByText('系统管理', {}, slow);
    expect(addButton(pages())).toBeDisabled();
    expect(addButton(apiColumn())).toBeDisabled();
    expect(within(pages()).getByText('请先在左侧选择一个目录')).toBeInTheDocument();
  });

  it('loads the page elements of a chosen directory and enables add-page, but not for a top-level navigation', async () => {
    renderPermissionPage(apis.current);
    await chooseDirectory('菜单权限');
    expect(await within(pages()).findByText('permission:create', {}, slow)).toBeInTheDocument();
    expect(within(pages()).getByText('permission:delete')).toBeInTheDocument();
    expect(within(pages()).getByText('所属目录：菜单权限')).toBeInTheDocument();
    expect(addButton(pages())).toBeEnabled();
    const list = sent(apis.current, '/menu/list')[0];
    expect(list?.method).toBe('POST');
    expect(list?.body).toMatchObject({ parentId: apis.current.node['菜单权限'], menuType: 1 });

    await chooseDirectory('系统管理');
    await waitFor(() => expect(within(pages()).queryByText('permission:create')).not.toBeInTheDocument(), slow);
    expect(addButton(pages())).toBeDisabled();

    // The home page is top-level too, but may hold page elements.
    await chooseDirectory('首页');
    await waitFor(() => expect(addButton(pages())).toBeEnabled(), slow);
  });

  it('on a sub-system in reading B, names 5 and 4 as that reading does and lets a top-level directory hold page elements', async () => {
    renderPermissionPage(apis.current, `?appId=${appId('ops')}`);
    expect(await node('服务中心')).toBeInTheDocument();
    const tags = () => within(tree()).getAllByText(/目录$/, { selector: '.permission-tag' }).map((tag) => tag.textContent);
    await waitFor(() => expect(tags()).toEqual(['顶级目录', '目录', '顶级目录']), slow);
    expect(within(tree()).queryByText('首页', { selector: '.permission-tag' })).not.toBeInTheDocument();

    // A top-level node of reading B is a 5: add-page stays on (SPEC §4).
    await chooseDirectory('数据看板');
    expect(await within(pages()).findByText('insight:list', {}, slow)).toBeInTheDocument();
    expect(addButton(pages())).toBeEnabled();
    await chooseDirectory('工单管理');
    expect(await within(pages()).findByText('tickets:list', {}, slow)).toBeInTheDocument();
    expect(addButton(pages())).toBeEnabled();
  });

  it('loads the API elements of a chosen page-element row and enables add-API', async () => {
    renderPermissionPage(apis.current);
    await chooseDirectory('菜单权限');
    await user().click(await within(pages()).findByText('permission:create', {}, slow));

    expect(await within(apiColumn()).findByText('/permission/saveOrUpdate', {}, slow)).toBeInTheDocument();
    expect(within(apiColumn()).getByText('/permission/validMenuType')).toBeInTheDocument();
    expect(within(apiColumn()).queryByText('/permission/delete')).not.toBeInTheDocument();
    expect(within(apiColumn()).getAllByText('接口')).toHaveLength(2);
    expect(addButton(apiColumn())).toBeEnabled();
    const list = sent(apis.current, '/menu/list').at(-1);
    expect(list?.body).toMatchObject({ parentId: apis.current.node['新增'], menuType: 2 });

    // Another directory: the API column empties and add-API is off again.
    await chooseDirectory('参数配置');
    await waitFor(() => expect(within(apiColumn()).queryByText('/permission/saveOrUpdate')).not.toBeInTheDocument(), slow);
    expect(addButton(apiColumn())).toBeDisabled();
  });

  it('shows only the buttons the caller is granted', async () => {
    await grantOnly(apis, (code) => code === 'permission:list' || code === 'permission:edit');
    renderPermissionPage(apis.current);
    await chooseDirectory('菜单权限');
    await within(pages()).findByText('permission:create', {}, slow);
    await waitFor(() => expect(within(tree()).getByRole('button', { name: /编\s*辑/ })).toBeInTheDocument(), slow);
    expect(within(tree()).queryByRole('button', { name: /新\s*增/ })).not.toBeInTheDocument();
    expect(within(tree()).queryByRole('button', { name: /删\s*除/ })).not.toBeInTheDocument();
    expect(within(pages()).queryByRole('button', { name: /新\s*增/ })).not.toBeInTheDocument();
    expect(within(pages()).getAllByRole('button', { name: '编辑' })).toHaveLength(2);
    expect(within(pages()).queryByRole('button', { name: '删除' })).not.toBeInTheDocument();
  });
});
