/**
 * An export's memory does not grow with its rows: the person list's export of 20,000 members,
 * every column, through the real route, with what V8 promotes to its old generation counted and
 * the process's heap and resident memory sampled while it streams. The rows are written and zipped as they are read, so what the export holds
 * at a time is a page and what waits for the zip and the socket; before, the rows' garbage
 * (ExcelJS's objects per cell) outlived V8's young generation and the heap grew by tens of MB
 * for these rows between major collections.
 */
import { GCProfiler, getHeapSpaceStatistics } from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from './harness';
import { exportCall } from './exportFiles';
import { staffInput, USER } from './staffFixtures';

const MEMBERS = 20_000;
const isPostgres = Boolean(process.env.TEST_DATABASE_URL);
const MB = 1024 * 1024;
/**
 * What the young generation may promote during the export. On SQLite the old writer promoted
 * 54 MB for these rows (its per-cell garbage outlived the young generation), this one 4 MB. On
 * PostgreSQL pg builds each page as its answer arrives over several socket reads, and a busy
 * machine stretches that: about 24 MB is promoted with either writer (garbage, freed by the next
 * major collection; RSS stays flat at 100,000 rows in `npm run bench`), so there the bound only
 * catches memory that grows with the rows far beyond that.
 */
const MAX_PROMOTED_MB = isPostgres ? 48 : 16;
/** Peaks over the memory before the export (after a warm-up): they depend on when a major collection comes, so a margin. */
const MAX_HEAP_GROWTH_MB = 48;
const MAX_RSS_GROWTH_MB = 48;

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

type GcSpaces = ReadonlyArray<{ spaceName: string; spaceUsedSize: number }>;
const oldOf = (spaces: GcSpaces) => spaces.reduce((sum, space) => (space.spaceName.startsWith('new_') ? sum : sum + space.spaceUsedSize), 0);

/**
 * What the young-generation collections moved to the old generation while `work` ran: memory the
 * export held long enough to be promoted (garbage or not), whenever the next major collection
 * comes; the peak alone depends on when that comes.
 */
async function promotedBy(work: () => Promise<void>): Promise<number> {
  const profiler = new GCProfiler();
  let promoted = 0;
  profiler.start();
  try {
    await work();
  } finally {
    const { statistics } = profiler.stop() as unknown as { statistics: Array<{ gcType: string; beforeGC: { heapSpaceStatistics: GcSpaces }; afterGC: { heapSpaceStatistics: GcSpaces } }> };
    promoted = statistics.filter((gc) => gc.gcType === 'Scavenge').reduce((sum, gc) => sum + Math.max(0, oldOf(gc.afterGC.heapSpaceStatistics) - oldOf(gc.beforeGC.heapSpaceStatistics)), 0);
  }
  return promoted / MB;
}

async function measuredExport(columns: string): Promise<{ heap: number; rss: number; promoted: number; bytes: number }> {
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
    let bytes = 0;
    const promoted = await promotedBy(async () => {
      const answer = await exportCall(server, admin, `${USER}/export`, { columns }, 'POST');
      expect(answer.status).toBe(200);
      bytes = answer.bytes.length;
    });
    sample();
    return { heap: (peakHeap - before.heap) / MB, rss: (peakRss - before.rss) / MB, promoted, bytes };
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
    console.log(`export of ${MEMBERS} members: promoted ${measured.promoted.toFixed(1)} MB, heap +${measured.heap.toFixed(1)} MB, RSS +${measured.rss.toFixed(1)} MB (warm-up: heap +${warmUp.heap.toFixed(1)}, RSS +${warmUp.rss.toFixed(1)})`);
    // The same rows both times (the file's creation time differs).
    expect(Math.abs(measured.bytes - warmUp.bytes)).toBeLessThan(warmUp.bytes / 100);
    expect(measured.bytes).toBeGreaterThan(MEMBERS * 50);
    expect(measured.promoted).toBeLessThan(MAX_PROMOTED_MB);
    expect(measured.heap).toBeLessThan(MAX_HEAP_GROWTH_MB);
    expect(measured.rss).toBeLessThan(MAX_RSS_GROWTH_MB);
  }, 60_000);
});
