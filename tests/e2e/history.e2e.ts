/**
 * A parameter's history in a real browser against the real server: edit its value, open its show
 * view's history tab, revert the edit after a confirmation; the view shows the old value again.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialog, launchBrowser, logIn, newPage, visible } from './browser';
import { buttonName as label } from './names';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');
const KEY = 'e2e.history';

let browser: Browser;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page, errors: pageErrors } = await newPage(browser, baseUrl));
  await logIn(page, 'admin', adminPassword);
});
afterAll(async () => {
  expect(pageErrors).toEqual([]);
  await browser?.close();
});

const row = () => page.getByRole('row').filter({ hasText: KEY });
const drawer = () => page.locator('.ant-drawer-content');

async function fillAndSave(form: Locator, value: string): Promise<void> {
  await form.getByLabel('值', { exact: true }).fill(value);
  await form.getByRole('button', { name: label('保存') }).click();
  await form.waitFor({ state: 'hidden' });
}

describe('a parameter\'s history', () => {
  it('reverts an edit from the show view\'s history tab, and the view shows the old value', async () => {
    await page.goto('/system/param');
    await page.getByRole('button', { name: label('新增') }).click();
    const created = dialog(page);
    await visible(created);
    await created.getByLabel('排序号', { exact: true }).fill('9');
    await created.getByLabel('Key', { exact: true }).fill(KEY);
    await fillAndSave(created, 'the old value');

    const read = page.waitForResponse((response) => response.url().includes('/param/detail'));
    await row().getByRole('button', { name: '编辑' }).click();
    await read;
    const edited = dialog(page);
    await visible(edited);
    await expect.poll(() => edited.getByLabel('Key', { exact: true }).inputValue()).toBe(KEY);
    await fillAndSave(edited, 'the new value');
    await visible(row().getByText('the new value'));

    await row().getByRole('button', { name: '查看' }).click();
    await visible(drawer().getByRole('tab', { name: '变更历史' }));
    await drawer().getByRole('tab', { name: '变更历史' }).click();
    const history = drawer().locator('.generic-history');
    await visible(history.getByText('the new value'));
    await history.getByRole('button', { name: label('撤销此变更') }).first().click();
    const confirm = dialog(page);
    await visible(confirm);
    await confirm.getByRole('button', { name: label('撤销此变更') }).click();
    await confirm.waitFor({ state: 'hidden' });

    // The newest entry is the revert, and the record reads the old value again.
    await visible(history.locator('.generic-history__entry').first().getByText('撤销'));
    await visible(drawer().locator('.ant-descriptions').getByText('the old value'));
  });
});
