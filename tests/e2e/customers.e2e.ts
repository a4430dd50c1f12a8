/**
 * The support staff's customer views in a real browser against the real server: a member of the
 * 客服 role, whose password an administrator reset, finds a customer and reads it masked; an
 * administrator reveals one record and sees the reveal recorded; every declared list opens a
 * read-only show view.
 */
import Database from 'better-sqlite3';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sha256Hex } from '../../server/auth/passwords';
import { launchBrowser, logIn, newPage, visible } from './browser';
import { buttonName as label } from './names';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');
const databasePath = inject('databasePath');
const SUPPORT = { code: 'support1', name: '客服小林', password: 'support-pass-1' };
const MASKED_PHONE = /^1\d{2}\*{4}\d{4}$/;

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

/** A staff member of the support role: added with the role, then given a password by reset, as an administrator hands one over. */
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
  const temporary = 'temp-pass-77';
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

const drawer = (page: Page) => page.locator('.ant-drawer-content');

/** The value cell beside a label of the show view. */
function shown(page: Page, field: string): Locator {
  return drawer(page).locator('.ant-descriptions-item-label').filter({ hasText: new RegExp(`^${field}$`) }).locator('xpath=following-sibling::td[1]');
}

describe('support staff', () => {
  it('see only the customer screens, find a customer and read it masked, with its three lists', async () => {
    const { page, errors } = await newPage(browser, baseUrl);
    await logIn(page, SUPPORT.code, SUPPORT.password);
    await visible(page.getByRole('menuitem', { name: '业务统计' }));
    for (const other of ['系统管理', '系统监控', '组织人员', '工具', '示例']) expect(await page.getByRole('menuitem', { name: other }).count()).toBe(0);

    await page.goto('/business/customer');
    const firstName = (await page.locator('tbody tr.ant-table-row').first().locator('td').nth(1).innerText()).trim();
    await page.getByRole('textbox', { name: '姓名' }).fill(firstName);
    await page.getByRole('button', { name: label('查询') }).click();
    const row = page.locator('tbody tr.ant-table-row').filter({ hasText: firstName }).first();
    await visible(row);
    // No write action anywhere: only the show view.
    expect(await page.getByRole('button', { name: label('新增') }).count()).toBe(0);
    expect(await row.getByRole('button', { name: '编辑' }).count()).toBe(0);

    await row.getByRole('button', { name: '查看' }).click();
    await visible(drawer(page).getByText(`客户详情 · ${firstName}`));
    await expect.poll(async () => (await shown(page, '手机号').innerText()).trim()).toMatch(MASKED_PHONE);
    expect(await shown(page, '邮箱').innerText()).toContain('***@');
    expect(await drawer(page).getByRole('button', { name: label('查看明文') }).count()).toBe(0);

    for (const tab of ['收款信息', '收货地址', '发票信息']) {
      await drawer(page).getByRole('tab', { name: tab }).click();
      await visible(drawer(page).locator('.ant-tabs-tabpane-active tbody tr.ant-table-row'));
      expect(await drawer(page).getByRole('button', { name: label('查看本行明文') }).count()).toBe(0);
    }
    expect(await drawer(page).getByRole('tab', { name: '明文查看记录' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await drawer(page).waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
  });
});

describe('an administrator', () => {
  it('reveals one customer and sees the reveal recorded', async () => {
    const { page, errors } = await newPage(browser, baseUrl);
    await logIn(page, 'admin', adminPassword);
    await page.goto('/business/customer');
    await page.locator('tbody tr.ant-table-row').first().getByRole('button', { name: '查看' }).click();
    await expect.poll(async () => (await shown(page, '手机号').innerText()).trim()).toMatch(MASKED_PHONE);
    await drawer(page).getByRole('button', { name: label('查看明文') }).click();
    await visible(drawer(page).getByText('已显示明文，本次查看已记录'));
    await expect.poll(async () => (await shown(page, '手机号').innerText()).trim()).toMatch(/^1\d{10}$/);

    await drawer(page).getByRole('tab', { name: '明文查看记录' }).click();
    await visible(drawer(page).locator('.ant-tabs-tabpane-active tbody tr.ant-table-row').filter({ hasText: '超级管理员' }));
    expect(errors).toEqual([]);
  });

  it('opens the read-only show view of a sub-system and of a parameter from their lists', async () => {
    const { page, errors } = await newPage(browser, baseUrl);
    await logIn(page, 'admin', adminPassword);
    for (const [path, field] of [['/system/app', '子系统编号'], ['/system/param', 'Key']] as const) {
      await page.goto(path);
      await page.locator('tbody tr.ant-table-row').first().getByRole('button', { name: '查看' }).click();
      await visible(drawer(page).locator('.ant-descriptions-item-label').filter({ hasText: field }));
      expect(await drawer(page).locator('input, textarea').count()).toBe(0);
      await page.keyboard.press('Escape');
      await drawer(page).waitFor({ state: 'hidden' });
    }
    expect(errors).toEqual([]);
  });
});
