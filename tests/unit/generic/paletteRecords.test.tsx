import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { findResource } from '../../../resources/registry';
import { ResourceList } from '../../../resources/generic/ResourceList';
import { createRecordSources, RecordSourcesContext } from '../../../src/palette/recordSources';
import { renderInConsole } from '../renderInConsole';
import { saveParams, setUpBridge, tokenWithGrants } from './harness';

const param = findResource('param')!;

vi.setConfig({ testTimeout: 60000 });
const bridge = setUpBridge();
beforeEach(() => saveParams(bridge));
const slow = { timeout: 10000 };

function renderList(token: string) {
  const registry = createRecordSources();
  renderInConsole(
    <RecordSourcesContext.Provider value={registry}>
      <ResourceList definition={param} title="参数配置" />
    </RecordSourcesContext.Provider>,
    { token, path: '/system/param', resource: { name: 'param', label: '参数配置' } },
  );
  return registry;
}

describe('a declared list in the command palette', () => {
  it('offers its rows by their label field with the other searched fields, searches by its own list call and opens the show view', async () => {
    const registry = renderList(bridge.token);
    await screen.findByText('site.name', {}, slow);
    await waitFor(() => expect(registry.current()).toHaveLength(1), slow);
    const [source] = registry.current();
    expect(source!.title).toBe('参数配置');
    expect(source!.rows.map((record) => [record.label, record.detail])).toEqual([
      ['site.name', 'Staff console · Shown in the title'],
      ['upload.maxSize', '10'],
      ['mail.sender', 'noreply@example.com'],
    ]);

    const found = await source!.search!('noreply');
    expect(found.map((record) => record.label)).toEqual(['mail.sender']);
    const call = bridge.requests.filter((request) => request.path === '/base/admin/param/list').at(-1)!;
    expect(call.query).toMatchObject({ searchKey: 'noreply', size: '8' });

    act(() => found[0]!.open());
    expect(await screen.findByText('参数配置 · mail.sender', {}, slow)).toBeInTheDocument();
  });

  it('offers nothing to a caller the list refuses', async () => {
    const registry = renderList(await tokenWithGrants(bridge, (code) => code !== 'param:list'));
    expect(await screen.findByText(/^数据加载失败/, {}, slow)).toBeInTheDocument();
    expect(registry.current()[0]!.rows).toEqual([]);
    await expect(registry.current()[0]!.search!('site')).rejects.toBeDefined();
  });
});
