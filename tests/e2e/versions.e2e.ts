/**
 * Edits never overwrite someone else's, in a real browser against the real server: two tabs edit
 * one parameter; the second save meets the first one's change, stays open with what was typed and
 * shows their value beside it; "keep mine" then stores it, and "take theirs" loads theirs.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialog, launchBrowser, logIn, newPage, visible, WAIT_MS } from './browser';
import { buttonName as label } from './names';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');
const KEY = 'e2e.version';

let browser: Browser;
let first: Page;
let second: Page;
let pageErrors: string[];

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page: first, errors: pageErrors } = await newPage(browser, baseUrl));
  await logIn(first, 'admin', adminPassword);
  // A second tab of the same browser: the same session.
  second = await first.context().newPage();
  second.setDefaultTimeout(WAIT_MS);
  second.on('pageerror', (error) => pageErrors.push(error.message));
});
afterAll(async () => {
  expect(pageErrors).toEqual([]);
  await browser?.close();
});

const row = (page: Page, key: string) => page.getByRole('row').filter({ hasText: key });

/** Opens the parameter's edit dialog in `page` and waits for its values. */
async function edit(page: Page): Promise<Locator> {
  // The dialog opens on the list's copy and reads the record again: type once that read is in.
  const read = page.waitForResponse((response) => response.url().includes('/param/detail'));
  await row(page, KEY).getByRole('button', { name: '编辑' }).click();
  await read;
  const form = dialog(page);
  await visible(form);
  await expect.poll(() => form.getByLabel('Key', { exact: true }).inputValue()).toBe(KEY);
  return form;
}

async function saveIn(form: Locator): Promise<void> {
  await form.getByRole('button', { name: label('保存') }).click();
}

describe('two tabs editing one parameter', () => {
  it('adds the parameter both tabs will edit', async () => {
    await first.goto('/system/param');
    await first.getByRole('button', { name: label('新增') }).click();
    const form = dialog(first);
    await visible(form);
    await form.getByLabel('排序号', { exact: true }).fill('9');
    await form.getByLabel('Key', { exact: true }).fill(KEY);
    await form.getByLabel('值', { exact: true }).fill('as created');
    await saveIn(form);
    await form.waitFor({ state: 'hidden' });
    await visible(row(first, KEY));
    await second.goto('/system/param');
    await visible(row(second, KEY));
  });

  it('keeps the second tab’s text when the first saved meanwhile, shows theirs beside it, and "keep mine" stores it', async () => {
    const late = await edit(second);
    await late.getByLabel('值', { exact: true }).fill('typed in the second tab');

    const early = await edit(first);
    await early.getByLabel('值', { exact: true }).fill('saved in the first tab');
    await saveIn(early);
    await early.waitFor({ state: 'hidden' });

    await saveIn(late);
    const notice = late.getByRole('alert').filter({ hasText: '保存前已有他人修改了这条记录' });
    await visible(notice);
    expect(await late.getByLabel('值', { exact: true }).inputValue()).toBe('typed in the second tab');
    const line = notice.getByRole('row').filter({ hasText: '值' });
    expect(await line.locator('td').allInnerTexts()).toEqual(['saved in the first tab', 'typed in the second tab']);

    await notice.getByRole('button', { name: label('保留我的') }).click();
    await late.waitFor({ state: 'hidden' });
    await visible(row(second, KEY).getByText('typed in the second tab'));
    await first.reload();
    await visible(row(first, KEY).getByText('typed in the second tab'));
  });

  it('"take theirs" loads the other tab’s value into the form', async () => {
    const late = await edit(second);
    await late.getByLabel('备注', { exact: true }).fill('my remark');
    const early = await edit(first);
    await early.getByLabel('值', { exact: true }).fill('their value');
    await saveIn(early);
    await early.waitFor({ state: 'hidden' });

    await saveIn(late);
    const notice = late.getByRole('alert').filter({ hasText: '保存前已有他人修改了这条记录' });
    await visible(notice);
    await notice.getByRole('button', { name: label('采用对方的') }).click();
    await notice.waitFor({ state: 'hidden' });
    expect(await late.getByLabel('值', { exact: true }).inputValue()).toBe('their value');
    await saveIn(late);
    await late.waitFor({ state: 'hidden' });
    await visible(row(second, KEY).getByText('their value'));
  });
});
