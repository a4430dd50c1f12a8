/**
 * Both readings of menu types in a real browser (SPEC §3, contract/menu.ts): a staff member holding
 * the demo sub-system whose tree is in reading B opens it from the workbench and finds its
 * top-level directories on the top bar and its directories and pages in the sidebar; the menu
 * dialog on that sub-system offers its two types; the sub-system dialog shows its reading fixed;
 * and the placeholder menus below Examples open their placeholder pages.
 */
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashPassword, sha256Hex } from '../../server/auth/passwords';
import { clickOption, dialog, launchBrowser, logIn, newPage, visible } from './browser';
import { buttonName as label } from './names';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');
const databasePath = inject('databasePath');
const STAFF = { code: 'ops01', name: '运营甲', password: 'ops-pass-01' };

let browser: Browser;

/** A staff member holding only the demo role of the reading-B sub-system. */
async function createStaff(): Promise<void> {
  const db = new Database(databasePath);
  try {
    const role = db.prepare("select id from role where role_key = 'opsStaff' and app_id = (select id from app where code = 'ops')").get() as { id: number };
    const user = db
      .prepare("insert into user (code, name, password_hash, is_enable, must_change_password, create_time) values (?, ?, ?, '1', 0, ?)")
      .run(STAFF.code, STAFF.name, await hashPassword(sha256Hex(STAFF.password)), Date.now());
    db.prepare('insert into user_role (user_id, role_id) values (?, ?)').run(user.lastInsertRowid, role.id);
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  await createStaff();
});

afterAll(async () => {
  await browser?.close();
});

/** The top bar's menu (antd's horizontal menu). */
const topBar = (page: Page) => page.locator('.ant-layout-header .ant-menu');
const sideBar = (page: Page) => page.locator('.ant-layout-sider .ant-menu');

