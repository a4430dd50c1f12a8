/**
 * Fetches an export (`<endpoint>/export`) and saves the file: the caller's token and language
 * go with it, the filters and columns in the body; the bytes are counted as they arrive (progress)
 * and the download stops when `signal` aborts (cancel), which the server records. A refusal is the
 * usual envelope: its message is thrown. Loaded on first use (ExportButton imports it dynamically).
 */
import { TOKEN_HEADER } from '../../contract/session';
import type { Locale } from '../../contract/i18n';

export interface ExportRequest {
  url: string;
  /** The list's filters and order as its list call sends them, plus `columns`. */
  params: Readonly<Record<string, unknown>>;
  token: string | null;
  locale: Locale;
  signal: AbortSignal;
  onProgress(bytes: number): void;
  fetch?: typeof fetch;
}

export class ExportRefused extends Error {}

/** The file name a Content-Disposition gives (its UTF-8 `filename*` first). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const encoded = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed name: the plain one below.
    }
  }
  return disposition?.match(/filename="([^"]+)"/i)?.[1] ?? fallback;
}

export async function fetchExport({ url, params, token, locale, signal, onProgress, fetch: fetchImpl = globalThis.fetch }: ExportRequest): Promise<{ blob: Blob; fileName: string }> {
  const response = await fetchImpl(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': locale, ...(token ? { [TOKEN_HEADER]: token } : {}) },
    body: JSON.stringify({ ...params, tzOffset: new Date().getTimezoneOffset() }),
    signal,
  });
  if ((response.headers.get('content-type') ?? '').includes('application/json') || !response.body) {
    const envelope = (await response.json().catch(() => undefined)) as { msg?: string; code?: number } | undefined;
    throw new ExportRefused(envelope?.msg || `HTTP ${response.status}`);
  }
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    bytes += value.byteLength;
    onProgress(bytes);
  }
  const blob = new Blob(parts as BlobPart[], { type: response.headers.get('content-type') ?? 'application/octet-stream' });
  return { blob, fileName: fileNameOf(response.headers.get('content-disposition'), 'export.xlsx') };
}

/** Hands the file to the browser's downloads. */
export function saveFile(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1_000);
}
