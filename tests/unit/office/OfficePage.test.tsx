import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setLocale } from '../../../src/i18n';
import { buttonIn, dialog, grantOnly, noDialog, renderOfficePage, requestsTo, section, server, setUpOfficeApi, slow, user } from './harness';

const apis = setUpOfficeApi();
const office = (name: string) => apis.current.office[name]!;

const tree = () => section('部门与小组');
const node = (name: string) => within(tree()).findByText(name, { selector: '.office-tree__name' }, slow);
const form = () => document.querySelector('form') as HTMLFormElement;

async function open() {
  renderOfficePage(apis.current);
  await node('研发部');
}

async function type(field: HTMLElement, text: string) {
  await user().click(field);
  await user().paste(text);
}

describe('organisation management: viewing', () => {
  it('shows a clicked node read-only: type, parent, name and remark', async () => {
    await open();
    await user().click(await node('前端组'));
    const details = section('组织详情');
    expect(within(details).getByText('小组')).toBeInTheDocument();
    expect(within(details).getByText('研发部')).toBeInTheDocument();
    expect(within(details).getByText('前端组')).toBeInTheDocument();
    expect(within(details).getByText('--')).toBeInTheDocument();
    expect(details.querySelector('input, textarea')).toBeNull();

    await user().click(await node('研发部'));
    expect(within(section('组织详情')).getByText('负责产品研发')).toBeInTheDocument();
    expect(within(section('组织详情')).getByText('无（部门）')).toBeInTheDocument();
  });

  it('shows only the buttons the caller is granted', async () => {
    await grantOnly(apis, (code) => code === 'office:list' || code === 'office:edit');
    await open();
    await waitFor(() => expect(buttonIn(tree(), /编\s*辑/)).toBeInTheDocument(), slow);
    expect(within(tree()).queryByText('新增部门')).not.toBeInTheDocument();
    expect(within(tree()).queryByText(/删\s*除/)).not.toBeInTheDocument();
  });
});

