import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { closeRequest, hasOpenPopup } from '../../../resources/generic/dialogGuard';
import { findResource } from '../../../resources/registry';
import { renderResourceList, saveParams, setUpBridge } from './harness';

const paramResource = findResource('param')!;

vi.setConfig({ testTimeout: 60000 });
const bridge = setUpBridge();
beforeEach(() => saveParams(bridge));
const slow = { timeout: 10000 };
const user = () => userEvent.setup({ pointerEventsCheck: 0 });

async function openAddDialog() {
  renderResourceList(bridge.token, paramResource);
  await screen.findByText('site.name', {}, slow);
  await user().click(await screen.findByRole('button', { name: /新\s*增/ }, slow));
  return screen.findByRole('dialog', {}, slow);
}

const dialogClosed = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), slow);

describe('the shared dialog never loses typed data', () => {
  it('closes an untouched dialog at once on Cancel', async () => {
    const dialog = await openAddDialog();
    await user().click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await dialogClosed();
    expect(screen.queryByText('放弃修改？')).not.toBeInTheDocument();
  });

  it('asks before Esc discards typed fields; keeping edits keeps the values, discarding closes', async () => {
    const dialog = await openAddDialog();
    const key = within(dialog).getByLabelText('Key');
    await user().click(key);
    await user().paste('typed.key');
    // rc-dialog reads keyCode, which user-event leaves unset.
    fireEvent.keyDown(key, { key: 'Escape', keyCode: 27 });

    const question = await screen.findByText('放弃修改？', {}, slow);
    await user().click(await screen.findByRole('button', { name: '继续编辑' }));
    await waitFor(() => expect(question).not.toBeVisible(), slow);
    expect(within(dialog).getByLabelText('Key')).toHaveValue('typed.key');

    await user().click(within(dialog).getByRole('button', { name: 'Close' }));
    await user().click(await screen.findByRole('button', { name: /放\s*弃/ }, slow));
    await dialogClosed();
  });
});

describe('Enter in the shared dialog', () => {
  it('never saves it: only the save button does', async () => {
    const dialog = await openAddDialog();
    await user().type(within(dialog).getByLabelText('排序号'), '7');
    await user().type(within(dialog).getByLabelText('Key'), 'enter.key');
    await user().type(within(dialog).getByLabelText('值'), '30{Enter}');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(bridge.requests.filter((request) => request.path.endsWith('/param/saveOrUpdate'))).toHaveLength(0);
    expect(dialog).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Key')).toHaveValue('enter.key');

    await user().click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(bridge.requests.filter((request) => request.path.endsWith('/param/saveOrUpdate'))).toHaveLength(1), slow);
    await dialogClosed();
  });
});

describe('closeRequest and hasOpenPopup', () => {
  it('leaves Esc to an open popup, asks when changed, closes when untouched', () => {
    expect(closeRequest({ escapeForPopup: true, isDirty: true })).toBe('ignore');
    expect(closeRequest({ escapeForPopup: false, isDirty: true })).toBe('ask');
    expect(closeRequest({ escapeForPopup: false, isDirty: false })).toBe('close');
  });

  it('sees a shown picker or select popup, not a hidden or fading one', () => {
    const root = document.createElement('div');
    root.innerHTML = '<div class="ant-picker-dropdown ant-picker-dropdown-hidden"></div><div class="ant-select-dropdown ant-slide-up-leave"></div>';
    expect(hasOpenPopup(root)).toBe(false);
    root.insertAdjacentHTML('beforeend', '<div class="ant-picker-dropdown"></div>');
    expect(hasOpenPopup(root)).toBe(true);
  });
});
