/**
 * One worksheet written as a stream (ExcelJS's streaming writer): rows are committed as they come
 * and zipped on the way out, so only what has not yet left for the socket is held. No shared
 * strings table (it would keep every distinct text of the file in memory).
 *
 * ExcelJS writes the workbook around the sheet (styles, header row, zip); the data rows are
 * written here as the XML ExcelJS would write for them (texts `t="str"`, a numeric column's
 * format by its style): ExcelJS builds a row, a cell, a value and a model object per cell and
 * renders them through an XML writer, so much short-lived garbage that the page being written
 * outlived the young generation, was promoted and grew the heap by a hundred MB between the
 * major collections of an export of 100,000 rows.
 */
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { cellText } from '../../contract/exportFile';

export type CellValue = string | number | null;

/** Waits for the first of these events, then drops every listener it added. */
async function firstOf(events: ReadonlyArray<readonly [NodeJS.EventEmitter | EventTarget, string]>): Promise<void> {
  const done = new AbortController();
  try {
    await Promise.race(events.map(([emitter, name]) => once(emitter as NodeJS.EventEmitter, name, { signal: done.signal }).catch(() => undefined)));
  } finally {
    done.abort();
  }
}

/** Above this many bytes waiting for the socket, the writer waits before the next page. */
const HIGH_WATER = 1 << 20;

export interface SheetColumn {
  header: string;
  /** Characters, as the spreadsheet counts a column's width. */
  width: number;
  /** A number format for numeric cells (`0.00` for amounts). */
  numFmt?: string;
}

/** `A`, `B`, … `AA`: a column's letters. */
function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

const XML_ESCAPES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&apos;', '<': '&lt;', '>': '&gt;' };
const xmlText = (value: string) => (/["&'<>]/.test(value) ? value.replace(/["&'<>]/g, (char) => XML_ESCAPES[char]!) : value);

/** The rows' XML is handed to the sheet's stream in pieces about this long (its buffer's size). */
const PIECE = 1 << 14;

export function sheetStream(sheetName: string, columns: readonly SheetColumn[]) {
  const output = new PassThrough({ highWaterMark: HIGH_WATER });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  // A sheet's name is at most 31 characters, without []:*?/\.
  const sheet = workbook.addWorksheet(sheetName.replace(/[[\]:*?/\\]/g, '').slice(0, 31) || 'Sheet1', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column, i) => ({ key: String(i), width: column.width, ...(column.numFmt ? { style: { numFmt: column.numFmt } } : {}) }));
  const header = sheet.addRow(columns.map((column) => cellText(column.header)));
  header.font = { bold: true };
  header.commit();
  let rowNumber = 1;
  // A numeric column's format is its column's style, as ExcelJS would give each cell of it.
  const styles = (workbook as unknown as { styles: { addStyleModel(style: unknown, type: number): number } }).styles;
  const cellStarts = columns.map((column, i) => {
    const style = column.numFmt ? styles.addStyleModel(sheet.getColumn(i + 1).style, ExcelJS.ValueType.Number) : 0;
    return { letters: columnLetters(i), style: style ? ` s="${style}"` : '' };
  });
  const spans = ` spans="1:${columns.length}" x14ac:dyDescent="0.25">`;
  const sheetXml = (sheet as unknown as { stream: { write(xml: string): unknown } }).stream;
  let pending = '';
  const writePending = () => {
    if (pending) sheetXml.write(pending);
    pending = '';
  };
  /**
   * Where the sheet's XML goes to be zipped. ExcelJS's committed rows never wait for the zip, so
   * left alone its input would queue the whole sheet (native memory) while deflate lags: the
   * writer waits on it too. An internal of ExcelJS 4 (the sheet's StreamBuf pipes into archiver's
   * stream, a readable-stream one whose state says whether it waits for `drain`); none found, the
   * writer waits on the socket alone.
   */
  type ZipInput = NodeJS.EventEmitter & { _writableState?: { needDrain?: boolean } };
  const zipInputs = (): ZipInput[] => {
    const pipes = (sheet as unknown as { stream?: { pipes?: unknown } }).stream?.pipes;
    return Array.isArray(pipes) ? (pipes as ZipInput[]) : [];
  };
  const isFull = (stream: ZipInput | PassThrough) => (stream instanceof PassThrough ? stream.writableNeedDrain : stream._writableState?.needDrain === true);

  return {
    /** The file's bytes. */
    output,

    /** Commits one row: text escaped (never a formula), numbers as numbers, null as an empty cell. */
    addRow(values: readonly CellValue[]): void {
      const r = ++rowNumber;
      let xml = `<row r="${r}"${spans}`;
      for (let i = 0; i < values.length && i < cellStarts.length; i++) {
        const value = values[i];
        const { letters, style } = cellStarts[i]!;
        if (typeof value === 'string') xml += `<c r="${letters}${r}"${style} t="str"><v>${xmlText(cellText(value))}</v></c>`;
        else if (typeof value === 'number' && Number.isFinite(value)) xml += `<c r="${letters}${r}"${style}><v>${value}</v></c>`;
        else if (style) xml += `<c r="${letters}${r}"${style}/>`;
      }
      pending += `${xml}</row>`;
      if (pending.length >= PIECE) writePending();
    },

    /**
     * Lets what was committed move on (zip, then socket) before more is read: the event loop turns
     * once, and while the socket lags the writer waits for it, or for `signal` (the client left).
     */
    async flush(signal: AbortSignal): Promise<void> {
      writePending();
      await new Promise((resolve) => setImmediate(resolve));
      for (;;) {
        const waiting = [...zipInputs(), output].find(isFull);
        if (!waiting || signal.aborted || output.destroyed) return;
        await firstOf([
          [waiting, 'drain'],
          [output, 'close'],
          [signal, 'abort'],
        ]);
      }
    },

    /** Ends the sheet and the file. */
    async finish(): Promise<void> {
      writePending();
      sheet.commit();
      await workbook.commit();
    },

    /** Stops the file where it is (the client left, or a read failed). */
    abort(error?: Error): void {
      output.destroy(error);
    },
  };
}

export type SheetStream = ReturnType<typeof sheetStream>;
