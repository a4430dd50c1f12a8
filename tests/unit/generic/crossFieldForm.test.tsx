/**
 * A rule over two fields in the add/edit dialog: its message appears on the end date while the
 * user types a date before the start, and clears as they correct either field, before any save
 * (the same text the server answers: tests/api/entityRules.test.ts). A unique key the definition
 * does not fix stays editable, its key check leaving the edited record out.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { after, optionalText, requiredText, text } from '../../../contract';
import { defineEntity } from '../../../contract/entity';
import { defineResource } from '../../../resources/define';
import { resourceDefinitions } from '../../../resources/registry';
import { renderResourceList, setUpBridge } from './harness';

const period = defineResource({
  name: 'period',
  entity: defineEntity({
    fields: {
      name: requiredText(text('名称', 'Name'), 20),
      startDate: optionalText(text('开始日期', 'Start date'), 10),
      endDate: optionalText(text('结束日期', 'End date'), 10),
    },
    unique: { fields: ['name'], duplicate: text('名称不可以重复', 'This name already exists') },
    rules: [after('endDate', 'startDate')],
  }),
  table: 'period',
  title: text('期间', 'Periods'),
  menu: { navigation: 'tools', sort: 93, icon: 'filetext', path: '/tools/period' },
  paging: 'pageNo',
  keyCheck: { path: 'validateName', param: 'name' },
  search: ['name'],
  sort: [['name', 'asc']],
  columns: [{ field: 'name' }, { field: 'startDate' }, { field: 'endDate' }],
  form: [{ field: 'name' }, { field: 'startDate' }, { field: 'endDate' }],
});

vi.setConfig({ testTimeout: 60000 });
// The real app serves the declared resources and this one.
const bridge = setUpBridge({ definitions: [...resourceDefinitions, period] });
const slow = { timeout: 10000 };
const MESSAGE = '结束日期须晚于开始日期';

async function retype(field: HTMLElement, value: string) {
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  await user.clear(field);
  await user.type(field, value);
}

describe('a rule over two fields in the form', () => {
  it('shows its message on the end as the user types, and clears it when either field is corrected', async () => {
    renderResourceList(bridge.token, period);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click((await screen.findAllByRole('button', { name: /新\s*增/ }, slow))[0]!);
    const dialog = await screen.findByRole('dialog', {}, slow);
    const start = within(dialog).getByLabelText('开始日期');
    const end = within(dialog).getByLabelText('结束日期');

    await retype(start, '2026-03-05');
    await retype(end, '2026-03-01');
    expect(await within(dialog).findByText(MESSAGE, {}, slow)).toBeInTheDocument();

    // Moving the start back, in the other field, clears the end's message.
    await retype(start, '2026-02-01');
    await waitFor(() => expect(within(dialog).queryByText(MESSAGE)).not.toBeInTheDocument(), slow);

    // And moving it past the end shows it again; correcting the end clears it.
    await retype(start, '2026-04-01');
    expect(await within(dialog).findByText(MESSAGE, {}, slow)).toBeInTheDocument();
    await retype(end, '2026-04-02');
    await waitFor(() => expect(within(dialog).queryByText(MESSAGE)).not.toBeInTheDocument(), slow);
    expect(bridge.requests.some((r) => r.path.endsWith('/period/saveOrUpdate'))).toBe(false);
  });
});

describe('a unique key the definition does not fix', () => {
  it('is editable, checked on edit with the edited record left out', async () => {
    const first = await bridge.save('/base/admin/period', { name: 'first', startDate: '', endDate: '' });
    await bridge.save('/base/admin/period', { name: 'second', startDate: '', endDate: '' });
    renderResourceList(bridge.token, period);
    await screen.findByText('second', {}, slow);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click((await screen.findAllByRole('button', { name: '编辑' }, slow))[0]!);
    const dialog = await screen.findByRole('dialog', {}, slow);
    const name = within(dialog).getByLabelText('名称');
    await waitFor(() => expect(name).toHaveValue('first'), slow);
    expect(name).toBeEnabled();

    await retype(name, 'second');
    expect(await within(dialog).findByText('名称不可以重复', {}, slow)).toBeInTheDocument();
    await retype(name, 'first');
    await waitFor(() => expect(within(dialog).queryByText('名称不可以重复')).not.toBeInTheDocument(), slow);
    // Its own name is free: the check sent the edited record's id.
    await waitFor(() => expect(bridge.requests.filter((r) => r.path.endsWith('/period/validateName')).at(-1)?.query).toMatchObject({ name: 'first', id: String(first.id) }), slow);
    expect(within(dialog).queryByText('名称不可以重复')).not.toBeInTheDocument();
  });
});
