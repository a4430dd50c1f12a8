/**
 * The monitoring screens in a real browser against the real server: an edit made through the
 * console shows in the audit log with its before → after, its call named as the action (the path in
 * the tooltip) and its table, columns and join-table keys in words; a failed login shows in the
 * login log with its reason; ending another browser's session from the online users sends that
 * browser to the login page at its next step, and one's own session is marked and warned about.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { staffInput } from '../api/staffFixtures';
import { clickOption, dialog, launchBrowser, logIn, newPage, visible } from './browser';
import { buttonName as label } from './names';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');

let browser: Browser;
let page: Page;
let pageErrors: string[];
/** The id of the parameter the first test adds: other files share this server and its log. */
let recordId = '';
const row = (text: string) => page.getByRole('row').filter({ hasText: text });

/** Picks an option of the search form's select labelled `field`. */
async function choose(field: string, option: string): Promise<void> {
  await page.getByLabel(field, { exact: true }).click();
  await clickOption(page.locator('.ant-select-dropdown:visible .ant-select-item-option').getByText(option, { exact: true }));
}

async function openScreen(navigation: string, screen: string, path: RegExp): Promise<void> {
  await page.getByRole('menuitem', { name: navigation }).first().click();
  await page.getByRole('menuitem', { name: screen }).first().click();
  await page.waitForURL(path);
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page, errors: pageErrors } = await newPage(browser, baseUrl));
  await logIn(page, 'admin', adminPassword);
});

afterAll(async () => {
  await browser?.close();
});

describe('the audit log', () => {
  it('shows an edit made in the console, who made it, and its fields before → after', async () => {
    await openScreen('系统管理', '参数配置', /\/system\/param$/);
    await page.getByRole('button', { name: label('新增') }).click();
    const form = dialog(page);
    await form.getByLabel('排序号', { exact: true }).fill('5');
    await form.getByLabel('Key', { exact: true }).fill('audit.e2e');
    await form.getByLabel('值', { exact: true }).fill('before');
    await form.getByRole('button', { name: label('保存') }).click();
    await form.waitFor({ state: 'hidden' });
    await row('audit.e2e').getByRole('button', { name: '编辑' }).click();
    await dialog(page).getByLabel('值', { exact: true }).fill('after');
    await dialog(page).getByRole('button', { name: label('保存') }).click();
    await dialog(page).waitFor({ state: 'hidden' });

    await openScreen('系统监控', '操作日志', /\/monitor\/audit$/);
    // The call as its action's name in the permission tree, the path in its tooltip; the table in words.
    const latest = page.getByRole('row').filter({ hasText: '参数配置 · 保存' }).first();
    await visible(latest.getByRole('cell', { name: '修改', exact: true }));
    await visible(latest.getByRole('cell', { name: '超级管理员 (admin)', exact: true }));
    expect(await latest.getByText('参数配置 · 保存', { exact: true }).getAttribute('title')).toBe('/base/admin/param/saveOrUpdate');
    await visible(latest.getByRole('cell', { name: '参数配置', exact: true }));
    expect(await latest.innerText()).not.toContain('/base/admin');
    await latest.getByRole('button', { name: '查看' }).click();
    const drawer = page.locator('.ant-drawer-content');
    await visible(drawer.getByRole('row').filter({ hasText: '值' }).filter({ hasText: 'before' }).filter({ hasText: 'after' }));
    recordId = (await drawer.locator('.ant-descriptions-item-label').getByText('记录', { exact: true }).locator('xpath=ancestor::th[1]/following-sibling::td[1]').textContent()) ?? '';
    expect(recordId).toMatch(/^\d+$/);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });

  it('finds rows by call and by change, and nothing outside a time range', async () => {
    // Every filter of the audit log is exact (years of rows: each is an index's range), the call by its whole path.
    await page.getByLabel('调用', { exact: true }).fill('/base/admin/param/saveOrUpdate');
    await page.getByLabel('记录', { exact: true }).fill(recordId);
    await page.getByRole('button', { name: label('查询') }).click();
    // Count the rows of exactly this record.
    const ofRecord = page.getByRole('row').filter({ has: page.getByRole('cell', { name: recordId, exact: true }) });
    // Only the audit log's rows: the parameter list stays open (hidden) in its own tab.
    const otherCalls = page.locator('.ant-table-tbody tr.ant-table-row:visible').filter({ hasNotText: '参数配置 · 保存' });
    await expect.poll(() => otherCalls.count(), { timeout: 15000 }).toBe(0);
    await expect.poll(() => ofRecord.count(), { timeout: 15000 }).toBe(2);
    await choose('变更类型', '新增');
    await page.getByRole('button', { name: label('查询') }).click();
    await expect.poll(() => ofRecord.count(), { timeout: 15000 }).toBe(1);
    await page.getByRole('button', { name: label('重置') }).click();
    await page.getByPlaceholder('开始时间').fill('2000-01-01 00:00');
    await page.getByPlaceholder('结束时间').fill('2000-01-02 00:00');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: label('查询') }).click();
    await visible(page.locator('.ant-table-placeholder .ant-empty-description:visible'));
    expect(await page.getByRole('row').filter({ hasText: '参数配置 · 保存' }).count()).toBe(0);
  });

  it('names a join table’s key, and a password column, in words rather than as stored', async () => {
    const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
    const api = (path: string) => page.evaluate(async ([p, t]) => (await (await fetch(p!, { headers: { access_token: t! } })).json()).code as number, [path, token]);
    // A staff member given a role (a user_role row), then a reset password (password_hash, must_change_password).
    const roles = await page.evaluate(async (t) => (await (await fetch('/base/admin/role/list?pageNo=1&pageSize=100', { headers: { access_token: t } })).json()).data.items, token);
    const role = (roles as Array<{ id: number; roleKey: string }>).find((r) => r.roleKey !== 'admin')!;
    const staffId = await page.evaluate(
      async ([body, t]) => (await (await fetch('/base/admin/user/saveOrUpdate', { method: 'POST', headers: { access_token: t!, 'content-type': 'application/json' }, body: body! })).json()).data.id as number,
      [JSON.stringify({ userCenter: staffInput(7301, { name: '审计对象' }), roleIds: String(role.id) }), token],
    );
    expect(staffId).toEqual(expect.any(Number));
    expect(await api(`/base/admin/user/resetPwd?ids=${staffId}&pwd=${'a'.repeat(64)}`)).toBe(0);

    await page.reload();
    await page.getByLabel('数据表', { exact: true }).fill('user_role');
    await page.getByRole('button', { name: label('查询') }).click();
    const link = page.getByRole('row').filter({ hasText: '员工角色' }).filter({ hasText: `员工 ${staffId} · 角色 ${role.id}` });
    await visible(link);
    expect(await link.first().innerText()).not.toContain('user_role');

    await page.getByRole('button', { name: label('重置') }).click();
    await page.getByLabel('调用', { exact: true }).fill('/base/admin/user/resetPwd');
    await page.getByRole('button', { name: label('查询') }).click();
    const reset = page.getByRole('row').filter({ hasText: '人员列表 · 重置密码' }).first();
    await visible(reset);
    await reset.getByRole('button', { name: '查看' }).click();
    const drawer = page.locator('.ant-drawer-content');
    await visible(drawer.getByRole('rowheader', { name: '密码', exact: true }));
    const shown = await drawer.innerText();
    for (const raw of ['password_hash', '/base/admin/user/resetPwd']) expect(shown).not.toContain(raw);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });
});