describe('a staff member holding the reading-B sub-system', () => {
  it('opens it from the workbench and finds its directories and pages in the navigation', async () => {
    const { page, errors } = await newPage(browser, baseUrl);
    await logIn(page, STAFF.code, STAFF.password);
    await page.goto('/workbench');
    const card = page.locator('#apps a.card').filter({ hasText: '运营服务平台' });
    await visible(card);
    // Nothing of the base platform is theirs: the one card is the reading-B sub-system.
    expect(await page.locator('#apps a.card').count()).toBe(1);
    await card.click();

    // Top bar: the two top-level directories (5); sidebar: the directories (4) of the first.
    await visible(topBar(page).getByText('服务中心', { exact: true }));
    await visible(topBar(page).getByText('数据看板', { exact: true }));
    await visible(sideBar(page).getByRole('link', { name: '工单管理' }));
    await visible(sideBar(page).getByRole('link', { name: '知识库' }));
    await page.waitForURL((url) => url.pathname === '/service/tickets');
    await visible(page.getByText('“工单管理”是一个占位页面'));

    await sideBar(page).getByRole('link', { name: '知识库' }).click();
    await page.waitForURL((url) => url.pathname === '/service/knowledge');
    await visible(page.getByText('“知识库”是一个占位页面'));

    // A top-level directory that is itself a page is the first item of its own sidebar.
    await topBar(page).getByText('数据看板', { exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/insight');
    await visible(sideBar(page).getByRole('link', { name: '数据看板' }));
    await visible(page.getByText('“数据看板”是一个占位页面'));
    expect(await page.evaluate(() => localStorage.getItem('menuReading'))).toBe('B');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('the administrator on the reading-B sub-system', () => {
  it('sees its types named as reading B names them and gets its two types in the menu dialog', async () => {
    const { page, errors } = await newPage(browser, baseUrl);
    await logIn(page, 'admin', adminPassword);
    await page.goto('/system/permission');
    const directories = page.getByRole('region', { name: '菜单目录' });
    await directories.locator('.ant-select-selector').first().click();
    await clickOption(page.locator('.ant-select-dropdown:visible').getByText('运营服务平台', { exact: true }));
    // The sub-system stays in the address: a reload opens its tree whole.
    await page.waitForURL((url) => url.searchParams.get('appId') !== null && url.searchParams.get('appId') !== '1');
    await page.reload();
    const tree = directories.getByRole('tree');
    await visible(tree.getByText('工单管理', { exact: true }));
    const tags = () => tree.locator('.permission-tag').allInnerTexts();
    await expect.poll(tags).toEqual(['顶级目录', '目录', '目录', '顶级目录']);

    // A top-level directory (5) takes page elements.
    await tree.getByText('数据看板', { exact: true }).click();
    const pages = page.getByRole('region', { name: '页面元素' });
    await visible(pages.getByRole('cell', { name: 'insight:list' }));
    expect(await pages.getByRole('button', { name: label('新增') }).isEnabled()).toBe(true);

    await tree.getByText('服务中心', { exact: true }).click();
    await directories.getByRole('button', { name: label('新增') }).click();
    let form = dialog(page);
    const radios = form.getByRole('radio');
    await visible(radios);
    expect(await radios.evaluateAll((inputs) => inputs.map((input) => (input.closest('label') as HTMLElement).innerText.trim()))).toEqual(['顶级目录', '目录']);
    // Below the chosen top-level directory, a new node is a directory.
    expect(await form.getByLabel('目录', { exact: true }).isChecked()).toBe(true);
    await form.getByRole('button', { name: label('取消') }).click();
    await form.waitFor({ state: 'hidden' });

    await tree.getByText('工单管理', { exact: true }).click();
    await directories.getByRole('button', { name: label('编辑') }).click();
    form = dialog(page);
    await visible(form.getByLabel('目录', { exact: true }));
    expect(await form.getByLabel('目录', { exact: true }).isChecked()).toBe(true);
    expect(await form.getByLabel('顶级目录', { exact: true }).isDisabled()).toBe(true);
    await form.getByRole('button', { name: label('取消') }).click();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('finds the reading fixed in the sub-system dialog once the tree has nodes, and free on a new one', async () => {
    const { page, errors } = await newPage(browser, baseUrl);
    await logIn(page, 'admin', adminPassword);
    await page.goto('/system/app');
    await page.getByRole('row').filter({ hasText: '运营服务平台' }).getByRole('button', { name: '编辑' }).click();
    let form = dialog(page);
    const reading = form.getByLabel('B：顶级目录 / 目录（5 / 4）', { exact: true });
    await visible(reading);
    await visible(form.getByText('子系统已有菜单和权限节点，菜单类型解读不可再修改'));
    expect(await reading.isChecked()).toBe(true);
    expect(await reading.isDisabled()).toBe(true);
    await form.getByRole('button', { name: label('取消') }).click();
    await form.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: label('新增') }).first().click();
    form = dialog(page);
    await visible(form.getByLabel('A：导航 / 菜单 / 首页（3 / 4 / 5）', { exact: true }));
    expect(await form.getByLabel('A：导航 / 菜单 / 首页（3 / 4 / 5）', { exact: true }).isChecked()).toBe(true);
    expect(await form.getByLabel('B：顶级目录 / 目录（5 / 4）', { exact: true }).isEnabled()).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('the placeholder menus below Examples', () => {
  it('open their placeholder pages, two levels down, in both languages', async () => {
    const { page, errors } = await newPage(browser, baseUrl);
    await logIn(page, 'admin', adminPassword);
    await page.goto('/examples/nested/menu1/menu1-2');
    await visible(page.getByText('“菜单一之二”是一个占位页面'));
    // The sidebar opens the groups leading to it.
    await visible(sideBar(page).getByText('多级菜单', { exact: true }));
    await visible(sideBar(page).getByText('菜单一', { exact: true }));
    await sideBar(page).getByRole('link', { name: '菜单一之一' }).click();
    await page.waitForURL((url) => url.pathname === '/examples/nested/menu1/menu1-1');
    await visible(page.getByText('“菜单一之一”是一个占位页面'));
    await sideBar(page).getByRole('link', { name: '菜单二' }).click();
    await page.waitForURL((url) => url.pathname === '/examples/nested/menu2');
    await visible(page.getByText('“菜单二”是一个占位页面'));

    await page.evaluate(() => localStorage.setItem('locale', 'en-US'));
    await page.reload();
    await visible(page.getByText('“Menu 2” is a placeholder page'));
    await visible(sideBar(page).getByText('Nested menu', { exact: true }));
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
