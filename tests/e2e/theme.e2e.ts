/**
 * Issue 24, item 3, in a real browser: dark mode chosen from the top bar with the keyboard holds
 * after a reload (painted dark before the server answers) and in a fresh browser after signing in
 * (kept on the server, not only in this browser).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchBrowser, logIn, newPage } from './browser';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The page's background as the user sees it: antd's layout colour. */
const layoutBackground = (page: Page) => page.locator('.console').evaluate((element) => getComputedStyle(element).backgroundColor);
const DARK = 'rgb(0, 0, 0)';
const LIGHT = 'rgb(245, 245, 245)';

it('switches to dark from the top bar with the keyboard; a reload and a fresh browser stay dark', async () => {
  const { page, errors } = await newPage(browser, baseUrl);
  await logIn(page, 'admin', adminPassword);
  await page.locator('.console-header').waitFor();
  expect(await layoutBackground(page)).toBe(LIGHT);

  await page.getByRole('button', { name: '外观' }).focus();
  await page.keyboard.press('Enter');
  // The menu takes the focus when it opens (on its first item): the arrows reach 深色 (跟随系统, 浅色, 深色).
  const focusedEntry = () => page.evaluate(() => document.activeElement?.textContent);
  await expect.poll(focusedEntry).toBe('跟随系统');
  // One key at a time, as the focus moves (a key pressed while the menu still settles is dropped).
  for (const entry of ['浅色', '深色']) {
    await page.keyboard.press('ArrowDown');
    await expect.poll(focusedEntry).toBe(entry);
  }
  await page.keyboard.press('Enter');
  await expect.poll(() => layoutBackground(page)).toBe(DARK);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('theme'))).toContain('dark');

  // Dark from the first paint: the page before any script ran is already dark.
  await page.reload({ waitUntil: 'commit' });
  await page.waitForLoadState('domcontentloaded');
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  await page.locator('.console-header').waitFor();
  expect(await layoutBackground(page)).toBe(DARK);

  const fresh = await newPage(browser, baseUrl);
  await logIn(fresh.page, 'admin', adminPassword);
  await fresh.page.locator('.console-header').waitFor();
  await expect.poll(() => layoutBackground(fresh.page)).toBe(DARK);
  expect([...errors, ...fresh.errors]).toEqual([]);
});
