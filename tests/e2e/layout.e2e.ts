/**
 * Issue 20, item 17, in a real browser at 1280 and 390 px: no column of the parameter or dictionary
 * lists lies under their pinned action column; a template's versions keep their buttons in view; a
 * menu added under a leaf shows under its opened parent; the customer drawer keeps an e-mail on one
 * line on a phone; media statistics fits a phone; every pager says its total the same way in
 * English; the reset-password button shows a lock.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialog, launchBrowser, logIn, newPage, pickIcon, visible } from './browser';
import { buttonName as label } from './names';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(width = 1280, locale: 'zh-CN' | 'en-US' = 'zh-CN'): Promise<{ page: Page; errors: string[] }> {
  const opened = await newPage(browser, baseUrl);
  await opened.page.setViewportSize({ width, height: 850 });
  await logIn(opened.page, 'admin', adminPassword);
  if (locale !== 'zh-CN') await opened.page.evaluate((l) => localStorage.setItem('locale', l), locale);
  return opened;
}

/** The header cells of `table` that a pinned column covers, or whose text is cut. */
async function hiddenHeaders(table: Locator): Promise<string[]> {
  return table.evaluate((element) => {
    const pinned = element.querySelector('thead th.ant-table-cell-fix-right');
    const edge = pinned ? pinned.getBoundingClientRect().left : Infinity;
    return [...element.querySelectorAll('thead th')]
      .filter((th) => !th.classList.contains('ant-table-cell-fix-right') && th.textContent)
      .filter((th) => th.getBoundingClientRect().right > edge + 1 || th.scrollWidth > th.clientWidth + 1)
      .map((th) => th.textContent ?? '');
  });
}

