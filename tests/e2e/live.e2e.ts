/**
 * Live lists across administrators and servers, in a real browser: two servers share one fresh
 * PostgreSQL database; an administrator on the second has the parameter list open while another on
 * the first saves a new parameter, and the open list shows it without a reload within seconds.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchDatabase, type BenchDatabase } from '../bench/benchDatabase';
import { BENCH_ADMIN_PASSWORD, startServer, type ServerProcess } from '../bench/serverProcess';
import { dialog, launchBrowser, logIn, newPage, visible } from './browser';
import { buttonName as label } from './names';

const KEY = 'e2e.live';

let database: BenchDatabase | undefined;
let servers: ServerProcess[] = [];
let browser: Browser | undefined;
let writer: Page;
let watcher: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  database = await benchDatabase('postgres', 'live');
  // The base seed (admin, menus) is all this needs; the demo data would triple the start-up.
  const env = { SEED: 'none', ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD };
  // Started together: one of them migrates and seeds, the other waits for it (tests/proof/servers.proof.ts).
  servers = await Promise.all([startServer({ databaseUrl: database.url, env }), startServer({ databaseUrl: database.url, env })]);
  browser = await launchBrowser();
  const [a, b] = await Promise.all(servers.map((server) => newPage(browser!, server.address)));
  writer = a!.page;
  watcher = b!.page;
  for (const { errors } of [a!, b!]) pageErrors.push(...errors);
  writer.on('pageerror', (error) => pageErrors.push(error.message));
  watcher.on('pageerror', (error) => pageErrors.push(error.message));
  await Promise.all([logIn(writer, 'admin', BENCH_ADMIN_PASSWORD), logIn(watcher, 'admin', BENCH_ADMIN_PASSWORD)]);
}, 90_000);

afterAll(async () => {
  await browser?.close();
  for (const server of servers) await server.stop();
  servers = [];
  await database?.dispose();
  expect(pageErrors).toEqual([]);
});

const row = (page: Page, key: string) => page.getByRole('row').filter({ hasText: key });

describe('a live list across two servers', () => {
  it('shows a parameter saved through the other server in the open list, without a reload', async () => {
    // The watcher's list is open (its stream too) before the writer saves.
    const streamOpen = watcher.waitForResponse((response) => response.url().endsWith('/base/admin/live/events'));
    await watcher.goto('/system/param');
    await visible(row(watcher, 'Key'));
    await streamOpen;
    await watcher.evaluate(() => Object.assign(window, { notReloaded: true }));
    expect(await row(watcher, KEY).count()).toBe(0);

    await writer.goto('/system/param');
    await writer.getByRole('button', { name: label('新增') }).click();
    const form = dialog(writer);
    await visible(form);
    await form.getByLabel('排序号', { exact: true }).fill('9');
    await form.getByLabel('Key', { exact: true }).fill(KEY);
    await form.getByLabel('值', { exact: true }).fill('on');
    await form.getByRole('button', { name: label('保存') }).click();
    await visible(writer.getByText('提交成功'));
    const savedAt = Date.now();

    await visible(row(watcher, KEY), 5000);
    expect(Date.now() - savedAt).toBeLessThan(5000);
    expect(await watcher.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  });
});
