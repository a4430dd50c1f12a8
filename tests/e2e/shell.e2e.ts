/**
 * The shell stands whatever a screen does, in a real browser (issue 20, items 5 and 17): the
 * dashboard reloads without turning the console white; a screen that fails shows its message and
 * a retry inside its own tab while the top bar, the menu and the other tabs work; an address the
 * user has no grant for says so, an unknown one is 404; the active top menu entry stays in view at
 * 390 px; no tab shows cut beside the pinned Home tab.
 */
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sha256Hex } from '../../server/auth/passwords';
import { launchBrowser, logIn, newPage, switchLanguage } from './browser';
import { buttonName as label } from './names';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');
const databasePath = inject('databasePath');
const SUPPORT = { code: 'shell-support', name: '客服小周', password: 'support-pass-2' };

let browser: Browser;

async function call<T>(path: string, body: Record<string, unknown>, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}/base/admin${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { access_token: token } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { code: number; msg: string; data: T };
  if (answer.code !== 0) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

/** A member of the seeded 客服 role, which is granted the customer screens and not the system ones. */
async function createSupportStaff(): Promise<void> {
  const db = new Database(databasePath);
  let id: number;
  try {
    const role = db.prepare("select id from role where role_key = 'support'").get() as { id: number };
    const user = db
      .prepare("insert into user (code, name, password_hash, is_enable, must_change_password, create_time) values (?, ?, 'none', '1', 0, ?)")
      .run(SUPPORT.code, SUPPORT.name, Date.now());
    id = Number(user.lastInsertRowid);
    db.prepare('insert into user_role (user_id, role_id) values (?, ?)').run(id, role.id);
  } finally {
    db.close();
  }
  const admin = await call<{ token: string }>('/user/login', { username: 'admin', password: sha256Hex(adminPassword) });
  const temporary = 'temp-pass-78';
  await call('/user/resetPwd', { ids: String(id), pwd: sha256Hex(temporary) }, admin.token);
  const support = await call<{ token: string }>('/user/login', { username: SUPPORT.code, password: sha256Hex(temporary) });
  await call('/user/changePwd', { oldPwd: sha256Hex(temporary), newPwd: sha256Hex(SUPPORT.password) }, support.token);
}

beforeAll(async () => {
  browser = await launchBrowser();
  await createSupportStaff();
});

afterAll(async () => {
  await browser?.close();
});

async function signedIn(viewport?: { width: number; height: number }, user = 'admin', password = adminPassword): Promise<{ page: Page; errors: string[] }> {
  const opened = await newPage(browser, baseUrl);
  if (viewport) await opened.page.setViewportSize(viewport);
  await logIn(opened.page, user, password);
  return opened;
}

describe('the dashboard', () => {
  for (const width of [1280, 390]) {
    it(`reloads without taking the shell down (${width} px)`, async () => {
      const { page, errors } = await signedIn({ width, height: 800 });
      await page.goto('/business/dashboard');
      await page.locator('.traffic-chart').waitFor();
      // A server slower than this one: the chart's code (cached now) is there before its data.
      await page.route('**/lineChart/**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
      for (let reload = 0; reload < 3; reload += 1) {
        await page.reload();
        await page.locator('.traffic-chart').waitFor();
        await page.getByRole('banner').waitFor();
      }
      expect(errors).toEqual([]);
    });
  }
});

describe('a screen that fails', () => {
  it('shows its message and a retry inside its own tab; the top bar, the menu and the other tabs keep working', async () => {
    const { page } = await signedIn({ width: 1280, height: 800 });
    await page.goto('/home');
    // The template screen's code cannot be fetched (a redeploy, a dropped connection) and the
    // console has just reloaded once for that already.
    await page.route('**/assets/TemplatePage-*.js', (route) => route.abort());
    await page.evaluate(() => sessionStorage.setItem('chunkReloadAt', String(Date.now())));
    await page.getByRole('main').getByRole('link', { name: /模板发布/ }).click();
    const content = page.locator('.console-content');
    await content.getByText('此页面出错了').waitFor();
    await content.getByRole('button', { name: label('重试') }).waitFor();
    await page.getByRole('banner').getByText('员工基础管理系统').waitFor();

    await page.getByRole('tab', { name: '首页' }).click();
    await content.getByText('欢迎回来，超级管理员').waitFor();
    expect(await content.getByText('此页面出错了').isVisible()).toBe(false);
    await page.getByRole('banner').getByRole('menuitem', { name: '系统管理' }).click();
    await page.getByRole('complementary').getByRole('link', { name: '参数配置' }).click();
    await page.getByRole('button', { name: label('新增') }).waitFor();

    await page.getByRole('tab', { name: '模板发布' }).click();
    await content.getByText('此页面出错了').waitFor();
    await switchLanguage(page, 'English');
    await content.getByText('This page ran into a problem').waitFor();
    await content.getByRole('button', { name: 'Retry' }).waitFor();
  });
});

describe('an address the user cannot open', () => {
  it('says "no permission" for a page that is not granted, and 404 for an unknown one', async () => {
    const { page } = await signedIn({ width: 1280, height: 800 }, SUPPORT.code, SUPPORT.password);
    await page.goto('/system/param');
    await page.getByText('无权访问此页面').waitFor();
    expect(await page.getByText('站长说你不能进入这个页面...').count()).toBe(0);
    expect(await page.title()).toMatch(/^无权访问 - /);

    await page.goto('/no/such/page');
    await page.getByText('站长说你不能进入这个页面...').waitFor();
    expect(await page.getByText('无权访问此页面').count()).toBe(0);

    await switchLanguage(page, 'English');
    await page.goto('/system/param');
    await page.getByText('You do not have permission to open this page').waitFor();
  });
});

describe('the top bar and the tabs', () => {
  it('keeps the active top menu entry in view at 390 px, in both languages', async () => {
    const { page } = await signedIn({ width: 390, height: 844 });
    for (const [path, entry, locale] of [
      ['/business/dashboard', '业务统计', 'zh-CN'],
      ['/tools/template', '工具', 'zh-CN'],
      ['/system/param', '系统管理', 'zh-CN'],
      ['/examples/table', 'Examples', 'en-US'],
      ['/organisation/office', 'Organisation', 'en-US'],
    ] as const) {
      await page.evaluate((chosen) => localStorage.setItem('locale', chosen), locale);
      await page.goto(path);
      const item = page.getByRole('banner').getByRole('menuitem', { name: entry });
      await item.waitFor();
      const box = (await item.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(await item.getAttribute('class')).toContain('ant-menu-item-selected');
    }
  });

  for (const width of [1280, 390]) {
    it(`shows no tab cut beside the pinned Home tab (${width} px)`, async () => {
      const { page } = await signedIn({ width, height: 800 });
      const pages = ['/system/app', '/system/permission', '/system/role', '/system/dic', '/system/param', '/system/effective', '/organisation/user', '/organisation/office', '/business/staffSummary', '/tools/template', '/examples/table'];
      for (const path of pages) {
        await page.goto(path);
        await page.locator('.console-tabs .ant-tabs-tab-active').waitFor();
      }
      // Then back through them with the arrows: each step scrolls the list to the tab it opens.
      for (let step = 0; step <= 6; step += 1) {
        if (step > 0) await page.getByRole('button', { name: '上一个页面' }).click();
        await page.waitForTimeout(400);
        const home = (await page.locator('.console-tabs__pinned').boundingBox())!;
        const wrap = (await page.locator('.console-tabs .ant-tabs-nav-wrap').boundingBox())!;
        expect(home.x + home.width).toBeLessThanOrEqual(wrap.x);
        const cut = await page.locator('.console-tabs .ant-tabs-nav-list .ant-tabs-tab').evaluateAll(
          (tabs, left) =>
            tabs
              .filter((tab) => getComputedStyle(tab).visibility !== 'hidden')
              .filter((tab) => tab.getBoundingClientRect().left < left - 0.5 && tab.getBoundingClientRect().right > left + 0.5)
              .map((tab) => tab.textContent),
          wrap.x,
        );
        expect(cut).toEqual([]);
      }
    });
  }
});
