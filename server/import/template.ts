/**
 * An import's template (`<endpoint>/importTemplate`): an .xlsx whose first sheet holds the header
 * row in the caller's language (required columns marked with *, still matched on import), and a
 * second sheet saying of each column whether it is required, its rule and its choices.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import ExcelJS from 'exceljs';
import { text, type Locale, type Text } from '../../contract';
import { cellText, exportFileName, XLSX_TYPE } from '../../contract/exportFile';
import { dayOf, disposition } from '../export/sendExport';
import { headerOf, MESSAGES, type ImportColumn } from './columns';

const WORDS = {
  template: text('导入模板', 'import template'),
  guide: text('填写说明', 'Columns'),
  column: text('列', 'Column'),
  required: text('是否必填', 'Required'),
  rule: text('规则', 'Rule'),
  choices: text('可选值', 'Choices'),
  note: text('带 * 的列必须填写；第 1 行为表头，请从第 2 行起填写数据', 'Columns marked * are required; row 1 is the header, data starts at row 2'),
} satisfies Record<string, Text>;

const sheetName = (name: string) => name.replace(/[[\]:*?/\\]/g, '').slice(0, 31) || 'Sheet1';

export async function templateBytes(title: string, columns: readonly ImportColumn[], locale: Locale): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName(title), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({ width: Math.max(12, headerOf(column, locale).length * 2 + 2) }));
  const header = sheet.addRow(columns.map((column) => cellText(headerOf(column, locale))));
  header.font = { bold: true };
  // Typed as text: a code or a phone number keeps its leading zeros.
  columns.forEach((_, i) => (sheet.getColumn(i + 1).numFmt = '@'));

  const guide = workbook.addWorksheet(sheetName(WORDS.guide[locale]));
  guide.columns = [{ width: 20 }, { width: 10 }, { width: 40 }, { width: 60 }];
  guide.addRow([WORDS.column[locale], WORDS.required[locale], WORDS.rule[locale], WORDS.choices[locale]]).font = { bold: true };
  for (const column of columns) {
    guide.addRow([
      cellText(headerOf(column, locale)),
      (column.required ? MESSAGES.required : MESSAGES.optional)[locale],
      cellText(column.rule[locale]),
      cellText((column.choices ?? []).map((choice) => choice[locale]).join('、')),
    ]);
  }
  guide.addRow([]);
  guide.addRow([WORDS.note[locale]]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function sendTemplate(request: FastifyRequest, reply: FastifyReply, title: Text, columns: readonly ImportColumn[]): Promise<FastifyReply> {
  const { locale } = request;
  const bytes = await templateBytes(title[locale], columns, locale);
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', disposition(exportFileName(`${title[locale]}-${WORDS.template[locale]}`, dayOf(Date.now(), 0))))
    .header('cache-control', 'no-store')
    .send(bytes);
}
