/**
 * The console's side of an export: what it asks (the list's filters and order, the visible
 * columns the server writes, in their order), the token and language it sends, the progress it
 * reports as bytes arrive, the file name it saves under, a refusal's message, and cancel.
 */
import { describe, expect, it } from 'vitest';
import { TOKEN_HEADER } from '../../../contract/session';
import { findResource } from '../../../resources/registry';
import { ExportRefused, fetchExport, fileNameOf } from '../../../resources/generic/exportDownload';
import { exportColumns, exportListParams } from '../../../resources/generic/exportParams';

const role = findResource('role')!;

describe('exportColumns and exportListParams', () => {
  it('keeps the visible columns naming a stored field, in the table’s order', () => {
    expect(exportColumns(role, ['__rowNumber', 'name', 'appId', 'roleKey', '__actions', undefined])).toEqual(['name', 'appId', 'roleKey']);
  });

  it('sends the filters and the order as the list call does, without paging', () => {
    const params = exportListParams(
      { columns: [{ field: 'name', sortable: true }] },
      [
        { field: 'name', operator: 'contains', value: ' 管理 ' },
        { field: 'appId', operator: 'eq', value: 2 },
        { field: 'remark', operator: 'contains', value: '' },
      ],
      [{ field: 'name', order: 'desc' }],
    );
    expect(params).toEqual({ name: '管理', appId: '2', sort: 'name', order: 'desc' });
  });
});

function streamOf(parts: string[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(new TextEncoder().encode(part));
      controller.close();
    },
  });
}

describe('fetchExport', () => {
  it('posts the filters and columns with the token and language, reports bytes, names the file', async () => {
    const seen: { url?: string; init?: RequestInit } = {};
    const progress: number[] = [];
    const fake = (async (url: string, init: RequestInit) => {
      seen.url = url;
      seen.init = init;
      return new Response(streamOf(['abc', 'defgh']), {
        headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-disposition': `attachment; filename="_-2026-11-26.xlsx"; filename*=UTF-8''${encodeURIComponent('角色管理-2026-11-26.xlsx')}` },
      });
    }) as unknown as typeof fetch;
    const { blob, fileName } = await fetchExport({
      url: '/base/admin/role/export',
      params: { name: '管理', columns: 'name,appId' },
      token: 'tok',
      locale: 'en-US',
      signal: new AbortController().signal,
      onProgress: (bytes) => progress.push(bytes),
      fetch: fake,
    });
    expect(seen.url).toBe('/base/admin/role/export');
    expect(seen.init?.method).toBe('POST');
    expect(seen.init?.headers).toMatchObject({ [TOKEN_HEADER]: 'tok', 'Accept-Language': 'en-US' });
    expect(JSON.parse(String(seen.init?.body))).toMatchObject({ name: '管理', columns: 'name,appId', tzOffset: new Date().getTimezoneOffset() });
    expect(progress).toEqual([3, 8]);
    expect(blob.size).toBe(8);
    expect(fileName).toBe('角色管理-2026-11-26.xlsx');
  });

  it('throws the server’s message when the export is refused', async () => {
    const fake = (async () => new Response(JSON.stringify({ code: 1003, msg: '没有访问权限', data: null }), { status: 403, headers: { 'content-type': 'application/json; charset=utf-8' } })) as unknown as typeof fetch;
    await expect(fetchExport({ url: '/x', params: {}, token: null, locale: 'zh-CN', signal: new AbortController().signal, onProgress: () => undefined, fetch: fake })).rejects.toEqual(new ExportRefused('没有访问权限'));
  });

  it('stops when cancelled', async () => {
    const stop = new AbortController();
    const fake = (async (_url: string, init: RequestInit) =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new Uint8Array(10));
            init.signal?.addEventListener('abort', () => controller.error(new DOMException('Aborted', 'AbortError')));
          },
        }),
        { headers: { 'content-type': 'application/octet-stream' } },
      )) as unknown as typeof fetch;
    const running = fetchExport({ url: '/x', params: {}, token: null, locale: 'zh-CN', signal: stop.signal, onProgress: () => stop.abort(), fetch: fake });
    await expect(running).rejects.toThrow();
  });

  it('reads the plain file name when there is no UTF-8 one', () => {
    expect(fileNameOf('attachment; filename="a.xlsx"', 'x.xlsx')).toBe('a.xlsx');
    expect(fileNameOf(null, 'x.xlsx')).toBe('x.xlsx');
  });
});