describe('the login log', () => {
  it('records a failed login with its address and reason', async () => {
    const { page: other } = await newPage(browser, baseUrl);
    await other.goto('/login');
    await other.getByPlaceholder('请输入用户名').fill('admin');
    await other.getByPlaceholder('请输入密码').fill('not-the-password');
    await other.getByRole('button', { name: label('登录') }).click();
    await visible(other.getByText('用户名或密码错误'));
    await other.context().close();

    await openScreen('系统监控', '登录日志', /\/monitor\/login$/);
    await choose('原因', '密码错误');
    await page.getByRole('button', { name: label('查询') }).click();
    const failed = page.getByRole('row').filter({ hasText: '密码错误' }).first();
    await visible(failed.getByRole('cell', { name: 'admin', exact: true }));
    await visible(failed.getByRole('cell', { name: '127.0.0.1', exact: true }));
  });
});

describe('online users', () => {
  it('ends another browser’s session: its next step goes to the login page', async () => {
    const { page: other } = await newPage(browser, baseUrl);
    await other.setExtraHTTPHeaders({ 'user-agent': 'Other browser for the e2e' });
    await logIn(other, 'admin', adminPassword);

    await openScreen('系统监控', '在线用户', /\/monitor\/online$/);
    const session = page.getByRole('row').filter({ hasText: 'Other browser for the e2e' });
    await visible(session);
    await session.getByRole('button', { name: '结束会话' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '结束会话' });
    await visible(confirm.getByText('这是您自己的账号'));
    await confirm.getByRole('button', { name: label('结束') }).click();
    await visible(page.getByText('已结束 1 个会话'));
    await session.waitFor({ state: 'detached' });

    await other.reload();
    await other.waitForURL(/\/login/);
    await other.context().close();

    // This browser's own session is marked, and ending it says first that it signs this browser out.
    const own = page.getByRole('row').filter({ hasText: '当前会话' });
    await visible(own);
    expect(await own.count()).toBe(1);
    await own.getByRole('button', { name: '结束会话' }).click();
    const asked = page.getByRole('dialog').filter({ hasText: '结束会话' });
    await visible(asked.getByText('这是您正在使用的会话'));
    await asked.getByRole('button', { name: label('取消') }).click();
    await asked.waitFor({ state: 'hidden' });
    // This browser's own session goes on.
    await page.reload();
    await visible(page.getByRole('menuitem', { name: '系统监控' }));
    expect(pageErrors).toEqual([]);
  });
});
