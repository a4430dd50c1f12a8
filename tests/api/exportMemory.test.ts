/**
 * An export's memory does not grow with its rows: the person list's export of 20,000 members,
 * every column, through the real route, with the process's heap and resident memory sampled
 * while it streams. The rows are written and zipped as they are read, so what the export holds
 * at a time is a page and what waits for the zip and the socket; before, the rows' garbage
 * (ExcelJS's objects per cell) outlived V8's young generation and the heap grew by tens of MB
 * for these rows between major collections.
 */
import { getHeapSpaceStatistics } from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from './harness';
import { exportCall } from './exportFiles';
import { staffInput, USER } from './staffFixtures';

const MEMBERS = 20_000;
const MB = 1024 * 1024;
/** Far under what the old writer grew by for these rows (heap +60 MB and more), above what a flat one does (a few MB). */
const MAX_HEAP_GROWTH_MB = 16;
const MAX_RSS_GROWTH_MB = 32;

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
  const now = Date.now();
  for (let i = 0; i < MEMBERS; i += 500) {
    const rows = Array.from({ length: Math.min(500, MEMBERS - i) }, (_, j) => ({ ...staffInput(i + j + 1), passwordHash: 'unusable', mustChangePassword: 1, createTime: now, adminFlag: 0 }));
    await server.db.insertInto('user').values(rows as never).execute();
  }
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const collect = () => (globalThis as { gc?: () => void }).gc?.();

/** Exports the whole list while sampling memory: answers the peak growth over the memory before, in MB, and the bytes. */
/** The old generation's bytes in use: what outlived the young generation (garbage too, until a major collection). */
const oldGeneration = () => getHeapSpaceStatistics().reduce((sum, space) => (space.space_name === 'new_space' ? sum : sum + space.space_used_size), 0);

async function measuredExport(columns: string): Promise<{ heap: number; rss: number; bytes: number }> {
  collect();
  const before = { heap: oldGeneration() + process.memoryUsage().arrayBuffers, rss: process.memoryUsage().rss };
  let peakHeap = before.heap;
  let peakRss = before.rss;
  const sample = () => {
    peakHeap = Math.max(peakHeap, oldGeneration() + process.memoryUsage().arrayBuffers);
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  };
  const sampler = setInterval(sample, 5);
  try {
    const answer = await exportCall(server, admin, `${USER}/export`, { columns }, 'POST');
    expect(answer.status).toBe(200);
    sample();
    return { heap: (peakHeap - before.heap) / MB, rss: (peakRss - before.rss) / MB, bytes: answer.bytes.length };
  } finally {
    clearInterval(sampler);
  }
}

describe('an export’s memory', () => {
  it('stays flat while 20,000 members are exported', async () => {
    const columns = 'code,name,telephone,sex,card,census,graduatedSchool,specialty,officeName,roles,isEnable,birthday,nation,marriageStatus,email,education,graduatedTime,position,grade';
    // The first export loads and compiles its code and lets V8 size its heap: not what an export holds.
    const warmUp = await measuredExport(columns);
    const measured = await measuredExport(columns);
    console.log(`export of ${MEMBERS} members: heap +${measured.heap.toFixed(1)} MB, RSS +${measured.rss.toFixed(1)} MB (warm-up: heap +${warmUp.heap.toFixed(1)}, RSS +${warmUp.rss.toFixed(1)})`);
    // The same rows both times (the file's creation time differs).
    expect(Math.abs(measured.bytes - warmUp.bytes)).toBeLessThan(warmUp.bytes / 100);
    expect(measured.bytes).toBeGreaterThan(MEMBERS * 50);
    expect(measured.heap).toBeLessThan(MAX_HEAP_GROWTH_MB);
    expect(measured.rss).toBeLessThan(MAX_RSS_GROWTH_MB);
  }, 60_000);
});
