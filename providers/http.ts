/**
 * The one HTTP client of the console: `fetch` with a timeout, the token header, and the
 * platform's envelope `{ code, msg, data }` unwrapped. The body's `code` decides success, never
 * the HTTP status (errors may come with a non-2xx status but always with the envelope).
 */
import { Code, SESSION_ENDED_CODES } from '../contract/codes';
import type { Envelope } from '../contract/envelope';
import { TOKEN_HEADER } from '../contract/session';

/** Codes the client makes up itself when no envelope arrived; never sent by the server. */
export const ClientCode = {
  NETWORK: -1,
  TIMEOUT: -2,
  BAD_RESPONSE: -3,
  ABORTED: -4,
} as const;
export type ClientCode = (typeof ClientCode)[keyof typeof ClientCode];

const CLIENT_CODES: readonly number[] = Object.values(ClientCode);

/** A failed call: the envelope's code and msg, or a client code when nothing usable came back. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** Per-field messages of a validation failure (code 1001). */
  readonly fields?: Record<string, string>;

  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
    /** HTTP status, when a response arrived. */
    readonly status?: number,
  ) {
    super(message);
    // Validation failures list their fields; other refusals may name theirs too (1005: a taken key).
    const fields = readFields(data);
    if (code === Code.VALIDATION_FAILED || Object.keys(fields).length > 0) this.fields = fields;
  }

  /** True when the server never answered with an envelope (offline, timeout, garbage). */
  get isClientSide(): boolean {
    return CLIENT_CODES.includes(this.code);
  }
}

function readFields(data: unknown): Record<string, string> {
  const fields = (data as { fields?: unknown } | null)?.fields;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(Object.entries(fields).filter(([, m]) => typeof m === 'string')) as Record<string, string>;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';
export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** Cancels the call (e.g. react-query's signal); a cancelled call is not logged. */
  signal?: AbortSignal;
}

/** A success with the server's own message (a save that says what it did). */
export interface Answered<T> {
  data: T;
  msg: string;
}

export interface HttpClient {
  readonly baseUrl: string;
  request<T = unknown>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  /** As `request`, answering the server's message with the data. */
  answer<T = unknown>(method: HttpMethod, path: string, options?: RequestOptions): Promise<Answered<T>>;
  get<T = unknown>(path: string, query?: Query): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, query?: Query): Promise<T>;
}

/** What the user reads when no answer came; the console passes translated texts. */
export interface ClientMessages {
  network(): string;
  timeout(): string;
  badResponse(): string;
}

const englishMessages: ClientMessages = {
  network: () => 'The server cannot be reached. Please check the network and try again.',
  timeout: () => 'The server did not answer in time. Please try again.',
  badResponse: () => 'The server sent an answer the console cannot read.',
};

export interface HttpClientOptions {
  /** Prefix of every path ('' = same origin as the page). */
  baseUrl?: string;
  getToken: () => string | null | undefined;
  /** Called for 1002/1007 before the error is thrown. */
  onSessionEnded?: (code: number, msg: string) => void;
  /** Called for 1008 (a temporary password must be changed first) before the error is thrown. */
  onPasswordChangeRequired?: () => void;
  /** Sent as Accept-Language so the server's `msg` comes in the user's language. */
  getLocale?: () => string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  messages?: ClientMessages;
}

/** Builds `path?query` with undefined, null and empty values left out and arrays comma-joined. */
export function buildQuery(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    if (raw === undefined || raw === null) continue;
    const value = Array.isArray(raw) ? raw.join(',') : String(raw);
    if (value === '') continue;
    params.append(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function isAbsolute(url: string): boolean {
  return /^[a-z][a-z\d+.-]*:/i.test(url);
}

/** The address as fetch needs it: Node's fetch (tests) wants absolute URLs; in the browser this changes nothing. */
export function absoluteUrl(url: string): string {
  if (isAbsolute(url) || typeof window === 'undefined') return url;
  return new URL(url, window.location.origin).toString();
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof (value as Envelope).code === 'number';
}

export function createHttpClient({
  baseUrl = '',
  getToken,
  onSessionEnded,
  onPasswordChangeRequired,
  getLocale,
  timeoutMs = 10_000,
  fetch: fetchImpl,
  messages = englishMessages,
}: HttpClientOptions): HttpClient {
  async function answer<T>(method: HttpMethod, path: string, { query, body, signal }: RequestOptions = {}): Promise<Answered<T>> {
    const url = absoluteUrl(`${isAbsolute(path) ? '' : baseUrl}${path}${buildQuery(query)}`);
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = getToken();
    if (token) headers[TOKEN_HEADER] = token;
    const locale = getLocale?.();
    if (locale) headers['Accept-Language'] = locale;
    if (body !== undefined) headers['Content-Type'] = 'application/json';

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const forwardAbort = () => controller.abort();
    signal?.addEventListener('abort', forwardAbort);

    let envelope: unknown;
    let status: number | undefined;
    try {
      const response = await (fetchImpl ?? globalThis.fetch)(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
      });
      status = response.status;
      envelope = await response.json().catch(() => undefined);
    } catch (cause) {
      if (timedOut) {
        console.error(`[http] ${method} ${path} timed out after ${timeoutMs} ms`);
        throw new ApiError(ClientCode.TIMEOUT, messages.timeout());
      }
      if (signal?.aborted) throw new ApiError(ClientCode.ABORTED, 'Aborted');
      console.error(`[http] ${method} ${path} failed:`, cause);
      throw new ApiError(ClientCode.NETWORK, messages.network());
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forwardAbort);
    }

    if (!isEnvelope(envelope)) {
      console.error(`[http] ${method} ${path} answered HTTP ${status} without an envelope`);
      throw new ApiError(ClientCode.BAD_RESPONSE, messages.badResponse(), null, status);
    }
    if (envelope.code === Code.OK) return { data: envelope.data as T, msg: typeof envelope.msg === 'string' ? envelope.msg : '' };
    const msg = typeof envelope.msg === 'string' && envelope.msg ? envelope.msg : `Error ${envelope.code}`;
    // Only the live session can end: an answer to a call made without a token, or about a token
    // already dropped (a late answer after logout), leaves routing to the auth check.
    const isLiveSession = Boolean(token) && getToken() === token;
    if (SESSION_ENDED_CODES.includes(envelope.code) && isLiveSession) onSessionEnded?.(envelope.code, msg);
    if (envelope.code === Code.PASSWORD_CHANGE_REQUIRED && isLiveSession) onPasswordChangeRequired?.();
    throw new ApiError(envelope.code, msg, envelope.data ?? null, status);
  }

  async function request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T> {
    return (await answer<T>(method, path, options)).data;
  }

  return {
    baseUrl,
    request,
    answer,
    get: (path, query) => request('GET', path, { query }),
    post: (path, body, query) => request('POST', path, { body, query }),
  };
}
