/**
 * Typed work is never thrown away without asking, in a real browser (issue 20, items 1, 3, 4, 6
 * and 11): a page's state survives a tab switch; 取消, closing the tab, another tree node and a
 * reload ask '放弃修改？' (the reload: the browser's leave-page question) when something was
 * typed; Enter in the staff dialog never saves it.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { idCardCheckCharacter } from '../../contract/fields';
import { answerDiscard, choose, dialog, discardQuestion, launchBrowser, logIn, newPage, pickRegion } from './browser';
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

async function signedIn(): Promise<{ page: Page; errors: string[] }> {
  const opened = await newPage(browser, baseUrl);
  await logIn(opened.page, 'admin', adminPassword);
  return opened;
}

/** The template publishing form with a name, version, note and script typed. */
async function typeTemplate(page: Page, name: string): Promise<Locator> {
  await page.goto('/tools/template');
  const form = page.locator('form#template-publish');
  await form.getByLabel('模板名称', { exact: true }).fill(name);
  await form.getByLabel('版本号', { exact: true }).fill('1.0.0');
  await form.getByLabel('更新说明', { exact: true }).fill('第一版');
  await form.locator('.cm-content').click();
  await page.keyboard.type('return 1;');
  return form;
}

describe('template publishing keeps what was typed', () => {
  it('keeps name, version, note and script across a tab switch, and asks before its tab closes', async () => {
    const { page, errors } = await signedIn();
    const form = await typeTemplate(page, '半成品模板');
    await page.getByRole('tab', { name: '首页' }).click();
    await page.getByText('欢迎回来，超级管理员').waitFor();
    await page.getByRole('tab', { name: '模板发布' }).click();
    await form.getByLabel('模板名称', { exact: true }).waitFor();
    expect(await form.getByLabel('模板名称', { exact: true }).inputValue()).toBe('半成品模板');
    expect(await form.getByLabel('版本号', { exact: true }).inputValue()).toBe('1.0.0');
    expect(await form.getByLabel('更新说明', { exact: true }).inputValue()).toBe('第一版');
    expect(await form.locator('.cm-content').innerText()).toContain('return 1;');

    const closeTab = page.locator('.ant-tabs-tab', { hasText: '模板发布' }).getByRole('tab', { name: '关闭' });
    await closeTab.click();
    await answerDiscard(page, '继续编辑');
    expect(await form.getByLabel('模板名称', { exact: true }).inputValue()).toBe('半成品模板');
    await closeTab.click();
    await answerDiscard(page, '放弃');
    await page.getByRole('tab', { name: '模板发布' }).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('asks before 取消 wipes the form, and says so in the interface language', async () => {
    const { page } = await signedIn();
    const form = await typeTemplate(page, '要取消的模板');
    await form.getByRole('button', { name: label('取消') }).click();
    await answerDiscard(page, '继续编辑');
    expect(await form.getByLabel('模板名称', { exact: true }).inputValue()).toBe('要取消的模板');
    await form.getByRole('button', { name: label('取消') }).click();
    await answerDiscard(page, '放弃');
    await page.getByText('已取消', { exact: true }).waitFor();
    expect(await page.getByText('cancel!').count()).toBe(0);
    expect(await form.getByLabel('模板名称', { exact: true }).inputValue()).toBe('');
  });

  it('has the browser ask before a reload throws it away, and not when nothing was typed', async () => {
    const { page } = await signedIn();
    const asked: string[] = [];
    page.on('dialog', (shown) => {
      asked.push(shown.type());
      void shown.accept();
    });
    await page.goto('/tools/template');
    await page.locator('form#template-publish').getByLabel('模板名称', { exact: true }).click();
    await page.reload();
    await page.locator('form#template-publish').waitFor();
    expect(asked).toEqual([]);

    await typeTemplate(page, '刷新前的模板');
    await page.reload();
    expect(asked).toEqual(['beforeunload']);
  });
});

describe('organisation management asks before another node replaces the form', () => {
  it('asks with a half-typed department and with an edited remark; an untouched form leaves silently', async () => {
    const { page, errors } = await signedIn();
    await page.goto('/organisation/office');
    const tree = page.getByRole('tree');
    const details = page.locator('.office-details');

    // Untouched: straight to the node.
    await page.getByRole('button', { name: label('新增部门') }).click();
    await page.locator('form#office-create').waitFor();
    await tree.getByText('市场部', { exact: true }).click();
    await details.getByText('市场部', { exact: true }).waitFor();
    expect(await discardQuestion(page).count()).toBe(0);

    await page.getByRole('button', { name: label('新增部门') }).click();
    const name = page.locator('form#office-create').getByLabel('名称', { exact: true });
    await name.fill('半填的部门');
    await tree.getByText('运营部', { exact: true }).click();
    await answerDiscard(page, '继续编辑');
    expect(await name.inputValue()).toBe('半填的部门');
    await tree.getByText('运营部', { exact: true }).click();
    await answerDiscard(page, '放弃');
    await details.getByText('运营部', { exact: true }).waitFor();

    await page.getByRole('button', { name: label('编辑') }).click();
    const remark = page.locator('form#office-edit').getByLabel('备注', { exact: true });
    await remark.fill('正在改的备注');
    await tree.getByText('研发中心', { exact: true }).click();
    await answerDiscard(page, '继续编辑');
    expect(await remark.inputValue()).toBe('正在改的备注');
    expect(errors).toEqual([]);
  });
});

describe('Enter in the staff dialog', () => {
  it('confirms a typed date and never saves the half-filled record; the save button does', async () => {
    const { page, errors } = await signedIn();
    const suffix = String(Date.now()).slice(-6);
    const card17 = `33010619900517${suffix.slice(0, 3)}`;
    const code = `ent${suffix}`;
    await page.goto('/organisation/user');
    await page.getByRole('button', { name: label('新增员工') }).click();
    const form = dialog(page);
    await form.getByLabel('姓名', { exact: true }).fill(`回车${suffix}`);
    await form.getByLabel('员工编号', { exact: true }).fill(code);
    await form.getByLabel('手机号', { exact: true }).fill(`1392${suffix}0`);
    await choose(form, '性别', '女');
    await choose(form, '民族', '汉族');
    await form.getByLabel('身份证号', { exact: true }).fill(`${card17}${idCardCheckCharacter(card17)}`);
    await choose(form, '婚姻状况', '未婚');
    await form.getByLabel('邮箱', { exact: true }).fill(`${code}@example.com`);
    await form.getByLabel('紧急联系人', { exact: true }).fill('李四');
    await form.getByLabel('紧急联系人电话', { exact: true }).fill('13800138000');
    await pickRegion(form, '户籍所在地区', ['浙江省', '杭州市', '西湖区']);
    await form.getByLabel('户籍详细地址', { exact: true }).fill('文三路 1 号');
    await pickRegion(form, '现居住地区', ['上海市', '市辖区', '浦东新区']);
    await form.getByLabel('现居住详细地址', { exact: true }).fill('世纪大道 100 号');
    await form.getByLabel('毕业院校', { exact: true }).fill('浙江大学');
    await choose(form, '学历', '本科');
    await form.getByLabel('职位', { exact: true }).fill('工程师');
    await form.getByLabel('职级', { exact: true }).fill('P5');
    const graduated = form.getByLabel('毕业时间', { exact: true });
    await graduated.click();
    await graduated.fill('2012-06-30');
    await graduated.press('Enter');
    // Everything the rules need is there but the birthday: typed last and confirmed with Enter.
    const birthday = form.getByLabel('出生日期', { exact: true });
    await birthday.click();
    await birthday.fill('1990-05-17');
    await birthday.press('Enter');
    // Both pickers' panels may still be leaving: wait until none is on screen.
    await expect.poll(() => page.locator('.ant-picker-dropdown:visible').count()).toBe(0);
    await page.waitForTimeout(1500);
    expect(await form.isVisible()).toBe(true);
    expect(await birthday.inputValue()).toBe('1990-05-17');
    expect(await page.getByText('操作成功').count()).toBe(0);

    // Enter in a plain text box does not save either.
    await form.getByLabel('专业', { exact: true }).fill('计算机科学');
    await form.getByLabel('专业', { exact: true }).press('Enter');
    await page.waitForTimeout(1500);
    expect(await form.isVisible()).toBe(true);
    expect(await page.getByText('操作成功').count()).toBe(0);

    await form.getByRole('button', { name: label('保存') }).click();
    await page.getByText('操作成功').waitFor();
    await form.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
  });
});

describe('tabs keep their page', () => {
  it('brings page 3 of a filtered person list back as page 3 after another tab', async () => {
    const { page, errors } = await signedIn();
    await page.goto('/organisation/user');
    const search = page.locator('form#user-search');
    await search.getByLabel('员工编号', { exact: true }).fill('D10');
    await search.getByRole('button', { name: label('查询') }).click();
    const rows = page.getByRole('table', { name: '人员列表' }).locator('tbody tr.ant-table-row');
    const pager = page.locator('.ant-pagination').first();
    await expect.poll(() => pager.locator('.ant-pagination-total-text').innerText()).toContain('30');
    const firstPage = await rows.allInnerTexts();
    await pager.getByTitle('3', { exact: true }).click();
    const active = pager.locator('.ant-pagination-item-active');
    await expect.poll(() => active.innerText()).toBe('3');
    await expect.poll(() => rows.allInnerTexts()).not.toEqual(firstPage);
    const shown = await rows.allInnerTexts();

    await page.getByRole('complementary').getByRole('link', { name: '组织管理' }).click();
    await page.getByRole('tree').getByText('市场部', { exact: true }).waitFor();
    await page.getByRole('tab', { name: '人员列表' }).click();
    await rows.first().waitFor();
    expect(await active.innerText()).toBe('3');
    expect(await search.getByLabel('员工编号', { exact: true }).inputValue()).toBe('D10');
    expect(await rows.allInnerTexts()).toEqual(shown);
    expect(errors).toEqual([]);
  });
});
