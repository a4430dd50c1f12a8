/**
 * A tags field in the form (several items chosen, a held switched-off one kept and marked), in the
 * list (antd tags with the items' or records' labels), and the search form's ranges over a day
 * and an amount, sent as the server reads them.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { date, money, optionalTags, requiredText, tags, text } from '../../../contract';
import { defineEntity } from '../../../contract/entity';
import { defineResource } from '../../../resources/define';
import { AmountRangeInput, amountRangeRule } from '../../../resources/generic/AmountRangeInput';
import { CellContent } from '../../../resources/generic/CellContent';
import { cellKindOf, cellView } from '../../../resources/generic/cells';
import { FieldControl, widgetOf } from '../../../resources/generic/FieldControl';
import { searchFilters } from '../../../resources/generic/filters';
import { ResourceForm } from '../../../resources/generic/ResourceForm';
import { fieldError } from '../../../resources/generic/rules';
import { ConsoleProviders, renderInConsole } from '../renderInConsole';
import { renderResourceList, saveColours, server, setUpBridge } from './harness';

vi.setConfig({ testTimeout: 60000 });
// The note resource is this file's own: its calls are answered here, before the real app.
const bridge = setUpBridge();
beforeEach(() => saveColours(bridge));
const slow = { timeout: 10000 };

const note = defineResource({
  name: 'note',
  entity: defineEntity({
    fields: {
      title: requiredText(text('标题', 'Title'), 20),
      colours: tags(text('颜色', 'Colours'), { dictionary: 'colour', max: 2 }),
      appIds: optionalTags(text('子系统', 'Sub-systems'), { reference: true }),
      startsOn: date(text('开始日期', 'Starts on')),
      price: money(text('价格', 'Price')),
    },
  }),
  table: 'note',
  title: text('笔记', 'Notes'),
  paging: 'pageNo',
  search: [],
  filters: ['colours'],
  ranges: ['startsOn', 'price'],
  references: { appIds: { resource: 'app', labelField: 'name' } },
  sort: [['title', 'asc']],
  columns: [{ field: 'title' }, { field: 'colours' }, { field: 'appIds' }],
  form: [{ field: 'title' }, { field: 'colours' }, { field: 'appIds' }],
});
const fields = note.entity.fields;
const column = (field: string) => note.columns.find((c) => c.field === field)!;
const inConsole = () => ({ token: bridge.token, path: '/x', resource: { name: 'x', label: 'x' } });
const OPTIONS = '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option';
const chosenTexts = () => [...document.querySelectorAll('.ant-select-selection-item-content')].map((o) => o.textContent);

describe('a tags field', () => {
  it('is a multiple select in the form, a tags cell in the list, checked by its count in the form', () => {
    expect(widgetOf({ field: 'colours' }, fields.colours!)).toBe('tags');
    expect(widgetOf({ field: 'appIds' }, fields.appIds!, note.references!.appIds)).toBe('tags');
    expect(cellKindOf(note, column('colours'))).toBe('tags');
    expect(cellView(note, column('colours'), ['red'], 'zh-CN')).toEqual({ kind: 'tags', values: ['red'], dicKey: 'colour' });
    expect(cellView(note, column('colours'), [], 'zh-CN')).toEqual({ kind: 'empty' });
    expect(cellView(note, column('appIds'), [1], 'zh-CN')).toEqual({ kind: 'tags', values: ['1'], reference: note.references!.appIds });
    expect(fieldError(fields.colours!, 'zh-CN', ['red', 'blue', 'green'])).toBe('颜色最多选择2项');
    expect(fieldError(fields.colours!, 'zh-CN', [])).toBe('请选择颜色');
    expect(fieldError(fields.colours!, 'zh-CN', ['blue', 'red'])).toBeUndefined();
  });

  it('keeps a held switched-off item shown and marked, offers the enabled ones, and holds what is chosen', async () => {
    let values: () => Record<string, unknown> = () => ({});
    function Harness() {
      const [form] = Form.useForm();
      values = () => form.getFieldsValue(true) as Record<string, unknown>;
      return (
        <Form form={form} initialValues={{ colours: ['green'] }}>
          <Form.Item name="colours" label="颜色">
            <FieldControl spec={{ field: 'colours' }} field={fields.colours!} locale="zh-CN" />
          </Form.Item>
        </Form>
      );
    }
    renderInConsole(<Harness />, inConsole());
    await waitFor(() => expect(chosenTexts()).toEqual(['绿（已停用）']), slow);
    fireEvent.mouseDown(document.querySelector('.ant-select-selector')!);
    const red = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>(OPTIONS)].find((el) => el.textContent === '红');
      if (!found) throw new Error('no 红 yet');
      return found;
    }, slow);
    fireEvent.click(red);
    await waitFor(() => expect(values().colours).toEqual(['green', 'red']), slow);
    expect(chosenTexts()).toEqual(['绿（已停用）', '红']);
  });

  it('is saved from the add dialog as the array of chosen values', async () => {
    let saved: unknown;
    server.use(
      http.post('*/base/admin/note/saveOrUpdate', async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json({ code: 0, msg: 'ok', data: { id: 1 } });
      }),
    );
    const form = { ...note, form: [{ field: 'title' }, { field: 'colours' }] };
    renderInConsole(<ResourceForm definition={form} title="笔记" action="create" />, { ...inConsole(), path: '/note', resource: { name: 'note', label: '笔记' } });
    const dialog = await screen.findByRole('dialog', {}, slow);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.type(within(dialog).getByLabelText('标题'), 'n1');
    fireEvent.mouseDown(dialog.querySelector('.ant-select-selector')!);
    for (const text of ['蓝', '红']) {
      const option = await waitFor(() => {
        const found = [...document.querySelectorAll<HTMLElement>(OPTIONS)].find((el) => el.textContent === text);
        if (!found) throw new Error(`no ${text} yet`);
        return found;
      }, slow);
      fireEvent.click(option);
    }
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saved).toEqual({ title: 'n1', colours: ['blue', 'red'] }), slow);
  });

  it('shows the items’ labels as tags, a switched-off one marked, and records’ labels for ids', async () => {
    renderInConsole(
      <>
        <CellContent view={cellView(note, column('colours'), ['red', 'green'], 'zh-CN')} />
        <CellContent view={{ kind: 'tags', values: ['1'], reference: note.references!.appIds!, ids: ['1'] }} />
      </>,
      inConsole(),
    );
    const red = await screen.findByText('红', {}, slow);
    expect(red.closest('.ant-tag')).not.toBeNull();
    expect((await screen.findByText('绿（已停用）', {}, slow)).closest('.ant-tag')).toHaveClass('generic-cell--off');
    expect((await screen.findByText('基础平台', {}, slow)).closest('.ant-tag')).not.toBeNull();
  });
});

