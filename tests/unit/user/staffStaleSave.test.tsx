/**
 * Staff edits never overwrite someone else's: the dialog sends the version it read; a save refused
 * because someone else changed the account meanwhile (1012) stays open with what was typed, shows
 * their value beside the user's (the department by name), and "keep mine" saves over their version.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Code } from '../../../contract/codes';
import { button, buttons, findDialog } from '../generic/dom';
import { renderUserPage, server, setUpUserApi, slow, user } from './harness';
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

const READ = { userCenter: { ...staffRecord(), version: 5 }, userExtend: null, roleIds: '1,2' };
const THEIRS = { userCenter: { ...staffRecord({ officeId: 20, grade: 'P6' }), version: 6 }, userExtend: null, roleIds: '1,2' };

describe('a staff save of an account someone else changed meanwhile', () => {
  it('keeps what was typed, shows what they changed, and "keep mine" saves over their version', async () => {
    const saves: Array<{ userCenter: Record<string, unknown> }> = [];
    server.use(
      http.get('*/base/admin/user/detail', () => HttpResponse.json({ code: 0, msg: '', data: saves.length ? THEIRS : READ })),
      http.post('*/base/admin/user/saveOrUpdate', async ({ request }) => {
        const body = (await request.json()) as { userCenter: Record<string, unknown> };
        saves.push(body);
        if (body.userCenter.version !== 6) return HttpResponse.json({ code: Code.STALE_VERSION, msg: '该记录已被他人修改，请核对后再保存', data: { current: THEIRS } }, { status: 409 });
        return HttpResponse.json({ code: 0, msg: '', data: { ...body.userCenter, version: 7 } });
      }),
    );
    renderUserPage(api.current);
    await screen.findByText('zs001', {}, slow);
    await waitFor(() => expect(buttons('编辑').length).toBeGreaterThan(0), slow);
    await user().click(buttons('编辑')[0]!);
    const dialog = await findDialog();
    const position = () => within(dialog).getByLabelText('职位');
    await waitFor(() => expect(position()).toHaveValue('工程师'), slow);
    fireEvent.change(position(), { target: { value: '架构师' } });
    await user().click(button('保存', dialog));

    expect(await within(dialog).findByText('保存前已有他人修改了这条记录', {}, slow)).toBeInTheDocument();
    expect(saves[0]!.userCenter).toMatchObject({ position: '架构师', version: 5 });
    const rows = within(within(dialog).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))).toEqual([
      ['部门', '市场部', '研发部'],
      ['职级', 'P6', 'P5'],
    ]);
    expect(position()).toHaveValue('架构师');

    await user().click(button('保留我的', dialog));
    expect(await screen.findByText('操作成功', {}, slow)).toBeInTheDocument();
    expect(saves[1]!.userCenter).toMatchObject({ position: '架构师', officeId: 10, version: 6 });
  });
});
