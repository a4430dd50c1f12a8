/**
 * The dictionary hook behind every dictionary dropdown and cell: items are kept per dictionary
 * version, so a change made anywhere shows at the next use and nothing is loaded twice meanwhile.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { dictionaryOptions } from '../../../resources/generic/useDictionary';
import { DictionarySelect } from '../../../resources/generic/DictionarySelect';
import { renderInConsole } from '../renderInConsole';
import { setUpMockApi } from './harness';

vi.setConfig({ testTimeout: 60000 });
const api = setUpMockApi();
const slow = { timeout: 10000 };

const calls = (path: string) => api.current.state.requests.filter((r) => r.path.endsWith(path)).length;
const optionTexts = () => [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].map((o) => o.textContent);

function renderSelect() {
  renderInConsole(<DictionarySelect dicKey="colour" placeholder="选择颜色" />, { token: api.current.issueToken(), path: '/x', resource: { name: 'x', label: 'x' } });
  return () => fireEvent.mouseDown(document.querySelector('.ant-select-selector')!);
}

describe('the dictionary hook', () => {
  it('offers the enabled items in order', async () => {
    const open = renderSelect();
    await waitFor(() => expect(calls('/dic/ListByKey')).toBe(1), slow);
    open();
    await waitFor(() => expect(optionTexts()).toEqual(['红', '蓝']), slow);
  });

  it('asks only for the version while the dictionary is unchanged, and loads the items again once it moved', async () => {
    const open = renderSelect();
    open();
    await waitFor(() => expect(optionTexts()).toEqual(['红', '蓝']), slow);
    const versionsAfterFirstOpen = calls('/dic/version');

    // Closed and opened again: the version is asked, the items are not (nothing changed).
    open();
    await waitFor(() => expect(optionTexts()).toEqual([]), slow);
    open();
    await waitFor(() => expect(calls('/dic/version')).toBeGreaterThan(versionsAfterFirstOpen), slow);
    expect(calls('/dic/ListByKey')).toBe(1);

    // Another administrator switches green on: the version moves and the next opening shows it.
    api.current.state.rows.get('dicItem')!.find((item) => item.dicKey === 'green')!.openStatus = 1;
    api.current.state.dictionaryVersion = 2;
    open();
    await waitFor(() => expect(optionTexts()).toEqual([]), slow);
    open();
    await waitFor(() => expect(optionTexts()).toEqual(['红', '绿', '蓝']), slow);
    expect(calls('/dic/ListByKey')).toBe(2);
  });

  it('shows seeded items in the user\'s language and typed ones as typed', () => {
    const items = [
      { name: '业务系统', dicKey: '1', sortNum: 1 },
      { name: '自定义', dicKey: '9', sortNum: 2 },
    ];
    expect(dictionaryOptions('business_type', items, 'en-US')).toEqual([
      { value: '1', label: 'Business system' },
      { value: '9', label: '自定义' },
    ]);
    expect(screen.queryByText('Business system')).not.toBeInTheDocument();
  });
});
