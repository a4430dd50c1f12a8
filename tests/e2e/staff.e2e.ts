/**
 * Staff and organisation in a real browser: an administrator adds an employee through the dialog
 * (regions picked province → city → district), resets the password, and the employee must change
 * it before anything else; then a department with a group is built and the employee is moved in
 * and out of it.
 */
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { idCardCheckCharacter } from '../../contract/fields';
import { choose, dialog, launchBrowser, logIn, newPage, pickRegion, switchLanguage } from './browser';
import { buttonName as label } from './names';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');
const suffix = String(Date.now()).slice(-6);
const card17 = `33010619900517${suffix.slice(0, 3)}`;
const EMPLOYEE = {
  code: `e2e${suffix}`,
  name: `测试员${suffix}`,
  telephone: `1391${suffix}0`,
  card: `${card17}${idCardCheckCharacter(card17)}`,
};
const DEPARTMENT = `测试部${suffix.slice(-3)}`;
const GROUP = `一组${suffix.slice(-3)}`;

let browser: Browser;
let temporaryPassword = '';

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function pickDate(scope: Locator, field: string, date: string): Promise<void> {
  const input = scope.getByLabel(field, { exact: true });
  await input.click();
  await input.fill(date);
  await input.press('Enter');
}

describe('staff', () => {
  it('adds an employee through the dialog and shows the row with the census region names', async () => {
    const { page, errors } = await newPage(browser, baseUrl);
    await logIn(page, 'admin', adminPassword);
    await page.goto('/organisation/user');
    await page.getByRole('button', { name: label('新增员工') }).click();
    const form = dialog(page);
    await form.getByLabel('姓名', { exact: true }).fill(EMPLOYEE.name);
    await form.getByLabel('员工编号', { exact: true }).fill(EMPLOYEE.code);
    await form.getByLabel('手机号', { exact: true }).fill(EMPLOYEE.telephone);
    await choose(form, '性别', '女');
    await pickDate(form, '出生日期', '1990-05-17');
    await choose(form, '民族', '汉族');
    await form.getByLabel('身份证号', { exact: true }).fill(EMPLOYEE.card);
    await choose(form, '婚姻状况', '未婚');
    await form.getByLabel('邮箱', { exact: true }).fill(`${EMPLOYEE.code}@example.com`);
    await form.getByLabel('紧急联系人', { exact: true }).fill('李四');
    await form.getByLabel('紧急联系人电话', { exact: true }).fill('13800138000');
    await pickRegion(form, '户籍所在地区', ['浙江省', '杭州市', '西湖区']);
    await form.getByLabel('户籍详细地址', { exact: true }).fill('文三路 1 号');
    await pickRegion(form, '现居住地区', ['上海市', '市辖区', '浦东新区']);
    await form.getByLabel('现居住详细地址', { exact: true }).fill('世纪大道 100 号');
    await form.getByLabel('毕业院校', { exact: true }).fill('浙江大学');
    await form.getByLabel('专业', { exact: true }).fill('计算机科学');
    await choose(form, '学历', '本科');
    await form.getByLabel('职位', { exact: true }).fill('工程师');
    await form.getByLabel('职级', { exact: true }).fill('P5');
    await pickDate(form, '毕业时间', '2012-06-30');
    await form.getByRole('button', { name: label('保存') }).click();
    await form.waitFor({ state: 'hidden' });

    await page.getByRole('textbox', { name: '员工编号' }).first().fill(EMPLOYEE.code);
    await page.getByRole('button', { name: label('查询') }).click();
    const row = page.getByRole('row').filter({ hasText: EMPLOYEE.name });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('浙江省 / 杭州市 / 西湖区');
    await expect(row.textContent()).resolves.toContain(EMPLOYEE.telephone);
    expect(errors).toEqual([]);
  });

  it('resets the password; the employee must change it before anything else', async () => {
    const { page } = await newPage(browser, baseUrl);
    await logIn(page, 'admin', adminPassword);
    await page.goto('/organisation/user');
    const row = page.getByRole('row').filter({ hasText: EMPLOYEE.name });
    await row.getByRole('button', { name: '重置密码' }).click();
    const confirm = dialog(page);
    await confirm.getByText(`确定重置${EMPLOYEE.name}的密码吗？`).waitFor();
    await confirm.getByRole('button', { name: label('确定') }).click();
    const shown = page.getByTestId('temporary-password');
    await shown.waitFor();
    temporaryPassword = ((await shown.textContent()) ?? '').trim();
    expect(temporaryPassword).toMatch(/^(\d[a-z]){4}$/);

    const employee = await newPage(browser, baseUrl);
    await logIn(employee.page, EMPLOYEE.code, temporaryPassword);
    await employee.page.getByText('您的密码已被管理员重置，请先设置新密码').waitFor();
    // Every other screen stays closed until the password is changed.
    await employee.page.goto('/organisation/user', { waitUntil: 'commit' });
    await employee.page.waitForURL((url) => url.pathname === '/changePassword');
    await employee.page.getByLabel('当前密码', { exact: true }).fill(temporaryPassword);
    await employee.page.getByLabel('新密码', { exact: true }).fill('my-own-pass-1');
    await employee.page.getByLabel('确认新密码', { exact: true }).fill('my-own-pass-1');
    await employee.page.getByRole('button', { name: label('确认修改') }).click();
    await employee.page.waitForURL((url) => url.pathname !== '/changePassword');

    // The new password is the one that works from now on.
    const again = await newPage(browser, baseUrl);
    await logIn(again.page, EMPLOYEE.code, 'my-own-pass-1');
    expect(new URL(again.page.url()).pathname).not.toBe('/changePassword');
  });
});

