/**
 * The console's defences in a real browser: every page runs under the strict Content-Security-
 * Policy without a single violation, a link carrying a session (`?token=`, `?handoff=`) asks before
 * it signs a fresh browser in or replaces the signed-in user, and a workbench card opens the console
 * with a one-time code, never the token.
 */
import Database from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashPassword, sha256Hex } from '../../server/auth/passwords';
import { dialog, launchBrowser, logIn, newPage, visible } from './browser';
import { buttonName as label } from './names';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');
const databasePath = inject('databasePath');
const SWITCHER = { code: 'switcher1', name: '切换员', password: 'switcher-pass-1' };

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  await createSwitcher();
});
afterAll(async () => {
  await browser?.close();
});

/** A staff member whose one role holds the home page (no screen creates accounts with roles and passwords in one go). */
async function createSwitcher(): Promise<void> {
  const db = new Database(databasePath);
  try {
    const base = db.prepare("select id from app where code = 'base'").get() as { id: number };
    const home = db.prepare('select id from permission where app_id = ? and menu_type = 5').get(base.id) as { id: number };
    const role = db.prepare("insert into role (sort_num, role_key, name, app_id, is_enable, role_type) values (90, 'switchers', '切换角色', ?, '1', 2)").run(base.id);
    db.prepare('insert into role_permission (role_id, permission_id) values (?, ?)').run(role.lastInsertRowid, home.id);
    const hash = await hashPassword(sha256Hex(SWITCHER.password));
    const user = db
      .prepare("insert into user (code, name, password_hash, is_enable, must_change_password, create_time) values (?, ?, ?, '1', 0, ?)")
      .run(SWITCHER.code, SWITCHER.name, hash, Date.now());
    db.prepare('insert into user_role (user_id, role_id) values (?, ?)').run(user.lastInsertRowid, role.lastInsertRowid);
  } finally {
    db.close();
  }
}

