/**
 * Dictionaries, report templates and the sample table in a real browser against the real server:
 * a dictionary built from the master–detail screen, its items reordered and switched; a change to
 * the business types seen by a sub-system dropdown in a second tab without a reload; two versions
 * of a template published and listed, and two huge ones whose diff answers "too different" at
 * once; the sample table paged by the server.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialog, launchBrowser, logIn, newPage, visible } from './browser';
import { buttonName as label } from './names';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');

let browser: Browser;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page, errors: pageErrors } = await newPage(browser, baseUrl));
  await logIn(page, 'admin', adminPassword);
});
afterAll(async () => {
  expect(pageErrors).toEqual([]);
  await browser?.close();
});

const master = () => page.locator('.generic-master-detail__master');
const detail = () => page.locator('.generic-master-detail__detail');

/** The texts of the detail list's "text" column, top to bottom (past the rows' check boxes). */
async function itemTexts(): Promise<string[]> {
  const rows = detail().locator('tbody tr.ant-table-row');
  const texts: string[] = [];
  for (let i = 0; i < (await rows.count()); i++) texts.push((await rows.nth(i).locator('td:not(.ant-table-selection-column)').nth(1).innerText()).trim());
  return texts;
}

async function addItem(name: string, value: string): Promise<void> {
  await detail().getByRole('button', { name: label('新增') }).click();
  const form = dialog(page);
  await visible(form);
  await form.getByLabel('文本', { exact: true }).fill(name);
  await form.getByLabel('值', { exact: true }).fill(value);
  await form.getByRole('button', { name: label('保存') }).click();
  await form.waitFor({ state: 'hidden' });
  await visible(detail().getByRole('row').filter({ hasText: name }));
}

describe('dictionary management', () => {
  it('adds a dictionary, which becomes selectable, with three items in the order added', async () => {
    await page.goto('/system/dic');
    await visible(master().getByRole('row').filter({ hasText: 'business_type' }));
    await master().getByRole('button', { name: label('新增') }).click();
    const form = dialog(page);
    await visible(form);
    await form.getByLabel('字典名称', { exact: true }).fill('浏览器测试颜色');
    await form.getByLabel('key值', { exact: true }).fill('e2e_colour');
    await form.getByLabel('普通').check();
    await form.getByRole('button', { name: label('保存') }).click();
    await form.waitFor({ state: 'hidden' });

    await master().getByRole('row').filter({ hasText: 'e2e_colour' }).getByRole('cell').nth(1).click();
    await visible(detail().getByText('浏览器测试颜色 · 字典项'));
    await addItem('红', 'red');
    await addItem('绿', 'green');
    await addItem('蓝', 'blue');
    expect(await itemTexts()).toEqual(['红', '绿', '蓝']);
  });

  it('moves an item down and up, keeping the order after a reload', async () => {
    await detail().getByRole('row').filter({ hasText: '红' }).getByRole('button', { name: '下移' }).click();
    await expect.poll(itemTexts).toEqual(['绿', '红', '蓝']);
    await detail().getByRole('row').filter({ hasText: '蓝' }).getByRole('button', { name: '上移' }).click();
    await expect.poll(itemTexts).toEqual(['绿', '蓝', '红']);
    // The first row offers no "up", the page's last no "down".
    expect(await detail().getByRole('row').filter({ hasText: '绿' }).getByRole('button', { name: '上移' }).count()).toBe(0);
    expect(await detail().getByRole('row').filter({ hasText: '红' }).getByRole('button', { name: '下移' }).count()).toBe(0);

    await page.reload();
    await master().getByRole('row').filter({ hasText: 'e2e_colour' }).getByRole('cell').nth(1).click();
    await expect.poll(itemTexts).toEqual(['绿', '蓝', '红']);
  });

  it('switches an item off at once, which the server then leaves out of the dropdowns', async () => {
    const item = detail().getByRole('row').filter({ hasText: '蓝' });
    await item.getByRole('switch').click();
    await visible(page.getByText('操作成功'));
    expect(await item.getByRole('switch').getAttribute('aria-checked')).toBe('false');
    const answer = await page.evaluate(async () => {
      const response = await fetch('/base/admin/dic/ListByKey?dicKey=e2e_colour', { headers: { access_token: localStorage.getItem('token') ?? '' } });
      return (await response.json()) as { data: { name: string }[] };
    });
    expect(answer.data.map((entry) => entry.name)).toEqual(['绿', '红']);
  });

  it('shows a business type added in one tab in the sub-system dropdown of another, without a reload', async () => {
    const other = await page.context().newPage();
    await other.goto('/system/app');
    await visible(other.getByRole('button', { name: label('新增') }));
    await other.getByRole('button', { name: label('新增') }).click();
    const form = dialog(other);
    await visible(form);
    const businessType = form.locator('.ant-form-item').filter({ hasText: '业务类型' }).locator('.ant-select-selector');
    const options = other.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await businessType.click();
    await visible(options.filter({ hasText: '业务系统' }));
    expect(await options.filter({ hasText: '数据平台' }).count()).toBe(0);
    await other.keyboard.press('Escape');

    await page.bringToFront();
    await master().getByRole('row').filter({ hasText: 'business_type' }).getByRole('cell').nth(1).click();
    await visible(detail().getByText('业务类型 · 字典项'));
    await addItem('数据平台', '4');

    await other.bringToFront();
    await businessType.click();
    await visible(options.filter({ hasText: '数据平台' }));
    await other.close();
  });
});

