/**
 * Organisation edits never overwrite someone else's, over the real server: the form sends the
 * version its detail was read at; when another administrator saved the node meanwhile (1012) the
 * form keeps what was typed and shows their value beside it; "take theirs" loads their values,
 * "keep mine" saves the typed ones over their version.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buttonIn, renderOfficePage, requestsTo, section, setUpOfficeApi, slow, user } from './harness';

const apis = setUpOfficeApi();
const tree = () => section('部门与小组');
const node = (name: string) => within(tree()).findByText(name, { selector: '.office-tree__name' }, slow);
const form = () => document.querySelector('form') as HTMLFormElement;
const notice = () => screen.findByRole('alert', {}, slow);

async function editWithRemark(remark: string) {
  renderOfficePage(apis.current);
  await user().click(await node('研发部'));
  await user().click(buttonIn(tree(), /编\s*辑/));
  await waitFor(() => expect(requestsTo(apis.current, '/office/detail')).toHaveLength(1), slow);
  const field = within(form()).getByLabelText('备注');
  await waitFor(() => expect(field).toHaveValue('负责产品研发'), slow);
  await user().clear(field);
  await user().click(field);
  await user().paste(remark);
  // Another administrator renames the department meanwhile, naming no version.
  const { bridge, office } = apis.current;
  await bridge.call('POST', '/base/admin/office/saveOrUpdate', { body: { id: office['研发部'], type: 1, parentId: 0, name: '研发中心', remark: '负责产品研发' } });
  await user().click(buttonIn(form(), /保\s*存/));
  return notice();
}

const rowsOf = (alert: HTMLElement) =>
  within(within(alert).getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('an organisation save of a node someone else changed meanwhile', () => {
  it('keeps what was typed, shows what they changed, and "keep mine" saves over their version', async () => {
    const alert = await editWithRemark('我的备注');
    expect(within(alert).getByText('保存前已有他人修改了这条记录')).toBeInTheDocument();
    expect(requestsTo(apis.current, '/office/saveOrUpdate').at(-1)!.body).toMatchObject({ remark: '我的备注', name: '研发部', version: 1 });
    expect(rowsOf(alert)).toEqual([['名称', '研发中心', '研发部']]);
    expect(within(form()).getByLabelText('备注')).toHaveValue('我的备注');

    await user().click(buttonIn(alert, /保留我的/));
    await waitFor(() => expect(requestsTo(apis.current, '/office/saveOrUpdate').at(-1)!.body).toMatchObject({ remark: '我的备注', name: '研发部', version: 2 }), slow);
    const { bridge, office } = apis.current;
    await waitFor(async () => {
      const stored = await bridge.db.selectFrom('office').select(['name', 'remark', 'version']).where('id', '=', office['研发部']!).executeTakeFirstOrThrow();
      expect(stored).toEqual({ name: '研发部', remark: '我的备注', version: 3 });
    }, slow);
  });

  it('"take theirs" loads their values into the form, and the next save names their version', async () => {
    const alert = await editWithRemark('我的备注');
    await user().click(buttonIn(alert, /采用对方的/));
    expect(within(form()).getByLabelText('名称')).toHaveValue('研发中心');
    expect(within(form()).getByLabelText('备注')).toHaveValue('负责产品研发');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull(), slow);

    await user().click(buttonIn(form(), /保\s*存/));
    await waitFor(() => expect(requestsTo(apis.current, '/office/saveOrUpdate').at(-1)!.body).toMatchObject({ name: '研发中心', version: 2 }), slow);
  });
});