/** A session of the switcher, as the platform's workbench would hand it over. */
async function switcherToken(): Promise<string> {
  const response = await fetch(`${baseUrl}/base/admin/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: SWITCHER.code, password: sha256Hex(SWITCHER.password) }),
  });
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** Collects every CSP violation of the context's pages: the DOM event, and Chromium's console report. */
async function watchViolations(context: BrowserContext, page: Page): Promise<() => Promise<string[]>> {
  const reported: string[] = [];
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) reported.push(message.text());
  });
  return async () => [...reported, ...(await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []))];
}

describe('the Content-Security-Policy', () => {
  it('holds on every console page, which still works', async () => {
    const { page, errors } = await newPage(browser, baseUrl);
    const violations = await watchViolations(page.context(), page);
    const answer = await page.goto('/login');
    expect(answer?.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-[^']+'/);
    await logIn(page, 'admin', adminPassword);
    await visible(page.getByText('欢迎回来，超级管理员'));

    await page.goto('/system/param');
    await page.getByRole('button', { name: label('新增') }).click();
    await visible(dialog(page).getByLabel('Key', { exact: true }));
    await page.goto('/organisation/user');
    await page.getByRole('button', { name: label('新增员工') }).click();
    const staff = dialog(page);
    await staff.locator('.ant-form-item').filter({ has: page.getByLabel('户籍所在地区', { exact: true }) }).locator('.ant-select-selector').click();
    await visible(page.locator('.ant-cascader-menu-item[title="浙江省"]'));
    for (const path of ['/system/permission', '/system/role', '/system/app', '/system/effective', '/organisation/officeMember', '/organisation/office']) {
      await page.goto(path);
      // Not 'networkidle': the live lists' event stream stays open. The screen has loaded once no spinner turns.
      await page.waitForLoadState('load');
      await visible(page.getByRole('tab', { selected: true }));
      await expect.poll(() => page.locator('.ant-spin-spinning').count(), { timeout: 10000 }).toBe(0);
      expect(await violations(), path).toEqual([]);
    }
    await page.goto('/workbench');
    await visible(page.locator('#apps .card'));
    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('a workbench link', () => {
  const signInQuestion = (page: Page) => page.getByRole('alertdialog', { name: `以 ${SWITCHER.name} (${SWITCHER.code}) 身份登录？` });
  const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

  it('with another user’s ?token= asks a fresh browser before signing it in, and Cancel leaves it signed out (login CSRF)', async () => {
    const { page, errors } = await newPage(browser, baseUrl);
    const token = await switcherToken();
    await page.goto(`/system/dic?token=${encodeURIComponent(token)}&appId=1`);
    const question = signInQuestion(page);
    await visible(question);
    await visible(question.getByText(`该链接将以 ${SWITCHER.name} (${SWITCHER.code}) 的身份登录本控制台。`, { exact: false }));
    expect(page.url()).not.toContain(token);
    expect(await storedToken(page)).toBeNull();
    await question.getByRole('button', { name: '取消', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await visible(page.getByPlaceholder('请输入用户名'));
    expect(await storedToken(page)).toBeNull();

    // The same link, accepted this time: signed in as the account the question named.
    await page.goto(`/system/dic?token=${encodeURIComponent(token)}&appId=1`);
    await signInQuestion(page).getByRole('button', { name: '登录', exact: true }).click();
    await visible(page.locator('.console-header__name').filter({ hasText: SWITCHER.name }));
    expect(await storedToken(page)).toBe(token);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('with a one-time code someone else minted asks a fresh browser too, and Cancel ends that session', async () => {
    const token = await switcherToken();
    const minted = await fetch(`${baseUrl}/base/admin/workbench/handoff`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', access_token: token },
      body: JSON.stringify({ appId: 1 }),
    });
    const { url } = ((await minted.json()) as { data: { url: string } }).data;
    expect(url).toContain('handoff=');

    const { page, errors } = await newPage(browser, baseUrl);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.goto(url);
    const question = signInQuestion(page);
    await visible(question);
    expect(page.url()).not.toContain('handoff=');
    await question.getByRole('button', { name: '取消', exact: true }).click();
    await page.waitForURL((address) => address.pathname === '/login');
    await expect.poll(() => requests).toContain('/base/admin/user/logout');
    expect(await storedToken(page)).toBeNull();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('for another user asks before replacing the signed-in one, and keeps them when told to', async () => {
    const { page, errors } = await newPage(browser, baseUrl);
    await logIn(page, 'admin', adminPassword);
    await visible(page.getByText('欢迎回来，超级管理员'));
    const adminToken = await page.evaluate(() => localStorage.getItem('token'));

    const token = await switcherToken();
    await page.goto(`/home?token=${encodeURIComponent(token)}&appId=1`);
    const question = page.getByRole('alertdialog', { name: '切换登录用户？' });
    await visible(question);
    await visible(question.getByText(`当前已登录：超级管理员 (admin)。该链接将以 ${SWITCHER.name} (${SWITCHER.code}) 的身份登录。`));
    expect(page.url()).not.toContain(token);
    await question.getByRole('button', { name: '继续使用 超级管理员 (admin)' }).click();
    await visible(page.getByText('欢迎回来，超级管理员'));
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(adminToken);

    await page.goto(`/home?token=${encodeURIComponent(token)}&appId=1`);
    await page.getByRole('button', { name: `以 ${SWITCHER.name} (${SWITCHER.code}) 登录` }).click();
    await visible(page.getByText(`欢迎回来，${SWITCHER.name}`));
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(token);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('from the workbench opens the console with a one-time code, never the token, and no question for the same user', async () => {
    const { page, errors } = await newPage(browser, baseUrl);
    await logIn(page, 'admin', adminPassword);
    const adminToken = (await page.evaluate(() => localStorage.getItem('token')))!;
    await page.goto('/workbench');
    const card = page.locator('#apps a.card').filter({ hasText: '基础平台' });
    await visible(card);
    expect(await card.getAttribute('href')).not.toContain(adminToken);
    const handoff = page.waitForRequest((request) => request.url().includes('handoff='));
    await card.click();
    expect((await handoff).url()).not.toContain(adminToken);
    await visible(page.getByText('欢迎回来，超级管理员'));
    expect(page.url()).not.toContain('handoff=');
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
