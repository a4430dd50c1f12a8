/**
 * The dictionary hook behind every dictionary dropdown and cell: items are kept per dictionary
 * version, so a change made anywhere shows at the next use and nothing is loaded twice meanwhile.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dictionaryOptions } from '../../../resources/generic/useDictionary';
import { CellContent } from '../../../resources/generic/CellContent';
import { DictionaryRadio } from '../../../resources/generic/DictionaryRadio';
import { DictionarySelect } from '../../../resources/generic/DictionarySelect';
import { renderInConsole } from '../renderInConsole';
import { dictionaryIds, saveColours, setUpBridge } from './harness';

vi.setConfig({ testTimeout: 60000 });
const bridge = setUpBridge();
beforeEach(() => saveColours(bridge));
const slow = { timeout: 10000 };

const calls = (path: string) => bridge.requests.filter((r) => r.path.endsWith(path)).length;
const OPTIONS = '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option';
const optionTexts = () => [...document.querySelectorAll(OPTIONS)].map((o) => o.textContent);
const disabledTexts = () => [...document.querySelectorAll(`${OPTIONS}-disabled`)].map((o) => o.textContent);
const shownValue = () => document.querySelector('.ant-select-selection-item')?.textContent;
const inConsole = () => ({ token: bridge.token, path: '/x', resource: { name: 'x', label: 'x' } });

function renderSelect(value?: string) {
  renderInConsole(<DictionarySelect dicKey="colour" placeholder="选择颜色" value={value} />, inConsole());
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
    const { items } = await dictionaryIds(bridge, 'colour');
    await bridge.save('/base/admin/dic', { id: items.green, openStatus: 1 });
    open();
    await waitFor(() => expect(optionTexts()).toEqual([]), slow);
    open();
    await waitFor(() => expect(optionTexts()).toEqual(['红', '绿', '蓝']), slow);
    expect(calls('/dic/ListByKey')).toBe(2);
  });

  it('shows a record’s switched-off value by its label marked off, listed for it alone and not choosable', async () => {
    const open = renderSelect('green');
    await waitFor(() => expect(shownValue()).toBe('绿（已停用）'), slow);
    open();
    await waitFor(() => expect(optionTexts()).toEqual(['红', '蓝', '绿（已停用）']), slow);
    expect(disabledTexts()).toEqual(['绿（已停用）']);
  });

  it('shows a value no item has any more as the value marked unknown, never as a bare code', async () => {
    renderSelect('9');
    await waitFor(() => expect(shownValue()).toBe('9（未知值）'), slow);
  });

  it('marks the same in list cells and show views', async () => {
    renderInConsole(
      <>
        <CellContent view={{ kind: 'dictionary', dicKey: 'colour', value: 'green' }} />
        <CellContent view={{ kind: 'dictionary', dicKey: 'colour', value: 'red' }} />
        <CellContent view={{ kind: 'dictionary', dicKey: 'colour', value: '9' }} />
      </>,
      inConsole(),
    );
    expect(await screen.findByText('绿（已停用）', {}, slow)).toHaveClass('generic-cell--off');
    expect(screen.getByText('红')).not.toHaveClass('generic-cell--off');
    expect(screen.getByText('9（未知值）')).toHaveClass('generic-cell--off');
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

describe('a dictionary field shown as radio buttons', () => {
  const radios = () => [...document.querySelectorAll('.ant-radio-wrapper')].map((r) => [r.textContent, r.classList.contains('ant-radio-wrapper-disabled')]);

  it('offers the enabled items, and keeps a switched-off value marked and not choosable', async () => {
    renderInConsole(<DictionaryRadio dicKey="colour" value="green" />, inConsole());
    await waitFor(() => expect(radios()).toEqual([['红', false], ['蓝', false], ['绿（已停用）', true]]), slow);
    expect(document.querySelector('.ant-radio-wrapper-checked')?.textContent).toBe('绿（已停用）');
  });

  it('answers the picked item’s value', async () => {
    const picked: string[] = [];
    renderInConsole(<DictionaryRadio dicKey="colour" onChange={(value) => picked.push(value)} />, inConsole());
    await waitFor(() => expect(radios().length).toBe(2), slow);
    fireEvent.click(screen.getByText('蓝'));
    expect(picked).toEqual(['blue']);
  });
});
