/**
 * A money field is typed in yuan and held in fen exactly, and shown with the locale's separators
 * and currency; a date is typed or picked and held as 'YYYY-MM-DD'; a range writes two fields.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { date, dateTime, money, optionalDate, requiredText, text, type Field } from '../../../contract';
import { defineEntity } from '../../../contract/entity';
import { defineResource, type FormFieldSpec } from '../../../resources/define';
import { CellContent } from '../../../resources/generic/CellContent';
import { cellKindOf, cellView } from '../../../resources/generic/cells';
import { FieldControl, widgetOf } from '../../../resources/generic/FieldControl';
import { ResourceForm } from '../../../resources/generic/ResourceForm';
import { setLocale } from '../../../src/i18n';
import { ConsoleProviders, renderInConsole } from '../renderInConsole';

vi.setConfig({ testTimeout: 60000 });
const slow = { timeout: 10000 };

const offer = defineResource({
  name: 'offer',
  entity: defineEntity({
    fields: {
      title: requiredText(text('名称', 'Title'), 20),
      startsOn: date(text('开始日期', 'Starts on')),
      endsOn: optionalDate(text('结束日期', 'Ends on')),
      publishedAt: dateTime(text('发布时间', 'Published at')),
      price: money(text('价格', 'Price')),
    },
  }),
  table: 'offer',
  title: text('优惠活动', 'Offers'),
  paging: 'pageNo',
  search: [],
  sort: [['startsOn', 'asc']],
  columns: [{ field: 'title' }, { field: 'startsOn' }, { field: 'publishedAt' }, { field: 'price' }],
  form: [{ field: 'title' }, { field: 'startsOn', to: 'endsOn' }, { field: 'price' }],
});
const fields = offer.entity.fields;
const column = (field: string) => offer.columns.find((c) => c.field === field)!;

beforeEach(() => act(() => setLocale('zh-CN')));

describe('cells of dates, instants and money', () => {
  it('follow the field rule unless a column says otherwise', () => {
    expect(['startsOn', 'publishedAt', 'price'].map((field) => cellKindOf(offer, column(field)))).toEqual(['date', 'time', 'decimal']);
    expect(cellKindOf(offer, { field: 'price', cell: 'text' })).toBe('text');
    expect(cellView(offer, column('startsOn'), '2024-02-29', 'zh-CN')).toEqual({ kind: 'text', text: '2024-02-29' });
  });

  it('show fen as yuan with the separators and currency of each language', () => {
    expect(cellView(offer, column('price'), 490000, 'zh-CN')).toEqual({ kind: 'text', text: '¥4,900.00' });
    expect(cellView(offer, column('price'), 490000, 'en-US')).toEqual({ kind: 'text', text: 'CN¥4,900.00' });
    expect(cellView(offer, column('price'), '1999', 'en-US')).toEqual({ kind: 'text', text: 'CN¥19.99' });
    expect(cellView(offer, column('price'), Number.MAX_SAFE_INTEGER, 'zh-CN')).toEqual({ kind: 'text', text: '¥90,071,992,547,409.91' });
    render(
      <ConsoleProviders>
        <CellContent view={cellView(offer, column('price'), 1999, 'zh-CN')} />
      </ConsoleProviders>,
    );
    expect(screen.getByText('¥19.99')).toBeInTheDocument();
  });
});

/** A form with one field's control; `values` reads what the form holds. */
function renderControl(name: string, field: Field, spec: FormFieldSpec = { field: name }, initial?: unknown) {
  let values: () => Record<string, unknown> = () => ({});
  function Harness() {
    const [form] = Form.useForm();
    values = () => form.getFieldsValue(true) as Record<string, unknown>;
    return (
      <Form form={form} initialValues={{ [name]: initial }}>
        <Form.Item name={name} label={field.label['zh-CN']}>
          <FieldControl spec={spec} field={field} locale="zh-CN" />
        </Form.Item>
      </Form>
    );
  }
  render(
    <ConsoleProviders>
      <Harness />
    </ConsoleProviders>,
  );
  return { values: () => values() };
}

describe('the money input', () => {
  it('is what a money field gets by default', () => {
    expect(widgetOf({ field: 'price' }, fields.price!)).toBe('decimal');
    expect(widgetOf({ field: 'startsOn' }, fields.startsOn!)).toBe('date');
    expect(widgetOf({ field: 'publishedAt' }, fields.publishedAt!)).toBe('dateTime');
  });

  it('shows fen as yuan, and holds typed yuan as fen without floating error', async () => {
    const { values } = renderControl('price', fields.price!, undefined, 1999);
    const input = screen.getByLabelText('价格');
    expect(input).toHaveValue('19.99');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.clear(input);
    await user.type(input, '0.3');
    expect(values().price).toBe(30);
    await user.clear(input);
    await user.type(input, '1234.56');
    expect(values().price).toBe(123456);
    await user.clear(input);
    await user.type(input, '19.999');
    // Too many decimals stays as typed, for the rule to say so.
    expect(values().price).toBe('19.999');
  });
});

describe('the date input', () => {
  it('holds a typed day as YYYY-MM-DD', async () => {
    const { values } = renderControl('startsOn', fields.startsOn!);
    const input = await screen.findByPlaceholderText('请选择开始日期', {}, slow);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(input);
    await user.type(input, '2024-02-29{Enter}');
    await waitFor(() => expect(values().startsOn).toBe('2024-02-29'));
  });

  it('shows a held day and an instant in local time', async () => {
    renderControl('publishedAt', fields.publishedAt!, undefined, new Date(2024, 1, 29, 8, 30, 5).getTime());
    expect(await screen.findByDisplayValue('2024-02-29 08:30:05', {}, slow)).toBeInTheDocument();
  });
});

describe('a range in the add dialog', () => {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
  afterAll(() => server.close());

  it('writes both fields of the range, and the price in fen', async () => {
    let saved: unknown;
    server.use(
      http.post('*/base/admin/offer/saveOrUpdate', async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json({ code: 0, msg: 'ok', data: { id: 1 } });
      }),
    );
    renderInConsole(<ResourceForm definition={offer} title="优惠活动" action="create" />, { token: 't', path: '/offer', resource: { name: 'offer', label: '优惠活动' } });
    const dialog = await screen.findByRole('dialog', {}, slow);
    expect(within(dialog).getByText('开始日期 ~ 结束日期')).toBeInTheDocument();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.type(within(dialog).getByLabelText('名称'), 'spring');
    await user.type(within(dialog).getByLabelText('价格'), '19.99');
    const [from, to] = within(dialog).getAllByPlaceholderText(/开始|结束/);
    await user.click(from!);
    await user.type(from!, '2024-03-01{Enter}');
    await user.type(to!, '2024-03-31{Enter}');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saved).toEqual({ title: 'spring', startsOn: '2024-03-01', endsOn: '2024-03-31', price: 1999 }), slow);
  });
});
