/**
 * Issue 20, items 12–16, in a real browser on the demo seed: media statistics says why it refuses
 * a period (the server's own message) and offers no future day; a published template version
 * starts the next one; the dashboard's 导入统计数据 button ingests a batch and shows what the server
 * refused; the chart stops at the current hour, draws the ten busiest owners and a legend that
 * hides no item; the reveal log names its lists and shows a reveal at once; a UA record's match
 * type reads as words.
 */
import Database from 'better-sqlite3';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { answerDiscard, dialog, launchBrowser, logIn, newPage, visible } from './browser';
import { buttonName as label } from './names';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');
const databasePath = inject('databasePath');
const WAIT = { timeout: 20000 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(): Promise<{ page: Page; errors: string[] }> {
  const opened = await newPage(browser, baseUrl);
  await logIn(opened.page, 'admin', adminPassword);
  return opened;
}

/** A call with the signed-in token, as the console makes it; the whole envelope. */
function call<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ code: number; msg: string; data: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const answer = await fetch(path, {
        method,
        headers: { access_token: localStorage.getItem('token') ?? '', ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return answer.json();
    },
    { method, path, body },
  ) as Promise<{ code: number; msg: string; data: T }>;
}

/** Today in the server's zone (Asia/Shanghai), as the picker and the chart read it. */
const shanghai = (offsetDays = 0) => new Date(Date.now() + 8 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe('media statistics', () => {
  it('offers no future day, and says (as the server does) why a period over 366 days is refused', async () => {
    const { page, errors } = await signedIn();
    await page.goto('/business/mediaStats');
    const inputs = page.locator('.ant-picker-range input');
    await inputs.first().click();
    const tomorrow = shanghai(1);
    // The range picker shows this month and the next: tomorrow is on view, and not to be picked.
    const future = page.locator(`.ant-picker-dropdown td[title="${tomorrow}"]`);
    await visible(future);
    expect(await future.first().getAttribute('class')).toContain('ant-picker-cell-disabled');

    await inputs.nth(0).fill('2024-01-01');
    await page.keyboard.press('Enter');
    await inputs.nth(1).fill('2025-06-30');
    await page.keyboard.press('Enter');
    const server = await call<unknown>(page, 'GET', '/base/admin/mediaStats/list?startDate=2024-01-01&endDate=2025-06-30');
    expect(server.code).toBe(1001);
    const message = page.locator('.statistics-table__period .ant-form-item-explain-error');
    await visible(message);
    expect(server.msg).toContain(await message.innerText());
    expect(await message.innerText()).toMatch(/366/);
    expect(await page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('template publishing', () => {
  it('starts a new version from a published one, asking first when the form holds typed work', async () => {
    const { page, errors } = await signedIn();
    const template = { name: '派生模板', remark: '第一版说明', code: 'return params.day;', parameters: [{ xianshiName: '日期', paramName: 'day', remark: '统计日' }] };
    for (const version of ['1.0.8', '1.0.9']) expect((await call(page, 'POST', '/v2/js/template/create', { ...template, version })).code).toBe(0);
    await page.goto('/tools/template');
    const form = page.locator('form#template-publish');
    await form.getByLabel('模板名称', { exact: true }).fill('写了一半');

    const row = page.locator('.template-list tr.ant-table-row').filter({ hasText: '派生模板' });
    await row.locator('.ant-table-row-expand-icon').click();
    const first = page.locator('.template-versions__item').filter({ hasText: '1.0.8' });
    await first.getByRole('button', { name: label('新版本') }).click();
    await answerDiscard(page, '继续编辑');
    expect(await form.getByLabel('模板名称', { exact: true }).inputValue()).toBe('写了一半');

    await first.getByRole('button', { name: label('新版本') }).click();
    await answerDiscard(page, '放弃');
    await expect.poll(() => form.getByLabel('模板名称', { exact: true }).inputValue()).toBe('派生模板');
    expect(await form.getByLabel('更新说明', { exact: true }).inputValue()).toBe('第一版说明');
    expect(await form.locator('.cm-content').innerText()).toContain('return params.day;');
    expect(await form.getByLabel('参数名 1', { exact: true }).inputValue()).toBe('day');
    expect(await form.getByLabel('版本号', { exact: true }).inputValue()).toBe('');
    // The next version after the template's latest (1.0.9), not after the one copied.
    await form.getByRole('button', { name: label('填入 1.0.10') }).click();
    expect(await form.getByLabel('版本号', { exact: true }).inputValue()).toBe('1.0.10');

    // A form filled this way is typed work: leaving through 取消 asks.
    await form.getByRole('button', { name: label('取消') }).click();
    await answerDiscard(page, '继续编辑');
    await form.getByRole('button', { name: label('提交') }).click();
    await visible(page.getByText('已发布 派生模板 1.0.10'));

    // From the version drawer too.
    const drawer = page.locator('.ant-drawer-content');
    await visible(drawer.getByText('派生模板 · 1.0.10'));
    await drawer.getByRole('button', { name: label('基于此版本发布新版本') }).click();
    await expect.poll(() => form.getByLabel('模板名称', { exact: true }).inputValue()).toBe('派生模板');
    await visible(form.getByRole('button', { name: label('填入 1.0.11') }));
    expect(errors).toEqual([]);
  });
});

describe('the dashboard', () => {
  it('ingests a picked batch from its own button, whose dialog loads only when opened, and names a refused row', async () => {
    const { page, errors } = await signedIn();
    await page.goto('/business/dashboard');
    await visible(page.locator('.traffic-chart canvas'));
    const loadedDialog = () => page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /IngestDialog/.test(entry.name)));
    expect(await loadedDialog()).toBe(false);
    await page.getByRole('button', { name: label('导入统计数据') }).click();
    const ingest = dialog(page);
    await visible(ingest.getByText('选择或粘贴一个 JSON 批次', { exact: false }));
    expect(await loadedDialog()).toBe(true);

    const owners = await call<{ items: Array<{ userId: number }> }>(page, 'GET', '/siteuser/list');
    const owner = owners.data.items[0]!.userId;
    const file = join(tmpdir(), `ingest-${Date.now()}.json`);
    writeFileSync(file, JSON.stringify({ traffic: [{ siteUserId: owner, hour: `${shanghai(-3)} 04`, count: 7 }, { siteUserId: owner, hour: `${shanghai(-3)} 05`, count: 8 }], revenue: [] }));
    await ingest.getByTestId('ingest-file').setInputFiles(file);
    await visible(ingest.getByText('流量 2 行，收入 0 行'));
    await ingest.getByRole('button', { name: label('导入') }).click();
    await visible(ingest.getByText('已导入：流量 2 行，收入 0 行'));

    await ingest.getByLabel('或在这里粘贴 JSON').fill(JSON.stringify({ traffic: [{ siteUserId: owner, hour: `${shanghai(-3)} 06`, count: 1 }, { siteUserId: owner, hour: `${shanghai(-3)} 25`, count: 1 }] }));
    await ingest.getByRole('button', { name: label('导入') }).click();
    await visible(ingest.getByText('整批未导入'));
    await visible(ingest.getByText('流量第 2 行 · 小时 (hour)'));
    await visible(ingest.getByText('时间须为 YYYY-MM-DD HH'));
    expect(errors).toEqual([]);
  });

  it('draws no point after the current hour, the ten busiest owners by default, and a legend whose every item shows', async () => {
    const { page, errors } = await signedIn();
    await page.goto('/business/dashboard');
    const chart = page.locator('.traffic-chart');
    await visible(chart.locator('canvas'));
    const answer = await call<{ items: Array<{ name: string; value: Array<number | null> }> }>(page, 'GET', '/admin/dashboard/lineChart/traffic/siteUser');
    const hour = new Date(Date.now() + 8 * 3_600_000).getUTCHours();
    // The server claims no count for the hours to come (the chart drew them as 0 before).
    if (hour < 23) expect(answer.data.items.every((line) => line.value.slice(hour + 2).every((v) => v === null))).toBe(true);
    await expect.poll(() => chart.getAttribute('data-lines'), WAIT).toBe('10');
    expect(Number(await chart.getAttribute('data-points'))).toBeLessThanOrEqual(10 * Math.min(24, hour + 2));
    await visible(page.getByTestId('chart-top').getByText('共 50 个'));

    const items = page.locator('.traffic-chart__legend-item');
    expect(await items.count()).toBe(10);
    for (const item of await items.all()) {
      const box = (await item.boundingBox())!;
      // Nothing lies over an item: the element at its centre is the item itself.
      const onTop = await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('.traffic-chart__legend-item') !== null, [box.x + box.width / 2, box.y + box.height / 2]);
      expect(onTop).toBe(true);
    }
    const first = items.first();
    await first.click();
    expect(await first.getAttribute('aria-pressed')).toBe('false');
    expect(errors).toEqual([]);
  });
});

describe('the reveal log', () => {
  it('names the list a reveal was of, and shows a reveal without the drawer being reopened', async () => {
    const { page, errors } = await signedIn();
    await page.goto('/business/customer');
    await page.locator('tbody tr.ant-table-row').nth(3).getByRole('button', { name: '查看' }).click();
    const drawer = page.locator('.ant-drawer-content');
    await drawer.getByRole('tab', { name: '明文查看记录' }).click();
    const logRows = drawer.locator('.ant-tabs-tabpane-active tbody tr.ant-table-row');
    await visible(drawer.locator('.ant-tabs-tabpane-active .ant-table'));
    const before = await logRows.count();
    await drawer.getByRole('tab', { name: '收款信息' }).click();
    await drawer.locator('.ant-tabs-tabpane-active tbody tr.ant-table-row').first().getByRole('button', { name: '查看本行明文' }).click();
    await drawer.getByRole('tab', { name: '明文查看记录' }).click();
    await expect.poll(() => logRows.count(), WAIT).toBe(before + 1);
    await visible(logRows.filter({ hasText: '收款信息' }));
    expect(await drawer.locator('.ant-tabs-tabpane-active').innerText()).not.toContain('customerBank');
    expect(errors).toEqual([]);
  });
});

describe('the UA list', () => {
  it('reads a record’s match type as the names of its parts', async () => {
    const db = new Database(databasePath);
    try {
      db.prepare("insert into ua_record (ua_message, ua_status, parser_type) values ('PolishAgent/1.0 (match type)', '1', 'ua,device')").run();
    } finally {
      db.close();
    }
    const { page, errors } = await signedIn();
    await page.goto('/tools/ua');
    await page.getByLabel('UA详情', { exact: true }).fill('PolishAgent');
    await page.getByRole('button', { name: label('查询') }).click();
    const row = page.getByRole('row').filter({ hasText: 'PolishAgent/1.0' });
    await visible(row.getByText('浏览器、设备'));
    expect(await row.innerText()).not.toContain('ua,device');
    expect(errors).toEqual([]);
  });
});
