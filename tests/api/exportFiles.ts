/** Calls an export as the console does and reads the .xlsx it answers back with ExcelJS. */
import ExcelJS from 'exceljs';
import { TOKEN_HEADER, type Envelope } from '../../contract';
import type { TestServer } from './harness';

export interface ExportAnswer {
  status: number;
  headers: Record<string, unknown>;
  bytes: Buffer;
  /** The JSON envelope of a refusal (undefined for a file). */
  envelope: Envelope<unknown> | undefined;
}

export async function exportCall(server: TestServer, token: string, url: string, params: Record<string, string | number> = {}, method: 'GET' | 'POST' = 'GET'): Promise<ExportAnswer> {
  const asText = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const response = await server.app.inject({
    method,
    url,
    headers: { [TOKEN_HEADER]: token, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    ...(method === 'GET' ? { query: asText } : { payload: JSON.stringify(params) }),
  });
  let envelope: Envelope<unknown> | undefined;
  if (String(response.headers['content-type'] ?? '').startsWith('application/json')) envelope = response.json();
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload, envelope };
}

/** The first sheet's rows as cell values (text, numbers; null for an empty cell), and whether any cell is a formula. */
export async function readSheet(bytes: Buffer): Promise<{ rows: Array<Array<string | number | null>>; hasFormula: boolean }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: Array<Array<string | number | null>> = [];
  let hasFormula = false;
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: Array<string | number | null> = [];
    for (let i = 1; i <= sheet.columnCount; i++) {
      const cell = row.getCell(i);
      if (cell.type === ExcelJS.ValueType.Formula) hasFormula = true;
      const value = cell.value;
      cells.push(value === null || value === undefined ? null : typeof value === 'number' ? value : String(value));
    }
    while (cells.length && cells[cells.length - 1] === null) cells.pop();
    rows.push(cells);
  });
  return { rows, hasFormula };
}
