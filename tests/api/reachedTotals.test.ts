/**
 * A log's bounded total, once reached, is kept (server/crud/features/boundedTotal.ts, `appendOnly`):
 * the same filters on any page answer "10,000+" without counting again, until retention's cutoff
 * passes the oldest row that was counted; then the list counts again and answers what is left.
 * Both databases. A caller narrowed by the data scope is counted every time: tests/api/dataScopeOrg.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListData } from '../../contract';
import { LOG_TOTAL_BOUND } from '../../resources/audit/definition';
import { purgeExpired, type RetentionSettings } from '../../server/audit/retention';
import { DEFAULT_TIME_ZONE } from '../../server/statistics/clock';
import { ADMIN, startTestServer, type TestServer } from './harness';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const KEPT_DAYS = 30;
const SETTINGS: RetentionSettings = { auditRetentionDays: KEPT_DAYS, trafficHourRetentionDays: 400, timeZone: DEFAULT_TIME_ZONE };
const START = Date.now();
/** Each address's attempts, a minute apart: the oldest 20 days before the start, so inside the window. */
const ROWS = LOG_TOTAL_BOUND + 50;
const OLDEST = START - 20 * DAY;
/** The oldest of the LOG_TOTAL_BOUND + 1 newest: what a count that reached the bound read last. */
const OLDEST_COUNTED = OLDEST + (ROWS - LOG_TOTAL_BOUND - 1) * MINUTE;

let server: TestServer;
let admin: string;
let now = START;

beforeAll(async () => {
  server = await startTestServer({ auditRetentionDays: KEPT_DAYS, statisticsClock: { timeZone: DEFAULT_TIME_ZONE, now: () => now } });
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
  const rows = ['10.9.0.1', '10.9.0.2'].flatMap((address) =>
    Array.from({ length: ROWS }, (_, i) => ({
      attemptedAt: OLDEST + i * MINUTE,
      userName: i % 2 ? 'n1' : 'n2',
      address,
      userAgent: 'Mozilla/5.0',
      result: 'failure',
      reason: 'wrongPassword',
    })),
  );
  for (let i = 0; i < rows.length; i += 500) await server.db.insertInto('loginLog').values(rows.slice(i, i + 500)).execute();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

async function total(params: Record<string, string | number>): Promise<{ total: number; totalAtLeast: boolean; ids: number[] }> {
  const answer = await server.call<ListData<{ id: number }>>('GET', '/base/admin/loginLog/list', { token: admin, query: { page: 1, size: 20, ...params } });
  expect(answer.body.code).toBe(0);
  const { data } = answer.body;
  return { total: data.total, totalAtLeast: data.totalAtLeast === true, ids: data.items.map((row) => Number(row.id)) };
}

const left = async (address: string) => Number((await server.db.selectFrom('loginLog').select((eb) => eb.fn.countAll().as('n')).where('address', '=', address).executeTakeFirstOrThrow()).n);

describe('a log total that reached its bound', () => {
  it('is kept for the same filters on every page: it is not counted again while retention cannot have taken a counted row', async () => {
    const address = '10.9.0.1';
    const first = await total({ address });
    expect(first).toMatchObject({ total: LOG_TOTAL_BOUND, totalAtLeast: true });
    // Rows leave a log only by retention; these go behind its back, so only a count would see it.
    const newest = await server.db.selectFrom('loginLog').select('id').where('address', '=', address).orderBy('attemptedAt', 'desc').limit(100).execute();
    await server.db.deleteFrom('loginLog').where('id', 'in', newest.map((row) => row.id)).execute();
    expect(await left(address)).toBe(ROWS - 100);
    expect(await total({ address, page: 3 })).toMatchObject({ total: LOG_TOTAL_BOUND, totalAtLeast: true });
    // The page itself is read every time: the deleted rows are not on it.
    const again = await total({ address });
    expect(again.ids).not.toContain(first.ids[0]);
    // Other filters are counted: half the address's rows are n1's, 50 of them deleted.
    expect(await total({ address, userName: 'n1' })).toMatchObject({ total: ROWS / 2 - 50, totalAtLeast: false });
  });

  it('is counted again once retention’s cutoff passes the oldest row counted, and answers what is left', async () => {
    // The cutoff just short of the oldest counted row: retention takes older rows only, and the total stands.
    const address = '10.9.0.2';
    expect(await total({ address })).toMatchObject({ total: LOG_TOTAL_BOUND, totalAtLeast: true });
    now = OLDEST_COUNTED + KEPT_DAYS * DAY - MINUTE;
    await purgeExpired(server.db, SETTINGS, now);
    expect(await left(address)).toBe(LOG_TOTAL_BOUND + 2);
    expect(await total({ address })).toMatchObject({ total: LOG_TOTAL_BOUND, totalAtLeast: true });
    // An hour past it: the purge took rows that were counted, and the list counts again.
    now = OLDEST_COUNTED + KEPT_DAYS * DAY + 60 * MINUTE;
    await purgeExpired(server.db, SETTINGS, now);
    const remaining = await left(address);
    expect(remaining).toBe(LOG_TOTAL_BOUND + 1 - 60);
    expect(await total({ address })).toMatchObject({ total: remaining, totalAtLeast: false });
  });
});
