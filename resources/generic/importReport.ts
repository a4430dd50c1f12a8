/**
 * An import's problems as a CSV file a spreadsheet opens: UTF-8 with a byte-order mark (so Excel
 * reads Chinese text), one line per problem (row, column, message), every text made safe as the
 * export makes a cell safe (never read as a formula) and quoted when it holds a separator.
 */
import { cellText } from '../../contract/exportFile';
import type { ImportProblem } from '../../contract/importFile';

export interface ReportHeaders {
  row: string;
  column: string;
  message: string;
  /** The column cell of a problem of the whole row. */
  wholeRow: string;
}

const BOM = '\uFEFF';

/** One CSV field: formula starts neutralised, quoted (quotes doubled) when it holds a quote, comma or line break. */
export function csvField(value: string | number): string {
  const safe = typeof value === 'number' ? String(value) : cellText(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function problemsCsv(problems: readonly ImportProblem[], headers: ReportHeaders): string {
  const lines = [
    [headers.row, headers.column, headers.message],
    ...problems.map((problem) => [problem.row, problem.column ?? headers.wholeRow, problem.message]),
  ].map((cells) => cells.map(csvField).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