describe('at 1280 px', () => {
  it('lays every column of the parameter and dictionary lists beside the action column, none under it', async () => {
    const { page } = await signedIn();
    await page.goto('/system/param');
    const params = page.locator('.generic-table');
    await visible(params.locator('.generic-slots-cell'));
    expect(await hiddenHeaders(params)).toEqual([]);
    // The spare values themselves, not only their heading.
    const spare = await params.locator('.generic-slots-cell').first().boundingBox();
    const actions = await params.locator('tbody td.ant-table-cell-fix-right').first().boundingBox();
    expect(spare!.x + spare!.width).toBeLessThanOrEqual(actions!.x + 1);

    await page.goto('/system/dic');
    const tables = page.locator('.generic-table');
    await visible(tables.nth(1).locator('tbody tr.ant-table-row'));
    for (const table of await tables.all()) expect(await hiddenHeaders(table)).toEqual([]);
  });

  it('keeps each template version’s buttons in view beside its note', async () => {
    const { page } = await signedIn();
    for (const version of ['2.0.0', '2.0.1']) {
      await page.evaluate(
        async (body) => fetch('/v2/js/template/create', { method: 'POST', headers: { access_token: localStorage.getItem('token') ?? '', 'content-type': 'application/json' }, body: JSON.stringify(body) }),
        { name: '版面模板', version, remark: '一段足够长的更新说明，用来确认它在半宽的卡片里换行而不是把按钮挤出视野', code: 'return 1;', parameters: [] },
      );
    }
    await page.goto('/tools/template');
    const card = page.locator('.template-page__list');
    await card.locator('tr.ant-table-row').filter({ hasText: '版面模板' }).locator('.ant-table-row-expand-icon').click();
    const items = card.locator('.template-versions__item');
    await visible(items);
    const cardBox = (await card.boundingBox())!;
    for (const button of await items.getByRole('button').all()) {
      const box = (await button.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
    }
  });

  it('opens the parent of a menu just added under it', async () => {
    const { page, errors } = await signedIn();
    const navigation = await page.evaluate(async () => {
      const headers = { access_token: localStorage.getItem('token') ?? '', 'content-type': 'application/json' };
      const apps = await (await fetch('/base/admin/app/list?pageNo=1&pageSize=100', { headers })).json();
      const base = apps.data.items.find((a: { code: string }) => a.code === 'base');
      const saved = await fetch('/base/admin/permission/saveOrUpdate', {
        method: 'POST',
        headers,
        body: JSON.stringify({ menuType: 3, appId: base.id, parentId: 0, name: '空导航', sort: 99, path: '/empty-nav', url: 'emptyNav', icon: 'setting' }),
      });
      return { code: (await saved.json()).code as number, appId: base.id as number };
    });
    expect(navigation.code).toBe(0);
    await page.goto('/system/permission');
    const directories = page.getByRole('region', { name: '菜单目录' });
    await directories.getByRole('tree').getByText('空导航', { exact: true }).click();
    await directories.getByRole('button', { name: label('新增') }).click();
    const form = dialog(page);
    await form.getByLabel('菜单', { exact: true }).check();
    await form.getByLabel('名称', { exact: true }).fill('新子菜单');
    await form.getByLabel('路径', { exact: true }).fill('/empty-nav/child');
    await form.getByLabel('访问地址', { exact: true }).fill('emptyChild');
    await pickIcon(form, 'setting');
    await form.getByRole('button', { name: label('保存') }).click();
    await form.waitFor({ state: 'hidden' });
    // Shown under its parent without opening it by hand.
    await visible(directories.getByRole('tree').getByText('新子菜单', { exact: true }));
    expect(errors).toEqual([]);
    // Other files share this server: the navigation goes again, with its child.
    const removed = await page.evaluate(async (appId) => {
      const headers = { access_token: localStorage.getItem('token') ?? '' };
      const tree = await (await fetch(`/base/admin/permission/filterTree?appId=${appId}`, { headers })).json();
      const node = (tree.data as Array<{ id: number; name: string }>).find((n) => n.name === '空导航');
      return (await (await fetch(`/base/admin/permission/delete?ids=${node?.id}`, { headers })).json()).code as number;
    }, navigation.appId);
    expect(removed).toBe(0);
  });

  it('says a list’s total in one wording in English, on declared and bespoke lists alike', async () => {
    const { page } = await signedIn(1280, 'en-US');
    const totals: string[] = [];
    for (const path of ['/system/param', '/business/mediaStats', '/organisation/user', '/business/staffSummary']) {
      await page.goto(path);
      const total = page.locator('.ant-pagination-total-text').first();
      await visible(total);
      totals.push((await total.innerText()).replace(/\d+/g, 'N'));
    }
    expect(new Set(totals)).toEqual(new Set(['Total: N']));
  });

  it('shows the reset-password action as a lock, not a magnifier', async () => {
    const { page } = await signedIn();
    await page.goto('/organisation/user');
    const reset = page.locator('tbody tr.ant-table-row').first().getByRole('button', { name: '重置密码' });
    await visible(reset);
    expect(await reset.locator('[role=img]').getAttribute('aria-label')).toBe('lock');
  });
});

describe('at 390 px', () => {
  it('keeps a customer’s e-mail on one line in the drawer, and media statistics within the screen', async () => {
    for (const locale of ['zh-CN', 'en-US'] as const) {
      const { page } = await signedIn(390, locale);
      await page.goto('/business/customer');
      await page.locator('tbody tr.ant-table-row').first().locator('td.ant-table-cell-fix-right button').first().click();
      const drawer = page.locator('.ant-drawer-content');
      const email = drawer.locator('.ant-descriptions-item-content').filter({ hasText: '@' }).first();
      await visible(email);
      const lineHeight = await email.evaluate((cell) => parseFloat(getComputedStyle(cell).lineHeight) || 22);
      expect((await email.boundingBox())!.height).toBeLessThan(lineHeight * 1.8 + 24);

      await page.goto('/business/mediaStats');
      await visible(page.locator('.ant-table-tbody tr.ant-table-row'));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.context().close();
    }
  });
});
