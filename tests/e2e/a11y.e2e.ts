/**
 * Accessibility proven by axe: every screen of the super admin's menu (read from the top bar and
 * the sidebar, so a new screen is covered without touching this file) and every dialog its
 * buttons open (add, edit, delete, columns, views, import, export, grant, password…), in zh-CN
 * and en-US, must have no serious or critical WCAG 2.1 A/AA violation. One login, one page.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialog, launchBrowser, logIn, newPage, switchLanguage } from './browser';
import { LIVE_PATHS } from '../../contract/live';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/**
 * antd's table keeps a zero-height row that measures column widths, `aria-hidden` with
 * tabindex -1: never in the Tab order, never focused by antd, so axe's aria-hidden-focus on it is
 * a false positive.
 */
const EXCLUDED = '.ant-table-measure-row';
/** One component with the same markup on every list: scanned on the first list that has it. */
const SHARED = /^(列设置|视图|Columns|Views)$/i;
/** A list's bulk actions, shown once a row is checked: each scanned on the first list that has it. */
const BULK = /^(删除所选|批量.+|Deleteselected|Set.+)$/i;
/** Buttons that open a dialog, a drawer or a popup (names without spaces, both languages). */
const OPENER = /^(新增.*|添加.*|查看|编辑|删除|列设置|视图|导入.*|授权|重置密码|功能信息|数据权限|移除成员|Add.*|New.*|View|Edit|Delete|Columns|Views|Import.*|Grant.*|Authorize|Functioninfo|Datascope|Resetpassword|Remove.*)$/i;

interface Finding {
  where: string;
  rule: string;
  impact: string;
  targets: string[];
  help: string;
}

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');
let browser: Browser;
let page: Page;
const findings: Finding[] = [];
const scanned: string[] = [];
/** Buttons that opened nothing within the wait (a direct action, or a dialog too slow): printed, so a gap shows. */
const unopened: string[] = [];

/**
 * WCAG 1.4.3 exempts the text of inactive controls from contrast; antd's disabled selects and
 * tree nodes grey their text without a `disabled` attribute axe could see.
 */
function isInactive(selector: string): Promise<boolean> {
  return page.evaluate((s) => !!document.querySelector(s)?.closest('.ant-select-disabled, .ant-tree-treenode-disabled, [aria-disabled="true"]'), selector);
}

/**
 * Contrast measured mid-way through a colour transition (a menu entry just selected fades its
 * background in over 0.3 s) is not the colour anyone reads: an element failing is measured again
 * once it has had the time to settle, and counts only if it still fails.
 */
async function isPassingOnceSettled(selector: string): Promise<boolean> {
  await page.waitForTimeout(600);
  const again = await new AxeBuilder({ page, axeSource: 'void 0' })
    .options({ runOnly: { type: 'rule', values: ['color-contrast'] }, resultTypes: ['violations'] })
    .include(selector)
    .setLegacyMode(true)
    .analyze();
  return again.violations.length === 0;
}

async function scan(where: string, include?: string): Promise<void> {
  // The pointer rests where nothing reacts to it (the margin between the tab bar and the content),
  // so a hover colour or tooltip left by the last click is not measured.
  await page.mouse.move(700, 102);
  // Violations only: collecting every pass too doubles axe's time.
  // axe is put into the page once (beforeAll): the console never reloads between scans, and
  // evaluating its 500 KB again for each of ~150 scans costs more than some scans themselves.
  let builder = new AxeBuilder({ page, axeSource: 'void 0' })
    .options({ runOnly: { type: 'tag', values: TAGS }, resultTypes: ['violations'] })
    .exclude(EXCLUDED)
    .setLegacyMode(true);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  scanned.push(where);
  for (const v of violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue;
    const targets: string[] = [];
    for (const node of v.nodes) {
      const target = node.target.join(' ');
      if (v.id === 'color-contrast' && ((await isInactive(String(node.target[0]))) || (await isPassingOnceSettled(String(node.target[0]))))) continue;
      targets.push(target);
    }
    if (targets.length) findings.push({ where, rule: v.id, impact: v.impact, targets, help: v.help });
  }
}

function report(): string {
  return findings.map((f) => `${f.where}: ${f.impact} ${f.rule} (${f.help})\n    ${f.targets.slice(0, 5).join('\n    ')}`).join('\n');
}

