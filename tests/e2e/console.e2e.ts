/**
 * An administrator's day in the console, in a real browser against the real server:
 * log in, land on home, manage parameters through the dialog, work with tabs, switch to English,
 * log out. The steps share one page and run in order.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { answerDiscard, launchBrowser, newPage, switchLanguage, visible } from './browser';
import { buttonName as label } from './names';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');

let browser: Browser;
let page: Page;
let pageErrors: string[];

function dialog(): Locator {
  return page.getByRole('dialog').filter({ has: page.locator('.ant-modal-title') }).last();
}

function row(text: string): Locator {
  return page.getByRole('row').filter({ hasText: text });
}

function tab(name: string): Locator {
  return page.getByRole('tab', { name });
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page, errors: pageErrors } = await newPage(browser, baseUrl));
});

afterAll(async () => {
  await browser?.close();
});

describe('an administrator in zh-CN', () => {
  it('is sent to the login page and lands on home after logging in', async () => {
    await page.goto('/');
    await page.waitForURL(/\/login/);
    await page.getByPlaceholder('请输入用户名').fill('admin');
    await page.getByPlaceholder('请输入密码').fill(adminPassword);
    await page.getByRole('button', { name: label('登录') }).click();
    await page.waitForURL(/\/home$/);
    await visible(page.getByText('欢迎回来，超级管理员'));
    expect(await page.title()).toContain('员工基础管理系统');
  });

  it('refuses a wrong password with the server message', async () => {
    const { page: other } = await newPage(browser, baseUrl);
    await other.goto('/login');
    await other.getByPlaceholder('请输入用户名').fill('admin');
    await other.getByPlaceholder('请输入密码').fill('wrong-password');
    await other.getByRole('button', { name: label('登录') }).click();
    await visible(other.getByText('用户名或密码错误'));
    expect(other.url()).toContain('/login');
    await other.context().close();
  });

  it('opens Parameters from the menu and lists the seeded ones', async () => {
    await page.getByRole('menuitem', { name: '系统管理' }).first().click();
    await page.getByRole('menuitem', { name: '参数配置' }).first().click();
    await page.waitForURL(/\/system\/param$/);
    await visible(page.getByRole('button', { name: label('新增') }));
    await visible(page.getByRole('row').nth(1));
    expect(await page.title()).toMatch(/^参数配置 - 员工基础管理系统$/);
  });

  it('shows the rule message for a 51-character key and stores nothing', async () => {
    await page.getByRole('button', { name: label('新增') }).click();
    const form = dialog();
    await visible(form);
    await form.getByLabel('Key', { exact: true }).fill('k'.repeat(51));
    await form.getByLabel('值', { exact: true }).click();
    await visible(form.getByText('Key长度不能超过50个字符'));
    await form.getByRole('button', { name: label('保存') }).click();
    await visible(form.getByText('Key长度不能超过50个字符'));
    // Typed fields: closing asks before discarding them.
    await form.getByRole('button', { name: label('取消') }).click();
    await answerDiscard(page, '放弃');
    await form.waitFor({ state: 'hidden' });
    expect(await row('k'.repeat(51)).count()).toBe(0);
  });

  it('adds a parameter through the dialog', async () => {
    await page.getByRole('button', { name: label('新增') }).click();
    const form = dialog();
    await visible(form);
    await form.getByLabel('排序号', { exact: true }).fill('7');
    await form.getByLabel('Key', { exact: true }).fill('e2e.timeout');
    await form.getByLabel('值', { exact: true }).fill('30');
    await form.getByLabel('param1', { exact: true }).fill('seconds');
    await form.getByLabel('备注', { exact: true }).fill('set by the browser suite');
    await form.getByRole('button', { name: label('保存') }).click();
    await visible(page.getByText('提交成功'));
    await form.waitFor({ state: 'hidden' });
    await visible(row('e2e.timeout'));
    await visible(row('e2e.timeout').getByText('seconds'));
  });

  it('refuses the same key again', async () => {
    await page.getByRole('button', { name: label('新增') }).click();
    const form = dialog();
    await form.getByLabel('排序号', { exact: true }).fill('8');
    await form.getByLabel('Key', { exact: true }).fill('e2e.timeout');
    await form.getByLabel('值', { exact: true }).fill('31');
    await visible(form.getByText('key值不可以重复'));
    await form.getByRole('button', { name: label('取消') }).click();
    await answerDiscard(page, '放弃');
    await form.waitFor({ state: 'hidden' });
  });

  it('edits it with the key read-only', async () => {
    await row('e2e.timeout').getByRole('button', { name: '编辑' }).click();
    const form = dialog();
    await visible(form);
    expect(await form.getByLabel('Key', { exact: true }).isDisabled()).toBe(true);
    await form.getByLabel('值', { exact: true }).fill('45');
    await form.getByRole('button', { name: label('保存') }).click();
    await form.waitFor({ state: 'hidden' });
    await visible(row('e2e.timeout').getByRole('cell', { name: '45', exact: true }));
  });

  it('deletes it after the confirmation', async () => {
    await row('e2e.timeout').getByRole('button', { name: '删除' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确认删除' }).last();
    await visible(confirm.getByText('删除参数“e2e.timeout”？'));
    await confirm.getByRole('button', { name: label('确定') }).click();
    await visible(page.getByText('删除成功'));
    await row('e2e.timeout').waitFor({ state: 'detached' });
  });

  it('saves and deletes while the browser says it is offline, since the server still answers', async () => {
    // Chromium calls itself offline when no interface but loopback has an address (a laptop off
    // Wi-Fi, a CI machine between networks), though the console's server is right there.
    await page.evaluate(() => window.dispatchEvent(new Event('offline')));
    await page.getByRole('button', { name: label('新增') }).click();
    const form = dialog();
    await visible(form);
    await form.getByLabel('排序号', { exact: true }).fill('9');
    await form.getByLabel('Key', { exact: true }).fill('e2e.offline');
    await form.getByLabel('值', { exact: true }).fill('1');
    await form.getByRole('button', { name: label('保存') }).click();
    await visible(page.getByText('提交成功'));
    await visible(row('e2e.offline'));
    await row('e2e.offline').getByRole('button', { name: '删除' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确认删除' }).last();
    await confirm.getByRole('button', { name: label('确定') }).click();
    await row('e2e.offline').waitFor({ state: 'detached' });
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
  });

  it('keeps a tab per visited page and moves to a neighbour when the active one closes', async () => {
    await page.getByRole('menuitem', { name: '子系统管理' }).first().click();
    await page.waitForURL(/\/system\/app$/);
    await visible(tab('子系统管理'));
    await visible(tab('参数配置'));
    const first = page.getByRole('tab').first();
    expect(await first.textContent()).toContain('首页');
    // Home sits outside the scrolling tab list, with no close button.
    expect(await page.locator('.ant-tabs-nav-list').getByRole('tab', { name: '首页' }).count()).toBe(0);
    expect(await page.locator('.console-tabs__pinned .ant-tabs-tab-remove').count()).toBe(0);

    // antd gives the close control of a tab the tab role, labelled by the console's '关闭'.
    await page.locator('.ant-tabs-tab', { hasText: '子系统管理' }).getByRole('tab', { name: '关闭' }).click();
    await page.waitForURL(/\/system\/param$/);
    await visible(page.locator('[role="tab"][aria-selected="true"]', { hasText: '参数配置' }));
    expect(await tab('子系统管理').count()).toBe(0);
  });

  it('closes the other tabs from a tab’s menu', async () => {
    await page.getByRole('menuitem', { name: '子系统管理' }).first().click();
    await page.waitForURL(/\/system\/app$/);
    // The address changes at once; a page left before it was shown (its code still loading) gets no tab.
    await visible(tab('子系统管理'));
    await page.getByRole('menuitem', { name: '角色管理' }).first().click();
    await page.waitForURL(/\/system\/role$/);
    await visible(tab('子系统管理'));
    await page.locator('.ant-tabs-tab', { hasText: '参数配置' }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: '关闭其他' }).click();
    await page.waitForURL(/\/system\/param$/);
    await expect.poll(() => tab('子系统管理').count()).toBe(0);
    expect(await tab('角色管理').count()).toBe(0);
    await visible(page.locator('[role="tab"][aria-selected="true"]', { hasText: '参数配置' }));
  });

  it('switches to English and keeps the choice', async () => {
    await switchLanguage(page, 'English');
    await visible(page.getByRole('button', { name: 'Add' }));
    await visible(page.getByRole('button', { name: 'Query' }));
    await page.reload();
    await visible(page.getByRole('button', { name: 'Add' }));
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('en-US');
  });

  it('shows the English rule message', async () => {
    await page.getByRole('button', { name: 'Add' }).click();
    const form = dialog();
    await form.getByLabel('Key', { exact: true }).fill('k'.repeat(51));
    await form.getByLabel('Value', { exact: true }).click();
    await visible(form.getByText('Key must be at most 50 characters'));
    await form.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').filter({ hasText: 'Discard changes?' }).getByRole('button', { name: 'Discard' }).click();
    await form.waitFor({ state: 'hidden' });
  });

  it('logs out to the login page and forgets the token', async () => {
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // The console sends a visitor without a token to /login before the page finishes loading.
    await page.goto('/system/param', { waitUntil: 'commit' });
    await page.waitForURL(/\/login/);
  });

  it('raised no uncaught error in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
