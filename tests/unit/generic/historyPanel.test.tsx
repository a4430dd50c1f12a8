import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { paramResource } from '../../../resources/param/definition';
import { button, buttons } from './dom';
import { renderResourceList, saveParams, setUpBridge, tokenWithGrants } from './harness';

vi.setConfig({ testTimeout: 60000 });
const bridge = setUpBridge();
const slow = { timeout: 10000 };

/** The parameter list with `site.name` edited to `Renamed`, its show view open on the history tab. */
async function openHistory(token?: string): Promise<{ drawer: HTMLElement; id: number }> {
  await saveParams(bridge);
  const { id } = await bridge.db.selectFrom('param').select('id').where('paramKey', '=', 'site.name').executeTakeFirstOrThrow();
  await bridge.save('/base/admin/param', { id, value: 'Renamed' });
  renderResourceList(token ?? bridge.token, paramResource);
  await screen.findByText('Renamed', {}, slow);
  fireEvent.click(buttons('查看')[0]!);
  const drawer = await waitFor(() => {
    const found = document.querySelector<HTMLElement>('.ant-drawer-content');
    if (!found?.querySelector('.ant-tabs')) throw new Error('No show view with tabs yet');
    return found;
  }, slow);
  fireEvent.click(within(drawer).getByText('变更历史'));
  await within(drawer).findAllByText('Staff console', {}, slow);
  return { drawer, id };
}

const modal = () => document.querySelector<HTMLElement>('.ant-modal-content')!;

describe('the show view\'s history tab', () => {
  it('lists an edit before → after and reverts it after a confirmation, the view showing the old value', async () => {
    const { drawer } = await openHistory();
    expect(within(drawer).getAllByText('值').length).toBeGreaterThan(0);
    fireEvent.click(button('撤销此变更', drawer));
    await waitFor(() => expect(modal()).toBeTruthy(), slow);
    fireEvent.click(button('撤销此变更', modal()));
    // The revert is the newest entry, and the record shows the old value again.
    await within(drawer).findByText('撤销', {}, slow);
    await waitFor(() => expect(within(drawer.querySelector('.ant-descriptions')!).getByText('Staff console')).toBeInTheDocument(), slow);
  });

  it('says why in the dialog when the value changed meanwhile (1011)', async () => {
    const { drawer, id } = await openHistory();
    fireEvent.click(button('撤销此变更', drawer));
    await waitFor(() => expect(modal()).toBeTruthy(), slow);
    await bridge.save('/base/admin/param', { id, value: 'Changed again' });
    fireEvent.click(button('撤销此变更', modal()));
    await within(modal()).findByText('该字段在此变更之后已被修改，不能撤销', {}, slow);
    // Nothing was reverted.
    const stored = await bridge.db.selectFrom('param').select('value').where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.value).toBe('Changed again');
  });

  it('offers no revert to a holder of the history alone', async () => {
    const token = await tokenWithGrants(bridge, (code) => code.startsWith('param:') && code !== 'param:revert');
    const { drawer } = await openHistory(token);
    expect(buttons('撤销此变更', drawer)).toHaveLength(0);
  });
});
