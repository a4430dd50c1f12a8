/**
 * Data scope in a real browser: an administrator limits a role to "own department and its groups"
 * through the role list's data scope dialog; a department supervisor holding that role then sees
 * only their department's and its group's people in the person list (the total counts only them),
 * and the server refuses them anyone else's detail.
 */
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashPassword, sha256Hex } from '../../server/auth/passwords';
import { answerDiscard, dialog, launchBrowser, logIn, newPage, visible } from './browser';
import { buttonName as label } from './names';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');
const databasePath = inject('databasePath');
const suffix = String(Date.now()).slice(-4);
const SALES = `销售部${suffix}`;
const SALES_GROUP = `销售一组${suffix}`;
const RESEARCH = `研发部${suffix}`;
const ROLE = { key: `deptLead${suffix}`, name: `部门主管${suffix}` };
const SUPERVISOR = { code: `lead${suffix}`, name: `销售主管${suffix}`, password: 'lead-pass-1' };
/** Staff by where they sit: the supervisor reaches the first three. */
const PEOPLE = {
  inSales: { code: `sales${suffix}`, name: `销售甲${suffix}` },
  inGroup: { code: `group${suffix}`, name: `销售乙${suffix}` },
  inResearch: { code: `rd${suffix}`, name: `研发丙${suffix}` },
  unplaced: { code: `free${suffix}`, name: `待分配丁${suffix}` },
};

let browser: Browser;
const ids: Record<string, number> = {};

/** A call of the console's API with the page's session; answers the envelope. */
function call(page: Page, path: string, body?: unknown): Promise<{ code: number; data: unknown }> {
  return page.evaluate(
    async ({ path, body }) => {
      const token = localStorage.getItem('token') ?? '';
      const init: RequestInit = body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) };
      return (await fetch(`/base/admin${path}`, { ...init, headers: { access_token: token, 'content-type': 'application/json' } })).json();
    },
    { path, body },
  );
}

/** The organisation as the administrator builds it: a department with a group, and another department. */
async function createOffices(page: Page): Promise<void> {
  const save = async (name: string, type: number, parentId: number) => {
    const answer = await call(page, '/office/saveOrUpdate', { name, remark: '', type, parentId });
    expect(answer.code, name).toBe(0);
    const tree = (await call(page, '/office/list')).data as Array<{ id: number; name: string; child?: Array<{ id: number; name: string }> }>;
    const found = tree.flatMap((node) => [node, ...(node.child ?? [])]).find((node) => node.name === name);
    return found!.id;
  };
  ids.sales = await save(SALES, 1, 0);
  ids.group = await save(SALES_GROUP, 2, ids.sales);
  ids.research = await save(RESEARCH, 1, 0);
}

/**
 * The staff and the role (no screen creates accounts with a password and roles in one go): written
 * to the database; the role's grants and scope are given through the role list's dialogs.
 */
