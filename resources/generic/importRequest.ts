/**
 * The calls of an import (contract/importFile.ts): the dry run and the commit POST the file's bytes
 * with the caller's token and language; the template is a GET answering the .xlsx. An answer
 * carrying a report (a dry run, a commit, or a refused commit's `data`) gives the report; any other
 * refusal throws its message. Loaded with the import dialog.
 */
import { XLSX_TYPE } from '../../contract/exportFile';
import type { Locale } from '../../contract/i18n';
import { IMPORT_DRY_RUN_PARAM, type ImportReport } from '../../contract/importFile';
import { TOKEN_HEADER } from '../../contract/session';
import { fileNameOf } from './exportDownload';

/** A list's import and template calls (URLs below the API prefix). */
export interface ImportCalls {
  import: string;
  template: string;
}

export interface ImportCall {
  /** The list's import calls. */
  calls: ImportCalls;
  token: string | null;
  locale: Locale;
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

/** A refusal without a report (too large, not .xlsx, a header problem, too slow…): the server's message. */
export class ImportRefused extends Error {}

/** What the server answered: a report (with the refusal's message when it is a refused commit). */
export interface ImportAnswer {
  report: ImportReport;
  /** The refusal's message when the commit was refused (nothing written). */
  refusal?: string;
}

function headersOf({ token, locale }: ImportCall): Record<string, string> {
  return { 'Accept-Language': locale, ...(token ? { [TOKEN_HEADER]: token } : {}) };
}

function isReport(value: unknown): value is ImportReport {
  const report = value as Partial<ImportReport> | null | undefined;
  return typeof report === 'object' && report !== null && typeof report.rows === 'number' && Array.isArray(report.problems);
}

export async function sendImport(call: ImportCall, file: Blob, dryRun: boolean): Promise<ImportAnswer> {
  const { calls, signal, fetch: fetchImpl = globalThis.fetch } = call;
  const url = `${calls.import}${dryRun ? `?${IMPORT_DRY_RUN_PARAM}=1` : ''}`;
  const response = await fetchImpl(url, {
    method: 'POST',
    headers: { ...headersOf(call), 'Content-Type': XLSX_TYPE },
    body: file,
    signal,
  });
  const envelope = (await response.json().catch(() => undefined)) as { code?: number; msg?: string; data?: unknown } | undefined;
  if (!envelope) throw new ImportRefused(`HTTP ${response.status}`);
  if (isReport(envelope.data)) return envelope.code === 0 ? { report: envelope.data } : { report: envelope.data, refusal: envelope.msg || `HTTP ${response.status}` };
  throw new ImportRefused(envelope.msg || `HTTP ${response.status}`);
}

/** The template of the list's columns as the caller's language heads them. */
export async function fetchTemplate(call: ImportCall): Promise<{ blob: Blob; fileName: string }> {
  const { calls, signal, fetch: fetchImpl = globalThis.fetch } = call;
  const response = await fetchImpl(calls.template, { headers: headersOf(call), signal });
  if ((response.headers.get('content-type') ?? '').includes('application/json') || !response.ok) {
    const envelope = (await response.json().catch(() => undefined)) as { msg?: string } | undefined;
    throw new ImportRefused(envelope?.msg || `HTTP ${response.status}`);
  }
  const blob = await response.blob();
  return { blob: blob.type ? blob : new Blob([blob], { type: XLSX_TYPE }), fileName: fileNameOf(response.headers.get('content-disposition'), 'template.xlsx') };
}
