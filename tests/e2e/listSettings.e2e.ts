/**
 * Column settings follow the user, not the browser: a column hidden on the parameters list and on
 * the person list is still hidden when the same user signs in from a fresh browser (its own
 * storage), and reset brings it back there too. A user of their own, so no other file's lists change.
 */
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashPassword, sha256Hex } from '../../server/auth/passwords';
import { launchBrowser, logIn, newPage, visible } from './browser';
import { buttonName as label } from './names';

const baseUrl = inject('baseUrl');
const databasePath = inject('databasePath');
const ARRANGER = { code: 'arranger1', name: '列设置员', password: 'arranger-pass-1' };

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  await createArranger(['/system/param', '/organisation/user']);
});
afterAll(async () => {
  await browser?.close();
});

/** A staff member whose one role holds the screens at `paths`: their menus, buttons and calls. */
async function createArranger(paths: readonly string[]): Promise<void> {
  const db = new Database(databasePath);
  try {
    const base = db.prepare("select id from app where code = 'base'").get() as { id: number };
    const nodes = db.prepare('select id, parent_id as parentId, path from permission where app_id = ?').all(base.id) as Array<{ id: number; parentId: number; path: string | null }>;
    const granted = new Set<number>();
    const below = (id: number): void => {
      granted.add(id);
      for (const child of nodes.filter((n) => n.parentId === id)) below(child.id);
    };
    for (const path of paths) {
      const menu = nodes.find((n) => n.path === path)!;
      below(menu.id);
      for (let parent = nodes.find((n) => n.id === menu.parentId); parent; parent = nodes.find((n) => n.id === parent!.parentId)) granted.add(parent.id);
    }
    const role = db.prepare("insert into role (sort_num, role_key, name, app_id, is_enable, role_type) values (91, 'arrangers', '列设置角色', ?, '1', 2)").run(base.id);
    const grant = db.prepare('insert into role_permission (role_id, permission_id) values (?, ?)');
    for (const id of granted) grant.run(role.lastInsertRowid, id);
    const hash = await hashPassword(sha256Hex(ARRANGER.password));
    const user = db
      .prepare("insert into user (code, name, password_hash, is_enable, must_change_password, create_time) values (?, ?, ?, '1', 0, ?)")
      .run(ARRANGER.code, ARRANGER.name, hash, Date.now());
    db.prepare('insert into user_role (user_id, role_id) values (?, ?)').run(user.lastInsertRowid, role.lastInsertRowid);
  } finally {
    db.close();
  }
}

/** The list's column headers, left to right (the stuck header is the table's own). */
async function headers(page: Page): Promise<string[]> {
  const cells = page.locator('.ant-table-thead').first().locator('th');
  return (await cells.allInnerTexts()).map((text) => text.trim()).filter(Boolean);
}

/** Signs in as the arranger in a browser of their own and opens `path` once its rows show. */
async function freshBrowserAt(path: string): Promise<{ page: Page; errors: string[] }> {
  const opened = await newPage(browser, baseUrl);
  await logIn(opened.page, ARRANGER.code, ARRANGER.password);
  await opened.page.goto(path);
  await visible(opened.page.locator('tbody tr.ant-table-row'));
  return opened;
}

/** Opens the column settings and waits until the popover has settled: a click during its entrance can land on nothing. */
async function openColumnSettings(page: Page): Promise<void> {
  await page.getByRole('button', { name: '列设置' }).click();
  await visible(page.getByRole('group', { name: '显示的列' }));
  await page.waitForFunction(() => !document.querySelector('.ant-popover.ant-zoom-big-enter, .ant-popover.ant-zoom-big-appear'));
}

async function toggleColumn(page: Page, column: string): Promise<void> {
  await openColumnSettings(page);
  const box = page.getByRole('group', { name: '显示的列' }).getByRole('checkbox', { name: column });
  await box.click();
  await expect.poll(() => box.isChecked()).toBe(false);
  await page.keyboard.press('Escape');
}

describe('column settings follow the user to another browser', () => {
  it.each([
    { list: 'parameters', path: '/system/param', column: '备注' },
    { list: 'person list', path: '/organisation/user', column: '身份证号' },
  ])('$list: a hidden column stays hidden in a fresh browser, and reset there shows it again', async ({ path, column }) => {
    const first = await freshBrowserAt(path);
    expect(await headers(first.page)).toContain(column);
    // The save has landed before another browser reads.
    const saved = first.page.waitForResponse((response) => response.url().includes('/base/admin/preference/save'));
    await toggleColumn(first.page, column);
    await expect.poll(() => headers(first.page)).not.toContain(column);
    expect((await (await saved).json()).code).toBe(0);

    const second = await freshBrowserAt(path);
    await expect.poll(() => headers(second.page)).not.toContain(column);
    const forgotten = second.page.waitForResponse((response) => response.url().includes('/base/admin/preference/delete'));
    await openColumnSettings(second.page);
    await second.page.getByRole('button', { name: label('恢复默认') }).click();
    await expect.poll(() => headers(second.page)).toContain(column);
    expect((await (await forgotten).json()).code).toBe(0);

    await first.page.context().close();
    const third = await freshBrowserAt(path);
    await expect.poll(() => headers(third.page)).toContain(column);
    expect([...first.errors, ...second.errors, ...third.errors]).toEqual([]);
    await second.page.context().close();
    await third.page.context().close();
  });
});
