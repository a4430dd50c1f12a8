/**
 * Second review, M4: a holder of the ingestion button overwrote a past hour with 10^9, wrote an
 * hour of the year 2999 and credited ¥9,999,999,999.99 to itself (in no business team), and the
 * audit kept only `{"rows":[null,1]}`. Now the future (beyond the clock plus one hour) is refused,
 * revenue goes only to business-team members, and the batch's audit rows name each changed key
 * with its value before and after. Clock: 2026-11-26 12:30 in Asia/Shanghai.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, TeamType, type IngestBatch } from '../../contract';
import { ADMIN, startTestServer, type TestServer } from './harness';

const NOW = Date.UTC(2026, 10, 26, 4, 30);
let server: TestServer;
let attacker: string;
let attackerId: number;
let seller: number;
let owner: number;

const ingest = (body: IngestBatch) => server.call('POST', '/base/admin/statistics/ingest', { token: attacker, body });
const fieldsOf = (answer: Awaited<ReturnType<typeof ingest>>) => Object.keys((answer.body.data as unknown as { fields?: Record<string, string> })?.fields ?? {});
const lastAuditId = async () => Number((await server.db.selectFrom('auditLog').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0);
const notesSince = (id: number) => server.db.selectFrom('auditLog').selectAll().where('id', '>', id).orderBy('id').execute();
const changesSince = async (id: number) => Object.assign({}, ...(await notesSince(id)).map((row) => JSON.parse(row.changes ?? '{}') as Record<string, unknown>)) as Record<string, unknown>;

beforeAll(async () => {
  server = await startTestServer({ statisticsClock: { timeZone: 'Asia/Shanghai', now: () => NOW } });
  ({ userId: attackerId } = await server.createUser({ code: 'atk_stats', password: 'stats-pass-1', apis: ['/statistics/ingest'] }));
  attacker = await server.tokenFor('atk_stats', 'stats-pass-1');
  ({ userId: seller } = await server.createUser({ code: 'seller1', password: 'seller-pass-1' }));
  const { id: team } = await server.db.insertInto('team').values({ name: '商务一组', teamType: TeamType.business }).returning('id').executeTakeFirstOrThrow();
  const { id: mediaTeam } = await server.db.insertInto('team').values({ name: '媒介组', teamType: TeamType.media }).returning('id').executeTakeFirstOrThrow();
  await server.db.insertInto('teamMember').values([{ teamId: team, userId: seller }, { teamId: mediaTeam, userId: attackerId }]).execute();
  ({ id: owner } = await server.db.insertInto('siteUser').values({ userName: '流量主甲', mediaAdminId: null, serviceId: 1 }).returning('id').executeTakeFirstOrThrow());
  expect((await ingest({ traffic: [{ siteUserId: owner, hour: '2026-11-26 10', count: 46259 }] })).body.code).toBe(Code.OK);
});
afterAll(async () => {
  await server?.close();
});

describe('an overwritten hour', () => {
  it('is recorded with the key and its value before and after', async () => {
    const start = await lastAuditId();
    expect((await ingest({ traffic: [{ siteUserId: owner, hour: '2026-11-26 10', count: 1_000_000_000 }, { siteUserId: owner, hour: '2026-11-26 11', count: 7 }] })).body.code).toBe(Code.OK);
    const notes = await notesSince(start);
    expect(notes.every((row) => row.tableName === 'traffic_hour' && row.userCode === 'atk_stats' && row.route === '/base/admin/statistics/ingest')).toBe(true);
    expect(await changesSince(start)).toEqual({ [`traffic ${owner} 2026-11-26 10`]: [46259, 1_000_000_000], [`traffic ${owner} 2026-11-26 11`]: [null, 7] });
  });

  it('writes no audit row when the same batch is sent again', async () => {
    const start = await lastAuditId();
    expect((await ingest({ traffic: [{ siteUserId: owner, hour: '2026-11-26 10', count: 1_000_000_000 }] })).body.code).toBe(Code.OK);
    expect(await notesSince(start)).toEqual([]);
  });

  it('keeps each audit row bounded for a full batch of 5,000 new hours, all keys named', async () => {
    const traffic = Array.from({ length: 5000 }, (_, i) => ({ siteUserId: owner, hour: `2026-${String(1 + Math.floor(i / 500)).padStart(2, '0')}-${String(1 + Math.floor((i % 500) / 24)).padStart(2, '0')} ${String(i % 24).padStart(2, '0')}`, count: i }));
    const start = await lastAuditId();
    expect((await ingest({ traffic })).body.code).toBe(Code.OK);
    const notes = await notesSince(start);
    expect(Math.max(...notes.map((row) => (row.changes ?? '').length))).toBeLessThan(64_000);
    expect(Object.keys(await changesSince(start))).toHaveLength(5000);
  });
});

describe('what ingestion refuses', () => {
  it('an hour or a month after now plus one hour', async () => {
    const refused = async (body: IngestBatch, field: string) => {
      const answer = await ingest(body);
      expect(answer.body.code, answer.text).toBe(Code.VALIDATION_FAILED);
      expect(fieldsOf(answer)).toEqual([field]);
    };
    await refused({ traffic: [{ siteUserId: owner, hour: '2999-12-31 23', count: 5 }] }, 'traffic.0.hour');
    await refused({ traffic: [{ siteUserId: owner, hour: '2026-11-26 12', count: 5 }, { siteUserId: owner, hour: '2026-11-26 14', count: 5 }] }, 'traffic.1.hour');
    await refused({ revenue: [{ adminId: seller, month: '2026-12', amount: 1 }] }, 'revenue.0.month');
    // Within the hour of skew: the next hour is taken.
    expect((await ingest({ traffic: [{ siteUserId: owner, hour: '2026-11-26 13', count: 5 }] })).body.code).toBe(Code.OK);
    const stored = await server.db.selectFrom('trafficHour').select('hour').where('hour', '>', 2026112613).execute();
    expect(stored).toEqual([]);
  });

  it('revenue for anyone outside a business team: the caller, the super-admin', async () => {
    const admin = (await server.db.selectFrom('user').select('id').where('code', '=', ADMIN.username).executeTakeFirstOrThrow()).id;
    const start = await lastAuditId();
    const self = await ingest({ revenue: [{ adminId: attackerId, month: '2026-11', amount: 9_999_999_999.99 }, { adminId: admin, month: '2026-11', amount: 0 }] });
    expect(self.body.code).toBe(Code.VALIDATION_FAILED);
    expect(fieldsOf(self)).toEqual(['revenue.0.adminId']);
    expect(fieldsOf(await ingest({ revenue: [{ adminId: seller, month: '2026-11', amount: 1 }, { adminId: admin, month: '2026-11', amount: 0 }] }))).toEqual(['revenue.1.adminId']);
    expect(await server.db.selectFrom('revenueMonth').selectAll().execute()).toEqual([]);
    expect(await notesSince(start)).toEqual([]);
  });

  it('takes a business-team member’s revenue, and records its change', async () => {
    const start = await lastAuditId();
    expect((await ingest({ revenue: [{ adminId: seller, month: '2026-11', amount: 1234.5 }] })).body.code).toBe(Code.OK);
    expect((await ingest({ revenue: [{ adminId: seller, month: '2026-11', amount: 1234.5 }] })).body.code).toBe(Code.OK);
    expect((await ingest({ revenue: [{ adminId: seller, month: '2026-11', amount: 99 }] })).body.code).toBe(Code.OK);
    const notes = await notesSince(start);
    expect(notes.map((row) => [row.tableName, JSON.parse(row.changes ?? '{}')])).toEqual([
      ['revenue_month', { [`revenue ${seller} 2026-11`]: [null, 1234.5] }],
      ['revenue_month', { [`revenue ${seller} 2026-11`]: [1234.5, 99] }],
    ]);
  });
});