async function createStaffAndRole(): Promise<void> {
  const db = new Database(databasePath);
  try {
    const base = db.prepare("select id from app where code = 'base'").get() as { id: number };
    const role = db.prepare("insert into role (sort_num, role_key, name, app_id, is_enable, role_type) values (91, ?, ?, ?, '1', 2)").run(ROLE.key, ROLE.name, base.id);
    ids.role = Number(role.lastInsertRowid);
    const insert = db.prepare("insert into user (code, name, password_hash, is_enable, must_change_password, create_time, office_id, admin_flag) values (?, ?, ?, '1', 0, ?, ?, ?)");
    const hash = await hashPassword(sha256Hex(SUPERVISOR.password));
    const supervisor = insert.run(SUPERVISOR.code, SUPERVISOR.name, hash, Date.now(), ids.sales, 1);
    db.prepare('insert into user_role (user_id, role_id) values (?, ?)').run(supervisor.lastInsertRowid, ids.role);
    const places = { inSales: ids.sales, inGroup: ids.group, inResearch: ids.research, unplaced: null };
    for (const [key, person] of Object.entries(PEOPLE)) {
      ids[key] = Number(insert.run(person.code, person.name, 'unusable', Date.now(), places[key as keyof typeof places], 0).lastInsertRowid);
    }
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('data scope', () => {
  it('an administrator limits a role to its holder’s department and groups through the dialog', async () => {
    const { page, errors } = await newPage(browser, baseUrl);
    await logIn(page, 'admin', adminPassword);
    await createOffices(page);
    await createStaffAndRole();

    await page.goto('/system/role');
    const row = page.getByRole('row').filter({ hasText: ROLE.key });
    await visible(row);
    // The person list's grant: the staff screen's list button with its APIs.
    await row.getByRole('button', { name: '授权' }).click();
    const grant = page.getByRole('dialog').filter({ hasText: '角色授权' }).last();
    await grant.getByPlaceholder('搜索菜单、按钮或接口').fill('user:list');
    await grant.locator('.ant-tree-treenode').filter({ hasText: 'user:list' }).first().locator('.ant-tree-checkbox').click();
    // The save follows its preview (who gains what).
    await grant.getByRole('button', { name: label('预览影响') }).click();
    await grant.getByRole('button', { name: label('确认保存') }).click();
    await visible(page.getByText('授权成功'));

    await row.getByRole('button', { name: '数据权限' }).click();
    let scope = dialog(page);
    await visible(scope.getByText(`数据权限 · ${ROLE.name}`));
    // A role never given a scope reaches all.
    await expect.poll(() => scope.getByLabel('全部数据', { exact: true }).isChecked()).toBe(true);
    // Chosen departments need at least one: the form says so before anything is sent.
    await scope.getByLabel('指定部门', { exact: true }).check();
    await visible(scope.getByText('勾选部门即包含该部门及其下全部小组', { exact: false }));
    await visible(scope.getByRole('tree').getByText(SALES_GROUP, { exact: true }));
    await scope.getByRole('button', { name: label('保存') }).click();
    await visible(scope.getByText('请选择数据范围部门'));
    // Ticking a department ticks (and locks) its groups.
    await scope.locator('.ant-tree-treenode').filter({ hasText: SALES }).first().locator('.ant-tree-checkbox').click();
    const groupNode = scope.locator('.ant-tree-treenode').filter({ hasText: SALES_GROUP });
    await expect.poll(() => groupNode.locator('.ant-tree-checkbox-checked.ant-tree-checkbox-disabled').count()).toBe(1);

    await scope.getByLabel('本部门及下级小组', { exact: true }).check();
    await scope.getByRole('button', { name: label('保存') }).click();
    await visible(page.getByText('数据范围已保存'));
    await scope.waitFor({ state: 'hidden' });

    // Read back as saved, on a phone's width: the dialog fits it.
    await page.setViewportSize({ width: 390, height: 844 });
    await row.getByRole('button', { name: '数据权限' }).click();
    scope = dialog(page);
    await expect.poll(() => scope.getByLabel('本部门及下级小组', { exact: true }).isChecked(), { timeout: 10000 }).toBe(true);
    const box = await scope.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    // A changed choice is not dropped silently: closing asks first.
    await scope.getByLabel('仅本人', { exact: true }).check();
    await scope.getByRole('button', { name: label('取消') }).click();
    await answerDiscard(page, '继续编辑');
    expect(await scope.getByLabel('仅本人', { exact: true }).isChecked()).toBe(true);
    await scope.getByLabel('本部门及下级小组', { exact: true }).check();
    // Esc closes it once the question is answered; the focus is in the dialog.
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
    await page.keyboard.press('Escape');
    await answerDiscard(page, '放弃');
    await scope.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the department supervisor holding it sees only their department’s and group’s people', async () => {
    const { page, errors } = await newPage(browser, baseUrl);
    await logIn(page, SUPERVISOR.code, SUPERVISOR.password);
    await page.goto('/organisation/user');
    await visible(page.getByRole('row').filter({ hasText: PEOPLE.inGroup.code }));
    await visible(page.getByText('共 3 条'));
    const shown = (await page.getByRole('row').allTextContents()).join('\n');
    for (const person of [SUPERVISOR, PEOPLE.inSales, PEOPLE.inGroup]) expect(shown).toContain(person.code);
    for (const person of [PEOPLE.inResearch, PEOPLE.unplaced]) expect(shown).not.toContain(person.code);
    expect(shown).not.toContain('admin');

    // Nobody outside the scope can be opened or found, by the server's answer too (1003 as a missing grant).
    expect((await call(page, `/user/detail?id=${ids.inResearch}`)).code).toBe(1003);
    expect((await call(page, `/user/detail?id=${ids.unplaced}`)).code).toBe(1003);
    expect((await call(page, `/user/detail?id=${ids.inGroup}`)).code).toBe(0);
    const search = (await call(page, '/user/list', { name: PEOPLE.inResearch.name, pageNo: 1, pageSize: 10 })) as { code: number; data: { total: number } };
    expect(search).toMatchObject({ code: 0, data: { total: 0 } });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
