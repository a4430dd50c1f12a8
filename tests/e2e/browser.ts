/** Debian's Chromium driven by playwright-core; never a downloaded browser. */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Locator, type Page, type Request } from 'playwright-core';
import { buttonName } from './names';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * How long a step may wait for the page. Generous: CI's 2-core machine may be running other work
 * (a second suite once turned 2-second steps into 10-second ones); a real failure only takes longer to report.
 */
export const WAIT_MS = 30_000;

/** Pages still open, so that a failed test can show what they looked like (./failureShots.ts). */
export const openPages = new Set<Page>();

/** Each open page's calls still unanswered, with when they were sent: a failed test names them (./failureShots.ts). */
export const pendingCalls = new WeakMap<Page, Map<Request, number>>();

/**
 * A fresh page (own storage) that fails the test on uncaught page errors. Its system asks for
 * reduced motion, which the console honours (src/theme/themeConfig.ts): on a busy machine a
 * dialog's zoom or a menu's slide could last seconds, and a press and release landing on a moving
 * button chose nothing (CI lost a save, a 新增 and a menu choice so).
 */
export async function newPage(browser: Browser, baseURL: string): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL, locale: 'zh-CN', viewport: { width: 1366, height: 850 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  openPages.add(page);
  page.on('close', () => openPages.delete(page));
  const pending = new Map<Request, number>();
  pendingCalls.set(page, pending);
  page.on('request', (request) => pending.set(request, Date.now()));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  page.setDefaultTimeout(WAIT_MS);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

/** Waits until the first element the locator finds is shown. */
export async function visible(locator: Locator, timeout = WAIT_MS): Promise<void> {
  await locator.first().waitFor({ state: 'visible', timeout });
}

/** Signs in through the login page and waits until the console has left it. */
export async function logIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByPlaceholder('请输入用户名').fill(username);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: buttonName('登录') }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/**
 * Clicks an option of an open select or cascader list the way a person does: the pointer rests on
 * it before the press. antd aligns the list again when the pointer enters it; on a busy machine the
 * list was seen 37 px off for a moment, so the press fell on 女 and the release on 男, and the click,
 * going to neither, chose nothing (4 to 10 in 40 fresh dialogs; none after a hover first).
 */
export async function clickOption(option: Locator): Promise<void> {
  await option.hover();
  await option.click();
}

/**
 * Switches the console's language from the top bar's menu once the menu has finished opening (its
 * slide starts paused, like a dialog's zoom: in CI a click on English as it opened chose nothing).
 */
export async function switchLanguage(page: Page, to: 'English' | '简体中文'): Promise<void> {
  await page.getByRole('button', { name: /^(语言|Language)$/ }).click();
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden):not([class*="-enter"]):not([class*="-appear"])');
  await clickOption(menu.getByRole('menuitem', { name: to }));
  await page.locator('.console-header__lang', { hasText: to }).waitFor();
}

/**
 * Resolves once the antd dialog `modal` has finished opening. Its zoom starts paused, so a button
 * holds still for Playwright's stability check and then grows between the press and the release:
 * in CI a press on 继续编辑 as the question opened chose nothing and the question stayed.
 */
async function opened(modal: Locator): Promise<void> {
  await modal.and(modal.page().locator('.ant-modal:not([class*="-enter"]):not([class*="-appear"])')).waitFor();
}

/** The '放弃修改？' question, when it is on screen. */
export function discardQuestion(page: Page): Locator {
  return page.getByRole('dialog').filter({ hasText: '放弃修改？' });
}

/** Answers the '放弃修改？' question once it has opened, and waits until it is gone. */
export async function answerDiscard(page: Page, choice: '继续编辑' | '放弃'): Promise<void> {
  const question = discardQuestion(page);
  await opened(question);
  await question.getByRole('button', { name: buttonName(choice) }).click();
  await question.waitFor({ state: 'hidden' });
}

/** The form item in `scope` holding the control labelled `label`. */
function formItem(scope: Locator, label: string): Locator {
  return scope.locator('.ant-form-item').filter({ has: scope.page().getByLabel(label, { exact: true }) });
}

/** The open select or cascader list (one still animating out is not visible). */
function openList(page: Page): Locator {
  return page.locator('.ant-select-dropdown:visible');
}

/** Chooses `option` in the select labelled `field`, and checks the field shows it. */
export async function choose(scope: Locator, field: string, option: string): Promise<void> {
  await formItem(scope, field).locator('.ant-select-selector').click();
  await clickOption(openList(scope.page()).getByTitle(option, { exact: true }));
  await openList(scope.page()).waitFor({ state: 'hidden' });
  if ((await formItem(scope, field).locator('.ant-select-selection-item').innerText()) !== option) throw new Error(`${field} does not show ${option}`);
}

/** Picks province, city and district in the region cascader labelled `field`. */
export async function pickRegion(scope: Locator, field: string, path: readonly string[]): Promise<void> {
  await formItem(scope, field).locator('.ant-select-selector').click();
  for (const name of path) await clickOption(openList(scope.page()).locator(`.ant-cascader-menu-item[title="${name}"]`));
  await openList(scope.page()).waitFor({ state: 'hidden' });
}

/** The topmost open antd dialog. */
export function dialog(page: Page): Locator {
  return page.getByRole('dialog').filter({ has: page.locator('.ant-modal-title') }).last();
}

/** The menu dialog's icon picker: typed to find the icon, Enter takes it. */
export async function pickIcon(form: Locator, name: string): Promise<void> {
  const picker = form.getByLabel('图标', { exact: true });
  await picker.fill(name);
  await form.page().locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: name }).first().waitFor();
  await picker.press('Enter');
}
