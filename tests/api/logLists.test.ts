/**
 * The audit and login lists as their screens call them, over rows enough to pass the bounded total:
 * each exact filter, alone and with a time range, answers exactly the rows it selects, newest first
 * (ties newest id first), with the right total, or the bound with `totalAtLeast` when more match; and the
 * indexes of migration 0028 that serve them exist in place of those they replace.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListData } from '../../contract';
import { auditLogResource, LOG_TOTAL_BOUND, loginLogResource } from '../../resources/audit/definition';
import { createRepository } from '../../server/crud/repository';
import { LOG_LIST_INDEXES, REPLACED_LOG_INDEXES } from '../../server/db/migrations/0028_log_list_indexes';
import { snakeCase } from '../../server/db/resourceTables';
import { tableIndexes } from '../../server/db/schemaIntrospection';
import { exportCall, readSheet } from './exportFiles';
import { ADMIN, handleOf, startTestServer, type TestServer } from './harness';

let server: TestServer;
let admin: string;

const ROWS = LOG_TOTAL_BOUND + 50;
const MINUTE = 60_000;
// Inside the retention window, and long before the rows the server itself writes during the test.
const BASE = Date.now() - 30 * 24 * 60 * MINUTE;
const WINDOW = { from: BASE, to: BASE + ROWS * MINUTE };

interface AuditRow {
  id: number;
  changedAt: number;
  userCode: string;
  userId: number;
  tableName: string;
  recordId: string;
  route: string;
  action: string;
}
interface LoginRow {
  id: number;
  attemptedAt: number;
  userName: string;
  address: string;
  result: string;
  reason: string;
}

let audit: AuditRow[] = [];
let logins: LoginRow[] = [];

/** Every seventh row shares the time of the one before: the order breaks the tie by id. */
const timeOf = (i: number) => BASE + (i - (i % 7 === 6 ? 1 : 0)) * MINUTE;
const REASONS = ['success', 'success', 'success', 'wrongPassword', 'unknownUser', 'throttled'] as const;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
  const auditValues = Array.from({ length: ROWS }, (_, i) => ({
    changedAt: timeOf(i),
    requestId: `req-${i}`,
    userId: 9000 + (i % 7),
    userCode: `u${i % 7}`,
    userName: `用户${i % 7}`,
    method: 'POST',
    route: `/base/admin/r${i % 11}/saveOrUpdate`,
    address: '10.0.0.1',
    tableName: `t${i % 5}`,
    recordId: String(i % 13),
    action: (['insert', 'update', 'delete'] as const)[i % 3]!,
    changes: '{}',
  }));
  const loginValues = Array.from({ length: ROWS }, (_, i) => ({
    attemptedAt: timeOf(i),
    userName: `n${i % 9}`,
    address: `10.1.0.${i % 4}`,
    userAgent: 'Mozilla/5.0',
    result: REASONS[i % 6] === 'success' ? 'success' : 'failure',
    reason: REASONS[i % 6]!,
  }));
  for (let i = 0; i < ROWS; i += 500) {
    await server.db.insertInto('auditLog').values(auditValues.slice(i, i + 500)).execute();
    await server.db.insertInto('loginLog').values(loginValues.slice(i, i + 500)).execute();
  }
  audit = (await server.db.selectFrom('auditLog').select(['id', 'changedAt', 'userCode', 'userId', 'tableName', 'recordId', 'route', 'action']).where('changedAt', '<=', WINDOW.to).execute()).map(
    (r) => ({ ...r, id: Number(r.id), changedAt: Number(r.changedAt), userId: Number(r.userId) }) as AuditRow,
  );
  logins = (await server.db.selectFrom('loginLog').select(['id', 'attemptedAt', 'userName', 'address', 'result', 'reason']).where('attemptedAt', '<=', WINDOW.to).execute()).map(
    (r) => ({ ...r, id: Number(r.id), attemptedAt: Number(r.attemptedAt) }) as LoginRow,
  );
  expect(audit).toHaveLength(ROWS);
  expect(logins).toHaveLength(ROWS);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

type Params = Record<string, string | number>;

async function list<T>(resource: string, params: Params): Promise<ListData<T & { id: number }>> {
  const answer = await server.call<ListData<T & { id: number }>>('GET', `/base/admin/${resource}/list`, { token: admin, query: params });
  expect(answer.body.code).toBe(0);
  return answer.body.data;
}

/** The page and total the list must answer for the rows `rows` a filter selects. */
function expected<R extends { id: number }>(rows: readonly R[], time: (row: R) => number, page: number, size: number) {
  const sorted = [...rows].sort((a, b) => time(b) - time(a) || b.id - a.id);
  const more = sorted.length > LOG_TOTAL_BOUND;
  return { ids: sorted.slice((page - 1) * size, page * size).map((r) => r.id), total: more ? LOG_TOTAL_BOUND : sorted.length, totalAtLeast: more };
}

