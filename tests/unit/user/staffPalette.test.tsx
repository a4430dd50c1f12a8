import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import UserPage from '../../../resources/user/UserPage';
import { createRecordSources, RecordSourcesContext } from '../../../src/palette/recordSources';
import type { PageRoute } from '../../../src/routing/navigation';
import { renderInConsole } from '../renderInConsole';
import { bodyRows, sent, setUpUserApi, signInWith, slow, type People } from './harness';

const api = setUpUserApi();
const route: PageRoute = { menuId: 2, path: '/organisation/user', component: 'user', resource: 'user', identifier: 'user', title: '人员列表', icon: 'user' };

async function renderPage(people: People) {
  const registry = createRecordSources();
  renderInConsole(
    <RecordSourcesContext.Provider value={registry}>
      <UserPage route={route} />
    </RecordSourcesContext.Provider>,
    { token: people.token, path: route.path, resource: { name: 'user', label: route.title } },
  );
  await screen.findByText('zs001', {}, slow);
  await waitFor(() => expect(registry.current()[0]?.rows.length).toBeGreaterThan(0), slow);
  return registry.current()[0]!;
}

describe('the person list in the command palette', () => {
  it('offers its members by name with code and department, finds others by its own search, and opens the edit dialog', async () => {
    const source = await renderPage(api.current);
    expect(source.title).toBe('人员列表');
    expect(source.rows.slice(0, 2).map((record) => [record.label, record.detail])).toEqual([
      ['张三', 'zs001 · 研发部'],
      ['李四', 'ls002'],
    ]);
    const found = await source.search!('ls00');
    expect(found.map((record) => record.label)).toEqual(['李四']);
    expect(sent(api.current, '/user/list').at(-1)!.body).toEqual({ searchKey: 'ls00', pageNo: 1, pageSize: 8 });
    act(() => found[0]!.open());
    expect(await screen.findByText('编辑员工 · 李四', {}, slow)).toBeInTheDocument();
  });

  it('without the edit grant, shows the chosen member in the list instead', async () => {
    await signInWith(api, (code) => code === 'user:list');
    const source = await renderPage(api.current);
    act(() => source.rows.find((record) => record.label === '张三')!.open());
    await waitFor(() => expect(bodyRows().map((row) => row[1])).toEqual(['zs001']), slow);
    expect(screen.queryByText('编辑员工 · 张三')).not.toBeInTheDocument();
  });
});
