/**
 * One worksheet written as a stream (ExcelJS's streaming writer): rows are committed as they come
 * and zipped on the way out, so only what has not yet left for the socket is held. No shared
 * strings table (it would keep every distinct text of the file in memory).
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

export function sheetStream(sheetName: string, columns: readonly SheetColumn[]) {
  const output = new PassThrough({ highWaterMark: HIGH_WATER });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  // A sheet's name is at most 31 characters, without []:*?/\.
  const sheet = workbook.addWorksheet(sheetName.replace(/[[\]:*?/\\]/g, '').slice(0, 31) || 'Sheet1', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column, i) => ({ key: String(i), width: column.width, ...(column.numFmt ? { style: { numFmt: column.numFmt } } : {}) }));
  const header = sheet.addRow(columns.map((column) => cellText(column.header)));
  header.font = { bold: true };
  header.commit();
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
      sheet.addRow(values.map((value) => (typeof value === 'string' ? cellText(value) : value))).commit();
    },

    /**
     * Lets what was committed move on (zip, then socket) before more is read: the event loop turns
     * once, and while the socket lags the writer waits for it, or for `signal` (the client left).
     */
    async flush(signal: AbortSignal): Promise<void> {
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
