/**
 * The master–detail screen built from two definitions (dictionaries and their items): selection,
 * the switch cell that saves one field at once, the order arrows, and delete offered only where
 * the definition allows it.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dicItemResource, dicResource } from '../../../resources/dic/definition';
import { MasterDetail } from '../../../resources/generic/MasterDetail';
import { renderInConsole } from '../renderInConsole';
import { button, buttons, findDialog } from './dom';
import { dictionaryIds, saveColours, server, setUpBridge } from './harness';

vi.setConfig({ testTimeout: 60000 });
const bridge = setUpBridge();
/** The seeded business types (a system dictionary, listed first) and a normal one, 颜色. */
let businessTypes: Awaited<ReturnType<typeof dictionaryIds>>;
let colours: number;
beforeEach(async () => {
  colours = await saveColours(bridge);
  businessTypes = await dictionaryIds(bridge, 'business_type');
});
const slow = { timeout: 10000 };

function renderDictionaries() {
  return renderInConsole(<MasterDetail master={dicResource} detail={dicItemResource} title="字典管理" />, {
    token: bridge.token,
    path: '/system/dic',
    resource: { name: 'dic', label: '字典管理' },
  });
}

const section = (title: string) => screen.getByLabelText(title, { selector: 'section' });
const rowsOf = (title: string) => [...section(title).querySelectorAll('tbody tr.ant-table-row')] as HTMLElement[];
const texts = (title: string) => rowsOf(title).map((row) => [...row.querySelectorAll('td:not(.ant-table-selection-column)')].map((cell) => cell.textContent ?? ''));
const listCalls = () => bridge.requests.filter((r) => r.path.endsWith('/dic/list'));
const saves = () => bridge.requests.filter((r) => r.path.endsWith('/dic/saveOrUpdate'));

describe('master–detail (dictionaries and their items)', () => {
  it('selects the first dictionary once loaded and lists its items; choosing another lists its own', async () => {
    renderDictionaries();
    await waitFor(() => expect(texts('业务类型 · 字典项').map((row) => row[1])).toEqual(['业务系统', '支撑系统', '基础服务']), slow);
    expect(listCalls().some((call) => call.query.parentId === String(businessTypes.id))).toBe(true);

    fireEvent.click(within(section('字典管理')).getByText('颜色'));
    await waitFor(() => expect(texts('颜色 · 字典项').map((row) => row[1])).toEqual(['红', '绿', '蓝']), slow);
    expect(listCalls().at(-1)!.query).toMatchObject({ parentId: String(colours), page: '1', size: '10' });
  });

  it('adds an item to the selected dictionary', async () => {
    renderDictionaries();
    await waitFor(() => expect(rowsOf('业务类型 · 字典项')).toHaveLength(3), slow);
    fireEvent.click(button('新增', section('业务类型 · 字典项')));
    const dialog = await findDialog();
    fireEvent.change(within(dialog).getByLabelText('文本'), { target: { value: '新类型' } });
    fireEvent.change(within(dialog).getByLabelText('值'), { target: { value: '4' } });
    fireEvent.click(button('保存', dialog));
    await waitFor(() => expect(texts('业务类型 · 字典项').map((row) => row[1])).toContain('新类型'), slow);
    expect(saves().at(-1)!.body).toMatchObject({ parentId: businessTypes.id, name: '新类型', dicKey: '4' });
  });

  it('offers delete only on a normal dictionary, saying why not on a system one', async () => {
    renderDictionaries();
    await waitFor(() => expect(rowsOf('字典管理')).toHaveLength(3), slow);
    const [system, , normal] = rowsOf('字典管理');
    expect(button('删除', system!)).toBeDisabled();
    expect(button('删除', normal!)).toBeEnabled();
  });
});

describe('order arrows', () => {
  it('hide up on position 1 and down on the page\'s last row, and move a row on click', async () => {
    renderDictionaries();
    await waitFor(() => expect(rowsOf('业务类型 · 字典项')).toHaveLength(3), slow);
    const shown = (row: HTMLElement, name: string) => buttons(name, row).filter((b) => b.getAttribute('aria-hidden') !== 'true').length;
    const [first, middle, last] = rowsOf('业务类型 · 字典项');
    expect([shown(first!, '上移'), shown(first!, '下移')]).toEqual([0, 1]);
    expect([shown(middle!, '上移'), shown(middle!, '下移')]).toEqual([1, 1]);
    expect([shown(last!, '上移'), shown(last!, '下移')]).toEqual([1, 0]);

    fireEvent.click(button('上移', last!));
    await waitFor(() => expect(texts('业务类型 · 字典项').map((row) => row[1])).toEqual(['业务系统', '基础服务', '支撑系统']), slow);
    expect(bridge.requests.find((r) => r.path.endsWith('/dic/move'))?.body).toEqual({ id: businessTypes.items['3'], direction: 'up' });
  });
});

describe('switch cell', () => {
  const switchOf = (row: HTMLElement) => row.querySelector<HTMLButtonElement>('button[role="switch"]')!;

  it('saves the one field at once and says so', async () => {
    renderDictionaries();
    await waitFor(() => expect(rowsOf('业务类型 · 字典项')).toHaveLength(3), slow);
    const second = () => rowsOf('业务类型 · 字典项')[1]!;
    expect(switchOf(second())).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(switchOf(second()));
    expect(await screen.findByText('操作成功', {}, slow)).toBeInTheDocument();
    expect(saves().at(-1)!.body).toEqual({ id: businessTypes.items['2'], openStatus: 0 });
    await waitFor(() => expect(switchOf(second())).toHaveAttribute('aria-checked', 'false'), slow);
  });

  it('goes back when the save fails, with the server\'s message', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('*/base/admin/dic/saveOrUpdate', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ code: 1500, msg: '服务器内部错误', data: null }, { status: 500 });
      }),
    );
    renderDictionaries();
    await waitFor(() => expect(rowsOf('业务类型 · 字典项')).toHaveLength(3), slow);
    fireEvent.click(switchOf(rowsOf('业务类型 · 字典项')[0]!));
    expect(await screen.findByText('服务器内部错误', {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(switchOf(rowsOf('业务类型 · 字典项')[0]!)).toHaveAttribute('aria-checked', 'true'), slow);
    expect(sent).toEqual([{ id: businessTypes.items['1'], openStatus: 0 }]);
  });
});
