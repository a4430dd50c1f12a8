/**
 * The live lists' connection: the stream's text parsed as it arrives in pieces, heartbeats and
 * `retry:` understood, the token sent in its header, a dropped stream reopened with a doubling
 * wait, one "reconnected" per reopened stream, and a 1002/1007 answer ending the session.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_LIMITS, type LiveChange } from '../../../contract/live';
import { createStreamParser, openLiveStream, readChange, type StreamEvent } from '../../../providers/liveStream';

function parse(chunks: string[]) {
  const events: StreamEvent[] = [];
  const retries: number[] = [];
  const parser = createStreamParser({ onEvent: (event) => events.push(event), onRetry: (ms) => retries.push(ms) });
  for (const chunk of chunks) parser.push(chunk);
  return { events, retries };
}

describe('the event-stream parser', () => {
  it('reads events whatever way the text is cut into chunks', () => {
    const text = 'retry: 2000\n\nevent: ready\ndata: {}\n\n: heartbeat\n\nevent: change\ndata: {"resource":"param","ids":["7"],"action":"created"}\n\n';
    const whole = parse([text]);
    expect(whole.events).toEqual([
      { event: 'ready', data: '{}' },
      { event: 'change', data: '{"resource":"param","ids":["7"],"action":"created"}' },
    ]);
    expect(whole.retries).toEqual([2000]);
    // Every cut, also inside a field name, a value and between the two newlines that end an event.
    for (let cut = 1; cut < text.length; cut++) expect(parse([text.slice(0, cut), text.slice(cut)]).events).toEqual(whole.events);
    expect(parse([...text]).events).toEqual(whole.events);
  });

  it('accepts CRLF and CR line endings, also a CRLF cut between its two characters', () => {
    const text = 'event: change\r\ndata: {"resource":"dic","ids":[],"action":"deleted"}\r\n\r\nevent: ready\rdata: {}\r\r';
    const expected = [
      { event: 'change', data: '{"resource":"dic","ids":[],"action":"deleted"}' },
      { event: 'ready', data: '{}' },
    ];
    expect(parse([text]).events).toEqual(expected);
    const cr = text.indexOf('\r\n') + 1;
    expect(parse([text.slice(0, cr), text.slice(cr)]).events).toEqual(expected);
  });

  it('skips heartbeats (comment lines) and events without data', () => {
    expect(parse([': keep-alive\n\n', ':\n\n', 'event: ready\n\n']).events).toEqual([]);
  });

  it('joins several data lines with a newline, and takes no space after the colon literally', () => {
    expect(parse(['data:a\ndata: b\n\n']).events).toEqual([{ event: 'message', data: 'a\nb' }]);
  });

  it('reads a change and refuses what is not one', () => {
    expect(readChange('{"resource":"param","ids":[7,"8"],"action":"updated"}')).toEqual({ resource: 'param', ids: ['7', '8'], action: 'updated' });
    expect(readChange('{"resource":"param","action":"deleted"}')).toEqual({ resource: 'param', ids: [], action: 'deleted' });
    expect(readChange('{"resource":"param","ids":[],"action":"dropped"}')).toBeUndefined();
    expect(readChange('{"ids":[],"action":"created"}')).toBeUndefined();
    expect(readChange('not json')).toBeUndefined();
  });
});

/** A fetch whose every call answers a stream the test writes to (or `answers` in turn, when given). */
function streamServer(answers: Array<() => Response> = []) {
  const streams: Array<{ init: RequestInit; send(text: string): void; end(): void; isAborted(): boolean }> = [];
  const fetch = vi.fn(async (_url: string | URL | Request, init: RequestInit = {}) => {
    const next = answers.shift();
    if (next) return next();
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    let isOpen = true;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    const stop = (how: () => void) => {
      if (!isOpen) return;
      isOpen = false;
      how();
    };
    init.signal?.addEventListener('abort', () => stop(() => controller.error(new DOMException('aborted', 'AbortError'))));
    streams.push({
      init,
      send: (text) => controller.enqueue(new TextEncoder().encode(text)),
      end: () => stop(() => controller.close()),
      isAborted: () => init.signal?.aborted === true,
    });
    return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls: fetch, streams };
}

const READY = 'event: ready\ndata: {}\n\n';
const change = (c: LiveChange) => `event: change\ndata: ${JSON.stringify(c)}\n\n`;
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('the live stream', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  function open(server: ReturnType<typeof streamServer>, token: () => string | null = () => 'tok') {
    const handlers = { onChange: vi.fn(), onReconnected: vi.fn(), onSessionEnded: vi.fn() };
    const stream = openLiveStream({ url: 'http://console.test/base/admin/live/events', getToken: token, getLocale: () => 'en-US', fetch: server.fetch, ...handlers });
    return { ...handlers, stream };
  }

  it('sends the token in its header as every call does, and reports the changes after ready', async () => {
    const server = streamServer();
    const live = open(server);
    await settle();
    const headers = server.streams[0]!.init.headers as Record<string, string>;
    expect(headers).toMatchObject({ access_token: 'tok', Accept: 'text/event-stream', 'Accept-Language': 'en-US' });
    expect(String(server.calls.mock.calls[0]![0])).not.toContain('tok');

    server.streams[0]!.send(READY + ': heartbeat\n\n' + change({ resource: 'param', ids: ['3'], action: 'created' }).slice(0, 20));
    await settle();
    expect(live.onChange).not.toHaveBeenCalled();
    server.streams[0]!.send(change({ resource: 'param', ids: ['3'], action: 'created' }).slice(20));
    await settle();
    expect(live.onChange).toHaveBeenCalledExactlyOnceWith({ resource: 'param', ids: ['3'], action: 'created' });
    // The first ready is no reconnect: nothing to refetch.
    expect(live.onReconnected).not.toHaveBeenCalled();
    live.stream.close();
  });

  it('reopens a dropped stream after retryMs, and refetches once when the reopened one is ready', async () => {
    const server = streamServer();
    const live = open(server);
    await settle();
    server.streams[0]!.send(READY);
    await settle();
    server.streams[0]!.end();
    await settle();
    await vi.advanceTimersByTimeAsync(LIVE_LIMITS.retryMs - 1);
    expect(server.calls).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls).toHaveBeenCalledTimes(2);
    expect(live.onReconnected).not.toHaveBeenCalled();
    server.streams[1]!.send(READY + ': heartbeat\n\n');
    await settle();
    expect(live.onReconnected).toHaveBeenCalledTimes(1);
    live.stream.close();
  });

  it('displaced by the user’s newer tabs, waits until its tab is shown again, then reopens and refetches once', async () => {
    const server = streamServer();
    const live = open(server);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await settle();
    server.streams[0]!.send(READY + 'event: displaced\ndata: {}\n\n');
    server.streams[0]!.end();
    await vi.advanceTimersByTimeAsync(LIVE_LIMITS.maxRetryMs * 2);
    // Hidden tabs do not take turns closing each other.
    expect(server.calls).toHaveBeenCalledTimes(1);
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(server.calls).toHaveBeenCalledTimes(2);
    server.streams[1]!.send(READY);
    await settle();
    expect(live.onReconnected).toHaveBeenCalledTimes(1);
    visibility.mockRestore();
    live.stream.close();
  });

  it('waits twice as long after each failed attempt, up to maxRetryMs, and as the server says with retry:', async () => {
    const refused = () => new Response('', { status: 502 });
    const server = streamServer(Array.from({ length: 7 }, () => refused));
    const live = open(server);
    await settle();
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 7; attempt++) {
      const before = Date.now();
      while (server.calls.mock.calls.length === attempt) await vi.advanceTimersByTimeAsync(100);
      waits.push(Date.now() - before);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    // The eighth answer is a stream that asks for 5 s between attempts.
    server.streams[0]!.send('retry: 5000\n\n' + READY);
    await settle();
    server.streams[0]!.end();
    await settle();
    const before = Date.now();
    while (server.calls.mock.calls.length === 8) await vi.advanceTimersByTimeAsync(100);
    expect(Date.now() - before).toBeGreaterThanOrEqual(5000);
    live.stream.close();
  });

  it('takes a silent connection (no heartbeat for two heartbeat periods) as dead and reopens it', async () => {
    const server = streamServer();
    const live = open(server);
    await settle();
    server.streams[0]!.send(READY);
    await vi.advanceTimersByTimeAsync(LIVE_LIMITS.heartbeatMs * 2 - 1);
    expect(server.streams[0]!.isAborted()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.streams[0]!.isAborted()).toBe(true);
    await vi.advanceTimersByTimeAsync(LIVE_LIMITS.retryMs);
    expect(server.calls).toHaveBeenCalledTimes(2);
    live.stream.close();
  });

  it.each([1002, 1007])('ends the session on a %i answer, and does not come back', async (code) => {
    const server = streamServer([() => new Response(JSON.stringify({ code, msg: 'gone', data: null }), { status: 401, headers: { 'Content-Type': 'application/json' } })]);
    const live = open(server);
    await settle();
    expect(live.onSessionEnded).toHaveBeenCalledExactlyOnceWith(code, 'gone');
    await vi.advanceTimersByTimeAsync(LIVE_LIMITS.maxRetryMs * 2);
    expect(server.calls).toHaveBeenCalledTimes(1);
  });

  it('closes for good on close(): the request is aborted and nothing reopens it', async () => {
    const server = streamServer();
    const live = open(server);
    await settle();
    live.stream.close();
    await settle();
    expect(server.streams[0]!.isAborted()).toBe(true);
    await vi.advanceTimersByTimeAsync(LIVE_LIMITS.maxRetryMs * 2);
    expect(server.calls).toHaveBeenCalledTimes(1);
  });

  it('opens nothing without a token, and stops reopening once the token is gone', async () => {
    let token: string | null = null;
    const server = streamServer();
    open(server, () => token);
    await vi.advanceTimersByTimeAsync(LIVE_LIMITS.maxRetryMs);
    expect(server.calls).not.toHaveBeenCalled();

    token = 'tok';
    open(server, () => token);
    await settle();
    server.streams[0]!.end();
    token = null;
    await vi.advanceTimersByTimeAsync(LIVE_LIMITS.maxRetryMs * 2);
    expect(server.calls).toHaveBeenCalledTimes(1);
  });
});
