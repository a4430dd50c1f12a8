/**
 * The monitoring screens in a real browser against the real server: an edit made through the
 * console shows in the audit log with its before → after; a failed login shows in the login log
 * with its reason; ending another browser's session from the online users sends that browser to
 * the login page at its next step.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialog, launchBrowser, logIn, newPage } from './browser';
import { buttonName as label } from './names';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');

let browser: Browser;
let page: Page;
let pageErrors: string[];
/** The id of the parameter the first test adds: other files share this server and its log. */
let recordId = '';

async function visible(locator: Locator): Promise<void> {
  await locator.first().waitFor({ state: 'visible', timeout: 15000 });
}
const row = (text: string) => page.getByRole('row').filter({ hasText: text });

/** Picks an option of the search form's select labelled `field`. */
async function choose(field: string, option: string): Promise<void> {
  await page.getByLabel(field, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').getByText(option, { exact: true }).click();
}

async function openScreen(navigation: string, screen: string, path: RegExp): Promise<void> {
  await page.getByRole('menuitem', { name: navigation }).first().click();
  await page.getByRole('menuitem', { name: screen }).first().click();
  await page.waitForURL(path);
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page, errors: pageErrors } = await newPage(browser, baseUrl));
  await logIn(page, 'admin', adminPassword);
});

afterAll(async () => {
  await browser?.close();
});

describe('the audit log', () => {
  it('shows an edit made in the console, who made it, and its fields before → after', async () => {
    await openScreen('系统管理', '参数配置', /\/system\/param$/);
    await page.getByRole('button', { name: label('新增') }).click();
    const form = dialog(page);
    await form.getByLabel('排序号', { exact: true }).fill('5');
    await form.getByLabel('Key', { exact: true }).fill('audit.e2e');
    await form.getByLabel('值', { exact: true }).fill('before');
    await form.getByRole('button', { name: label('保存') }).click();
    await form.waitFor({ state: 'hidden' });
    await row('audit.e2e').getByRole('button', { name: '编辑' }).click();
    await dialog(page).getByLabel('值', { exact: true }).fill('after');
    await dialog(page).getByRole('button', { name: label('保存') }).click();
    await dialog(page).waitFor({ state: 'hidden' });

    await openScreen('系统监控', '操作日志', /\/monitor\/audit$/);
    const latest = page.getByRole('row').filter({ hasText: '/base/admin/param/saveOrUpdate' }).first();
    await visible(latest.getByRole('cell', { name: '修改', exact: true }));
    await visible(latest.getByRole('cell', { name: '超级管理员 (admin)', exact: true }));
    await latest.getByRole('button', { name: '查看' }).click();
    const drawer = page.locator('.ant-drawer-content');
    await visible(drawer.getByRole('row').filter({ hasText: '值' }).filter({ hasText: 'before' }).filter({ hasText: 'after' }));
    recordId = (await drawer.locator('.ant-descriptions-item-label').getByText('记录', { exact: true }).locator('xpath=ancestor::th[1]/following-sibling::td[1]').textContent()) ?? '';
    expect(recordId).toMatch(/^\d+$/);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });

  it('finds rows by call and by change, and nothing outside a time range', async () => {
    await page.getByLabel('调用', { exact: true }).fill('param/saveOrUpdate');
    await page.getByLabel('记录', { exact: true }).fill(recordId);
    await page.getByRole('button', { name: label('查询') }).click();
    // The search is a "contains": count the rows of exactly this record.
    const ofRecord = page.getByRole('row').filter({ has: page.getByRole('cell', { name: recordId, exact: true }) });
    const otherCalls = page.locator('.ant-table-tbody tr.ant-table-row:visible').filter({ hasNotText: '/base/admin/param/saveOrUpdate' });
    await expect.poll(() => otherCalls.count(), { timeout: 15000 }).toBe(0);
    await expect.poll(() => ofRecord.count(), { timeout: 15000 }).toBe(2);
    await choose('变更类型', '新增');
    await page.getByRole('button', { name: label('查询') }).click();
    await expect.poll(() => ofRecord.count(), { timeout: 15000 }).toBe(1);
    await page.getByRole('button', { name: label('重置') }).click();
    await page.getByPlaceholder('开始时间').fill('2000-01-01 00:00');
    await page.getByPlaceholder('结束时间').fill('2000-01-02 00:00');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: label('查询') }).click();
    await visible(page.locator('.ant-table-placeholder .ant-empty-description:visible'));
    expect(await page.getByRole('row').filter({ hasText: '/base/admin/param/saveOrUpdate' }).count()).toBe(0);
  });
});

describe('the login log', () => {
  it('records a failed login with its address and reason', async () => {
    const { page: other } = await newPage(browser, baseUrl);
    await other.goto('/login');
    await other.getByPlaceholder('请输入用户名').fill('admin');
    await other.getByPlaceholder('请输入密码').fill('not-the-password');
    await other.getByRole('button', { name: label('登录') }).click();
    await visible(other.getByText('用户名或密码错误'));
    await other.context().close();

    await openScreen('系统监控', '登录日志', /\/monitor\/login$/);
    await choose('原因', '密码错误');
    await page.getByRole('button', { name: label('查询') }).click();
    const failed = page.getByRole('row').filter({ hasText: '密码错误' }).first();
    await visible(failed.getByRole('cell', { name: 'admin', exact: true }));
    await visible(failed.getByRole('cell', { name: '127.0.0.1', exact: true }));
  });
});

describe('online users', () => {
  it('ends another browser’s session: its next step goes to the login page', async () => {
    const { page: other } = await newPage(browser, baseUrl);
    await other.setExtraHTTPHeaders({ 'user-agent': 'Other browser for the e2e' });
    await logIn(other, 'admin', adminPassword);

    await openScreen('系统监控', '在线用户', /\/monitor\/online$/);
    const session = page.getByRole('row').filter({ hasText: 'Other browser for the e2e' });
    await visible(session);
    await session.getByRole('button', { name: '结束会话' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '结束会话' });
    await visible(confirm.getByText('这是您自己的账号'));
    await confirm.getByRole('button', { name: label('结束') }).click();
    await visible(page.getByText('已结束 1 个会话'));
    await session.waitFor({ state: 'detached' });

    await other.reload();
    await other.waitForURL(/\/login/);
    await other.context().close();
    // This browser's own session goes on.
    await page.reload();
    await visible(page.getByRole('menuitem', { name: '系统监控' }));
    expect(pageErrors).toEqual([]);
  });
});
