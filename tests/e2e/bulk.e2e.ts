/**
 * Bulk actions in a real browser: three members checked on the person list are disabled in one
 * confirmed action; the table and the database agree, and the members the filter left out keep
 * their state. Members of their own (codes bulk-e2e-*), so no other file's rows change.
 */
import Database from 'better-sqlite3';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialog, launchBrowser, logIn, newPage } from './browser';
import { buttonName as label } from './names';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');
const databasePath = inject('databasePath');
const MEMBERS = [
  { code: 'bulke2e1', name: '批量甲' },
  { code: 'bulke2e2', name: '批量乙' },
  { code: 'bulke2e3', name: '批量丙' },
  { code: 'bulke2e4', name: '批量丁' },
];

let browser: Browser;

function stateOf(code: string): string {
  const db = new Database(databasePath, { readonly: true });
  try {
    return (db.prepare('select is_enable as isEnable from user where code = ?').get(code) as { isEnable: string }).isEnable;
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  const db = new Database(databasePath);
  try {
    const insert = db.prepare("insert into user (code, name, password_hash, is_enable, must_change_password, create_time) values (?, ?, 'x', '1', 1, ?)");
    for (const member of MEMBERS) insert.run(member.code, member.name, Date.now());
  } finally {
    db.close();
  }
});

afterAll(async () => {
  await browser?.close();
});

describe('bulk actions on the person list', () => {
  it('disables three checked members in one confirmed action', async () => {
    const { page, errors } = await newPage(browser, baseUrl);
    await logIn(page, 'admin', adminPassword);
    await page.goto('/organisation/user');
    await page.locator('form[id="user-search"]').getByLabel('员工编号', { exact: true }).fill('bulke2e');
    await page.getByRole('button', { name: label('查询') }).click();
    const rows = page.locator('tbody tr.ant-table-row');
    await expect.poll(async () => (await rows.count()) === 4 && (await rows.allInnerTexts()).every((text) => text.includes('bulke2e'))).toBe(true);

    for (const member of MEMBERS.slice(0, 3)) await rows.filter({ hasText: member.code }).locator('td.ant-table-selection-column .ant-checkbox-wrapper').click();
    const bar = page.locator('.generic-bulk');
    await expect.poll(() => bar.innerText()).toContain('已选 3 项');
    await bar.getByRole('button', { name: label('批量停用') }).click();
    const confirm = dialog(page);
    await expect.poll(() => confirm.innerText()).toContain('3 条记录');
    await confirm.getByRole('button', { name: label('确定') }).click();

    await page.getByText('已修改 3 条记录').first().waitFor();
    await expect.poll(() => bar.count()).toBe(0);
    for (const member of MEMBERS.slice(0, 3)) {
      expect(stateOf(member.code)).toBe('0');
      await expect.poll(() => rows.filter({ hasText: member.code }).locator('.ant-switch').getAttribute('aria-checked')).toBe('false');
    }
    expect(stateOf('bulke2e4')).toBe('1');
    await expect.poll(() => rows.filter({ hasText: 'bulke2e4' }).locator('.ant-switch').getAttribute('aria-checked')).toBe('true');
    expect(errors).toEqual([]);
  });
});
