/**
 * The statistics screens in a real browser on the demo seed (90 days of traffic): the dashboard
 * shows the server's totals and one line per chosen owner, redraws for another date, narrows to
 * the sub-system chosen (kept in the address), and the revenue summary changes page size and pages.
 */
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { clickOption, launchBrowser, logIn, newPage } from './browser';
import { buttonName as label } from './names';

const baseUrl = inject('baseUrl');
/** The demo seed's screens on a busy machine: allow the first answers time. */
const WAIT = { timeout: 20000 };
const adminPassword = inject('adminPassword');
const databasePath = inject('databasePath');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A call with the signed-in token, as the console makes it. */
function call<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const answer = await fetch(path, {
        method,
        headers: { access_token: localStorage.getItem('token') ?? '', ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return ((await answer.json()) as { data: unknown }).data;
    },
    { method, path, body },
  ) as Promise<T>;
}

async function chooseOwner(page: Page, name: string): Promise<void> {
  // Typed into the select's search, then taken with Enter: the open list may still be moving.
  await page.locator('.dashboard__owners .ant-select-selector').click();
  await page.keyboard.type(name);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option-active').filter({ hasText: name }).waitFor();
  await page.keyboard.press('Enter');
}

describe('the dashboard', () => {
  it("shows the server's totals and one line per chosen owner, and redraws for another date", async () => {
    const { page, errors } = await newPage(browser, baseUrl);
    await logIn(page, 'admin', adminPassword);
    await page.goto('/business/dashboard');
    const totals = await call<{ todayTraffics: number; yesterdayTraffics: number }>(page, 'GET', '/admin/dashboard/statistics/totalNums');
    expect(totals.yesterdayTraffics).toBeGreaterThan(0);
    await expect.poll(() => page.locator('[data-field=yesterdayTraffics] .dashboard__figure').textContent(), WAIT).toBe(totals.yesterdayTraffics.toLocaleString('zh-CN'));
    await expect.poll(() => page.locator('[data-field=trafficUserNums] .dashboard__figure').textContent(), WAIT).toBe('50');

    // All owners at first; then the two chosen ones.
    await page.locator('.traffic-chart canvas').first().waitFor({ state: 'visible', timeout: 20000 });
    await chooseOwner(page, '流量主01');
    await chooseOwner(page, '流量主02');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: label('查询') }).click();
    const chart = page.locator('.traffic-chart');
    await expect.poll(() => chart.getAttribute('data-lines'), WAIT).toBe('2');
    await expect.poll(() => chart.getAttribute('aria-label'), WAIT).toBe('流量主01, 流量主02');
    const todayTotal = await chart.getAttribute('data-total');

    const earlier = new Date(Date.now() - 2 * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
    const redraw = page.waitForResponse((r) => r.url().includes('/lineChart/traffic/siteUser') && r.url().includes(`datetime=${earlier}`));
    await page.getByPlaceholder('今天').fill(earlier);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: label('查询') }).click();
    await redraw;
    await expect.poll(() => chart.getAttribute('data-total'), WAIT).not.toBe(todayTotal);
    expect(await chart.getAttribute('data-lines')).toBe('2');
    // A whole past day: both owners' 24 hours, as the server adds them up.
    const expected = await call<{ items: Array<{ value: number[] }> }>(page, 'GET', `/admin/dashboard/lineChart/traffic/siteUser?datetime=${earlier}&siteUserIds=${await ownerIds(page)}`);
    expect(Number(await chart.getAttribute('data-total'))).toBe(expected.items.flatMap((line) => line.value).reduce((a, b) => a + b, 0));

    await page.getByRole('tab', { name: '查看媒介人员' }).click();
    await expect.poll(() => page.locator('.dashboard__team:visible li').count(), WAIT).toBe(4);
    expect(errors).toEqual([]);
  });
});

