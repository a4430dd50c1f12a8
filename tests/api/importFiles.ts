/** Import test helpers: an .xlsx written from rows (as a user's spreadsheet would be), the import call, and a file read back. */
import ExcelJS from 'exceljs';
import { XLSX_TYPE } from '../../contract/exportFile';
import type { ImportReport } from '../../contract/importFile';
import { TOKEN_HEADER } from '../../contract/session';
import type { Answer, TestServer } from './harness';

export type Cell = string | number | Date | null;

/** A workbook of one sheet holding `rows` (row 1 the header), as bytes. */
export async function xlsxOf(rows: readonly (readonly Cell[])[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** POSTs the file to `<endpoint>/import`, a dry run unless `commit`. */
export function importFile(server: TestServer, token: string, url: string, bytes: Buffer, { commit = false, locale }: { commit?: boolean; locale?: string } = {}): Promise<Answer<ImportReport>> {
  return server.call<ImportReport>('POST', url, {
    token,
    query: commit ? {} : { dryRun: 1 },
    body: bytes,
    headers: { 'content-type': XLSX_TYPE, ...(locale ? { 'accept-language': locale } : {}) },
  });
}

/** A file a GET answers (the template), its sheets as rows of cell values. */
export async function downloadSheets(server: TestServer, token: string, url: string, locale = 'zh-CN'): Promise<{ status: number; type: string; sheets: unknown[][][] }> {
  const response = await server.app.inject({ method: 'GET', url, headers: { [TOKEN_HEADER]: token, 'accept-language': locale } });
  const workbook = new ExcelJS.Workbook();
  if (response.statusCode === 200) await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheets = workbook.worksheets.map((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  });
  return { status: response.statusCode, type: String(response.headers['content-type']), sheets };
}
