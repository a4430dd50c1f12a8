/**
 * The live provider: changes reach Refine's subscriptions on channel `resources/<resource>` with
 * Refine's event types and ids, one stream opens for the tab (only when signed in, with the first
 * subscription), a reconnect tells every subscription once, and logout or an ended session closes it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '@refinedev/core';
import { LIVE_PATHS } from '../../../contract/live';
import { createProviders } from '../../../providers';
import { ALL_RESOURCES_CHANNEL, createLiveProvider, type LiveHandlers } from '../../../providers/liveProvider';
import { clearSession, readToken, saveSession } from '../../../providers/session';

function fakeConnection(isSignedIn = () => true) {
  const close = vi.fn();
  let handlers: LiveHandlers | undefined;
  const connect = vi.fn((given: LiveHandlers) => {
    handlers = given;
    return { close };
  });
  const provider = createLiveProvider({ isSignedIn, connect });
  return { provider, connect, close, emit: () => handlers! };
}

const listOf = (resource: string) => ({ subscriptionType: 'useList' as const, resource });

describe('the live provider', () => {
  afterEach(() => clearSession());

  it('hands a change to the subscriptions of its resource as Refine live event', () => {
    const { provider, emit } = fakeConnection();
    const params = provider.subscribe({ channel: 'resources/param', types: ['*'], callback: vi.fn(), params: listOf('param') });
    const dics = provider.subscribe({ channel: 'resources/dic', types: ['*'], callback: vi.fn(), params: listOf('dic') });
    const every = provider.subscribe({ channel: ALL_RESOURCES_CHANNEL, types: ['*'], callback: vi.fn() });

    emit().onChange({ resource: 'param', ids: ['7'], action: 'created' });

    const event = vi.mocked(params.callback).mock.calls[0]![0] as LiveEvent;
    expect(event).toMatchObject({ channel: 'resources/param', type: 'created', payload: { ids: ['7'] } });
    expect(event.date).toBeInstanceOf(Date);
    expect(dics.callback).not.toHaveBeenCalled();
    expect(every.callback).toHaveBeenCalledTimes(1);
  });

  it('keeps to the types a subscription asked for, and to the ids of a record subscription', () => {
    const { provider, emit } = fakeConnection();
    const deletions = provider.subscribe({ channel: 'resources/role', types: ['deleted'], callback: vi.fn() });
    const one = provider.subscribe({ channel: 'resources/role', types: ['*'], callback: vi.fn(), params: { subscriptionType: 'useOne', id: 5, ids: [5] } });

    emit().onChange({ resource: 'role', ids: ['6'], action: 'updated' });
    expect(deletions.callback).not.toHaveBeenCalled();
    expect(one.callback).not.toHaveBeenCalled();
    emit().onChange({ resource: 'role', ids: ['5', '6'], action: 'deleted' });
    expect(deletions.callback).toHaveBeenCalledTimes(1);
    expect(one.callback).toHaveBeenCalledTimes(1);
    // A write too large to list its ids concerns every record.
    emit().onChange({ resource: 'role', ids: [], action: 'updated' });
    expect(one.callback).toHaveBeenCalledTimes(2);
  });

  it('opens one stream, with the first subscription of a signed-in user', () => {
    let isSignedIn = false;
    const { provider, connect } = fakeConnection(() => isSignedIn);
    provider.subscribe({ channel: 'resources/param', types: ['*'], callback: vi.fn() });
    expect(connect).not.toHaveBeenCalled();
    isSignedIn = true;
    const second = provider.subscribe({ channel: 'resources/param', types: ['*'], callback: vi.fn() });
    provider.subscribe({ channel: 'resources/dic', types: ['*'], callback: vi.fn() });
    expect(connect).toHaveBeenCalledTimes(1);
    provider.unsubscribe(second);
  });

  it('tells every subscription once after a reconnect, on its own channel', () => {
    const { provider, emit } = fakeConnection();
    const params = provider.subscribe({ channel: 'resources/param', types: ['created'], callback: vi.fn() });
    const every = provider.subscribe({ channel: ALL_RESOURCES_CHANNEL, types: ['*'], callback: vi.fn() });
    const gone = provider.subscribe({ channel: 'resources/dic', types: ['*'], callback: vi.fn() });
    provider.unsubscribe(gone);

    emit().onReconnected();
    expect(params.callback).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ channel: 'resources/param', type: '*' }));
    expect(every.callback).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ channel: ALL_RESOURCES_CHANNEL, type: '*' }));
    expect(gone.callback).not.toHaveBeenCalled();
  });

  it('closes the stream on stop(), and the next subscription opens a new one', async () => {
    const { provider, connect, close } = fakeConnection();
    provider.subscribe({ channel: 'resources/param', types: ['*'], callback: vi.fn() });
    provider.stop();
    await vi.waitFor(() => expect(close).toHaveBeenCalledTimes(1));
    provider.subscribe({ channel: 'resources/param', types: ['*'], callback: vi.fn() });
    expect(connect).toHaveBeenCalledTimes(2);
  });
});

/** A fetch serving the event stream (held open until aborted) and the session calls' envelopes. */
function consoleServer(streamAnswer?: () => Response) {
  const streams: Array<{ url: string; headers: Record<string, string>; signal: AbortSignal }> = [];
  const fetch = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = String(input);
    if (url.endsWith(LIVE_PATHS.events)) {
      streams.push({ url, headers: init.headers as Record<string, string>, signal: init.signal! });
      if (streamAnswer) return streamAnswer();
      const body = new ReadableStream<Uint8Array>({
        start: (controller) => {
          controller.enqueue(new TextEncoder().encode('event: ready\ndata: {}\n\n'));
          init.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
        },
      });
      return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
    }
    return new Response(JSON.stringify({ code: 0, msg: 'success', data: null }), { headers: { 'Content-Type': 'application/json' } });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, streams };
}

describe('the console’s live provider (createProviders)', () => {
  afterEach(() => clearSession());

  it('reads /base/admin/live/events with the session token, and closes it on logout', async () => {
    saveSession({ token: 'tok-1' });
    const server = consoleServer();
    const { liveProvider, authProvider } = createProviders({ workbenchUrl: '/login', navigate: vi.fn(), fetch: server.fetch, resources: [] });
    liveProvider.subscribe({ channel: 'resources/param', types: ['*'], callback: vi.fn() });
    await vi.waitFor(() => expect(server.streams).toHaveLength(1));
    expect(server.streams[0]!.url).toMatch(/\/base\/admin\/live\/events$/);
    expect(server.streams[0]!.headers.access_token).toBe('tok-1');

    await authProvider.logout({});
    await vi.waitFor(() => expect(server.streams[0]!.signal.aborted).toBe(true));
    expect(readToken()).toBeNull();
  });

  it('ends the session on a 1007 answer to the stream, as any call does', async () => {
    saveSession({ token: 'tok-2' });
    const navigate = vi.fn();
    const server = consoleServer(() => new Response(JSON.stringify({ code: 1007, msg: 'expired', data: null }), { status: 401, headers: { 'Content-Type': 'application/json' } }));
    const { liveProvider } = createProviders({ workbenchUrl: '/login', navigate, fetch: server.fetch, resources: [] });
    liveProvider.subscribe({ channel: 'resources/param', types: ['*'], callback: vi.fn() });
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/login/)));
    expect(readToken()).toBeNull();
    expect(server.streams).toHaveLength(1);
  });
});
