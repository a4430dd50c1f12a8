/**
 * The console's live provider over a stand-in connection: a test says what the server's stream
 * would (a change, a reconnect) and the screens hear it as they would in the browser.
 */
import type { LiveChange } from '../../../contract/live';
import { createLiveProvider, type ConsoleLiveProvider, type LiveHandlers } from '../../../providers/liveProvider';

export interface FakeLive {
  liveProvider: ConsoleLiveProvider;
  /** The server's `change` event. */
  change(change: LiveChange): void;
  /** A dropped stream reopened and ready again. */
  reconnect(): void;
}

export function fakeLive(): FakeLive {
  let handlers: LiveHandlers | undefined;
  const liveProvider = createLiveProvider({
    isSignedIn: () => true,
    connect: (given) => {
      handlers = given;
      return { close: () => undefined };
    },
  });
  const connected = () => {
    if (!handlers) throw new Error('Nothing subscribed: no stream was opened');
    return handlers;
  };
  return { liveProvider, change: (change) => connected().onChange(change), reconnect: () => connected().onReconnected() };
}