describe('organisation management: the form', () => {
  it('refuses a group without a parent with the contract message and sends nothing', async () => {
    await open();
    await user().click(buttonIn(tree(), /新增部门/));
    await user().click(within(form()).getByLabelText('小组'));
    await type(within(form()).getByLabelText('名称'), '测试组');
    await user().click(buttonIn(form(), /保\s*存/));
    expect(await within(form()).findByText('请选择上级组织', {}, slow)).toBeInTheDocument();
    expect(requestsTo(apis.current, '/office/saveOrUpdate')).toHaveLength(0);
  });

  it('saves a department with parent 0, says 提交成功 and shows it in the tree', async () => {
    await open();
    await user().click(buttonIn(tree(), /新增部门/));
    expect(within(section('新增部门')).getByLabelText('部门')).toBeChecked();
    expect(within(form()).queryByLabelText('上级组织')).not.toBeInTheDocument();
    await type(within(form()).getByLabelText('名称'), ' 财务部 ');
    await type(within(form()).getByLabelText('备注'), '管钱');
    await user().click(buttonIn(form(), /保\s*存/));

    expect(await screen.findByText('提交成功', {}, slow)).toBeInTheDocument();
    expect(await node('财务部')).toBeInTheDocument();
    expect(requestsTo(apis.current, '/office/saveOrUpdate').map((r) => r.body)).toEqual([{ name: '财务部', remark: '管钱', type: 1, parentId: 0 }]);
  });

  it('adds a group under the chosen department', async () => {
    await open();
    await user().click(await node('市场部'));
    await user().click(buttonIn(tree(), /新增小组/));
    expect(within(form()).getByLabelText('小组')).toBeChecked();
    expect(within(form()).getByTitle('市场部')).toBeInTheDocument();
    await type(within(form()).getByLabelText('名称'), '渠道组');
    await user().click(buttonIn(form(), /保\s*存/));
    expect(await node('渠道组')).toBeInTheDocument();
    expect(requestsTo(apis.current, '/office/saveOrUpdate').map((r) => r.body)).toEqual([{ name: '渠道组', remark: '', type: 2, parentId: office('市场部') }]);
  });

  it('edits a node with its type locked, loading its detail, and sends its id', async () => {
    await open();
    await user().click(await node('前端组'));
    await user().click(buttonIn(tree(), /编\s*辑/));
    expect(within(form()).getByLabelText('小组')).toBeChecked();
    expect(within(form()).getByLabelText('小组')).toBeDisabled();
    expect(within(form()).getByLabelText('部门')).toBeDisabled();
    expect(within(form()).getByLabelText('名称')).toHaveValue('前端组');
    await waitFor(() => expect(requestsTo(apis.current, '/office/detail').map((r) => r.query.id)).toEqual([String(office('前端组'))]), slow);

    await user().clear(within(form()).getByLabelText('名称'));
    await type(within(form()).getByLabelText('名称'), '大前端组');
    await user().click(buttonIn(form(), /保\s*存/));
    expect(await node('大前端组')).toBeInTheDocument();
    expect(requestsTo(apis.current, '/office/saveOrUpdate').map((r) => r.body)).toEqual([{ id: office('前端组'), name: '大前端组', remark: '', type: 2, parentId: office('研发部'), version: 1 }]);
    // Back to the read-only view of the saved node.
    expect(within(section('组织详情')).getByText('大前端组')).toBeInTheDocument();
  });

  it("shows the contract's length message and the server's field error under their fields", async () => {
    server.use(
      http.post('*/base/admin/office/saveOrUpdate', () =>
        HttpResponse.json({ code: 1001, msg: '提交的数据有误', data: { fields: { name: '名称已被使用' } } }, { status: 400 }),
      ),
    );
    await open();
    await user().click(buttonIn(tree(), /新增部门/));
    await type(within(form()).getByLabelText('名称'), '名'.repeat(21));
    expect(await within(form()).findByText('名称长度不能超过20个字符', {}, slow)).toBeInTheDocument();
    await user().clear(within(form()).getByLabelText('名称'));
    await type(within(form()).getByLabelText('名称'), '行政部');
    await user().click(buttonIn(form(), /保\s*存/));
    expect(await within(form()).findByText('名称已被使用', {}, slow)).toBeInTheDocument();
  });

  it('refuses a department name already taken, before asking the server', async () => {
    await open();
    await user().click(buttonIn(tree(), /新增部门/));
    await type(within(form()).getByLabelText('名称'), '研发部');
    expect(await within(form()).findByText('部门名称不可以重复', {}, slow)).toBeInTheDocument();
    await user().click(buttonIn(form(), /保\s*存/));
    expect(requestsTo(apis.current, '/office/saveOrUpdate')).toHaveLength(0);
  });
});

describe('organisation management: deleting', () => {
  it('asks before deleting, naming the node and its children, then deletes and reloads', async () => {
    await open();
    await user().click(await node('研发部'));
    await user().click(buttonIn(tree(), /删\s*除/));
    const confirm = await dialog();
    expect(within(confirm).getByText('确认删除“研发部”及其下级组织吗？其下的 1 个组织也会一并删除。')).toBeInTheDocument();
    act(() => setLocale('en-US'));
    expect(await within(confirm).findByText('Delete "研发部" and the organisations below it? Its 1 sub-organisations will be deleted too.', {}, slow)).toBeInTheDocument();
    act(() => setLocale('zh-CN'));
    await user().click(buttonIn(confirm, /确\s*定/));

    expect(await screen.findByText('删除成功', {}, slow)).toBeInTheDocument();
    await noDialog();
    await waitFor(() => expect(within(tree()).queryByText('研发部')).not.toBeInTheDocument(), slow);
    expect(within(tree()).queryByText('前端组')).not.toBeInTheDocument();
    expect(requestsTo(apis.current, '/office/delete').map((r) => r.query)).toEqual([{ ids: String(office('研发部')) }]);
  });

  it('names a node without children alone', async () => {
    await open();
    await user().click(await node('市场部'));
    await user().click(buttonIn(tree(), /删\s*除/));
    expect(within(await dialog()).getByText('确认删除“市场部”吗？')).toBeInTheDocument();
  });
});
