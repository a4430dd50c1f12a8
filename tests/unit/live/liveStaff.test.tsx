/**
 * The person list, a screen that fetches by itself, is live over the real app: another
 * administrator's change of a member shows in the open list when its change arrives, while the
 * edit dialog open meanwhile keeps what was typed and does not read the member again.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buttons, findDialog } from '../generic/dom';
import { renderUserPage, sent, setUpUserApi, slow, user } from '../user/harness';
import { staffRecord } from '../user/staffFixtures';
import { fakeLive } from './fakeLive';

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

describe('the live person list', () => {
  it('shows another administrator’s change of a member, and leaves an open edit dialog as typed', async () => {
    const { bridge, staff } = api.current;
    const live = fakeLive();
    renderUserPage(api.current, { liveProvider: live.liveProvider });
    await screen.findByText('zs001', {}, slow);
    await waitFor(() => expect(buttons('编辑').length).toBeGreaterThan(0), slow);
    await user().click(buttons('编辑')[0]!);
    const dialog = await findDialog();
    const position = () => within(dialog).getByLabelText('职位');
    await waitFor(() => expect(position()).toHaveValue('工程师'), slow);
    fireEvent.change(position(), { target: { value: '架构师' } });
    const detailReads = sent(api.current, '/user/detail').length;

    // Another administrator renames 李四.
    const id = staff['李四']!;
    await bridge.call('POST', '/base/admin/user/saveOrUpdate', {
      body: { userCenter: staffRecord({ id, name: '李四改', code: 'ls002', telephone: '13800000002', sex: 2, card: '11010519491231002X', isEnable: '0', officeId: null }) },
    });
    // One write, named twice (the server's user and officeMember resources): the list hears "user".
    live.change({ resource: 'user', ids: [String(id)], action: 'updated' });
    live.change({ resource: 'officeMember', ids: [String(id)], action: 'updated' });

    expect(await screen.findByText('李四改', {}, slow)).toBeInTheDocument();
    expect(position()).toHaveValue('架构师');
    expect(sent(api.current, '/user/detail')).toHaveLength(detailReads);
  });

  it('refetches once after the stream reconnects, and not for another resource', async () => {
    const live = fakeLive();
    renderUserPage(api.current, { liveProvider: live.liveProvider });
    await screen.findByText('zs001', {}, slow);
    const lists = () => sent(api.current, '/user/list').length;
    await waitFor(() => expect(lists()).toBe(1), slow);
    live.change({ resource: 'param', ids: ['1'], action: 'updated' });
    live.reconnect();
    await waitFor(() => expect(lists()).toBe(2), slow);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(lists()).toBe(2);
  });
});
