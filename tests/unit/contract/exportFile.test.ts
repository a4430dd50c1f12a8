/**
 * A cell of an exported file is never read as a formula: text starting with =, +, -, @, tab or
 * carriage return gets a leading apostrophe; other text is written as it is, less the characters
 * an .xlsx cannot hold. And the file's name.
 */
import { describe, expect, it } from 'vitest';
import { cellText, exportFileName, looksLikeFormula, truncatedNote } from '../../../contract/exportFile';

describe('cellText', () => {
  it.each([
    ['=1+2', "'=1+2"],
    ['=HYPERLINK("http://evil.example","x")', '\'=HYPERLINK("http://evil.example","x")'],
    ['+86 138', "'+86 138"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
  ])('escapes %j as text', (value, escaped) => {
    expect(looksLikeFormula(value)).toBe(true);
    expect(cellText(value)).toBe(escaped);
  });

  it.each(['张三', 'a=b', 'e001', '13800000000', "'quoted", ' =1', ''])('leaves %j as it is', (value) => {
    expect(looksLikeFormula(value)).toBe(false);
    expect(cellText(value)).toBe(value);
  });

  it('drops characters XML cannot carry, then checks what is left', () => {
    expect(cellText('a\u0000b\u0007c')).toBe('abc');
    expect(cellText('\u0001=cmd')).toBe("'=cmd");
    expect(cellText('line\nbreak')).toBe('line\nbreak');
  });
});

describe('exportFileName', () => {
  it('is the title and the day, without characters a file name cannot hold', () => {
    expect(exportFileName('人员管理', '2026-11-26')).toBe('人员管理-2026-11-26.xlsx');
    expect(exportFileName('a/b:c*?', '2026-11-26')).toBe('abc-2026-11-26.xlsx');
    expect(exportFileName('///', '2026-11-26')).toBe('export-2026-11-26.xlsx');
  });
});

describe('truncatedNote', () => {
  it('names the bound in the reader’s language', () => {
    expect(truncatedNote('en-US', 200000)).toContain('200,000');
    expect(truncatedNote('zh-CN', 5)).toContain('前 5 行');
  });
});
