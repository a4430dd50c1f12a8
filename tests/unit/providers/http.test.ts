import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, buildQuery, ClientCode, createHttpClient } from '../../../providers/http';

function answer(body: unknown, status = 200): typeof fetch {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

afterEach(() => vi.restoreAllMocks());

describe('http client', () => {
  it('answers `data` on code 0 and sends the token header', async () => {
    const fetch = answer({ code: 0, msg: 'success', data: { id: 1 } });
    const http = createHttpClient({ getToken: () => 'tok', fetch });
    await expect(http.get('/base/admin/param/detail', { id: 1 })).resolves.toEqual({ id: 1 });
    const [url, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(String(url)).toMatch(/\/base\/admin\/param\/detail\?id=1$/);
    expect((init?.headers as Record<string, string>).access_token).toBe('tok');
  });

  it('reads the code from the body even when the HTTP status is an error', async () => {
    const http = createHttpClient({ getToken: () => 'tok', fetch: answer({ code: 1004, msg: '记录不存在', data: null }, 404) });
    await expect(http.get('/x')).rejects.toMatchObject({ code: 1004, message: '记录不存在', status: 404 });
  });

  it('throws an ApiError with the field messages of a validation failure', async () => {
    const http = createHttpClient({ getToken: () => 'tok', fetch: answer({ code: 1001, msg: 'Key不能为空', data: { fields: { paramKey: 'Key不能为空' } } }, 400) });
    const error = await http.post('/x', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fields).toEqual({ paramKey: 'Key不能为空' });
  });

  it.each([1002, 1007])('reports the end of the session on code %i', async (code) => {
    const onSessionEnded = vi.fn();
    const http = createHttpClient({ getToken: () => 'tok', onSessionEnded, fetch: answer({ code, msg: 'gone', data: null }, 401) });
    await expect(http.get('/x')).rejects.toMatchObject({ code });
    expect(onSessionEnded).toHaveBeenCalledWith(code, 'gone');
  });

  it('reports a temporary password that must be changed first (1008) for the live session only', async () => {
    const onPasswordChangeRequired = vi.fn();
    let token: string | null = 'tok';
    const http = createHttpClient({ getToken: () => token, onPasswordChangeRequired, fetch: answer({ code: 1008, msg: '请先修改密码', data: null }, 403) });
    await expect(http.get('/x')).rejects.toMatchObject({ code: 1008, message: '请先修改密码' });
    expect(onPasswordChangeRequired).toHaveBeenCalledTimes(1);
    token = null;
    await expect(http.get('/x')).rejects.toMatchObject({ code: 1008 });
    expect(onPasswordChangeRequired).toHaveBeenCalledTimes(1);
  });

  it('ignores a session-ended answer that comes back after the token was dropped (logout)', async () => {
    const onSessionEnded = vi.fn();
    let token: string | null = 'tok';
    const late: typeof fetch = async () => {
      token = null;
      return new Response(JSON.stringify({ code: 1007, msg: 'gone', data: null }), { status: 401 });
    };
    const http = createHttpClient({ getToken: () => token, onSessionEnded, fetch: late });
    await expect(http.get('/x')).rejects.toMatchObject({ code: 1007 });
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('does not report the end of the session for other failures', async () => {
    const onSessionEnded = vi.fn();
    const http = createHttpClient({ getToken: () => 'tok', onSessionEnded, fetch: answer({ code: 1003, msg: 'no', data: null }, 403) });
    await expect(http.get('/x')).rejects.toMatchObject({ code: 1003 });
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('gives up after the timeout, logs it and says so in its own words', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const never: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    const http = createHttpClient({ getToken: () => null, fetch: never, timeoutMs: 20, messages: { network: () => 'offline', timeout: () => 'too slow', badResponse: () => 'garbled' } });
    await expect(http.get('/slow')).rejects.toMatchObject({ code: ClientCode.TIMEOUT, message: 'too slow', isClientSide: true });
    expect(error).toHaveBeenCalledWith(expect.stringContaining('/slow timed out'));
  });

  it('logs a network failure and throws the client message, not anything from a server', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const offline: typeof fetch = async () => {
      throw new TypeError('fetch failed');
    };
    const http = createHttpClient({ getToken: () => null, fetch: offline, messages: { network: () => 'offline', timeout: () => 'too slow', badResponse: () => 'garbled' } });
    await expect(http.get('/x')).rejects.toMatchObject({ code: ClientCode.NETWORK, message: 'offline' });
    expect(error).toHaveBeenCalledWith(expect.stringContaining('GET /x failed'), expect.any(TypeError));
  });

  it('treats an answer without an envelope as a bad response', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const html: typeof fetch = async () => new Response('<html>proxy error</html>', { status: 502 });
    const http = createHttpClient({ getToken: () => null, fetch: html });
    await expect(http.get('/x')).rejects.toMatchObject({ code: ClientCode.BAD_RESPONSE, status: 502 });
  });

  it('sends the body as JSON', async () => {
    const fetch = answer({ code: 0, msg: '', data: null });
    await createHttpClient({ getToken: () => null, fetch }).post('/save', { a: 1 });
    const init = vi.mocked(fetch).mock.calls[0]![1]!;
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });
});

describe('buildQuery', () => {
  it('drops undefined, null and empty values and joins arrays', () => {
    expect(buildQuery({ a: 1, b: undefined, c: null, d: '', e: [1, 2], f: false })).toBe('?a=1&e=1%2C2&f=false');
    expect(buildQuery({ a: undefined })).toBe('');
  });
});
