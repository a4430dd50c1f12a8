/**
 * Live lists: the server tells signed-in consoles which records changed, never their values; a
 * console that shows one of them refetches it through its normal, guarded call. One stream per
 * browser tab, as server-sent events over a GET (read with fetch, so the token travels in its
 * header as on every call, never in the address).
 */

/** Below /base/admin; a session suffices, each event is filtered by the caller's grants. */
export const LIVE_PATHS = {
  events: '/live/events',
} as const;

/** The SSE event names the stream sends. */
export const LIVE_EVENT = {
  /** data: a LiveChange as JSON. */
  change: 'change',
  /** data: `{}`; the first event of every stream, sent as soon as it is open (a reconnect refetches once on it). */
  ready: 'ready',
  /**
   * data: `{}`; the last event of a stream closed because its user opened more than `perUser`
   * (the oldest goes). The console waits until its tab is shown again before reconnecting, so
   * hidden tabs do not take turns closing each other.
   */
  displaced: 'displaced',
} as const;

export type LiveAction = 'created' | 'updated' | 'deleted';

/** One write, as a subscriber learns of it. */
export interface LiveChange {
  /** The console's resource name (a definition's `name`, or a bespoke screen's: user, office, permission, role, …). */
  resource: string;
  /** The records written, as strings; empty when the write touched too many to list. */
  ids: string[];
  action: LiveAction;
}

export const LIVE_LIMITS = {
  /** Open streams one user may hold (browser tabs); the oldest is closed past it, told `displaced`. */
  perUser: 8,
  /** Open streams one server holds; a new one past it is refused with 1009 (too many). */
  perServer: 2000,
  /** A comment line every this often keeps proxies from closing an idle stream. */
  heartbeatMs: 25_000,
  /** Ids named in one event; a larger write sends `ids: []` (every view of the resource refetches). */
  ids: 100,
  /** What the browser waits before reconnecting a dropped stream (doubling up to maxRetryMs). */
  retryMs: 1_000,
  maxRetryMs: 30_000,
} as const;
