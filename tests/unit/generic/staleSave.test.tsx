/**
 * Edits never overwrite someone else's, in the generic edit dialog: the save carries the version
 * the record was read at; a refusal because someone else changed it (1012) keeps the dialog open
 * with what was typed, shows their value beside the user's for each field they changed, and lets
 * the user keep theirs (saved over the current version) or take the other's (loaded into the form).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { Code } from '../../../contract/codes';
import { findResource } from '../../../resources/registry';
import { renderResourceList, server, setUpMockApi } from './harness';

const paramResource = findResource('param')!;

vi.setConfig({ testTimeout: 60000 });
const api = setUpMockApi();
const slow = { timeout: 10000 };

const READ = { id: 1, sortNum: 1, paramKey: 'site.name', value: 'Staff console', remark: 'Shown in the title', spareParam: '', version: 3 };
const THEIRS = { ...READ, value: 'Their console', remark: 'Their remark', version: 4 };

/** The server as another user's save left it: the detail reads their record once a save was tried, a save read at 3 is stale. */
function anotherUserSaved(): Array<Record<string, unknown>> {
  const saves: Array<Record<string, unknown>> = [];
  server.use(
    http.get('*/base/admin/param/detail', () => HttpResponse.json({ code: 0, msg: '', data: saves.length ? THEIRS : READ })),
    http.post('*/base/admin/param/saveOrUpdate', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      saves.push(body);
      if (body.version !== THEIRS.version) return HttpResponse.json({ code: Code.STALE_VERSION, msg: '该记录已被他人修改，请核对后再保存', data: { current: THEIRS } }, { status: 409 });
      return HttpResponse.json({ code: 0, msg: '', data: { ...THEIRS, ...body, version: 5 } });
    }),
  );
  return saves;
}

async function editFirstParameter() {
  renderResourceList(api.current, paramResource);
  await screen.findByText('site.name', {}, slow);
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  await user.click((await screen.findAllByRole('button', { name: '编辑' }, slow))[0]!);
  const dialog = await screen.findByRole('dialog', {}, slow);
  await waitFor(() => expect(within(dialog).getByLabelText('值')).toHaveValue('Staff console'), slow);
  await user.clear(within(dialog).getByLabelText('值'));
  await user.type(within(dialog).getByLabelText('值'), 'My console');
  await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
  return { dialog, user };
}

/** The conflict table's rows as text: field, theirs, mine. */
function conflictRows(dialog: HTMLElement): string[][] {
  const table = within(within(dialog).getByRole('alert')).getByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

describe('a save of a record someone else changed meanwhile', () => {
  it('keeps the dialog open with what was typed, shows what they changed, and "keep mine" saves over their version', async () => {
    const saves = anotherUserSaved();
    const { dialog, user } = await editFirstParameter();

    expect(await within(dialog).findByText('保存前已有他人修改了这条记录', {}, slow)).toBeInTheDocument();
    expect(saves[0]).toMatchObject({ id: 1, value: 'My console', version: 3 });
    expect(conflictRows(dialog)).toEqual([
      ['值', 'Their console', 'My console'],
      ['备注', 'Their remark', 'Shown in the title'],
    ]);
    // What was typed stays, even though the record now reads otherwise.
    expect(within(dialog).getByLabelText('值')).toHaveValue('My console');
    expect(screen.queryByText('该记录已被他人修改，请核对后再保存')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: '保留我的' }));
    expect(await screen.findByText('提交成功', {}, slow)).toBeInTheDocument();
    expect(saves[1]).toMatchObject({ id: 1, value: 'My console', remark: 'Shown in the title', version: 4 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), slow);
  });

  it('"take theirs" loads their values into the form, and the next save names their version', async () => {
    const saves = anotherUserSaved();
    const { dialog, user } = await editFirstParameter();
    await within(dialog).findByText('保存前已有他人修改了这条记录', {}, slow);

    await user.click(within(dialog).getByRole('button', { name: '采用对方的' }));
    expect(within(dialog).getByLabelText('值')).toHaveValue('Their console');
    expect(within(dialog).getByLabelText('备注')).toHaveValue('Their remark');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('提交成功', {}, slow)).toBeInTheDocument();
    expect(saves[1]).toMatchObject({ value: 'Their console', remark: 'Their remark', version: 4 });
  });
});
