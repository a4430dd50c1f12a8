/**
 * The person list's column settings and views: a stored setting applies when the list opens (a
 * pinned column, the switch, stays where it is), and a view fills the search form and searches.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ScreenPreferences } from '../../../contract/preferences';
import { renderUserPage, sent, setUpUserApi, slow, user } from './harness';

const api = setUpUserApi();

/** Stores the administrator's preferences of the person list through the real calls. */
async function withPreferences(stored: ScreenPreferences) {
  for (const kind of ['columns', 'views'] as const) {
    const value = stored[kind];
    if (value) await api.current.bridge.call('POST', '/base/admin/preference/save', { body: { screen: 'user', kind, value } });
  }
}

const headers = () => [...document.querySelectorAll('table[aria-label="人员列表"] thead th:not(.ant-table-selection-column)')].map((h) => h.textContent);

describe('person list settings', () => {
  it('opens with the stored columns: name first, ID card hidden, the others after; the switch and actions stay pinned last', async () => {
    await withPreferences({ columns: { columns: [{ key: 'name', hidden: false }, { key: 'card', hidden: true }, { key: 'isEnable', hidden: true }] } });
    renderUserPage(api.current);
    await screen.findByText('zs001', {}, slow);
    await waitFor(() => expect(headers()).toEqual(['序号', '姓名', '员工编号', '手机号', '性别', '户籍地址', '毕业院校', '专业', '部门', '关联角色', '启用', '操作']), slow);
  });

  it('picks a saved view: its filters fill the form and the list is asked for them', async () => {
    await withPreferences({ views: { views: [{ name: '张姓', filters: { name: '张', unknownField: 'x' }, sort: null, columns: null }] } });
    renderUserPage(api.current);
    await screen.findByText('zs001', {}, slow);
    await user().click(await screen.findByRole('button', { name: /视\s*图/ }, slow));
    await user().click(await screen.findByRole('button', { name: '应用视图“张姓”' }, slow));
    await waitFor(() => expect(sent(api.current, '/user/list').at(-1)!.body).toEqual({ name: '张', pageNo: 1, pageSize: 10 }), slow);
    expect(screen.getByLabelText('姓名')).toHaveValue('张');
  });
});
