/**
 * Crash safety: the server is killed with SIGKILL while writes are in flight, three times at
 * random moments, and started again on the same database without a hand on it. Every write it had
 * acknowledged (answered code 0) is there afterwards, and SQLite's integrity check answers ok.
 */
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { DialectName } from '../../server/db/database';
import { benchDatabase, type BenchDatabase } from '../bench/benchDatabase';
import { startServer, type ServerProcess } from '../bench/serverProcess';
import { Client } from './client';

const KILLS = 3;
const WRITERS = 20;

let database: BenchDatabase | undefined;
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.stop();
  await database?.dispose();
});

async function crashes(dialect: DialectName): Promise<void> {
  database = await benchDatabase(dialect, 'crash');
  const acknowledged = new Map<string, string>();
  for (let kill = 0; kill < KILLS; kill++) {
    server = await startServer({ databaseUrl: database.url });
    const writers = Array.from({ length: WRITERS }, () => new Client(server!.address));
    for (const writer of writers) await writer.login();
    let isRunning = true;
    const writing = writers.map(async (writer, w) => {
      for (let n = 0; isRunning; n++) {
        const key = `crash.${kill}.${w}.${n}`;
        const value = `v${n}`;
        const answer = await writer.call('POST', '/base/admin/param/saveOrUpdate', { sortNum: 1, paramKey: key, value }).catch(() => undefined);
        if (answer?.code === 0) acknowledged.set(key, value);
        if (answer?.code === -1) return; // the server is gone
      }
    });
    // Killed mid-flight, somewhere between 0.5 and 2 s into the writes.
    await new Promise((resolve) => setTimeout(resolve, 500 + Math.random() * 1500));
    server.child.kill('SIGKILL');
    isRunning = false;
    await Promise.all(writing);
    await server.stop();
  }

  server = await startServer({ databaseUrl: database.url });
  const reader = new Client(server.address);
  await reader.login();
  const byKey = new Map<string, string>();
  for (let page = 1; ; page++) {
    const { items, total } = (await reader.call<{ items: Array<{ paramKey: string; value: string }>; total: number }>('GET', '/base/admin/param/list', { paramKey: 'crash.', page, size: 1000 })).data;
    for (const p of items) byKey.set(p.paramKey, p.value);
    if (byKey.size >= total || items.length === 0) break;
  }
  console.log(`crash on ${dialect}: ${KILLS} kills, ${acknowledged.size} acknowledged writes, ${byKey.size} stored`);
  expect(acknowledged.size).toBeGreaterThan(KILLS * WRITERS);
  expect([...acknowledged].filter(([key, value]) => byKey.get(key) !== value)).toEqual([]);
  if (dialect === 'sqlite') {
    const sqlite = new SQLite(database.url, { readonly: true });
    try {
      expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      sqlite.close();
    }
  }
  await server.stop();
  server = undefined;
  await database.dispose();
  database = undefined;
}

describe('a server killed while writing', () => {
  it('keeps every acknowledged write and a sound SQLite file', () => crashes('sqlite'));
  it('keeps every acknowledged write on PostgreSQL', () => crashes('postgres'));
});
