/**
 * Exporting in a real browser: the person list filtered by employee code is exported with the
 * toolbar's button; the saved .xlsx, read back with ExcelJS, holds the list's visible columns in
 * their order and exactly the members the filter selects, newest first, region names and labels
 * as the table shows them. A declared list (parameters) exports its search result the same way.
 */
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, logIn, newPage } from './browser';
import { buttonName as label } from './names';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** The rows of the first sheet of a saved file, each cell as text. */
async function sheetRows(path: string): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const cells: string[] = [];
    for (let i = 1; i <= sheet.columnCount; i++) cells.push(row.getCell(i).value === null ? '' : String(row.getCell(i).value ?? ''));
    rows.push(cells);
  });
  return rows;
}

/** Clicks the toolbar's export button and answers the saved file's name and rows. */
async function exportFrom(page: Page, scope = page.locator('body')): Promise<{ name: string; rows: string[][] }> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), scope.getByRole('button', { name: label('导出') }).click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), rows: await sheetRows(path) };
}

describe('export to .xlsx', () => {
  it('exports the filtered person list in its visible columns, and the file reads back', async () => {
    const { page, errors } = await newPage(browser, baseUrl);
    await logIn(page, 'admin', adminPassword);
    await page.goto('/organisation/user');
    await page.locator('form[id="user-search"]').getByLabel('员工编号', { exact: true }).fill('D100');
    await page.getByRole('button', { name: label('查询') }).click();
    const rows = page.locator('tbody tr.ant-table-row');
    await expect.poll(async () => (await rows.allInnerTexts()).every((text) => text.includes('D100')) && (await rows.count()) > 0).toBe(true);
    const shownCodes = await rows.evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td:not(.ant-table-selection-column)')[1]?.textContent ?? ''));
    const total = Number((await page.locator('.ant-pagination-total-text').innerText()).match(/\d+/)?.[0]);
    const headers = await page.locator('.staff-table thead th').evaluateAll((ths) => ths.map((th) => th.textContent ?? '').filter(Boolean));

    const { name, rows: sheet } = await exportFrom(page);
    expect(name).toMatch(/^人员管理-\d{4}-\d{2}-\d{2}\.xlsx$/);
    // The table's columns but the row number and the buttons, in order.
    expect(sheet[0]).toEqual(headers.filter((header) => header !== '序号' && header !== '操作'));
    expect(sheet).toHaveLength(total + 1);
    expect(sheet.slice(1, shownCodes.length + 1).map((row) => row[0])).toEqual(shownCodes);
    expect(sheet.slice(1).every((row) => row[0]!.includes('D100'))).toBe(true);
    // Labels and region names, as the table shows them.
    const first = sheet.find((row) => row[0] === 'D1001')!;
    expect(['男', '女']).toContain(first[3]);
    expect(first[5]).toMatch(/^[\u4e00-\u9fff]+ \/ /);
    expect(errors).toEqual([]);
  });

  it('exports a declared list’s search result', async () => {
    const { page, errors } = await newPage(browser, baseUrl);
    await logIn(page, 'admin', adminPassword);
    await page.goto('/system/param');
    const list = page.getByLabel('参数配置', { exact: true }).and(page.locator('section'));
    await list.locator('tbody tr.ant-table-row').first().waitFor();
    const keys = await list.locator('tbody tr.ant-table-row').evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td:not(.ant-table-selection-column)')[2]?.textContent ?? ''));
    const { name, rows } = await exportFrom(page, list);
    expect(name).toMatch(/^参数配置-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(rows[0]!.slice(0, 3)).toEqual(['排序号', 'Key', '值']);
    expect(rows.slice(1, keys.length + 1).map((row) => row[1])).toEqual(keys);
    expect(errors).toEqual([]);
  });
});
