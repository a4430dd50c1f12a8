/**
 * A declared list is live (liveMode "auto" over the console's live provider), against the real
 * app: another administrator's save shows in the open list and in an open show view without a
 * reload; an edit dialog open meanwhile keeps what was typed (it read its record once); a reconnect
 * refetches the list once.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ResourceList } from '../../../resources/generic/ResourceList';
import { findResource } from '../../../resources/registry';
import { renderInConsole } from '../renderInConsole';
import { saveParams, setUpBridge } from '../generic/harness';
import { fakeLive } from './fakeLive';

const paramResource = findResource('param')!;

vi.setConfig({ testTimeout: 60000 });
const bridge = setUpBridge();
beforeEach(() => saveParams(bridge));
const slow = { timeout: 10000 };

const calls = (path: string) => bridge.requests.filter((r) => r.path === `/base/admin/param/${path}`).length;

function renderLiveList() {
  const live = fakeLive();
  renderInConsole(<ResourceList definition={paramResource} title="参数管理" />, {
    token: bridge.token,
    path: paramResource.menu?.path ?? '/param',
    resource: { name: 'param', label: '参数管理' },
    liveProvider: live.liveProvider,
  });
  return live;
}

describe('a live declared list', () => {
  it('shows another administrator’s new record when its change arrives, and an open edit dialog keeps what was typed', async () => {
    const live = renderLiveList();
    await screen.findByText('site.name', {}, slow);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click((await screen.findAllByRole('button', { name: '编辑' }, slow))[0]!);
    const dialog = await screen.findByRole('dialog', {}, slow);
    const value = () => within(dialog).getByLabelText('值');
    await waitFor(() => expect(value()).toHaveValue('Staff console'), slow);
    await user.clear(value());
    await user.type(value(), 'My console');
    const detailReads = calls('detail');

    // Someone else adds a parameter and changes the one being edited.
    const added = await bridge.save('/base/admin/param', { sortNum: 4, paramKey: 'live.added', value: 'yes', remark: '', spareParam: '' });
    const edited = await bridge.db.selectFrom('param').select('id').where('paramKey', '=', 'site.name').executeTakeFirstOrThrow();
    await bridge.save('/base/admin/param', { id: edited.id, value: 'Their console' });
    live.change({ resource: 'param', ids: [String(added.id)], action: 'created' });
    live.change({ resource: 'param', ids: [String(edited.id)], action: 'updated' });

    // The list behind the dialog shows the new row...
    expect(await screen.findByText('live.added', {}, slow)).toBeInTheDocument();
    // ...while the dialog keeps the user's typing and did not read the record again.
    expect(value()).toHaveValue('My console');
    expect(calls('detail')).toBe(detailReads);
  });

  it('shows another administrator’s change of the record in its open show view', async () => {
    const live = renderLiveList();
    await screen.findByText('site.name', {}, slow);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click((await screen.findAllByRole('button', { name: '查看' }, slow))[0]!);
    const drawer = await screen.findByRole('dialog', {}, slow);
    expect(await within(drawer).findByText('Staff console', {}, slow)).toBeInTheDocument();

    const shown = await bridge.db.selectFrom('param').select('id').where('paramKey', '=', 'site.name').executeTakeFirstOrThrow();
    await bridge.save('/base/admin/param', { id: shown.id, value: 'Renamed elsewhere' });
    live.change({ resource: 'param', ids: [String(shown.id)], action: 'updated' });
    expect(await within(drawer).findByText('Renamed elsewhere', {}, slow)).toBeInTheDocument();
  });

  it('refetches for its own resource only', async () => {
    const live = renderLiveList();
    await screen.findByText('site.name', {}, slow);
    await waitFor(() => expect(calls('list')).toBe(1), slow);
    live.change({ resource: 'dic', ids: ['1'], action: 'updated' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls('list')).toBe(1);
  });

  it('refetches once after the stream reconnects', async () => {
    const live = renderLiveList();
    await screen.findByText('site.name', {}, slow);
    await waitFor(() => expect(calls('list')).toBe(1), slow);
    await bridge.save('/base/admin/param', { sortNum: 5, paramKey: 'while.away', value: '1', remark: '', spareParam: '' });
    live.reconnect();
    expect(await screen.findByText('while.away', {}, slow)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls('list')).toBe(2);
  });
});
