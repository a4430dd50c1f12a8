/**
 * Live lists for the screens that fetch by themselves (useCustom, not Refine's list hooks): the
 * query is asked again when the server says one of `resources` changed, and once after the
 * change stream reconnects. Off when the console's liveMode is not "auto" or while `enabled` is
 * false (a query that is not asked must not be started by an event).
 */
import { useLiveMode, useSubscription, type LiveEvent } from '@refinedev/core';
import { useCallback, useEffect, useRef } from 'react';
import { ALL_RESOURCES_CHANNEL, channelOf } from '../../providers/liveProvider';

export function useLiveRefetch(resources: readonly string[], refetch: () => unknown, enabled = true): void {
  const isLive = useLiveMode(undefined) === 'auto';
  const latest = useRef({ resources, refetch, enabled });
  useEffect(() => {
    latest.current = { resources, refetch, enabled };
  });
  const isPending = useRef(false);
  // Refine subscribes once (its effect follows `enabled` only): the callback reads the latest values.
  const onLiveEvent = useCallback((event: LiveEvent) => {
    const { resources, enabled } = latest.current;
    if (!enabled || isPending.current) return;
    // The stream's "reconnected" comes on the subscription's own channel: anything may have changed.
    if (event.channel !== ALL_RESOURCES_CHANNEL && !resources.some((resource) => channelOf(resource) === event.channel)) return;
    // One write may name several of `resources` in events read together: one refetch for them.
    isPending.current = true;
    queueMicrotask(() => {
      isPending.current = false;
      latest.current.refetch();
    });
  }, []);
  useSubscription({ channel: ALL_RESOURCES_CHANNEL, types: ['*'], enabled: isLive, onLiveEvent });
}