describe('organisation', () => {
  it('builds a department with a group, then moves the employee into the group and out again', async () => {
    const { page, errors } = await newPage(browser, baseUrl);
    await logIn(page, 'admin', adminPassword);
    await page.goto('/organisation/office');
    await page.getByRole('button', { name: label('新增部门') }).click();
    await page.getByLabel('名称', { exact: true }).fill(DEPARTMENT);
    await page.getByRole('button', { name: label('保存') }).click();
    const tree = page.getByRole('tree');
    await tree.getByText(DEPARTMENT, { exact: true }).click();
    await page.getByRole('button', { name: label('新增小组') }).click();
    await page.getByLabel('名称', { exact: true }).fill(GROUP);
    await page.getByRole('button', { name: label('保存') }).click();
    await tree.getByText(GROUP, { exact: true }).waitFor();

    await page.goto('/organisation/officeMember');
    await page.getByRole('tree').getByText(GROUP, { exact: true }).click();
    await page.getByRole('button', { name: label('添加成员') }).click();
    const add = dialog(page);
    await add.getByRole('searchbox').fill(EMPLOYEE.code);
    await add.getByRole('button', { name: label('查询') }).click();
    const candidate = add.getByRole('row').filter({ hasText: EMPLOYEE.name });
    await candidate.getByRole('checkbox').check();
    await add.getByRole('button', { name: label('确定') }).click();
    await add.waitFor({ state: 'hidden' });

    const members = page.getByRole('table', { name: '成员列表' });
    const member = members.getByRole('row').filter({ hasText: EMPLOYEE.name });
    await member.waitFor();
    await member.getByRole('checkbox').check();
    await page.getByRole('button', { name: label('移除成员') }).click();
    const confirm = dialog(page);
    await confirm.getByText(`确认移除 ${EMPLOYEE.name} 共1人吗？`).waitFor();
    await confirm.getByRole('button', { name: label('确定') }).click();
    await member.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('shows the person list in English', async () => {
    const { page } = await newPage(browser, baseUrl);
    await logIn(page, 'admin', adminPassword);
    await page.goto('/organisation/user');
    await switchLanguage(page, 'English');
    await page.getByRole('button', { name: label('Add employee') }).waitFor();
    await page.getByRole('columnheader', { name: 'Census address' }).waitFor();
  });
});
