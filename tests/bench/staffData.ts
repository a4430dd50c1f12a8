/**
 * The staff benchmark's data, the same on every run: 200 departments with 9 groups each (2,000
 * offices) and BENCH_STAFF staff (default 100,000) with valid, varied fields, 30% holding a role.
 * Written straight to the database (the triggers keep the search indexes), not through the API.
 */
import { readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { idCardCheckCharacter } from '../../contract';
import type { RegionNode } from '../../contract/regions';
import type { Database } from '../../server/db/schema';

export const STAFF = Number(process.env.BENCH_STAFF ?? 100_000);
const DEPARTMENTS = 200;
const GROUPS_PER_DEPARTMENT = 9;

export interface StaffData {
  officeIds: number[];
  /** The departments (about STAFF / 200 staff each, with their groups'). */
  departmentIds: number[];
  names: string[];
  phones: string[];
}

export const SURNAMES = [...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈'];
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
const pad = (n: number, width: number) => String(n).padStart(width, '0');

function regionPaths(): string[][] {
  const tree = JSON.parse(readFileSync(new URL('../../contract/regionData.json', import.meta.url), 'utf8')) as RegionNode[];
  return tree.flatMap((p) => p.children.flatMap((c) => c.children.map((d) => [p.region_code, c.region_code, d.region_code])));
}

/** Inserts `rows` in batches inside one transaction. */
async function insertBatched(db: Kysely<Database>, table: 'office' | 'user' | 'userRole', rows: Record<string, unknown>[], batch = 500): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += batch) await trx.insertInto(table).values(rows.slice(i, i + batch) as never).execute();
  });
}

/** Fills an empty, prepared database; every call writes the same rows. */
export async function populate(db: Kysely<Database>): Promise<StaffData> {
  const rand = random(20240601);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
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
  return { officeIds, departmentIds, names, phones };
}