/** Requests in flight (not the live event stream, which stays open). */
let pending = 0;

function busy(): Promise<boolean> {
  return page.evaluate(() => {
    const spinner = document.querySelector<HTMLElement>('.console-content .ant-spin-spinning, .console-content .ant-skeleton-active');
    return !!spinner?.offsetParent || document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
  });
}

/** The content has settled: no request in flight, no spinner, no running animation, two frames on. */
async function settled(): Promise<void> {
  for (let calm = 0; calm < 2; ) {
    await expect.poll(async () => pending === 0 && !(await busy()), { timeout: 15000, interval: 50 }).toBe(true);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    calm = pending === 0 && !(await busy()) ? calm + 1 : 0;
  }
}

/** Every screen of the menu: each top-bar entry, then its sidebar with every group opened. */
async function menuScreens(): Promise<string[]> {
  await page.locator('.console-header__menu a[href]').first().waitFor();
  const entries = await page.locator('.console-header__menu a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  const screens = new Set<string>(['/']);
  for (const entry of entries) {
    await page.locator(`.console-header__menu a[href="${entry}"]`).click();
    await page.locator(`.console-sider a[href="${entry}"]`).first().waitFor();
    for (;;) {
      const closed = page.locator('.console-sider .ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
      if ((await closed.count()) === 0) break;
      await closed.first().click();
    }
    for (const path of await page.locator('.console-sider a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))) screens.add(path);
  }
  // The account page, from the user area of the top bar.
  for (const path of await page.locator('.console-header a[href^="/change"]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))) screens.add(path);
  return [...screens];
}

/**
 * Client-side navigation: the console stays loaded (no reload per screen). The page left behind
 * stays mounted in its tab; it must be hidden before the next scan, or its findings would be
 * counted against the screen just opened.
 */
async function go(path: string): Promise<void> {
  await page.evaluate((to) => {
    document.querySelectorAll('[data-a11y-left]').forEach((el) => el.removeAttribute('data-a11y-left'));
    if (location.pathname !== to) for (const el of document.querySelectorAll('.console-content > *')) if (el.checkVisibility()) el.setAttribute('data-a11y-left', '');
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => url.pathname === path || path === '/');
  await page.waitForFunction(() => [...document.querySelectorAll('[data-a11y-left]')].every((el) => !el.checkVisibility()));
  await settled();
}

/** Names of the visible enabled buttons of the shown page that open something. */
async function openers(pattern = OPENER): Promise<string[]> {
  return page.evaluate((source) => {
    const pattern = new RegExp(source, 'i');
    const names = new Set<string>();
    for (const el of document.querySelectorAll<HTMLElement>('.console-content button, .console-content a[role="button"], .console-content a:not([href])')) {
      if (!el.offsetParent || el.closest('.ant-pagination') || (el as HTMLButtonElement).disabled || el.getAttribute('aria-disabled') === 'true') continue;
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, '');
      if (pattern.test(name)) names.add(name);
    }
    return [...names];
  }, pattern.source);
}

/** Clicks the first visible button named `name`; resolves with the overlay it opened, marked for axe, or false. */
async function open(name: string): Promise<boolean> {
  const clicked = await page.evaluate((wanted) => {
    document.querySelectorAll('[data-a11y-before]').forEach((el) => el.removeAttribute('data-a11y-before'));
    document.querySelectorAll('[data-a11y-opener]').forEach((el) => el.removeAttribute('data-a11y-opener'));
    document.querySelectorAll('.ant-modal-wrap, .ant-drawer, .ant-popover, .ant-dropdown').forEach((el) => el.setAttribute('data-a11y-before', ''));
    for (const el of document.querySelectorAll<HTMLElement>('.console-content button, .console-content a[role="button"], .console-content a:not([href])')) {
      if (!el.offsetParent || (el as HTMLButtonElement).disabled) continue;
      if ((el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, '') !== wanted) continue;
      el.setAttribute('data-a11y-opener', '');
      return true;
    }
    return false;
  }, name);
  if (!clicked) return false;
  await page.locator('[data-a11y-opener]').click();
  // A popup slower than the wait still opens: looked for again once the page has settled, so it
  // is scanned and closed rather than left over the buttons clicked next.
  if (await overlayShown(8000)) return true;
  await settled();
  return overlayShown(500);
}

/** Waits up to `timeout` ms for an overlay the last click opened to be fully shown; marks it for axe. */
function overlayShown(timeout: number): Promise<boolean> {
  return page
    .waitForFunction(
      () => {
        const shown = [...document.querySelectorAll<HTMLElement>('.ant-modal-wrap, .ant-drawer, .ant-popover, .ant-dropdown')].find((el) => {
          if (el.hasAttribute('data-a11y-before') && !el.matches('.ant-modal-wrap, .ant-drawer')) return false;
          const style = getComputedStyle(el);
          return style.display !== 'none' && style.visibility !== 'hidden' && !/-hidden\b/.test(el.className) && el.getBoundingClientRect().width > 0;
        });
        if (!shown || shown.getAnimations({ subtree: true }).some((a) => a.playState === 'running')) return false;
        // antd's motion classes (zoom, fade, slide) come and go a frame apart from the animation itself.
        if ([shown, ...shown.querySelectorAll('*')].some((el) => /-(appear|enter|leave)\b/.test(el.getAttribute('class') ?? ''))) return false;
        shown.setAttribute('data-a11y-scan', '');
        return true;
      },
      undefined,
      { timeout },
    )
    .then(() => true, () => false);
}

/**
 * The scanned overlay is hidden or on its way out (its leave motion started). Under load a leave
 * motion can outlast any short wait, and clicking the opener again then would open a popup anew.
 */
function closing(): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.querySelector('[data-a11y-scan]');
    if (!el || !el.checkVisibility() || /-hidden\b/.test(el.className)) return true;
    return [el, ...el.querySelectorAll('*')].some((node) => /-leave\b/.test(node.getAttribute('class') ?? ''));
  });
}

/** Closes the scanned overlay: a popup by its opener, a dialog by Esc, else by its close or cancel button. */
async function close(): Promise<void> {
  const overlay = page.locator('[data-a11y-scan]');
  const gone = async () => {
    const started = await expect.poll(closing, { timeout: 2000, interval: 50 }).toBe(true).then(() => true, () => false);
    if (started) await overlay.waitFor({ state: 'hidden' });
    return started;
  };
  const isPopup = await overlay.evaluate((el) => el.matches('.ant-popover, .ant-dropdown'));
  if (isPopup) await page.locator('[data-a11y-opener]').click();
  else await page.keyboard.press('Escape');
  if (!(await gone())) {
    const cancel = overlay.locator('.ant-modal-close, .ant-drawer-close').or(overlay.getByRole('button', { name: /^(取\s?消|Cancel)$/ }));
    if (await cancel.count()) await cancel.first().click();
    else await page.locator('[data-a11y-opener]').click();
    await overlay.waitFor({ state: 'hidden' });
  }
  await page.evaluate(() => document.querySelectorAll('[data-a11y-scan], [data-a11y-opener]').forEach((el) => el.removeAttribute(el.hasAttribute('data-a11y-scan') ? 'data-a11y-scan' : 'data-a11y-opener')));
}

async function scanEverything(language: string): Promise<void> {
  const sharedSeen = new Set<string>();
  for (const screen of await menuScreens()) {
    let t = Date.now();
    const lap = (what: string) => {
      if (process.env.A11Y_DEBUG) console.log(`[a11y] ${what} ${Date.now() - t} ms`);
      t = Date.now();
    };
    await go(screen);
    lap(`go ${screen}`);
    await scan(`${language} ${screen}`);
    lap('scan');
    const scanOpened = async (name: string) => {
      const isOpen = await open(name);
      lap(`open ${name} ${isOpen}`);
      if (!isOpen) {
        // No overlay: it may have opened a form in the page itself (the organisation's add).
        unopened.push(`${screen} · ${name}`);
        await settled();
        await scan(`${language} ${screen} · ${name} (in the page)`, '.console-content');
        return;
      }
      await scan(`${language} ${screen} · ${name}`, '[data-a11y-scan]');
      lap('scan');
      await close();
      lap('close');
    };
    for (const name of await openers()) {
      if (SHARED.test(name) && sharedSeen.has(name)) continue;
      if (SHARED.test(name)) sharedSeen.add(name);
      await scanOpened(name);
    }
    const rowBox = page.locator('.console-content .ant-table-tbody .ant-table-selection-column input[type="checkbox"]:visible').first();
    if (!(await rowBox.count())) continue;
    await rowBox.check();
    await settled();
    for (const name of await openers(BULK)) {
      if (sharedSeen.has(name)) continue;
      sharedSeen.add(name);
      await scanOpened(name);
    }
    await rowBox.uncheck();
    await settled();
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newPage(browser, baseUrl));
  // The live lists' event stream (a fetch) stays open for good: it is never "in flight" work.
  const counts = (request: Request) => !['eventsource', 'websocket'].includes(request.resourceType()) && !request.url().includes(LIVE_PATHS.events);
  page.on('request', (request) => (pending += counts(request) ? 1 : 0));
  page.on('requestfinished', (request) => (pending -= counts(request) ? 1 : 0));
  page.on('requestfailed', (request) => (pending -= counts(request) ? 1 : 0));
  // One small run with the package's own axe puts it into the page for every later scan.
  const injectAxe = () => new AxeBuilder({ page }).withRules('document-title').setLegacyMode(true).analyze();
  // The login page first (its findings count in the zh-CN test): the one screen before a session.
  await page.goto('/login');
  await page.getByPlaceholder('请输入用户名').waitFor();
  await injectAxe();
  await scan('zh-CN /login');
  await logIn(page, 'admin', adminPassword);
  await injectAxe();
});

afterAll(async () => {
  await browser?.close();
});

/** The focused element's name as a user hears it (spaces antd puts in Chinese labels removed). */
function focused(): Promise<{ name: string; tag: string; inDialog: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const labelled = el?.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : undefined;
    return {
      name: (el?.getAttribute('aria-label') ?? labelled ?? el?.textContent ?? '').replace(/\s+/g, ''),
      tag: el?.tagName.toLowerCase() ?? '',
      inDialog: !!el?.closest('.ant-modal-wrap'),
    };
  });
}