describe('report templates', () => {
  const form = () => page.locator('.template-form');

  /** Fills the whole form; the form empties itself after each publication. */
  async function fill(version: string, script: string, parameters: [string, string][] = []): Promise<void> {
    await form().getByLabel('模板名称', { exact: true }).fill('e2e_report');
    await form().getByLabel('版本号', { exact: true }).fill(version);
    await form().getByLabel('更新说明', { exact: true }).fill(`发布 ${version}`);
    await form().getByRole('textbox', { name: '脚本' }).click();
    await page.keyboard.insertText(script);
    for (const [index, [shown, name]] of parameters.entries()) {
      await form().getByRole('button', { name: label('添加参数') }).click();
      await form().getByLabel(`显示名称 ${index + 1}`, { exact: true }).fill(shown);
      await form().getByLabel(`参数名 ${index + 1}`, { exact: true }).fill(name);
    }
  }

  /** Submits; the published version opens read-only in a drawer, which Esc closes. */
  async function submitVersion(version: string): Promise<void> {
    await form().getByRole('button', { name: label('提交') }).click();
    await visible(page.getByText(`已发布 e2e_report ${version}`));
    const drawer = page.locator('.ant-drawer-content').filter({ hasText: `e2e_report · ${version}` });
    await visible(drawer);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  }

  it('publishes a template with two parameters, then a second version, and lists both', async () => {
    await page.goto('/tools/template');
    await visible(form());
    await fill('1.0.0', 'select 1;', [['开始日期', 'startDate'], ['结束日期', 'endDate']]);
    await submitVersion('1.0.0');

    // The same version again is refused, and the typed form stays.
    await fill('1.0.0', 'select 2;');
    await form().getByRole('button', { name: label('提交') }).click();
    await visible(form().getByText('该模板已发布过这个版本'));
    expect(await form().getByLabel('版本号', { exact: true }).inputValue()).toBe('1.0.0');

    await form().getByLabel('版本号', { exact: true }).fill('1.1.0');
    await form().getByLabel('更新说明', { exact: true }).fill('发布 1.1.0');
    await submitVersion('1.1.0');

    const listed = page.getByRole('row').filter({ hasText: 'e2e_report' });
    await visible(listed.filter({ hasText: '1.1.0' }));
    await listed.first().locator('.ant-table-row-expand-icon').click();
    const versions = page.locator('.template-versions__item');
    await visible(versions.filter({ hasText: '发布 1.0.0' }));
    await visible(versions.filter({ hasText: '发布 1.1.0' }));
  });

  /** Publishes a version of 30,000 unique lines (200,000 characters, the most the server takes) through the API. */
  async function publishHuge(version: string, salt: string): Promise<number> {
    return page.evaluate(
      async ({ version, salt }) => {
        const code = Array.from({ length: 30_000 }, (_, index) => `${salt}${index}`.padEnd(5, '_')).join('\n') + '\n';
        const response = await fetch('/v2/js/template/create', {
          method: 'POST',
          headers: { 'content-type': 'application/json', access_token: localStorage.getItem('token') ?? '' },
          body: JSON.stringify({ name: 'e2e_diffbomb', version, remark: `huge ${version}`, code, parameters: [] }),
        });
        return ((await response.json()) as { code: number }).code;
      },
      { version, salt },
    );
  }

  it('answers "too different" for two huge versions instead of freezing the page (the diff bomb)', async () => {
    expect(await publishHuge('1', 'a')).toBe(0);
    expect(await publishHuge('2', 'b')).toBe(0);
    await page.goto('/tools/template');
    const listed = page.getByRole('row').filter({ hasText: 'e2e_diffbomb' });
    await visible(listed);
    await listed.locator('.ant-table-row-expand-icon').click();
    const versions = page.locator('.template-versions__item');
    const open = async (version: string) => {
      await versions.filter({ hasText: `huge ${version}` }).getByRole('button', { name: label('查看') }).click();
      const drawer = page.locator('.ant-drawer-content').filter({ hasText: `e2e_diffbomb · ${version}` });
      await visible(drawer);
      return drawer;
    };

    const second = await open('2');
    await second.getByRole('tab', { name: '与上一版本 1 对比' }).click();
    await visible(second.getByText('差异过大，无法对比'));
    // The page still answers: the tab switches back to the script at once.
    await second.getByRole('tab', { name: '脚本' }).click();
    await visible(second.getByRole('tabpanel', { name: '脚本' }));
    await page.keyboard.press('Escape');
    await second.waitFor({ state: 'hidden' });

    // The first version has no earlier one to compare with, and its tab says so.
    const first = await open('1');
    await first.getByRole('tab', { name: '对比（无上一版本）' }).click();
    await visible(first.getByText('这是第一个版本'));
    await page.keyboard.press('Escape');
    await first.waitFor({ state: 'hidden' });
  });
});

