/**
 * The person list under load: a temporary database with 2,000 offices and 100,000 staff, the real
 * server in-process on a free port, and autocannon (20 connections, ~10 s per case, in a worker
 * thread) on /base/admin/user/list: plain paging, by office, name contains (3+ characters and
 * 1-2 characters), telephone contains. Each case cycles through many different pages or terms.
 * SQLite by default; DATABASE_URL=postgres://… runs it in a fresh schema, dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { idCardCheckCharacter, TOKEN_HEADER } from '../../contract';
import type { RegionNode } from '../../contract/regions';
import { buildApp } from '../../server/app';
import { sha256Hex } from '../../server/auth/passwords';
import { DEFAULT_SESSION_POLICY, DEFAULT_THROTTLE_POLICY } from '../../server/config';
import { isPostgresUrl, openDatabase, type DatabaseHandle } from '../../server/db/database';
import { prepareDatabase } from '../../server/db/prepare';
import type { Database } from '../../server/db/schema';

interface Histogram {
  p50: number;
  p99: number;
  average: number;
}
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: Histogram;
  non2xx: number;
  errors: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const STAFF = Number(process.env.BENCH_STAFF ?? 100_000);
const DEPARTMENTS = 200;
const GROUPS_PER_DEPARTMENT = 9; // 200 + 1,800 = 2,000 offices
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 20;
const ADMIN_PASSWORD = 'Bench#Admin2024';

const SURNAMES = [...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈'];
const GIVEN = [...'伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍红鹏建国志文斌宇浩凯晨瑞博俊轩雪梅海燕晓婷欣怡子涵'];

/** A seeded generator (mulberry32), so every run builds the same data. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const rand = random(20240601);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
const pad = (n: number, width: number) => String(n).padStart(width, '0');

function regionPaths(): string[][] {
  const tree = JSON.parse(readFileSync(new URL('../../contract/regionData.json', import.meta.url), 'utf8')) as RegionNode[];
  return tree.flatMap((p) => p.children.flatMap((c) => c.children.map((d) => [p.region_code, c.region_code, d.region_code])));
}

async function openBenchDatabase(): Promise<{ handle: DatabaseHandle; dispose(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url && isPostgresUrl(url)) {
    const schema = `bench_${randomBytes(5).toString('hex')}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(statement).finally(() => client.end());
    };
    await admin(`create schema ${schema}`);
    const handle = openDatabase(url, { searchPath: schema });
    return { handle, dispose: async () => { await handle.close(); await admin(`drop schema ${schema} cascade`); } };
  }
  const dir = mkdtempSync(join(tmpdir(), 'staff-bench-'));
  const handle = openDatabase(join(dir, 'bench.db'));
  return { handle, dispose: async () => { await handle.close(); rmSync(dir, { recursive: true, force: true }); } };
}

/** Inserts `rows` in batches inside one transaction. */
async function insertBatched(db: Kysely<Database>, table: 'office' | 'user' | 'userRole', rows: Record<string, unknown>[], batch = 500): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += batch) await trx.insertInto(table).values(rows.slice(i, i + batch) as never).execute();
  });
}

export async function populate(db: Kysely<Database>): Promise<{ officeIds: number[]; names: string[]; phones: string[] }> {
  const now = Date.now();
  const departments = Array.from({ length: DEPARTMENTS }, (_, i) => ({ type: 1, parentId: 0, name: `部门${pad(i + 1, 3)}`, remark: null, createTime: now }));
  await insertBatched(db, 'office', departments);
  const departmentIds = (await db.selectFrom('office').select('id').where('type', '=', 1).orderBy('id').execute()).map((r) => r.id);
  const groups = departmentIds.flatMap((parentId, d) =>
    Array.from({ length: GROUPS_PER_DEPARTMENT }, (_, g) => ({ type: 2, parentId, name: `部门${pad(d + 1, 3)}-${g + 1}组`, remark: null, createTime: now })),
  );
  await insertBatched(db, 'office', groups);
  const officeIds = (await db.selectFrom('office').select('id').orderBy('id').execute()).map((r) => r.id);

  const paths = regionPaths();
  const names: string[] = [];
  const phones: string[] = [];
  const staff = Array.from({ length: STAFF }, (_, i) => {
    const name = pick(SURNAMES) + pick(GIVEN) + (rand() < 0.7 ? pick(GIVEN) : '');
    // Unique: a prefix, then the index spread over 8 digits.
    const telephone = `1${pick(['3', '5', '7', '8', '9'])}${pad((i * 7_919 + 13) % 100_000_000, 8)}${Math.floor(rand() * 10)}`.slice(0, 11);
    const first17 = `${pick(paths)[2]}19${pad(60 + Math.floor(rand() * 40), 2)}${pad(1 + Math.floor(rand() * 12), 2)}${pad(1 + Math.floor(rand() * 28), 2)}${pad(i % 1000, 3)}`;
    const [census, live] = [pick(paths), pick(paths)];
    names.push(name);
    phones.push(telephone);
    return {
      code: `E${pad(i + 1, 6)}`, name, passwordHash: 'unusable', isEnable: rand() < 0.95 ? '1' : '0', mustChangePassword: 1, createTime: now,
      telephone, sex: 1 + Math.floor(rand() * 2), birthday: `${first17.slice(6, 10)}-${first17.slice(10, 12)}-${first17.slice(12, 14)}`,
      nation: pad(1 + Math.floor(rand() * 56), 2), card: first17 + idCardCheckCharacter(first17), marriageStatus: 1 + Math.floor(rand() * 4),
      email: `e${i + 1}@example.com`, crashName: pick(SURNAMES) + pick(GIVEN), crashPhone: '13900000000',
      censusProvince: census[0], censusCity: census[1], censusArea: census[2], censusAddress: `${1 + (i % 300)}号`,
      liveProvince: live[0], liveCity: live[1], liveArea: live[2], liveAddress: `${1 + (i % 500)}号`,
      graduatedSchool: '某大学', specialty: '管理', education: 3 + Math.floor(rand() * 4), graduatedTime: '2010-07-01',
      position: null, grade: null, officeId: pick(officeIds), adminFlag: 0,
    };
  });
  await insertBatched(db, 'user', staff, 400);

  const roleIds = (await db.selectFrom('role').select('id').execute()).map((r) => r.id);
  const userIds = (await db.selectFrom('user').select('id').where('code', '!=', 'admin').execute()).map((r) => r.id);
  await insertBatched(db, 'userRole', userIds.filter(() => rand() < 0.3).map((userId) => ({ userId, roleId: pick(roleIds) })));
  return { officeIds, names, phones };
}

