/**
 * A dictionary's key and type are fixed once created (`fixed: ['type']` of resources/dic): the edit
 * dialog shows both read-only (the server refuses a change with 1001); the add dialog offers both.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { dicItemResource, dicResource } from '../../../resources/dic/definition';
import { MasterDetail } from '../../../resources/generic/MasterDetail';
import { renderInConsole } from '../renderInConsole';
import { button, findDialog } from '../generic/dom';
import { setUpBridge } from '../generic/harness';

vi.setConfig({ testTimeout: 60000 });
const bridge = setUpBridge();
const slow = { timeout: 10000 };

function renderDictionaries() {
  renderInConsole(<MasterDetail master={dicResource} detail={dicItemResource} title="字典管理" />, {
    token: bridge.token,
    path: '/system/dic',
    resource: { name: 'dic', label: '字典管理' },
  });
}

const masterRows = () => [...screen.getByLabelText('字典管理', { selector: 'section' }).querySelectorAll<HTMLElement>('tbody tr.ant-table-row')];
const typeRadios = (dialog: HTMLElement) => [...dialog.querySelectorAll<HTMLInputElement>('input[type="radio"]')];

describe('the dictionary dialog', () => {
  it('shows the key and the type of a dictionary read-only when editing, the name editable', async () => {
    renderDictionaries();
    await waitFor(() => expect(masterRows().length).toBeGreaterThan(0), slow);
    fireEvent.click(button('编辑', masterRows()[0]!));
    const dialog = await findDialog();
    await waitFor(() => expect(within(dialog).getByLabelText('key值')).not.toHaveValue(''), slow);
    expect(within(dialog).getByLabelText('key值')).toBeDisabled();
    expect(typeRadios(dialog)).toHaveLength(2);
    for (const radio of typeRadios(dialog)) expect(radio).toBeDisabled();
    expect(within(dialog).getByLabelText('字典名称')).toBeEnabled();
  });

  it('offers the type when adding', async () => {
    renderDictionaries();
    await waitFor(() => expect(masterRows().length).toBeGreaterThan(0), slow);
    fireEvent.click(button('新增', screen.getByLabelText('字典管理', { selector: 'section' })));
    const dialog = await findDialog();
    for (const radio of typeRadios(dialog)) expect(radio).toBeEnabled();
  });
});