describe('the sample table', () => {
  it('is paged by the server', async () => {
    await page.goto('/examples/table');
    await visible(page.getByText('共 120 条'));
    const firstTitle = async () => (await page.locator('tbody tr.ant-table-row').first().locator('td').nth(1).innerText()).trim();
    const onFirstPage = await firstTitle();
    await page.locator('.ant-pagination').getByTitle('2', { exact: true }).click();
    await expect.poll(firstTitle).not.toBe(onFirstPage);
    expect(await page.locator('tbody tr.ant-table-row').count()).toBe(10);
    await expect.poll(() => page.locator('tbody tr.ant-table-row').first().locator('td').first().innerText()).toBe('11');
  });

  it('sorts by a sortable column on the server, across pages', async () => {
    await page.goto('/examples/table');
    await visible(page.getByText('共 120 条'));
    const views = async () => Promise.all((await page.locator('tbody tr.ant-table-row td:nth-child(5)').allInnerTexts()).map((v) => Number(v.replace(/,/g, ''))));
    const ascending = (values: number[]) => values.every((v, i) => i === 0 || values[i - 1]! <= v);
    // The sticky header is a table of its own: its cell is the first of the two.
    const header = page.locator('th', { hasText: '阅读量' }).first();
    await header.click();
    await expect.poll(async () => ascending(await views())).toBe(true);
    const lowest = (await views())[9]!;
    await page.locator('.ant-pagination').getByTitle('2', { exact: true }).click();
    await expect.poll(async () => (await views())[0]! >= lowest && ascending(await views())).toBe(true);
    await header.click();
    // Descending starts from the largest of all 120 rows, whatever page was open.
    await expect.poll(async () => (await views()).every((v, i, all) => i === 0 || all[i - 1]! >= v)).toBe(true);
  });
});