interface Case<R> {
  what: string;
  params: Params;
  keep: (row: R) => boolean;
  page?: number;
}

const inWindow = (from: number, to: number) => (time: number) => time >= from && time <= to;
const DAY_FROM = BASE + 1_000 * MINUTE;
const DAY_TO = BASE + 2_440 * MINUTE;
const inDay = inWindow(DAY_FROM, DAY_TO);

const auditCases: Case<AuditRow>[] = [
  { what: 'the whole window (more than the bound)', params: {}, keep: () => true },
  { what: 'a day', params: { changedAtFrom: DAY_FROM, changedAtTo: DAY_TO }, keep: (r) => inDay(r.changedAt) },
  { what: 'an account (userCode)', params: { userCode: 'u3' }, keep: (r) => r.userCode === 'u3' },
  { what: 'an account (userId)', params: { userId: 9004 }, keep: (r) => r.userId === 9004 },
  { what: 'a table', params: { tableName: 't2' }, keep: (r) => r.tableName === 't2' },
  { what: 'a table and record', params: { tableName: 't2', recordId: '5' }, keep: (r) => r.tableName === 't2' && r.recordId === '5' },
  { what: 'a record id alone', params: { recordId: '5' }, keep: (r) => r.recordId === '5' },
  { what: 'a call (route)', params: { route: '/base/admin/r4/saveOrUpdate' }, keep: (r) => r.route === '/base/admin/r4/saveOrUpdate' },
  { what: 'an action', params: { action: 'delete' }, keep: (r) => r.action === 'delete' },
  { what: 'an account in a day', params: { userCode: 'u1', changedAtFrom: DAY_FROM, changedAtTo: DAY_TO }, keep: (r) => r.userCode === 'u1' && inDay(r.changedAt) },
  { what: 'a table in a day', params: { tableName: 't0', changedAtFrom: DAY_FROM, changedAtTo: DAY_TO }, keep: (r) => r.tableName === 't0' && inDay(r.changedAt) },
  { what: 'a call in a day', params: { route: '/base/admin/r7/saveOrUpdate', changedAtFrom: DAY_FROM, changedAtTo: DAY_TO }, keep: (r) => r.route === '/base/admin/r7/saveOrUpdate' && inDay(r.changedAt) },
  { what: 'a contains-looking route matches nothing: the filter is exact', params: { route: 'r4' }, keep: () => false },
  { what: 'a deep page of the whole window', params: {}, keep: () => true, page: 250 },
  { what: 'a deep page of an account', params: { userCode: 'u2' }, keep: (r) => r.userCode === 'u2', page: 40 },
];

const loginCases: Case<LoginRow>[] = [
  { what: 'the whole window (more than the bound)', params: {}, keep: () => true },
  { what: 'a day', params: { attemptedAtFrom: DAY_FROM, attemptedAtTo: DAY_TO }, keep: (r) => inDay(r.attemptedAt) },
  { what: 'a name as typed', params: { userName: 'n4' }, keep: (r) => r.userName === 'n4' },
  { what: 'an address', params: { address: '10.1.0.2' }, keep: (r) => r.address === '10.1.0.2' },
  { what: 'failures', params: { result: 'failure' }, keep: (r) => r.result === 'failure' },
  { what: 'a reason', params: { reason: 'throttled' }, keep: (r) => r.reason === 'throttled' },
  { what: 'a name in a day', params: { userName: 'n4', attemptedAtFrom: DAY_FROM, attemptedAtTo: DAY_TO }, keep: (r) => r.userName === 'n4' && inDay(r.attemptedAt) },
  { what: 'a part of a name matches nothing: the filter is exact', params: { userName: 'n' }, keep: () => false },
  { what: 'a deep page of a name', params: { userName: 'n1' }, keep: (r) => r.userName === 'n1', page: 30 },
];

const SIZE = 20;

