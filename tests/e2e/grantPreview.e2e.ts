/**
 * The grant preview in a real browser: authorising a role held by two staff members first shows
 * how many gain access (nothing saved yet), and confirming then saves the grant.
 */
import Database from 'better-sqlite3';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, logIn, newPage, visible } from './browser';
import { buttonName as label } from './names';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');
const databasePath = inject('databasePath');
const ROLE_KEY = 'gp_e2e';

let browser: Browser;

function withDatabase<T>(work: (db: Database.Database) => T): T {
  const db = new Database(databasePath);
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/** A base-app role granting nothing, held by two staff members (written directly: the preview is under test, not the staff screen). */
function roleWithTwoHolders(): number {
  return withDatabase((db) => {
    const app = db.prepare("select id from app where code = 'base'").get() as { id: number };
    const role = db
      .prepare("insert into role (sort_num, role_key, name, app_id, is_enable, role_type) values (9, ?, '预览测试角色', ?, '1', 2)")
      .run(ROLE_KEY, app.id).lastInsertRowid;
    for (const code of ['gpe2e01', 'gpe2e02']) {
      const user = db.prepare("insert into user (code, name, password_hash, is_enable, must_change_password, create_time) values (?, ?, 'x', '1', 0, ?)").run(code, `预览${code}`, Date.now());
      db.prepare('insert into user_role (user_id, role_id) values (?, ?)').run(user.lastInsertRowid, role);
    }
    return Number(role);
  });
}

const grantsOf = (roleId: number) => withDatabase((db) => db.prepare('select count(*) as n from role_permission where role_id = ?').get(roleId) as { n: number }).n;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('grant preview', () => {
  it('the authorisation dialog shows how many staff gain access before saving, then saves', async () => {
    const roleId = roleWithTwoHolders();
    const { page, errors } = await newPage(browser, baseUrl);
    await logIn(page, 'admin', adminPassword);
    await page.goto('/system/role');
    const row = page.getByRole('row').filter({ hasText: ROLE_KEY });
    await visible(row);
    await row.getByRole('button', { name: '授权' }).click();
    const grant = page.getByRole('dialog').filter({ hasText: '角色授权' }).last();
    await grant.getByPlaceholder('搜索菜单、按钮或接口').fill('param:list');
    await grant.locator('.ant-tree-treenode').filter({ hasText: 'param:list' }).locator('.ant-tree-checkbox').click();

    await grant.getByRole('button', { name: label('预览影响') }).click();
    const preview = grant.getByTestId('grant-preview');
    await visible(preview.getByText('2 名人员获得权限'));
    // Nothing is saved by the preview.
    expect(grantsOf(roleId)).toBe(0);
    // Names on demand, under the node they gain.
    await preview.getByRole('button', { name: '查看名单' }).first().click();
    await visible(preview.getByText(/预览gpe2e01 \(gpe2e01\)/));

    await grant.getByRole('button', { name: label('确认保存') }).click();
    await visible(page.getByText('授权成功'));
    expect(grantsOf(roleId)).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