/** Presses Tab until the focus reaches `name` (at most `limit` presses); fails otherwise. */
async function tabTo(name: string, limit = 80): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if ((await focused()).name === name) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

describe('the keyboard alone', () => {
  it('adds a parameter: Tab to 新增, Enter, type, Tab to 保存, Enter, and the row is listed', async () => {
    await go('/system/param');
    await tabTo('新增');
    await page.keyboard.press('Enter');
    const form = dialog(page);
    await form.waitFor();
    // Focus moves into the dialog once it is shown, and stays there (a modal traps it).
    await expect.poll(async () => (await focused()).inDialog).toBe(true);
    const fields: Record<string, string> = { 排序号: '9', Key: 'kb.only', 值: 'typed with keys' };
    for (let i = 0; i < 40 && Object.keys(fields).length; i++) {
      await page.keyboard.press('Tab');
      const at = await focused();
      expect(at.inDialog).toBe(true);
      const text = fields[at.name];
      if (text !== undefined && at.tag === 'input') {
        await page.keyboard.type(text);
        delete fields[at.name];
      }
    }
    expect(fields).toEqual({});
    for (let i = 0; i < 40 && (await focused()).name !== '保存'; i++) {
      await page.keyboard.press('Tab');
      expect((await focused()).inDialog).toBe(true);
    }
    await page.keyboard.press('Enter');
    await form.waitFor({ state: 'hidden' });
    await page.getByRole('row').filter({ hasText: 'kb.only' }).waitFor();
  });

  it('gives the focus back to the button that opened a dialog when Esc closes it', async () => {
    await go('/system/param');
    const opener = page.locator('.console-content button:visible').filter({ hasText: /^新\s?增$/ }).first();
    await opener.focus();
    await page.keyboard.press('Enter');
    const form = dialog(page);
    await form.waitFor();
    await expect.poll(async () => (await focused()).inDialog).toBe(true);
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await focused()).name).toBe('新增');
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});

describe('axe on every screen and dialog', () => {
  it('finds nothing serious or critical in zh-CN', async () => {
    await scanEverything('zh-CN');
    console.log(`[a11y] zh-CN: ${scanned.length} scans; opened nothing: ${unopened.join(', ') || 'none'}`);
    expect(report()).toBe('');
  }, 600_000);

  it('finds nothing serious or critical in en-US', async () => {
    findings.length = 0;
    scanned.length = 0;
    unopened.length = 0;
    await go('/');
    await switchLanguage(page, 'English');
    await scanEverything('en-US');
    console.log(`[a11y] en-US: ${scanned.length} scans; opened nothing: ${unopened.join(', ') || 'none'}`);
    expect(report()).toBe('');
  }, 600_000);
});
