/**
 * Importing in a real browser: the person list's import dialog gives the template; a file with two
 * bad rows is checked and reported row by row with nothing written and the import held back; the
 * fixed file is chosen again, checked clean and imported, and the new members are in the list.
 */
import ExcelJS from 'exceljs';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { xlsxOf, type Cell } from '../api/importFiles';
import { STAFF_IMPORT_HEADER, staffImportRow } from '../api/staffImportFixtures';
import { dialog, launchBrowser, logIn, newPage } from './browser';
import { buttonName as label } from './names';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');
const databasePath = inject('databasePath');
const dir = mkdtempSync(join(tmpdir(), 'import-e2e-'));

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

function storedCodes(): string[] {
  const db = new Database(databasePath, { readonly: true });
  try {
    return (db.prepare("select code from user where code like 'E009%' order by code").all() as Array<{ code: string }>).map((row) => row.code);
  } finally {
    db.close();
  }
}

async function fileOf(name: string, rows: Cell[][]): Promise<string> {
  const path = join(dir, name);
  writeFileSync(path, await xlsxOf([STAFF_IMPORT_HEADER, ...rows]));
  return path;
}

async function choose(form: Locator, path: string): Promise<void> {
  await form.locator('input[type="file"]').setInputFiles(path);
}

describe('import on the person list', () => {
  it('reports two bad rows, imports nothing, then imports the fixed file', async () => {
    const { page, errors } = await newPage(browser, baseUrl);
    await logIn(page, 'admin', adminPassword);
    await page.goto('/organisation/user');
    await page.getByRole('button', { name: label('导入') }).click();
    const form = dialog(page);
    await form.getByText('1. 下载模板').waitFor();

    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), form.getByRole('button', { name: label('下载模板') }).click()]);
    const template = new ExcelJS.Workbook();
    await template.xlsx.readFile(await download.path());
    const headers = (template.worksheets[0]!.getRow(1).values as unknown[]).filter(Boolean).map(String);
    expect(headers).toEqual(expect.arrayContaining(['*员工编号', '*姓名', '*手机号', '*身份证号']));

    const bad = await fileOf('bad.xlsx', [
      staffImportRow(901, '导入甲'),
      staffImportRow(902, '导入乙', { telephone: '123' }),
      staffImportRow(903, '导入丙'),
      staffImportRow(904, '导入丁', { sex: '未知' }),
    ]);
    await choose(form, bad);
    await expect.poll(() => form.innerText(), { timeout: 30_000 }).toContain('共 4 行，2 行有效，2 个问题');
    const problems = form.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => problems.allInnerTexts()).toEqual([expect.stringMatching(/^3\s+\*?手机号/), expect.stringMatching(/^5\s+\*?性别/)]);
    expect(await form.getByRole('button', { name: /导入 \d+ 行/ }).isDisabled()).toBe(true);
    expect(storedCodes()).toEqual([]);

    const fixed = await fileOf('fixed.xlsx', [staffImportRow(901, '导入甲'), staffImportRow(902, '导入乙'), staffImportRow(903, '导入丙'), staffImportRow(904, '导入丁')]);
    await choose(form, fixed);
    await expect.poll(() => form.innerText(), { timeout: 30_000 }).toContain('共 4 行，4 行有效，0 个问题');
    await form.getByRole('button', { name: label('导入 4 行') }).click();
    await page.getByText('已导入 4 条记录').first().waitFor({ timeout: 30_000 });
    expect(storedCodes()).toEqual(['E00901', 'E00902', 'E00903', 'E00904']);

    await page.locator('form[id="user-search"]').getByLabel('员工编号', { exact: true }).fill('E009');
    await page.getByRole('button', { name: label('查询') }).click();
    const rows = page.locator('tbody tr.ant-table-row');
    await expect.poll(async () => (await rows.allInnerTexts()).join('\n')).toMatch(/导入甲[\s\S]*|导入丁/);
    await expect.poll(() => rows.count()).toBe(4);
    expect(errors).toEqual([]);
  });
});
