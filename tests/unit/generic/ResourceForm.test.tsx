import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { findResource } from '../../../resources/registry';
import { setLocale } from '../../../src/i18n';
import { renderResourceList, saveParams, server, setUpBridge } from './harness';

const paramResource = findResource('param')!;

vi.setConfig({ testTimeout: 60000 });
const bridge = setUpBridge();
beforeEach(() => saveParams(bridge));
const slow = { timeout: 10000 };

async function openDialog(button: RegExp | string, index = 0) {
  renderResourceList(bridge.token, paramResource);
  await screen.findByText('site.name', {}, slow);
  const buttons = await screen.findAllByRole('button', { name: button }, slow);
  await userEvent.setup({ pointerEventsCheck: 0 }).click(buttons[index]!);
  return screen.findByRole('dialog', {}, slow);
}

async function type(field: HTMLElement, text: string) {
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  await user.click(field);
  await user.paste(text);
}

describe('generic add/edit dialog (parameters)', () => {
  it('checks the key with the contract rule, in Chinese and then in English after switching', async () => {
    const dialog = await openDialog(/新\s*增/);
    expect(within(dialog).getByText('新增 · 参数配置')).toBeInTheDocument();
    await type(within(dialog).getByLabelText('Key'), 'k'.repeat(51));
    expect(await within(dialog).findByText('Key长度不能超过50个字符', {}, slow)).toBeInTheDocument();

    act(() => setLocale('en-US'));
    expect(await within(dialog).findByText('Key must be at most 50 characters', {}, slow)).toBeInTheDocument();
    expect(within(dialog).queryByText('Key长度不能超过50个字符')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Value')).toBeInTheDocument();
  });

  it('marks required fields from the contract', async () => {
    const dialog = await openDialog(/新\s*增/);
    const labelOf = (text: string) => within(dialog).getByText(text, { selector: 'label' });
    expect(labelOf('Key')).toHaveClass('ant-form-item-required');
    expect(labelOf('值')).toHaveClass('ant-form-item-required');
    expect(labelOf('备注')).not.toHaveClass('ant-form-item-required');
    expect(labelOf('备用参数')).not.toHaveClass('ant-form-item-required');
  });

  it('refuses a key that is already taken on add (checked by the key call)', async () => {
    const dialog = await openDialog(/新\s*增/);
    await type(within(dialog).getByLabelText('Key'), 'site.name');
    expect(await within(dialog).findByText('key值不可以重复', {}, slow)).toBeInTheDocument();
    expect(bridge.requests.some((r) => r.path.endsWith('/param/vaildKey') && r.query.paramKey === 'site.name')).toBe(true);
  });

  it('joins the three spare values on save, says so and shows the new row', async () => {
    const dialog = await openDialog(/新\s*增/);
    await type(within(dialog).getByLabelText('排序号'), '9');
    await type(within(dialog).getByLabelText('Key'), 'new.key');
    await type(within(dialog).getByLabelText('值'), 'v');
    await type(within(dialog).getByLabelText('param1'), 'a');
    await type(within(dialog).getByLabelText('param3'), 'c');
    await userEvent.setup({ pointerEventsCheck: 0 }).click(within(dialog).getByRole('button', { name: /保\s*存/ }));

    expect(await screen.findByText('提交成功', {}, slow)).toBeInTheDocument();
    const save = bridge.requests.find((r) => r.path.endsWith('/param/saveOrUpdate'));
    expect(save?.body).toMatchObject({ sortNum: 9, paramKey: 'new.key', value: 'v', spareParam: 'a,,c' });
    expect(await screen.findByText('new.key', {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), slow);
  });

  it('opens edit with the record, its spare values split and its key read-only', async () => {
    const dialog = await openDialog('编辑', 1);
    expect(within(dialog).getByText('编辑 · 参数配置')).toBeInTheDocument();
    const key = within(dialog).getByLabelText('Key');
    await waitFor(() => expect(key).toHaveValue('upload.maxSize'), slow);
    expect(key).toBeDisabled();
    expect(within(dialog).getByLabelText('param1')).toHaveValue('MB');
    expect(within(dialog).getByLabelText('param2')).toHaveValue('');
    expect(within(dialog).getByLabelText('值')).not.toBeDisabled();
  });

  it('lets nothing be typed in edit until the record is in the fields (a value typed before would be put back)', async () => {
    const dialog = await openDialog('编辑', 1);
    const value = () => within(dialog).getByLabelText('值') as HTMLInputElement;
    // Every moment the field could be typed in, as the page showed it: whether it was enabled, and what it held.
    const seen: Array<{ enabled: boolean; value: string }> = [];
    const look = () => seen.push({ enabled: !value().disabled, value: value().value });
    const observer = new MutationObserver(look);
    observer.observe(dialog, { subtree: true, attributes: true, childList: true });
    look();
    await waitFor(() => expect(value()).toHaveValue('10'), slow);
    await waitFor(() => expect(value()).toBeEnabled(), slow);
    observer.disconnect();
    expect(seen.filter((moment) => moment.enabled && moment.value !== '10')).toEqual([]);
  });

  it('shows a field fixed while the record is in use read-only, with the reason, and leaves it free on add (a sub-system\'s menu reading)', async () => {
    const appResource = findResource('app')!;
    // A sub-system is in use once it has a node of its menu tree.
    const app = (code: string, sort: number) => bridge.save('/base/admin/app', { code, name: `系统${code}`, businessType: 1, isEnable: '1', sort, address: '/', logo: '', menuReading: 'B' });
    const used = await app('used', 2);
    await app('empty', 3);
    await bridge.call('POST', '/base/admin/permission/saveOrUpdate', { body: { appId: used.id, parentId: 0, name: '服务中心', menuType: 5, sort: 1, path: '/service', url: 'service', icon: 'appstore' } });
    renderResourceList(bridge.token, appResource);
    await screen.findByText('系统used', {}, slow);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const reading = (dialog: HTMLElement) => within(dialog).getByRole('radio', { name: 'B：顶级目录 / 目录（5 / 4）' });
    const editOf = (name: string) => within(screen.getByText(name).closest('tr')!).getByRole('button', { name: '编辑' });

    await user.click(editOf('系统used'));
    let dialog = await screen.findByRole('dialog', {}, slow);
    await waitFor(() => expect(reading(dialog)).toBeChecked(), slow);
    expect(reading(dialog)).toBeDisabled();
    expect(within(dialog).getByText('子系统已有菜单和权限节点，菜单类型解读不可再修改')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('子系统名称')).not.toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), slow);

    await user.click(editOf('系统empty'));
    dialog = await screen.findByRole('dialog', {}, slow);
    await waitFor(() => expect(reading(dialog)).toBeChecked(), slow);
    expect(reading(dialog)).toBeEnabled();
    expect(within(dialog).queryByText('子系统已有菜单和权限节点，菜单类型解读不可再修改')).not.toBeInTheDocument();
  });

  it("shows the server's field errors under the fields and keeps the dialog open", async () => {
    server.use(
      http.post('*/base/admin/param/saveOrUpdate', () =>
        HttpResponse.json({ code: 1001, msg: '提交的数据有误', data: { fields: { value: '该值已被锁定' } } }, { status: 400 }),
      ),
    );
    const dialog = await openDialog('编辑', 0);
    await waitFor(() => expect(within(dialog).getByLabelText('Key')).toHaveValue('site.name'), slow);
    await userEvent.setup({ pointerEventsCheck: 0 }).click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('该值已被锁定', {}, slow)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
