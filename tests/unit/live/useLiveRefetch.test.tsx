/**
 * The screens that fetch by themselves follow their resources' changes through useLiveRefetch:
 * a change of one of them refetches once (also when one write names several of them), another
 * resource's change or a query that is not asked refetches nothing, a reconnect refetches once.
 */
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useLiveRefetch } from '../../../resources/generic/useLiveRefetch';
import { ConsoleProviders } from '../renderInConsole';
import { fakeLive } from './fakeLive';

function Probe({ refetch, enabled }: { refetch: () => void; enabled: boolean }) {
  useLiveRefetch(['permission', 'menu'], refetch, enabled);
  return null;
}

async function renderProbe(enabled = true) {
  const live = fakeLive();
  const refetch = vi.fn();
  render(
    <ConsoleProviders liveProvider={live.liveProvider}>
      <Probe refetch={refetch} enabled={enabled} />
    </ConsoleProviders>,
  );
  // Subscribed once the stream opened.
  await waitFor(() => expect(() => live.reconnect()).not.toThrow());
  await waitFor(() => expect(refetch).toHaveBeenCalledTimes(enabled ? 1 : 0));
  refetch.mockClear();
  return { live, refetch };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('useLiveRefetch', () => {
  it('refetches once for the events of one write naming two of its resources', async () => {
    const { live, refetch } = await renderProbe();
    live.change({ resource: 'permission', ids: ['4'], action: 'updated' });
    live.change({ resource: 'menu', ids: ['4'], action: 'updated' });
    await settle();
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('refetches nothing for another resource', async () => {
    const { live, refetch } = await renderProbe();
    live.change({ resource: 'user', ids: ['1'], action: 'deleted' });
    await settle();
    expect(refetch).not.toHaveBeenCalled();
  });

  it('refetches once after a reconnect', async () => {
    const { live, refetch } = await renderProbe();
    live.reconnect();
    await settle();
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('starts no query that is not asked', async () => {
    const { live, refetch } = await renderProbe(false);
    live.change({ resource: 'menu', ids: [], action: 'created' });
    live.reconnect();
    await settle();
    expect(refetch).not.toHaveBeenCalled();
  });
});
