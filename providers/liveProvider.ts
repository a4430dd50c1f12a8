/**
 * Refine's LiveProvider over the server's change stream (contract/live.ts): one stream per tab,
 * opened with the first subscription of a signed-in user and closed on logout. Each change
 * becomes Refine's live event on channel `resources/<resource>`; under liveMode "auto" Refine's
 * data hooks then refetch that resource's shown queries through their normal, guarded calls.
 * After a reopened stream is ready, every subscription hears once that anything may have changed.
 *
 * Only the subscriptions live here; the connection (./liveStream.ts) loads with the first one.
 */
import type { LiveEvent, LiveProvider } from '@refinedev/core';
import type { LiveChange } from '../contract/live';

/** Refine's channel of a resource's changes (its data hooks subscribe `resources/<name>`). */
export function channelOf(resource: string): string {
  return `resources/${resource}`;
}

/** A channel that hears every resource's changes (one subscription for a screen showing several). */
export const ALL_RESOURCES_CHANNEL = 'resources/*';

/** A change as Refine's live event. */
export function liveEventOf(change: LiveChange, date = new Date()): LiveEvent {
  return { channel: channelOf(change.resource), type: change.action, payload: { ids: change.ids }, date };
}

/** What the connection reports to the provider. */
export interface LiveHandlers {
  onChange(change: LiveChange): void;
  onReconnected(): void;
}

export interface LiveConnection {
  close(): void;
}

export interface LiveProviderOptions {
  /** Whether a user is signed in (no stream opens before). */
  isSignedIn(): boolean;
  /** Opens the connection (the console's loads ./liveStream.ts); tests pass a fake. */
  connect(handlers: LiveHandlers): LiveConnection | Promise<LiveConnection>;
}

export interface ConsoleLiveProvider extends LiveProvider {
  /** Closes the stream (logout, session ended); the next subscription of a signed-in user opens a new one. */
  stop(): void;
}

interface Subscription {
  channel: string;
  types: readonly string[];
  /** A record subscription (useOne, useMany): only changes naming one of these, or naming none. */
  ids?: readonly string[];
  callback(event: LiveEvent): void;
}

function hears(subscription: Subscription, event: LiveEvent, ids: readonly string[]): boolean {
  if (subscription.channel !== event.channel && subscription.channel !== ALL_RESOURCES_CHANNEL) return false;
  if (!subscription.types.includes('*') && !subscription.types.includes(event.type)) return false;
  return !subscription.ids?.length || ids.length === 0 || ids.some((id) => subscription.ids!.includes(id));
}

export function createLiveProvider({ isSignedIn, connect }: LiveProviderOptions): ConsoleLiveProvider {
  const subscriptions = new Set<Subscription>();
  let connection: Promise<LiveConnection | undefined> | undefined;

  function deliver(event: LiveEvent, ids: readonly string[]): void {
    for (const subscription of [...subscriptions]) {
      if (subscriptions.has(subscription) && hears(subscription, event, ids)) subscription.callback(event);
    }
  }

  const handlers: LiveHandlers = {
    onChange: (change) => deliver(liveEventOf(change), change.ids),
    onReconnected: () => {
      const date = new Date();
      for (const subscription of [...subscriptions]) subscription.callback({ channel: subscription.channel, type: '*', payload: {}, date });
    },
  };

  function open(): void {
    if (connection || !isSignedIn()) return;
    const opening = Promise.resolve(connect(handlers)).catch((error: unknown) => {
      console.error('[live] the change stream could not start:', error);
      if (connection === opening) connection = undefined;
      return undefined;
    });
    connection = opening;
  }

  return {
    subscribe: ({ channel, types, callback, params }) => {
      const ids = params?.subscriptionType === 'useList' ? undefined : params?.ids?.map(String);
      const subscription: Subscription = { channel, types: types.length ? types : ['*'], ids, callback };
      subscriptions.add(subscription);
      open();
      return subscription;
    },
    unsubscribe: (subscription: Subscription) => {
      subscriptions.delete(subscription);
    },
    stop: () => {
      const closing = connection;
      connection = undefined;
      void closing?.then((opened) => opened?.close());
    },
  };
}
