/**
 * A column its definition marks `sortable` gets a sorter in its header; clicking it asks the
 * server for that order (`sort`/`order`) through the data provider, and the order keeps on the next page.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { findResource } from '../../../resources/registry';
import { renderResourceList, setUpBridge } from './harness';

// The shipped parameter list sorts by no header: here its sortNum column does (the provider reads the registry).
vi.mock('../../../resources/param/definition', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../resources/param/definition')>();
  const { paramResource } = original;
  return { ...original, paramResource: { ...paramResource, columns: paramResource.columns.map((c) => (c.field === 'sortNum' ? { ...c, sortable: true } : c)) } };
});

vi.setConfig({ testTimeout: 60000 });
const bridge = setUpBridge();
const slow = { timeout: 10000 };

describe('a sortable column', () => {
  it('sorts the list on the server from its header, asc then desc, and keeps the order across pages', async () => {
    for (let i = 1; i <= 13; i += 1) await bridge.save('/base/admin/param', { sortNum: i, paramKey: `key.${i}`, value: `v${i}`, remark: '', spareParam: '' });
    renderResourceList(bridge.token, findResource('param')!);
    await screen.findByText('key.1', {}, slow);
    const listCalls = () => bridge.requests.filter((r) => r.path.endsWith('/param/list'));
    expect(listCalls().at(-1)!.query).not.toHaveProperty('sort');

    const section = screen.getByLabelText('参数配置', { selector: 'section' });
    const header = [...section.querySelectorAll('thead th')].find((th) => th.textContent === '排序号')!;
    const other = [...section.querySelectorAll('thead th')].find((th) => th.textContent === 'Key')!;
    expect(header.classList.contains('ant-table-column-has-sorters')).toBe(true);
    expect(other.classList.contains('ant-table-column-has-sorters')).toBe(false);

    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(header);
    await waitFor(() => expect(listCalls().at(-1)!.query).toMatchObject({ sort: 'sortNum', order: 'asc' }), slow);
    await user.click(header);
    await waitFor(() => expect(listCalls().at(-1)!.query).toMatchObject({ sort: 'sortNum', order: 'desc' }), slow);

    await user.click(screen.getByTitle('2'));
    await waitFor(() => expect(listCalls().at(-1)!.query).toMatchObject({ sort: 'sortNum', order: 'desc', page: '2' }), slow);
  });
});