describe('ranges in the search form', () => {
  it('send a date range as days and a money range as fen', () => {
    const filters = searchFilters(note, { startsOn: [dayjs('2025-03-01 10:30'), dayjs('2025-03-31')], price: [1999, undefined], colours: 'red' });
    expect(filters).toEqual([
      { field: 'colours', operator: 'eq', value: 'red' },
      { field: 'startsOn', operator: 'gte', value: '2025-03-01' },
      { field: 'startsOn', operator: 'lte', value: '2025-03-31' },
      { field: 'price', operator: 'gte', value: 1999 },
      { field: 'price', operator: 'lte', value: undefined },
    ]);
  });

  it('take amounts typed in yuan as fen, and refuse one with too many decimals', async () => {
    let values: () => Record<string, unknown> = () => ({});
    let form: ReturnType<typeof Form.useForm>[0] | undefined;
    function Harness() {
      const [own] = Form.useForm();
      form = own;
      values = () => own.getFieldsValue(true) as Record<string, unknown>;
      return (
        <Form form={own}>
          <Form.Item name="price" label="价格" rules={[amountRangeRule(2, fields.price!.label, 'zh-CN')]}>
            <AmountRangeInput scale={2} />
          </Form.Item>
        </Form>
      );
    }
    render(
      <ConsoleProviders>
        <Harness />
      </ConsoleProviders>,
    );
    const [least, most] = [screen.getByPlaceholderText('最低'), screen.getByPlaceholderText('最高')];
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.type(least, '19.99');
    await user.type(most, '100');
    expect(values().price).toEqual([1999, 10000]);
    await user.clear(most);
    await user.type(most, '1.234');
    await expect(form!.validateFields()).rejects.toMatchObject({ errorFields: [{ errors: ['价格最多保留2位小数'] }] });
  });

  it('asks the list for the typed amounts in fen and the picked days, from the search form of a list', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('*/base/admin/note/list', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json({ code: 0, msg: 'ok', data: { items: [], total: 0 } });
      }),
    );
    renderResourceList(bridge.token, { ...note, menu: { navigation: 'tools', sort: 1, icon: 'filetext', path: '/note' } });
    const least = await screen.findByPlaceholderText('最低', {}, slow);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.type(least, '19.99');
    const [from, to] = await screen.findAllByPlaceholderText(/开始时间|结束时间/, {}, slow);
    await user.click(from!);
    await user.type(from!, '2025-03-01{Enter}');
    await user.type(to!, '2025-03-31{Enter}');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(asked.at(-1)?.get('priceFrom')).toBe('1999'), slow);
    expect(asked.at(-1)?.get('startsOnFrom')).toBe('2025-03-01');
    expect(asked.at(-1)?.get('startsOnTo')).toBe('2025-03-31');
    expect(asked.at(-1)?.has('priceTo')).toBe(false);
  });
});
