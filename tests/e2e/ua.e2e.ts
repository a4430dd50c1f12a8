/**
 * The UA rule tool in a real browser: an operator opens an unprocessed record, writes a device
 * rule, sees the bench parse it and count the other records it matches, publishes, and sees the
 * record (and, as asked, those others) processed. A rule that would match every UA, or most real
 * ones, is refused under its field before submitting. Then the rule is unpublished from the rules
 * dialog and the record reopened. Typed work in the rule dialog is not thrown away by Esc or ×
 * without the console's '放弃修改？' question (issue 20, item 2).
 */
import Database from 'better-sqlite3';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { answerDiscard, dialog, discardQuestion, launchBrowser, logIn, newPage, visible } from './browser';
import { buttonName } from './names';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');
const databasePath = inject('databasePath');
const RECORD = 'OrbitPhone/2.0 (Zephyr Z7; NovaOS 3.1; zh_CN)';
const OTHERS = ['OrbitPhone/2.1 (Zephyr Z8; NovaOS 3.2)', 'OrbitLite/1.4 (Zephyr Z5; NovaOS 2.0)'];

let browser: Browser;

function unpublishedRules(): number {
  const db = new Database(databasePath);
  try {
    return (db.prepare('select count(*) as n from ua_rule where unpublish_time is not null').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

function statuses(): string[] {
  const db = new Database(databasePath);
  try {
    return [RECORD, ...OTHERS].map((ua) => (db.prepare('select ua_status from ua_record where ua_message = ?').get(ua) as { ua_status: string }).ua_status);
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  const db = new Database(databasePath);
  try {
    for (const ua of [RECORD, ...OTHERS]) db.prepare("insert into ua_record (ua_message, ua_status) values (?, '0')").run(ua);
  } finally {
    db.close();
  }
});

afterAll(async () => {
  await browser?.close();
});

describe('publishing a UA rule', () => {
  it('tests a device rule on the bench, then publishes it and marks the matching records processed', async () => {
    const { page, errors } = await newPage(browser, baseUrl);
    await logIn(page, 'admin', adminPassword);
    await page.goto('/tools/ua');
    await page.getByLabel('UA详情', { exact: true }).fill('Zephyr Z7');
    await page.getByRole('button', { name: buttonName('查询') }).click();
    const row = page.getByRole('row').filter({ hasText: RECORD });
    await visible(row);
    await expect(row.textContent()).resolves.toContain('未处理');
    // Its UA-id beside the row number, as the server knows it; the publish dialog is titled with it.
    const found = await page.evaluate(async (record) => {
      const answer = await fetch(`/v2/ua/list?pageNo=1&pageSize=30&uaMessage=${encodeURIComponent(record)}`, { headers: { access_token: localStorage.getItem('token') ?? '' } });
      return ((await answer.json()) as { data: { items: Array<{ id: number }> } }).data.items[0]!.id;
    }, RECORD);
    const headers = await page.locator('.generic-table thead th').allTextContents();
    expect(headers.slice(0, 2)).toEqual(['序号', 'UA-id']);
    expect(await row.getByRole('cell').nth(1).textContent()).toBe(String(found));
    await row.getByRole('button', { name: '发布', exact: true }).click();

    const form = dialog(page);
    await visible(form.locator('.ant-modal-title').getByText(String(found)));
    await visible(form.getByText(RECORD));
    await form.getByTestId('deviceParser.regex').fill('Zephyr (Z\\d+)');
    await form.getByTestId('deviceParser.device_replacement').fill('Zephyr $1');
    await form.getByTestId('deviceParser.brand_replacement').fill('Orbit');

    // The bench parses the record with the draft, beside the current set (which says Other).
    const bench = form.getByTestId('ua-bench');
    await visible(bench.getByText('Zephyr Z7 (Orbit, Z7)'));
    await expect(bench.textContent()).resolves.toContain('Other');
    const matches = form.getByTestId('ua-matches');
    await visible(matches.getByText('还能匹配其他 2 条未处理记录'));

    // A catastrophic pattern gets the server's verdict before submitting.
    await form.getByTestId('deviceParser.regex').fill('(Zephyr+)+ (Z\\d+)');
    await visible(form.getByText(/嵌套的量词/));
    // So does one matching every string, and (from the bench's preview) one matching most real ones.
    await form.getByTestId('deviceParser.regex').fill('^');
    await visible(form.getByText(/能匹配空字符串/));
    await form.getByTestId('deviceParser.regex').fill('(Zephyr|Mozilla)');
    await visible(form.locator('.ant-form-item-explain-error').getByText(/参考 UA 字符串/));
    await form.getByTestId('deviceParser.regex').fill('Zephyr (Z\\d+)');
    await visible(matches.getByText('还能匹配其他 2 条未处理记录'));

    await form.getByText('发布时把这些记录也标记为已处理').click();
    await form.getByRole('button', { name: buttonName('提交') }).click();
    await visible(page.getByText('提交成功'));
    await form.waitFor({ state: 'hidden' });
    await visible(page.getByRole('row').filter({ hasText: RECORD }).getByText('已处理'));
    expect(statuses()).toEqual(['1', '1', '1']);
    expect(errors).toEqual([]);
  });

  it('unpublishes the rule from its record and reopens the record', async () => {
    const { page, errors } = await newPage(browser, baseUrl);
    await logIn(page, 'admin', adminPassword);
    await page.goto('/tools/ua');
    await page.getByLabel('UA详情', { exact: true }).fill('Zephyr Z7');
    await page.getByRole('button', { name: buttonName('查询') }).click();
    const row = page.getByRole('row').filter({ hasText: RECORD });
    await visible(row.getByText('已处理'));

    await row.getByRole('button', { name: '撤销发布', exact: true }).click();
    const rules = dialog(page);
    const rule = rules.getByTestId('ua-rules').getByRole('row').filter({ hasText: 'Zephyr (Z\\d+)' });
    await visible(rule.getByText('生效中'));
    await rule.getByRole('button', { name: buttonName('撤销发布') }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: buttonName('确定') }).click();
    await visible(rule.getByText(/已撤销/));
    expect(unpublishedRules()).toBe(1);
    await rules.getByRole('button', { name: buttonName('关闭') }).click();
    await rules.waitFor({ state: 'hidden' });

    await row.getByRole('button', { name: '重新打开', exact: true }).click();
    const reopen = dialog(page);
    await visible(reopen.getByText(/改回“未处理”/));
    await reopen.getByRole('button', { name: buttonName('重新打开') }).click();
    await visible(page.getByRole('row').filter({ hasText: RECORD }).getByText('未处理'));
    expect(statuses()[0]).toBe('0');
    expect(errors).toEqual([]);
  });
});

describe('the rule dialog keeps typed work', () => {
  async function openPublish(page: Page): Promise<Locator> {
    await page.goto('/tools/ua');
    await page.getByLabel('UA详情', { exact: true }).fill('Zephyr Z8');
    await page.getByRole('button', { name: buttonName('查询') }).click();
    const row = page.getByRole('row').filter({ hasText: OTHERS[0]! });
    await visible(row);
    await row.getByRole('button', { name: '发布', exact: true }).click();
    const form = dialog(page);
    await visible(form.getByText(OTHERS[0]!));
    // Keys go to the dialog once it holds the focus (as a user's would, after it opened).
    await form.getByTestId('ua-string').click();
    return form;
  }

  it('closes untouched at once; asks on Esc and on × once a regex or a sample was typed', async () => {
    const { page, errors } = await newPage(browser, baseUrl);
    await logIn(page, 'admin', adminPassword);
    let form = await openPublish(page);
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'hidden' });
    expect(await discardQuestion(page).count()).toBe(0);

    form = await openPublish(page);
    await form.getByTestId('deviceParser.regex').fill('Zephyr (Z\\d+)');
    await page.keyboard.press('Escape');
    await answerDiscard(page, '继续编辑');
    expect(await form.getByTestId('deviceParser.regex').inputValue()).toBe('Zephyr (Z\\d+)');
    await form.getByRole('button', { name: 'Close', exact: true }).click();
    await answerDiscard(page, '继续编辑');
    expect(await form.getByTestId('deviceParser.regex').inputValue()).toBe('Zephyr (Z\\d+)');
    await form.getByRole('button', { name: 'Close', exact: true }).click();
    await answerDiscard(page, '放弃');
    await form.waitFor({ state: 'hidden' });

    // A pasted sample alone is typed work too.
    form = await openPublish(page);
    await form.getByPlaceholder(/更多样例/).fill('OrbitPhone/9.9 (Zephyr Z9)');
    await page.keyboard.press('Escape');
    await answerDiscard(page, '继续编辑');
    expect(await form.getByPlaceholder(/更多样例/).inputValue()).toBe('OrbitPhone/9.9 (Zephyr Z9)');
    await form.getByRole('button', { name: buttonName('取消') }).click();
    await answerDiscard(page, '放弃');
    await form.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
  });
});

