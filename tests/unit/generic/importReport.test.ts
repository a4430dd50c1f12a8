/**
 * The console's side of an import that needs no server: the problems report as CSV (a BOM so
 * Excel reads Chinese, quotes, formula starts neutralised) and how an answer is read (a report, a
 * refused commit's report, a refusal's message, the token, language and bytes sent).
 */
import { describe, expect, it } from 'vitest';
import { XLSX_TYPE } from '../../../contract/exportFile';
import type { ImportReport } from '../../../contract/importFile';
import { TOKEN_HEADER } from '../../../contract/session';
import { csvField, problemsCsv } from '../../../resources/generic/importReport';
import { fetchTemplate, ImportRefused, sendImport } from '../../../resources/generic/importRequest';

const HEADERS = { row: '行', column: '列', message: '问题', wholeRow: '（整行）' };

describe('problemsCsv', () => {
  it('starts with a BOM, heads the columns, and ends every line with CRLF', () => {
    const csv = problemsCsv([{ row: 2, field: 'name', column: '名称', message: '请输入名称' }], HEADERS);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1)).toBe('行,列,问题\r\n2,名称,请输入名称\r\n');
  });

  it('names a problem of the whole row, and quotes commas, quotes and line breaks', () => {
    const csv = problemsCsv(
      [
        { row: 3, field: null, column: null, message: '编号与第 2 行重复' },
        { row: 4, field: 'remark', column: '备注', message: 'Say "hi", then\nleave' },
      ],
      HEADERS,
    );
    expect(csv.slice(1).split('\r\n')).toEqual(['行,列,问题', '3,（整行）,编号与第 2 行重复', '4,备注,"Say ""hi"", then\nleave"', '']);
  });

  it('never lets a spreadsheet read a cell as a formula', () => {
    expect(['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '\rx'].map(csvField)).toEqual(["'=1+1", "'+1", "'-2", "'@SUM(A1)", "'\tx", `"'\rx"`]);
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvField(12)).toBe('12');
    expect(csvField('plain')).toBe('plain');
  });
});

const REPORT: ImportReport = { digest: 'ab', rows: 2, valid: 1, problems: [{ row: 3, field: 'name', column: '名称', message: '请输入名称' }], imported: 0, importedBefore: null };

function answering(status: number, body: unknown, seen: { url?: string; init?: RequestInit }[] = []): typeof fetch {
  return (async (url: string, init?: RequestInit) => {
    seen.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
}

const CALLS = { import: '/base/admin/param/import', template: '/base/admin/param/importTemplate' };

describe('sendImport and fetchTemplate', () => {
  it('posts the bytes as .xlsx with the token and language, the dry run saying so in the query', async () => {
    const seen: { url?: string; init?: RequestInit }[] = [];
    const file = new Blob([new Uint8Array([80, 75, 3, 4])]);
    const answer = await sendImport({ calls: CALLS, token: 'tok', locale: 'en-US', fetch: answering(200, { code: 0, msg: '', data: REPORT }, seen) }, file, true);
    expect(answer).toEqual({ report: REPORT });
    expect(seen[0]?.url).toBe('/base/admin/param/import?dryRun=1');
    expect(seen[0]?.init).toMatchObject({ method: 'POST', body: file, headers: { 'Content-Type': XLSX_TYPE, 'Accept-Language': 'en-US', [TOKEN_HEADER]: 'tok' } });
    await sendImport({ calls: CALLS, token: 'tok', locale: 'zh-CN', fetch: answering(200, { code: 0, msg: '', data: { ...REPORT, problems: [], imported: 2 } }, seen) }, file, false);
    expect(seen[1]?.url).toBe('/base/admin/param/import');
  });

  it('gives a refused commit’s report with its message, and throws a refusal without one', async () => {
    const file = new Blob(['x']);
    const refused = await sendImport({ calls: CALLS, token: null, locale: 'zh-CN', fetch: answering(200, { code: 1001, msg: '1 行有问题，未导入任何记录', data: REPORT }) }, file, false);
    expect(refused).toEqual({ report: REPORT, refusal: '1 行有问题，未导入任何记录' });
    await expect(sendImport({ calls: CALLS, token: null, locale: 'zh-CN', fetch: answering(200, { code: 1001, msg: '第 1 行应为模板的表头', data: null }) }, file, true)).rejects.toEqual(new ImportRefused('第 1 行应为模板的表头'));
    await expect(fetchTemplate({ calls: CALLS, token: null, locale: 'zh-CN', fetch: answering(200, { code: 1003, msg: '没有权限' }) })).rejects.toThrow('没有权限');
  });
});