interface Case {
  label: string;
  paths: string[];
}

function cases(data: { officeIds: number[]; names: string[]; phones: string[] }): Case[] {
  const list = '/base/admin/user/list';
  const many = <T>(n: number, make: (i: number) => T) => Array.from({ length: n }, (_, i) => make(i));
  const q = (params: Record<string, string | number>) => `${list}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;
  return [
    { label: '(a) paging, pages 1-200', paths: many(50, (i) => q({ pageNo: 1 + ((i * 37) % 200), pageSize: 10 })) },
    { label: '(b) by officeId', paths: many(50, () => q({ officeId: pick(data.officeIds), pageNo: 1, pageSize: 10 })) },
    { label: '(c) name contains, 3 chars', paths: many(50, () => q({ name: pick(data.names.filter((n) => n.length === 3)), pageNo: 1, pageSize: 10 })) },
    { label: '(d) name contains, 1-2 chars', paths: many(50, (i) => q({ name: i % 2 ? pick(SURNAMES) : pick(data.names).slice(0, 2), pageNo: 1, pageSize: 10 })) },
    { label: '(e) telephone contains, 4-7 digits', paths: many(50, (i) => { const p = pick(data.phones); const start = 2 + (i % 4); return q({ telephone: p.slice(start, start + 4 + (i % 4)), pageNo: 1, pageSize: 10 }); }) },
  ];
}

async function main(): Promise<void> {
  const { handle, dispose } = await openBenchDatabase();
  try {
    const started = Date.now();
    await prepareDatabase(handle, { demo: false, adminPassword: ADMIN_PASSWORD }, { logger: pino({ level: 'silent' }) });
    const data = await populate(handle.db);
    await sql`analyze`.execute(handle.db);
    console.log(`${handle.dialect}: ${STAFF.toLocaleString('en')} staff, ${data.officeIds.length.toLocaleString('en')} offices inserted in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const app = await buildApp({
      db: handle.db,
      config: { workbenchUrl: '/login', trustProxy: false, session: DEFAULT_SESSION_POLICY, throttle: DEFAULT_THROTTLE_POLICY },
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const login = await fetch(`${address}/base/admin/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: sha256Hex(ADMIN_PASSWORD) }),
      });
      const token = ((await login.json()) as { data: { token: string } }).data.token;
      const rows: Array<Record<string, string | number>> = [];
      for (const { label, paths } of cases(data)) {
        const sample = (await (await fetch(`${address}${paths[0]}`, { headers: { [TOKEN_HEADER]: token } })).json()) as { code: number; data: { total: number } };
        if (sample.code !== 0) throw new Error(`${label}: answered ${JSON.stringify(sample)}`);
        const result = await autocannon({
          url: address,
          connections: CONNECTIONS,
          duration: DURATION_S,
          workers: 1,
          headers: { [TOKEN_HEADER]: token },
          requests: paths.map((path) => ({ method: 'GET', path })),
        });
        rows.push({
          case: label,
          'req/s': Math.round(result.requests.average),
          'p50 ms': result.latency.p50,
          'p99 ms': result.latency.p99,
          'non-2xx': result.non2xx + result.errors,
          'first total': sample.data.total,
        });
        console.log(`${label}: done`);
      }
      console.log(`\n/base/admin/user/list on ${handle.dialect}, ${CONNECTIONS} connections, ${DURATION_S} s per case`);
      console.table(rows);
    } finally {
      await app.close();
    }
  } finally {
    await dispose();
  }
}

// Runs when started as a script (npm run bench), not when imported for a probe.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
