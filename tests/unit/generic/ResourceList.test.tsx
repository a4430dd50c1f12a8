import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderResourceList, saveParams, setUpBridge, tokenWithGrants } from './harness';
import { findResource } from '../../../resources/registry';

const paramResource = findResource('param')!;

vi.setConfig({ testTimeout: 60000 });
const bridge = setUpBridge();
beforeEach(() => saveParams(bridge));
/** antd is slow in jsdom: give screen changes after a request time. */
const slow = { timeout: 10000 };

/** The table's body rows as arrays of cell texts (DOM queries: role queries are slow in jsdom). */
function bodyRows(): string[][] {
  // The stuck header is a table of its own: the rows are the body table's.
  const section = screen.getByLabelText('参数配置', { selector: 'section' });
  return [...section.querySelectorAll('tbody tr.ant-table-row')].map((row) => [...row.querySelectorAll('td:not(.ant-table-selection-column)')].map((cell) => cell.textContent ?? ''));
}

describe('generic list (parameters)', () => {
  it('shows the declared columns with a row number, and -- for missing values', async () => {
    renderResourceList(bridge.token, paramResource);
    expect(await screen.findByText('site.name', {}, slow)).toBeInTheDocument();
    const headers = [...screen.getByLabelText('参数配置', { selector: 'section' }).querySelectorAll('thead th:not(.ant-table-selection-column)')].map((h) => h.textContent);
    expect(headers).toEqual(['序号', '排序号', 'Key', '值', '备注', '备用参数', '操作']);
    const [first, second] = bodyRows();
    expect(first!.slice(0, 6)).toEqual(['1', '1', 'site.name', 'Staff console', 'Shown in the title', '--']);
    // Missing remark → '--'; spare values 'MB,,' → param1 MB, param2 --, param3 --.
    expect(second!.slice(0, 6)).toEqual(['2', '2', 'upload.maxSize', '10', '--', 'param1: MBparam2: --param3: --']);
    expect(screen.getByText('共 3 条')).toBeInTheDocument();
  });

  it('numbers rows index + 1 + size × (page − 1) on page 2', async () => {
    for (let i = 4; i <= 13; i += 1) await bridge.save('/base/admin/param', { sortNum: i, paramKey: `key.${i}`, value: `v${i}`, remark: '', spareParam: '' });
    renderResourceList(bridge.token, paramResource);
    await screen.findByText('site.name', {}, slow);
    await userEvent.setup({ pointerEventsCheck: 0 }).click(screen.getByTitle('2'));
    await screen.findByText('key.11', {}, slow);
    expect(bodyRows().map((cells) => cells[0])).toEqual(['11', '12', '13']);
    const listCalls = bridge.requests.filter((r) => r.path.endsWith('/param/list'));
    expect(listCalls.at(-1)!.query).toMatchObject({ page: '2', size: '10' });
  });

  it('searches the declared fields with Query and clears them with Reset', async () => {
    renderResourceList(bridge.token, paramResource);
    await screen.findByText('site.name', {}, slow);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(screen.getByLabelText('Key'));
    await user.paste('mail');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(bodyRows()).toHaveLength(1), slow);
    expect(screen.getByText('mail.sender')).toBeInTheDocument();
    expect(bridge.requests.at(-1)!.query).toMatchObject({ paramKey: 'mail', page: '1' });
    await user.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(bodyRows()).toHaveLength(3), slow);
  });

  it('shows add, edit and delete only where the caller holds the page elements', async () => {
    renderResourceList(await tokenWithGrants(bridge, (code) => code === 'param:list' || code === 'param:edit'), paramResource);
    await screen.findByText('site.name', {}, slow);
    await waitFor(() => expect(screen.getAllByRole('button', { name: '编辑' })).toHaveLength(3), slow);
    expect(screen.queryByRole('button', { name: /新\s*增/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '删除' })).not.toBeInTheDocument();
  });

  it('offers only the show view when nothing but the list is granted', async () => {
    renderResourceList(await tokenWithGrants(bridge, (code) => code === 'param:list'), paramResource);
    await screen.findByText('site.name', {}, slow);
    // Let the access checks settle before asserting absence.
    await waitFor(() => expect(bridge.requests.some((r) => r.path.endsWith('pemByUserAndApp'))).toBe(true), slow);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: /新\s*增/ })).not.toBeInTheDocument();
    expect(screen.queryAllByRole('button', { name: '编辑' })).toHaveLength(0);
    expect(screen.queryAllByRole('button', { name: '删除' })).toHaveLength(0);
    expect(screen.getAllByRole('button', { name: '查看' }).length).toBeGreaterThan(0);
  });

  it('asks before deleting, deletes, says so and reloads', async () => {
    renderResourceList(bridge.token, paramResource);
    await screen.findByText('site.name', {}, slow);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const [firstDelete] = await screen.findAllByRole('button', { name: '删除' }, slow);
    await user.click(firstDelete!);
    const dialog = await screen.findByRole('dialog', {}, slow);
    expect(within(dialog).getByText('确认删除')).toBeInTheDocument();
    expect(within(dialog).getByText('删除参数“site.name”？')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('删除成功', {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('site.name')).not.toBeInTheDocument(), slow);
    expect(bridge.requests.some((r) => r.path.endsWith('/param/delete') && r.query.ids === '1')).toBe(true);
    expect(await bridge.call<{ total: number }>('GET', '/base/admin/param/list')).toMatchObject({ total: 2 });
  });
});
