/**
 * The command palette in a real browser: Ctrl+K and pinyin initials open the person list; on it,
 * a member the page does not show is found by the list's own search and opens its edit dialog.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialog, launchBrowser, logIn, newPage } from './browser';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');

let browser: Browser;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page, errors: pageErrors } = await newPage(browser, baseUrl));
  await logIn(page, 'admin', adminPassword);
});

afterAll(async () => {
  await browser?.close();
});

describe('the command palette', () => {
  it('goes to the person list with Ctrl+K, rylb and Enter', async () => {
    await page.getByRole('button', { name: '搜索页面和记录' }).waitFor();
    await page.keyboard.press('Control+k');
    const box = page.getByRole('combobox', { name: '搜索页面和记录' });
    await box.waitFor();
    await box.fill('rylb');
    await page.getByRole('option', { name: /人员列表/ }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/organisation\/user$/);
    await page.getByRole('table', { name: '人员列表' }).first().waitFor();
    expect(await page.getByRole('tab', { name: '人员列表' }).getAttribute('aria-selected')).toBe('true');
  });

  it("finds a member by the list's own search and opens them as the row's edit button does", async () => {
    await page.keyboard.press('Control+k');
    const box = page.getByRole('combobox', { name: '搜索页面和记录' });
    // D1001 is on the last page (newest first): only the list's search call can find it.
    await box.fill('D1001');
    const member = page.getByRole('group', { name: '当前列表：人员列表' }).getByRole('option', { name: /王建国/ });
    await member.waitFor();
    await page.keyboard.press('Enter');
    await dialog(page).getByText('编辑员工 · 王建国').waitFor();
    expect(pageErrors).toEqual([]);
  });
});
