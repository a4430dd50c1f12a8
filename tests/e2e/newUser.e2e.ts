/**
 * What a new user trips over, in a real browser: dialogs that keep typed data, the person list at
 * 1280 px in both languages, a typed future birthday, one's own row, the language switch on loaded
 * trees, the phone sidebar and tabs across a reload.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { answerDiscard, dialog, launchBrowser, logIn, newPage, switchLanguage } from './browser';
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

async function signedIn(viewport?: { width: number; height: number }): Promise<{ page: Page; errors: string[] }> {
  const opened = await newPage(browser, baseUrl);
  if (viewport) await opened.page.setViewportSize(viewport);
  await logIn(opened.page, 'admin', adminPassword);
  return opened;
}

describe('dialogs keep typed data', () => {
  it('Esc in an open date picker closes only the picker; closing the changed dialog asks first', async () => {
    const { page, errors } = await signedIn();
    await page.goto('/organisation/user');
    await page.getByRole('button', { name: label('新增员工') }).click();
    const form = dialog(page);
    await form.getByLabel('姓名', { exact: true }).fill('留下的名字');
    await form.getByLabel('出生日期', { exact: true }).click();
    await page.locator('.ant-picker-dropdown:visible').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' });
    await page.waitForTimeout(400);
    expect(await form.isVisible()).toBe(true);
    expect(await form.getByLabel('姓名', { exact: true }).inputValue()).toBe('留下的名字');

    await page.keyboard.press('Escape');
    await answerDiscard(page, '继续编辑');
    expect(await form.getByLabel('姓名', { exact: true }).inputValue()).toBe('留下的名字');

    await form.getByRole('button', { name: label('取消') }).click();
    await answerDiscard(page, '放弃');
    await form.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
  });

  it('keeps a future birthday typed by hand and says it cannot be after today', async () => {
    const { page } = await signedIn();
    await page.goto('/organisation/user');
    await page.getByRole('button', { name: label('新增员工') }).click();
    const form = dialog(page);
    const birthday = form.getByLabel('出生日期', { exact: true });
    await birthday.click();
    await birthday.fill('2030-01-01');
    await birthday.press('Enter');
    await form.getByText('出生日期不能晚于今天').waitFor();
    expect(await birthday.inputValue()).toBe('2030-01-01');
  });
});

describe('the person list at 1280 px', () => {
  for (const language of ['简体中文', 'English'] as const) {
    it(`shows the switch and the actions and no cut header (${language})`, async () => {
      const { page } = await signedIn({ width: 1280, height: 800 });
      if (language === 'English') await switchLanguage(page, 'English');
      await page.goto('/organisation/user');
      const table = page.locator('table[aria-label]');
      await table.locator('tbody tr.ant-table-row').first().waitFor();
      const viewport = page.viewportSize()!;
      const enable = table.getByRole('switch').first();
      const actions = table.locator('td.ant-table-cell-fix-right').last();
      for (const cell of [enable, actions]) {
        const box = (await cell.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      }
      const cut = await table.locator('thead th').evaluateAll((headers) =>
        headers.filter((th) => th.scrollWidth > th.clientWidth + 1).map((th) => th.textContent),
      );
      expect(cut).toEqual([]);
    });
  }

  it('offers no delete on the admin\'s own row', async () => {
    const { page } = await signedIn({ width: 1280, height: 800 });
    await page.goto('/organisation/user');
    const row = page.locator('tbody tr.ant-table-row').filter({ has: page.getByText('admin', { exact: true }) });
    await page.locator('form[id="user-search"]').getByLabel('员工编号', { exact: true }).fill('admin');
    await page.getByRole('button', { name: label('查询') }).click();
    await row.first().waitFor();
    expect(await row.first().getByRole('button', { name: '删除' }).isDisabled()).toBe(true);
    expect(await row.first().getByRole('switch').isDisabled()).toBe(true);
  });
});

describe('the language switch and the shell', () => {
  it('shows the menu tree in English without a reload', async () => {
    const { page } = await signedIn();
    await page.goto('/system/permission');
    const tree = page.getByRole('tree').first();
    await tree.getByText('参数配置', { exact: true }).waitFor();
    await switchLanguage(page, 'English');
    await page.getByRole('tree').first().getByText('Parameters', { exact: true }).waitFor();
  });

  it('shows the census address in English without a reload', async () => {
    const { page } = await signedIn();
    await page.goto('/organisation/user');
    await page.locator('form[id="user-search"]').getByLabel('员工编号', { exact: true }).fill('D1001');
    await page.getByRole('button', { name: label('查询') }).click();
    const census = page.locator('tbody tr.ant-table-row').filter({ hasText: 'D1001' }).locator('td').filter({ hasText: '人民路' });
    await census.waitFor();
    const before = await census.innerText();
    // The region names are Chinese before the switch.
    expect(before.split('人民路')[0]).toMatch(/[\u4e00-\u9fff]/);
    await switchLanguage(page, 'English');
    await expect.poll(async () => (await census.innerText()).split('人民路')[0]).toMatch(/^[A-Za-z][^\u4e00-\u9fff]*$/);
  });

  it('lays the sidebar over the page at 390 px and closes it after navigation', async () => {
    const { page } = await signedIn({ width: 390, height: 844 });
    await page.goto('/system/param');
    await page.getByRole('button', { name: '展开侧边栏' }).click();
    const sider = page.locator('.console-sider--overlay');
    await sider.getByRole('link', { name: '子系统管理' }).waitFor();
    const content = (await page.locator('.console-main').boundingBox())!;
    expect(content.width).toBeGreaterThan(300);
    await sider.getByRole('link', { name: '子系统管理' }).click();
    await page.waitForURL('**/system/app');
    await page.locator('.console-sider-mask').waitFor({ state: 'detached' });
    // Only its 1 px border is left.
    await expect.poll(async () => (await sider.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
  });

  it('keeps the open tabs across a reload', async () => {
    const { page } = await signedIn();
    await page.goto('/system/param');
    await page.getByRole('tab', { name: '参数配置' }).waitFor();
    await page.getByRole('complementary').getByRole('link', { name: '子系统管理' }).click();
    await page.getByRole('tab', { name: '子系统管理' }).waitFor();
    await page.reload();
    await page.getByRole('tab', { name: '子系统管理' }).waitFor();
    const titles = await page.getByRole('tab').allInnerTexts();
    // antd's close buttons are tabs too, without text.
    expect(titles.map((title) => title.trim()).filter(Boolean)).toEqual(['首页', '参数配置', '子系统管理']);
  });

  it('keeps Home in view with many tabs open, and steps through the others with the arrows', async () => {
    const { page } = await signedIn({ width: 1280, height: 800 });
    const pages = ['/system/app', '/system/permission', '/system/role', '/system/dic', '/system/param', '/system/effective', '/organisation/user', '/organisation/office', '/business/staffSummary', '/tools/template', '/examples/table', '/examples/treeFilter'];
    for (const path of pages) {
      await page.goto(path);
      await page.locator('.console-tabs .ant-tabs-tab-active').waitFor();
    }
    const home = page.getByRole('tab', { name: '首页' });
    const box = (await home.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThan(1280);
    // Each step waits for the page it opened (a page's code may still be loading).
    const active = page.locator('.console-tabs .ant-tabs-tab-active');
    await page.getByRole('button', { name: '上一个页面' }).click();
    await expect.poll(() => active.innerText()).toBe('示例表格');
    await page.getByRole('button', { name: '上一个页面' }).click();
    await expect.poll(() => active.innerText()).toBe('模板发布');
    expect(new URL(page.url()).pathname).toBe('/tools/template');
    await page.getByRole('button', { name: '下一个页面' }).click();
    await expect.poll(() => active.innerText()).toBe('示例表格');
    await home.click();
    await page.waitForURL('**/home');
  });
});