describe('the audit list, each filter over more rows than its bounded total', () => {
  it.each(auditCases)('$what: exactly its rows, newest first, with its total', async ({ params, keep, page = 1 }) => {
    const range: Params = 'changedAtFrom' in params ? {} : { changedAtFrom: WINDOW.from, changedAtTo: WINDOW.to };
    const data = await list<AuditRow>('auditLog', { ...range, ...params, pageNo: page, pageSize: SIZE });
    const want = expected(audit.filter(keep), (r) => r.changedAt, page, SIZE);
    expect({ ids: data.items.map((r) => Number(r.id)), total: data.total, totalAtLeast: data.totalAtLeast ?? false }).toEqual(want);
  });

  it('with no filter at all: the newest rows first and the bound as the total', async () => {
    const data = await list<AuditRow>('auditLog', { pageNo: 1, pageSize: SIZE });
    expect(data).toMatchObject({ total: LOG_TOTAL_BOUND, totalAtLeast: true });
    const times = data.items.map((r) => Number(r.changedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const newest = await server.db.selectFrom('auditLog').select((eb) => eb.fn.max('changedAt').as('at')).executeTakeFirstOrThrow();
    expect(times[0]).toBe(Number(newest.at));
  });
});

describe('the audit export', () => {
  it('writes every row the filter selects, past the bounded total, in the list’s order (ties newest id first)', async () => {
    const answer = await exportCall(server, admin, '/base/admin/auditLog/export', { changedAtFrom: WINDOW.from, changedAtTo: WINDOW.to, columns: 'recordId,tableName' });
    const rows = (await readSheet(answer.bytes)).rows.slice(1);
    const sorted = [...audit].sort((a, b) => b.changedAt - a.changedAt || b.id - a.id);
    expect(rows.length).toBe(ROWS);
    expect(rows.map((row) => String(row[0]))).toEqual(sorted.map((r) => r.recordId));
    // 10,050 rows to a spreadsheet took 17–19 s in fresh-clone runs on a two-core host, beside the other test files.
  }, 60_000);
});

describe('the login list, each filter over more rows than its bounded total', () => {
  it.each(loginCases)('$what: exactly its rows, newest first, with its total', async ({ params, keep, page = 1 }) => {
    const range: Params = 'attemptedAtFrom' in params ? {} : { attemptedAtFrom: WINDOW.from, attemptedAtTo: WINDOW.to };
    const data = await list<LoginRow>('loginLog', { ...range, ...params, pageNo: page, pageSize: SIZE });
    const want = expected(logins.filter(keep), (r) => r.attemptedAt, page, SIZE);
    expect({ ids: data.items.map((r) => Number(r.id)), total: data.total, totalAtLeast: data.totalAtLeast ?? false }).toEqual(want);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the log lists on PostgreSQL', () => {
  // Planning over the monthly partitions cost as much as running (README *Years of audit and login rows*).
  it('keep one plan per statement: each list statement is prepared once and runs on a generic plan', async () => {
    const runs = await server.db.transaction().execute(async (trx) => {
      // One connection: the session whose prepared statements are read, before and after.
      const prepared = async () => {
        const { rows } = await sql<{ statement: string; generic: string; custom: string }>`
          select statement, generic_plans as generic, custom_plans as custom from pg_prepared_statements`.execute(trx);
        return new Map(rows.map((row) => [row.statement, { generic: Number(row.generic), custom: Number(row.custom) }]));
      };
      const before = await prepared();
      const audits = createRepository(trx, auditLogResource);
      const loginList = createRepository(trx, loginLogResource);
      for (let i = 0; i < 8; i++) {
        const paging = { page: 1 + (i % 3), size: SIZE };
        await audits.list({ paging, filters: {}, exact: { tableName: `t${i % 5}`, recordId: String(i * 37) }, totalUpTo: LOG_TOTAL_BOUND });
        await audits.list({ paging, filters: {}, ranges: { changedAt: { from: WINDOW.from + i * MINUTE, to: WINDOW.to - i * MINUTE } }, totalUpTo: LOG_TOTAL_BOUND });
        await loginList.list({ paging, filters: {}, exact: { userName: `u${i % 7}` }, totalUpTo: LOG_TOTAL_BOUND });
      }
      const after = await prepared();
      return [...after].flatMap(([statement, { generic, custom }]) => {
        const was = before.get(statement) ?? { generic: 0, custom: 0 };
        const count = generic + custom - was.generic - was.custom;
        return count ? [{ statement, count, generic: generic - was.generic }] : [];
      });
    });
    // A page and its bounded count for each of the three filters, each run eight times; from the
    // sixth run at the latest on the plan kept (five custom plans come first on a new statement).
    expect(runs).toHaveLength(6);
    for (const { statement, count, generic } of runs) expect({ statement, count, genericAtLeast3: generic >= 3 }).toEqual({ statement, count: 8, genericAtLeast3: true });
  });
});

describe('migration 0028', () => {
  it('makes an index per filter with the newest-first order, in place of those it replaces', async () => {
    const handle = handleOf(server);
    const present = [...(await tableIndexes(handle, 'audit_log')), ...(await tableIndexes(handle, 'login_log'))];
    for (const [name, , columns] of LOG_LIST_INDEXES) expect(present.find((index) => index.name === name)?.columns, name).toEqual(columns.map(snakeCase));
    expect(present.map((index) => index.name).filter((name) => (REPLACED_LOG_INDEXES as readonly string[]).includes(name))).toEqual([]);
  });
});