describe('the dashboard sub-system selector', () => {
  it('narrows the totals, the chart and its owners to one sub-system, keeps it in the address, and goes back to all', async () => {
    const { page, errors } = await newPage(browser, baseUrl);
    await logIn(page, 'admin', adminPassword);
    const apps = await call<{ items: Array<{ id: number; name: string }> }>(page, 'GET', '/base/admin/app/list?pageNo=1&pageSize=100');
    const all = await call<{ trafficUserNums: number }>(page, 'GET', '/admin/dashboard/statistics/totalNums');
    // A sub-system that has owners, but not all of them.
    let chosen: { id: number; name: string; owners: number } | undefined;
    for (const app of apps.items) {
      const owners = (await call<{ trafficUserNums: number }>(page, 'GET', `/admin/dashboard/statistics/totalNums?serviceId=${app.id}`)).trafficUserNums;
      if (owners > 0 && owners < all.trafficUserNums) chosen = { ...app, owners };
      if (chosen) break;
    }
    expect(chosen).toBeDefined();

    await page.goto('/business/dashboard');
    const owners = page.locator('[data-field=trafficUserNums] .dashboard__figure');
    await expect.poll(() => owners.textContent(), WAIT).toBe(String(all.trafficUserNums));
    await page.locator('.dashboard__service .ant-select-selector').click();
    await clickOption(page.locator('.ant-select-dropdown:visible').getByText(chosen!.name, { exact: true }));
    await expect.poll(() => owners.textContent(), WAIT).toBe(String(chosen!.owners));
    expect(new URL(page.url()).searchParams.get('serviceId')).toBe(String(chosen!.id));
    // The owners offered to the chart are that sub-system's only.
    const offered = await call<{ items: Array<{ userName: string }> }>(page, 'GET', `/siteuser/list?serviceId=${chosen!.id}`);
    const everyOwner = await call<{ items: unknown[] }>(page, 'GET', '/siteuser/list');
    expect(offered.items.length).toBeLessThan(everyOwner.items.length);
    // The sub-system list may still be closing: its options must not be read as the owners'.
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count(), WAIT).toBe(0);
    await page.locator('.dashboard__owners .ant-select-selector').click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await options.first().waitFor(WAIT);
    for (const shown of await options.allTextContents()) expect(offered.items.map((o) => o.userName)).toContain(shown);
    await page.keyboard.press('Escape');

    // A shared link opens the same view; clearing the selector goes back to all.
    await page.goto(`/business/dashboard?serviceId=${chosen!.id}`);
    await expect.poll(() => owners.textContent(), WAIT).toBe(String(chosen!.owners));
    await page.locator('.dashboard__service').hover();
    await page.locator('.dashboard__service .ant-select-clear').click();
    await expect.poll(() => owners.textContent(), WAIT).toBe(String(all.trafficUserNums));
    expect(new URL(page.url()).searchParams.has('serviceId')).toBe(false);
    expect(errors).toEqual([]);
  });
});

async function ownerIds(page: Page): Promise<string> {
  const owners = await call<{ items: Array<{ userId: number; userName: string }> }>(page, 'GET', '/siteuser/list');
  return owners.items.filter((o) => ['流量主01', '流量主02'].includes(o.userName)).map((o) => o.userId).join(',');
}

/** Puts the accounts in a business team of their own (no screen manages teams): revenue is taken for business-team members only. */
function joinBusinessTeam(userIds: number[]): void {
  const db = new Database(databasePath);
  try {
    const team = db.prepare("insert into team (name, team_type) values ('e2e 商务组', 2)").run();
    const add = db.prepare('insert into team_member (team_id, user_id) values (?, ?)');
    for (const userId of userIds) add.run(team.lastInsertRowid, userId);
  } finally {
    db.close();
  }
}

describe('the business staff summary', () => {
  it('changes page size and pages', async () => {
    const { page, errors } = await newPage(browser, baseUrl);
    await logIn(page, 'admin', adminPassword);
    // Revenue for every account this month, so the summary has more rows than a page of 30.
    const staff = await call<{ items: Array<{ id: number }> }>(page, 'GET', '/base/admin/user/list?pageNo=1&pageSize=100');
    const month = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7);
    joinBusinessTeam(staff.items.map((s) => s.id));
    await call(page, 'POST', '/base/admin/statistics/ingest', { revenue: staff.items.map((s, i) => ({ adminId: s.id, month, amount: 1000 + i })) });
    await page.goto('/business/staffSummary');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row:visible');
    await expect.poll(() => rows.count(), WAIT).toBe(30);
    expect(await rows.first().locator('td').nth(1).textContent()).toMatch(/^¥[\d,]+\.\d{2}$/);
    await page.locator('.ant-pagination-item-2').click();
    await expect.poll(() => rows.count(), WAIT).toBe(staff.items.length - 30);
    await page.locator('.ant-pagination-options .ant-select-selector').click();
    await clickOption(page.locator('.ant-select-dropdown:visible .ant-select-item-option-content').getByText('50 条/页', { exact: true }));
    await expect.poll(() => rows.count(), WAIT).toBe(staff.items.length);
    expect(errors).toEqual([]);
  });
});
