/**
 * How every export answers (server/export/sendExport.ts), over a real socket: past its row bound
 * the file ends with a row saying so; a client leaving mid-file stops the reading and is recorded
 * as cancelled; a read failing mid-file cuts it short and is recorded as failed; one caller runs
 * one export at a time (1009 for the next, the first unharmed).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type Locale } from '../../contract';
import { ApiError } from '../../server/errors';
import { sendExport, type ExportPlan } from '../../server/export/sendExport';
import type { CellValue } from '../../server/export/sheetStream';
import { startTestServer, type TestServer } from './harness';
import { readSheet } from './exportFiles';

let server: TestServer;
let app: FastifyInstance;
let address: string;
/** What each test's route reads: set by the test. */
let plan: () => Omit<ExportPlan, 'title' | 'columns' | 'audit'>;

beforeAll(async () => {
  server = await startTestServer();
  app = Fastify();
  app.decorateRequest('locale', 'en-US' as Locale);
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request) => {
    request.caller = { userId: Number(request.headers['x-user'] ?? 1), code: 'tester', name: 'Tester' } as never;
  });
  app.setErrorHandler((error, _request, reply) => reply.code(error instanceof ApiError ? 429 : 500).send({ code: error instanceof ApiError ? error.code : -1 }));
  app.get('/export', (request, reply) =>
    sendExport(request, reply, server.db, { title: 'Sheet', columns: [{ header: 'n', width: 8 }, { header: 'text', width: 40 }], audit: { table: 'param', filter: {}, columns: ['n', 'text'] }, ...plan() }),
  );
  address = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app?.close();
  await server?.close();
});

const page = (from: number, count: number): CellValue[][] => Array.from({ length: count }, (_, i) => [from + i, `row ${from + i} ${'x'.repeat(200)}`]);
const lastAuditId = async () => Number((await server.db.selectFrom('auditLog').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0);
/** The export's audit row written after `after` (the id of the last row before the call). */
const auditAfter = (after: number) => async () => {
  const row = await server.db.selectFrom('auditLog').select('changes').where('action', '=', 'export').where('id', '>', after).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row && (JSON.parse(row.changes!) as Record<string, [null, unknown]>);
};
async function until<T>(read: () => Promise<T>, isDone: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (isDone(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return read();
}

describe('an export’s answer', () => {
  it('ends with a row saying so past its bound, and records the rows written', async () => {
    plan = () => ({
      limit: 5,
      pages: (async function* () {
        for (let p = 0; p < 3; p++) yield page(p * 4, 4);
      })(),
    });
    const before = await lastAuditId();
    const response = await fetch(`${address}/export`);
    const { rows } = await readSheet(Buffer.from(await response.arrayBuffer()));
    expect(rows.map((row) => row[0])).toEqual(['n', 0, 1, 2, 3, 4, 'Only the first 5 rows were exported; narrow the filters to export the rest']);
    expect(await until(auditAfter(before), (value) => value !== undefined)).toMatchObject({ rows: [null, 5], truncated: [null, true] });
  });

  it('stops reading when the client leaves, and records the export as cancelled', async () => {
    let pagesRead = 0;
    let isClosed = false;
    plan = () => ({
      pages: (async function* () {
        try {
          for (let p = 0; ; p++) {
            pagesRead++;
            yield page(p * 1000, 1000);
          }
        } finally {
          isClosed = true;
        }
      })(),
    });
    const stop = new AbortController();
    const before = await lastAuditId();
    const response = await fetch(`${address}/export`, { signal: stop.signal });
    const reader = response.body!.getReader();
    await reader.read();
    stop.abort();
    const audit = await until(auditAfter(before), (value) => value !== undefined);
    expect(audit?.outcome).toEqual([null, 'cancelled']);
    expect(isClosed).toBe(true);
    const readThen = pagesRead;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pagesRead).toBe(readThen);
  });

  it('cuts the file short when a read fails mid-way, and records it as failed', async () => {
    plan = () => ({
      pages: (async function* () {
        yield page(0, 1000);
        throw new Error('the database went away');
      })(),
    });
    const before = await lastAuditId();
    const response = await fetch(`${address}/export`);
    const bytes = await response.arrayBuffer().catch(() => new ArrayBuffer(0));
    await expect(readSheet(Buffer.from(bytes))).rejects.toThrow();
    expect((await until(auditAfter(before), (value) => value !== undefined))?.outcome).toEqual([null, 'failed']);
  });

  it('runs one export per caller at a time: the next is refused (1009), the first is unharmed', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    plan = () => ({
      pages: (async function* () {
        yield page(0, 10);
        await held;
        yield page(10, 10);
      })(),
    });
    const first = fetch(`${address}/export`, { headers: { 'x-user': '7' } });
    const firstResponse = await first;
    const second = await fetch(`${address}/export`, { headers: { 'x-user': '7' } });
    expect(second.status).toBe(429);
    expect(((await second.json()) as { code: number }).code).toBe(Code.TOO_MANY_ATTEMPTS);
    release();
    const { rows } = await readSheet(Buffer.from(await firstResponse.arrayBuffer()));
    expect(rows).toHaveLength(21);
  });
});
