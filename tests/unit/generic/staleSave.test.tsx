/**
 * Edits never overwrite someone else's, in the generic edit dialog over the real server: the save
 * carries the version the record was read at; when someone else saved the record meanwhile (1012)
 * the dialog stays open with what was typed, shows their value beside the user's for each field
 * they changed, and lets the user keep theirs (saved over the current version) or take the other's.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useInvalidate } from '@refinedev/core';
import { findResource } from '../../../resources/registry';
import { ResourceList } from '../../../resources/generic/ResourceList';
import { renderInConsole } from '../renderInConsole';
import { renderResourceList, saveParams, setUpBridge } from './harness';

const paramResource = findResource('param')!;

vi.setConfig({ testTimeout: 60000 });
const bridge = setUpBridge();
beforeEach(() => saveParams(bridge));
const slow = { timeout: 10000 };

const stored = () => bridge.db.selectFrom('param').selectAll().where('paramKey', '=', 'site.name').executeTakeFirstOrThrow() as Promise<Record<string, unknown>>;
const sentSaves = () => bridge.requests.filter((r) => r.path.endsWith('/param/saveOrUpdate')).map((r) => r.body as Record<string, unknown>);

/** In the rendered list, opens site.name's edit dialog and types a value; another administrator then saves the record. */
async function typeWhileAnotherSaves() {
  await screen.findByText('site.name', {}, slow);
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  await user.click((await screen.findAllByRole('button', { name: '编辑' }, slow))[0]!);
  const dialog = await screen.findByRole('dialog', {}, slow);
  await waitFor(() => expect(within(dialog).getByLabelText('值')).toHaveValue('Staff console'), slow);
  await user.clear(within(dialog).getByLabelText('值'));
  await user.type(within(dialog).getByLabelText('值'), 'My console');

  const { id } = await stored();
  await bridge.save('/base/admin/param', { id, value: 'Their console', remark: 'Their remark' });
  return { dialog, user };
}

/** Types in site.name's edit dialog while another administrator saves the record, then saves. */
async function editWhileAnotherSaves() {
  renderResourceList(bridge.token, paramResource);
  const { dialog, user } = await typeWhileAnotherSaves();
  await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
  await within(dialog).findByText('保存前已有他人修改了这条记录', {}, slow);
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
    const { dialog, user } = await editWhileAnotherSaves();

    expect(sentSaves()[0]).toMatchObject({ value: 'My console', version: 1 });
    expect(conflictRows(dialog)).toEqual([
      ['值', 'Their console', 'My console'],
      ['备注', 'Their remark', 'Shown in the title'],
    ]);
    // What was typed stays, though the record now reads otherwise; no toast repeats the notice.
    expect(within(dialog).getByLabelText('值')).toHaveValue('My console');
    expect(screen.queryByText('该记录已被他人修改，请核对后再保存')).not.toBeInTheDocument();
    expect(await stored()).toMatchObject({ value: 'Their console', version: 2 });

    await user.click(within(dialog).getByRole('button', { name: '保留我的' }));
    expect(await screen.findByText('提交成功', {}, slow)).toBeInTheDocument();
    expect(sentSaves()[1]).toMatchObject({ value: 'My console', remark: 'Shown in the title', version: 2 });
    expect(await stored()).toMatchObject({ value: 'My console', remark: 'Shown in the title', version: 3 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), slow);
  });

  it('"take theirs" loads their values into the form, and the next save names their version', async () => {
    const { dialog, user } = await editWhileAnotherSaves();

    await user.click(within(dialog).getByRole('button', { name: '采用对方的' }));
    expect(within(dialog).getByLabelText('值')).toHaveValue('Their console');
    expect(within(dialog).getByLabelText('备注')).toHaveValue('Their remark');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('提交成功', {}, slow)).toBeInTheDocument();
    expect(sentSaves()[1]).toMatchObject({ value: 'Their console', remark: 'Their remark', version: 2 });
  });
});

/** What asks every query of the parameters to be read again, as a save elsewhere in the console does. */
function ReadAgain() {
  const invalidate = useInvalidate();
  return (
    <button type="button" onClick={() => void invalidate({ resource: 'param', invalidates: ['all'] })}>
      read again
    </button>
  );
}

describe('the edit dialog while the record is read again', () => {
  it('keeps what was typed when the parameters are read again with someone else’s save in them', async () => {
    renderInConsole(
      <>
        <ReadAgain />
        <ResourceList definition={paramResource} title={paramResource.title['zh-CN']} />
      </>,
      { token: bridge.token, path: paramResource.menu!.path, resource: { name: 'param', label: paramResource.title['zh-CN'] } },
    );
    const { dialog, user } = await typeWhileAnotherSaves();
    const listReads = () => bridge.requests.filter((r) => r.path.endsWith('/param/list')).length;
    const before = listReads();
    await user.click(screen.getByRole('button', { name: 'read again', hidden: true }));
    // The list behind the dialog is read again; the dialog's record is not, so nothing typed is reset.
    await waitFor(() => expect(listReads()).toBeGreaterThan(before), slow);
    expect(within(dialog).getByLabelText('值')).toHaveValue('My console');
    expect(within(dialog).getByLabelText('备注')).toHaveValue('Shown in the title');

    // Their save is still caught at ours.
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await within(dialog).findByText('保存前已有他人修改了这条记录', {}, slow);
    expect(within(dialog).getByLabelText('值')).toHaveValue('My console');
  });
});
