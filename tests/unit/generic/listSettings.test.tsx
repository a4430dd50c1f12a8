/**
 * A generic list's column settings and saved views: applied from the one read when the list
 * opens, changed from the toolbar and saved on the server (here a stand-in answering
 * /preference/*), a stored column the list does not show never appearing.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { ScreenPreferences } from '../../../contract/preferences';
import { findResource } from '../../../resources/registry';
import { installHandlers, renderResourceList, setUpMockApi } from './harness';

const paramResource = findResource('param')!;

vi.setConfig({ testTimeout: 60000 });
const api = setUpMockApi();
const slow = { timeout: 10000 };

/** The server's preferences of the `param` screen, and every save and delete it received. */
function preferenceServer(initial: ScreenPreferences) {
  const state = { stored: { ...initial }, writes: [] as Array<{ path: string; body: Record<string, unknown> }> };
  const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: '', data });
  installHandlers(api.current, [
    http.get('*/base/admin/preference/list', ({ request }) => ok(new URL(request.url).searchParams.get('screen') === 'param' ? state.stored : {})),
    http.post('*/base/admin/preference/:action', async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      state.writes.push({ path: String(params.action), body });
      const kind = body.kind as keyof ScreenPreferences;
      if (params.action === 'save') state.stored = { ...state.stored, [kind]: body.value };
      else delete state.stored[kind];
      return ok(null);
    }),
  ]);
  return state;
}

const headers = () => [...screen.getByLabelText('参数配置', { selector: 'section' }).querySelectorAll('thead th')].map((h) => h.textContent);

describe('a list’s column settings', () => {
  it('opens with the stored order and hidden columns, and never shows a stored column the list lacks', async () => {
    preferenceServer({
      columns: {
        columns: [
          { key: 'secretColumn', hidden: false },
          { key: 'value', hidden: false },
          { key: 'paramKey', hidden: false },
          { key: 'remark', hidden: true },
        ],
      },
    });
    renderResourceList(api.current, paramResource);
    await screen.findByText('site.name', {}, slow);
    // 排序号 and 备用参数, which the setting does not name, follow in the definition's order.
    await waitFor(() => expect(headers()).toEqual(['序号', '值', 'Key', '排序号', '备用参数', '操作']), slow);
  });

  it('hides a column from the toolbar, saves it for the user, and resets to the definition’s default', async () => {
    const server = preferenceServer({});
    renderResourceList(api.current, paramResource);
    await screen.findByText('site.name', {}, slow);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(await screen.findByRole('button', { name: '列设置' }, slow));
    await user.click(await screen.findByRole('checkbox', { name: '备注' }, slow));
    await waitFor(() => expect(headers()).not.toContain('备注'), slow);
    expect(server.writes.at(-1)).toMatchObject({ path: 'save', body: { screen: 'param', kind: 'columns' } });
    expect(server.stored.columns?.columns.find((c) => c.key === 'remark')).toEqual({ key: 'remark', hidden: true });

    await user.click(screen.getByRole('button', { name: '上移“值”' }));
    await waitFor(() => expect(headers()).toEqual(['序号', '排序号', '值', 'Key', '备用参数', '操作']), slow);

    await user.click(screen.getByRole('button', { name: '恢复默认' }));
    await waitFor(() => expect(headers()).toEqual(['序号', '排序号', 'Key', '值', '备注', '备用参数', '操作']), slow);
    expect(server.writes.at(-1)).toMatchObject({ path: 'delete', body: { screen: 'param', kind: 'columns' } });
    expect(server.stored.columns).toBeUndefined();
  });
});

describe('a list’s saved views', () => {
  it('saves the current filters under a name, and picking it searches with them again', async () => {
    const server = preferenceServer({});
    renderResourceList(api.current, paramResource);
    await screen.findByText('site.name', {}, slow);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(screen.getByLabelText('Key'));
    await user.paste('mail');
    await user.click(await screen.findByRole('button', { name: /视\s*图/ }, slow));
    await user.click(await screen.findByLabelText('视图名称', {}, slow));
    await user.paste('邮件参数');
    await user.click(screen.getByRole('button', { name: /保存当前视图/ }));
    await waitFor(() => expect(server.stored.views?.views).toEqual([{ name: '邮件参数', filters: { paramKey: 'mail' }, sort: null, columns: expect.any(Array) }]), slow);

    await user.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(screen.getByLabelText('Key')).toHaveValue(''), slow);
    await user.click(await screen.findByRole('button', { name: '应用视图“邮件参数”' }, slow));
    await waitFor(() => expect(api.current.state.requests.at(-1)!.query).toMatchObject({ paramKey: 'mail', page: '1' }), slow);
    expect(screen.getByLabelText('Key')).toHaveValue('mail');

    await user.click(screen.getByRole('button', { name: '删除视图“邮件参数”' }));
    await waitFor(() => expect(server.stored.views).toBeUndefined(), slow);
  });
});
