// Scratch: screenshots of the import dialog with a report (not committed).
import { chromium } from 'playwright-core';
import ExcelJS from 'exceljs';

const BASE = 'http://127.0.0.1:4110';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });

async function fileFor(page, token, locale) {
  const answer = await page.request.get(`${BASE}/base/admin/param/importTemplate`, { headers: { access_token: token, 'accept-language': locale } });
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await answer.body());
  const sheet = book.worksheets[0];
  const width = sheet.columnCount;
  // sortNum, paramKey, value, remark, spareParam in template order
  const rows = [
    [1, 'import.ok', 'fine', '', ''],
    ['x', '', 'no key, bad sort', '', ''],
    [3, 'site.title', '', 'value missing and a long remark that wraps onto a second line in a narrow dialog', ''],
    [4, 'import.ok', 'dup', '', ''],
    [5, 'import.five', 'v', '', 'a,b,c,d,e,f,g,h,i,j,k'],
  ];
  for (let i = 0; i < 14; i++) rows.push([100 + i, '', `row ${i}`, '', '']);
  for (const row of rows) sheet.addRow(row.slice(0, width));
  return Buffer.from(await book.xlsx.writeBuffer());
}

for (const locale of ['zh-CN', 'en-US']) {
  for (const width of [1280, 390]) {
    const context = await browser.newContext({ viewport: { width, height: width > 500 ? 860 : 844 }, locale });
    const page = await context.newPage();
    page.on('pageerror', (e) => console.log('pageerror', e.message));
    await page.goto(`${BASE}/login`);
    await page.evaluate((l) => localStorage.setItem('locale', l), locale);
    await page.reload();
    const inputs = page.locator('input');
    await inputs.nth(0).fill('admin');
    await inputs.nth(1).fill('Dev-Admin-pass1');
    await inputs.nth(1).press('Enter');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await page.goto(`${BASE}/system/param`);
    await page.getByRole('button', { name: locale === 'zh-CN' ? /导\s*入/ : /^(upload )?Import$/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.locator('input[type=file]').setInputFiles({ name: 'params.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await fileFor(page, token, locale) });
    await dialog.locator('.generic-import__summary').waitFor();
    await page.waitForTimeout(400);
    const name = `${locale}-${width}`;
    await page.screenshot({ path: `/tmp/importui/shots/${name}.png`, fullPage: false });
    // The dialog scrolled to its table's end too.
    await dialog.locator('.ant-pagination').last().scrollIntoViewIfNeeded().catch(() => {});
    await page.screenshot({ path: `/tmp/importui/shots/${name}-end.png`, fullPage: false });
    await context.close();
  }
}
await browser.close();
console.log('shots done');
