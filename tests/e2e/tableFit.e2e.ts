/**
 * Issue 21, item 5 (SPEC §9 "table height"), in a real browser at 1280 × 800 and 390 × 800: on a
 * long list scrolled to its middle, the table's header stays under the console bar and its pager
 * at the window's bottom, both readable (nothing over them), and the sideways scrollbar of a wide
 * table sits above the pager; a list's own pager (the staff list) does the same; a short list ends
 * with its last row and its pager, not with an empty box.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { clickOption, launchBrowser, logIn, newPage } from './browser';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');
/** Parameters only this file adds (and removes): enough for a page of 100 rows. */
const KEY_PREFIX = 'tablefit.row.';
const ADDED = 105;

let browser: Browser;
let page: Page;
let added: number[] = [];

async function apiCall<T>(path: string, body?: unknown): Promise<{ code: number; data: T }> {
  return page.evaluate(
    async ({ path, body }) => {
      const headers = { access_token: localStorage.getItem('token') ?? '', 'content-type': 'application/json' };
      const response = await fetch(path, body === undefined ? { headers } : { method: 'POST', headers, body: JSON.stringify(body) });
      return response.json();
    },
    { path, body },
  );
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newPage(browser, baseUrl));
  await page.setViewportSize({ width: 1280, height: 800 });
  await logIn(page, 'admin', adminPassword);
  for (let i = 0; i < ADDED; i++) {
    const saved = await apiCall<{ id: number }>('/base/admin/param/saveOrUpdate', { sortNum: 900, paramKey: `${KEY_PREFIX}${String(i).padStart(3, '0')}`, value: `v${i}` });
    expect(saved.code, JSON.stringify(saved)).toBe(0);
    added.push(saved.data.id);
  }
});

afterAll(async () => {
  // Other files share this server: the added parameters go again.
  if (page && added.length) {
    const removed = await apiCall(`/base/admin/param/delete?ids=${added.join(',')}`);
    expect(removed.code).toBe(0);
    added = [];
  }
  await browser?.close();
});

/** Scrolls the window so that the middle of the (first) table's rows is in the middle of the window. */
async function scrollToMiddle(): Promise<void> {
  await page.evaluate(() => {
    const body = document.querySelector('.ant-table-tbody')!.getBoundingClientRect();
    window.scrollTo(0, window.scrollY + body.top + body.height / 2 - window.innerHeight / 2);
  });
}

/**
 * What a user would find wrong with the table's header and pager where the window now is: either
 * outside the window, covered by something (the console bar, rows), or the sideways scrollbar under
 * the pager. Empty when both read well.
 */
async function headerAndPagerProblems(): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const bar = document.querySelector('.console-header')!.getBoundingClientRect();
    const wrapper = document.querySelector('.ant-table-wrapper')!;
    const table = wrapper.querySelector('.ant-table')!.getBoundingClientRect();
    if (table.top >= bar.bottom || table.bottom <= window.innerHeight) problems.push('the window is not in the middle of a long table');
    /** Whether the point at the middle of `element` shows that element (or what it holds). */
    const shown = (element: Element | null | undefined, name: string) => {
      if (!element) return void problems.push(`${name}: missing`);
      const box = element.getBoundingClientRect();
      if (box.top < bar.bottom - 1 || box.bottom > window.innerHeight + 1 || box.left < 0 || box.right > window.innerWidth + 1) {
        return void problems.push(`${name}: outside the window (${Math.round(box.top)}..${Math.round(box.bottom)} of ${window.innerHeight})`);
      }
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (!top || !element.contains(top)) problems.push(`${name}: covered by ${top?.className || top?.tagName}`);
    };
    const headers = [...wrapper.querySelectorAll('thead th')].filter((th) => th.textContent);
    shown(headers[0], `header "${headers[0]?.textContent}"`);
    const pinned = wrapper.querySelector('thead th.ant-table-cell-fix-right');
    if (pinned) shown(pinned, `header "${pinned.textContent}"`);
    const pager = wrapper.querySelector('.ant-pagination') ?? wrapper.parentElement!.querySelector('.ant-pagination');
    shown(pager?.querySelector('.ant-pagination-total-text'), 'pager total');
    shown(pager?.querySelector('.ant-pagination-next'), 'pager next');
    const scrollbar = wrapper.querySelector('.ant-table-sticky-scroll');
    if (pager && scrollbar && scrollbar.getBoundingClientRect().bottom > pager.getBoundingClientRect().top + 1) problems.push('the sideways scrollbar is under the pager');
    return problems;
  });
}

/** A phone's width, once the side menu has slid away (down to its 1 px border, over 0.2 s). */
async function toPhoneWidth(): Promise<void> {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.waitForFunction(() => (document.querySelector('.console-sider')?.getBoundingClientRect().width ?? 0) <= 1);
}

async function pickPageSize(size: number): Promise<void> {
  await page.locator('.ant-pagination-options .ant-select').first().click();
  await clickOption(page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: String(size) }).first());
}

describe('a long list scrolled to its middle', () => {
  it('keeps the parameter list’s header and pager in view at 1280 and at 390 px', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/system/param');
    const rows = page.locator('.generic-table tbody tr.ant-table-row');
    await rows.first().waitFor();
    await pickPageSize(100);
    await rows.nth(99).waitFor();
    await scrollToMiddle();
    expect(await headerAndPagerProblems()).toEqual([]);

    // A phone has no page-size picker: the same page of 100, narrower.
    await toPhoneWidth();
    await scrollToMiddle();
    expect(await page.locator('.generic-table .ant-table-sticky-scroll').count()).toBe(1);
    expect(await headerAndPagerProblems()).toEqual([]);
  });

  it('keeps the staff list’s header and its own pager in view at 1280 and at 390 px', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/organisation/user');
    const rows = page.locator('tbody tr.ant-table-row');
    await rows.first().waitFor();
    await pickPageSize(50);
    await rows.nth(20).waitFor();
    await scrollToMiddle();
    expect(await headerAndPagerProblems()).toEqual([]);

    await toPhoneWidth();
    await scrollToMiddle();
    expect(await headerAndPagerProblems()).toEqual([]);
  });
});

describe('a short list', () => {
  it('ends with its last row and its pager, without an empty box below', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/system/app');
    const lastRow = page.locator('.generic-table tbody tr.ant-table-row').last();
    await lastRow.waitFor();
    const gap = await page.evaluate(() => {
      const wrapper = document.querySelector('.generic-table')!.getBoundingClientRect();
      const rows = [...document.querySelectorAll('.generic-table tbody tr.ant-table-row')];
      const pager = document.querySelector('.generic-table .ant-pagination')!.getBoundingClientRect();
      return { belowRows: wrapper.bottom - rows[rows.length - 1]!.getBoundingClientRect().bottom, pager: pager.height, windowBelow: window.innerHeight - wrapper.bottom };
    });
    // Under the last row: the pager only; the rest of the window stays free.
    expect(gap.belowRows).toBeLessThanOrEqual(gap.pager + 1);
    expect(gap.windowBelow).toBeGreaterThan(0);
  });
});
