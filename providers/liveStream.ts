/**
 * The live lists' one connection per tab: GET /base/admin/live/events read with fetch and a
 * ReadableStream (not EventSource, which cannot send the token header), its server-sent events
 * parsed, and the connection reopened by itself with a doubling wait. Loaded with the first
 * subscription (./liveProvider.ts), never with /login.
 */
import { SESSION_ENDED_CODES } from '../contract/codes';
import { LIVE_EVENT, LIVE_LIMITS, type LiveAction, type LiveChange } from '../contract/live';
import { TOKEN_HEADER } from '../contract/session';

/** One event of the stream, as the SSE format defines it (the `event` defaults to "message"). */
export interface StreamEvent {
  event: string;
  data: string;
}

export interface StreamParserHandlers {
  onEvent(event: StreamEvent): void;
  /** A `retry:` field: the wait before reconnecting, in ms. */
  onRetry?(ms: number): void;
}

/**
 * An incremental parser of `text/event-stream` text: feed it the decoded chunks as they come
 * (an event, a line or a line ending may be split across chunks); it calls back once per complete
 * event. Comment lines (`: heartbeat`) are skipped.
 */
export function createStreamParser({ onEvent, onRetry }: StreamParserHandlers): { push(text: string): void } {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  // A chunk ending in '\r' may be the first half of '\r\n'.
  let afterCr = false;

  function line(text: string): void {
    if (text === '') {
      if (data.length > 0) onEvent({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'retry' && /^\d+$/.test(value)) onRetry?.(Number(value));
  }

  return {
    push(text: string) {
      let start = 0;
      if (afterCr && text.startsWith('\n')) start = 1;
      afterCr = false;
      for (let i = start; i < text.length; i++) {
        const char = text[i];
        if (char !== '\n' && char !== '\r') continue;
        line(buffer + text.slice(start, i));
        buffer = '';
        if (char === '\r') {
          if (i + 1 === text.length) afterCr = true;
          else if (text[i + 1] === '\n') i++;
        }
        start = i + 1;
      }
      buffer += text.slice(start);
    },
  };
}

const ACTIONS: readonly string[] = ['created', 'updated', 'deleted'] satisfies LiveAction[];

/** A `change` event's data as a LiveChange, or undefined when it is not one. */
export function readChange(data: string): LiveChange | undefined {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return undefined;
  }
  const { resource, ids, action } = (value ?? {}) as Partial<Record<keyof LiveChange, unknown>>;
  if (typeof resource !== 'string' || !resource || typeof action !== 'string' || !ACTIONS.includes(action)) return undefined;
  return { resource, action: action as LiveAction, ids: Array.isArray(ids) ? ids.map(String) : [] };
}

export interface LiveStreamOptions {
  /** The stream's address (absolute in tests). */
  url: string;
  getToken(): string | null | undefined;
  getLocale?(): string;
  fetch?: typeof fetch;
  onChange(change: LiveChange): void;
  /** A reopened stream is ready: anything shown may have changed meanwhile. */
  onReconnected(): void;
  /** The server answered 1002/1007 for the token still in use. */
  onSessionEnded(code: number, msg: string): void;
  /** Nothing (not even a heartbeat) for this long: the connection is taken as dead. */
  idleMs?: number;
}

/**
 * Calls `then` once the tab is next shown or focused; answers how to stop waiting. A displaced
 * stream waits for it: the tab the user looks at takes a stream back, a hidden one does not.
 */
function whenShownAgain(then: () => void): () => void {
  const onShown = () => {
    if (document.visibilityState !== 'visible') return;
    stop();
    then();
  };
  const stop = () => {
    document.removeEventListener('visibilitychange', onShown);
    window.removeEventListener('focus', onShown);
  };
  document.addEventListener('visibilitychange', onShown);
  window.addEventListener('focus', onShown);
  return stop;
}

export interface LiveStream {
  close(): void;
}

/** Opens the stream and keeps it open until `close()`, or until the session is gone. */
export function openLiveStream({
  url,
  getToken,
  getLocale,
  fetch: fetchImpl,
  onChange,
  onReconnected,
  onSessionEnded,
  idleMs = LIVE_LIMITS.heartbeatMs * 2,
}: LiveStreamOptions): LiveStream {
  let isClosed = false;
  let controller: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let baseMs: number = LIVE_LIMITS.retryMs;
  let waitMs: number = LIVE_LIMITS.retryMs;
  let wasReady = false;
  let isDisplaced = false;
  let stopWaiting: (() => void) | undefined;

  async function connect(): Promise<void> {
    const token = getToken();
    if (isClosed || !token) return;
    const abort = new AbortController();
    controller = abort;
    let readyAt: number | undefined;
    let idle: ReturnType<typeof setTimeout> | undefined;
    const watch = () => {
      clearTimeout(idle);
      idle = setTimeout(() => abort.abort(), idleMs);
    };
    const parser = createStreamParser({
      onRetry: (ms) => {
        baseMs = Math.min(Math.max(ms, 100), LIVE_LIMITS.maxRetryMs);
      },
      onEvent: ({ event, data }) => {
        if (event === LIVE_EVENT.ready) {
          readyAt = Date.now();
          if (wasReady) onReconnected();
          wasReady = true;
        } else if (event === LIVE_EVENT.displaced) {
          isDisplaced = true;
        } else if (event === LIVE_EVENT.change && readyAt !== undefined) {
          const change = readChange(data);
          if (change) onChange(change);
        }
      },
    });
    try {
      const headers: Record<string, string> = { Accept: 'text/event-stream', [TOKEN_HEADER]: token };
      const locale = getLocale?.();
      if (locale) headers['Accept-Language'] = locale;
      watch();
      const response = await (fetchImpl ?? globalThis.fetch)(url, { headers, cache: 'no-store', signal: abort.signal });
      if (!(response.headers.get('content-type') ?? '').includes('text/event-stream') || !response.body) {
        // A refusal comes as the usual envelope: a session that ended ends the console's, as any call's would.
        const envelope = (await response.json().catch(() => undefined)) as { code?: unknown; msg?: unknown } | undefined;
        if (typeof envelope?.code === 'number' && SESSION_ENDED_CODES.includes(envelope.code)) {
          isClosed = true;
          if (getToken() === token) onSessionEnded(envelope.code, typeof envelope.msg === 'string' ? envelope.msg : '');
          return;
        }
        throw new Error(`live stream answered HTTP ${response.status}`);
      }
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        watch();
        parser.push(decoder.decode(value, { stream: true }));
      }
    } catch {
      // Dropped, refused or dead: reconnect below.
    } finally {
      clearTimeout(idle);
    }
    if (isClosed) return;
    if (isDisplaced) {
      // The user's newer tabs took the streams: this one comes back when it is shown again.
      isDisplaced = false;
      stopWaiting = whenShownAgain(() => void connect());
      return;
    }
    // A stream that stayed up a while starts the waits again; one dropped soon after it opened
    // (a server restarting, a full server) waits twice as long each time.
    if (readyAt !== undefined && Date.now() - readyAt >= LIVE_LIMITS.maxRetryMs) waitMs = baseMs;
    const delay = Math.max(waitMs, baseMs);
    waitMs = Math.min(delay * 2, LIVE_LIMITS.maxRetryMs);
    timer = setTimeout(() => void connect(), delay);
  }

  void connect();
  return {
    close() {
      isClosed = true;
      clearTimeout(timer);
      stopWaiting?.();
      controller?.abort();
    },
  };
}
