/**
 * Staff edits never overwrite someone else's, over the real server: the dialog sends the version it
 * read; when another administrator saved the account meanwhile (1012) the dialog stays open with
 * what was typed, shows their value beside the user's (the department by name), and "keep mine"
 * saves over their version.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { button, buttons, findDialog } from '../generic/dom';
import { renderUserPage, sent, setUpUserApi, slow, user } from './harness';
import { staffRecord } from './staffFixtures';

// As in StaffDialog.test.tsx: a plain input stands in for the region picker.
vi.mock('../../../resources/user/RegionCascader', async () => {
  const { createElement } = await import('react');
  return {
    RegionCascader: ({ id, value, onChange }: { id?: string; value?: string[]; onChange?: (codes: string[]) => void }) =>
      createElement('input', { id, value: (value ?? []).join(','), onChange: (event: { target: { value: string } }) => onChange?.(event.target.value.split(',').filter(Boolean)) }),
  };
});

const api = setUpUserApi();
beforeAll(async () => {
  await import('../../../resources/user/StaffDialog');
}, 30000);

describe('a staff save of an account someone else changed meanwhile', () => {
  it('keeps what was typed, shows what they changed, and "keep mine" saves over their version', async () => {
    const { bridge, staff, office } = api.current;
    const id = staff['张三']!;
    renderUserPage(api.current);
    await screen.findByText('zs001', {}, slow);
    await waitFor(() => expect(buttons('编辑').length).toBeGreaterThan(0), slow);
    await user().click(buttons('编辑')[0]!);
    const dialog = await findDialog();
    const position = () => within(dialog).getByLabelText('职位');
    await waitFor(() => expect(position()).toHaveValue('工程师'), slow);
    fireEvent.change(position(), { target: { value: '架构师' } });

    // Another administrator moves the member to another department and grade, naming no version.
    await bridge.call('POST', '/base/admin/user/saveOrUpdate', { body: { userCenter: staffRecord({ id, officeId: office['市场部']!, grade: 'P6' }) } });
    await user().click(button('保存', dialog));

    expect(await within(dialog).findByText('保存前已有他人修改了这条记录', {}, slow)).toBeInTheDocument();
    expect((sent(api.current, '/user/saveOrUpdate')[0]!.body as { userCenter: Record<string, unknown> }).userCenter).toMatchObject({ position: '架构师', version: 1 });
    const rows = within(within(dialog).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))).toEqual([
      ['部门', '市场部', '研发部'],
      ['职级', 'P6', 'P5'],
    ]);
    expect(position()).toHaveValue('架构师');

    await user().click(button('保留我的', dialog));
    expect(await screen.findByText('操作成功', {}, slow)).toBeInTheDocument();
    const stored = await bridge.db.selectFrom('user').select(['position', 'officeId', 'grade', 'version']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ position: '架构师', officeId: office['研发部'], grade: 'P5', version: 3 });
  });
});
