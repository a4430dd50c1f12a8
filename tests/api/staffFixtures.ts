/** Valid staff records for the staff API tests, and the calls they share. */
import { idCardCheckCharacter, type StaffDetail, type StaffListRow } from '../../contract';
import type { Answer, TestServer } from './harness';

export const USER = '/base/admin/user';

/** An 18-digit ID number with a right check character, distinct per `n`. */
export function validCard(n: number): string {
  const first17 = `3301061990${String(n % 10_000_000).padStart(7, '0')}`;
  return first17 + idCardCheckCharacter(first17);
}

/** A complete, valid userCenter; `n` makes code, telephone and email distinct. */
export function staffInput(n: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: `员工${n}`,
    code: `E${String(n).padStart(5, '0')}`,
    telephone: `138${String(n).padStart(8, '0')}`,
    sex: 1,
    birthday: '1990-05-17',
    nation: '01',
    card: validCard(n),
    marriageStatus: 1,
    email: `staff${n}@example.com`,
    crashName: '李四',
    crashPhone: '13900000000',
    censusProvince: '330000',
    censusCity: '330100',
    censusArea: '330106',
    censusAddress: '文三路 90 号',
    liveProvince: '110000',
    liveCity: '110100',
    liveArea: '110105',
    liveAddress: '建国路 88 号',
    graduatedSchool: '浙江大学',
    specialty: '计算机科学',
    education: 4,
    graduatedTime: '2012-06-30',
    position: '工程师',
    grade: 'P5',
    isEnable: '1',
    ...overrides,
  };
}

export function save(server: TestServer, token: string, userCenter: Record<string, unknown>, roleIds?: string): Promise<Answer<Record<string, unknown>>> {
  return server.call('POST', `${USER}/saveOrUpdate`, { token, body: roleIds === undefined ? { userCenter } : { userCenter, roleIds } });
}

/** Saves and returns the new id; fails the test when refused. */
export async function create(server: TestServer, token: string, userCenter: Record<string, unknown>, roleIds = ''): Promise<number> {
  const answer = await save(server, token, userCenter, roleIds);
  if (answer.body.code !== 0) throw new Error(`save refused: ${answer.text}`);
  return answer.body.data.id as number;
}

export async function detail(server: TestServer, token: string, id: number): Promise<Answer<StaffDetail>> {
  return server.call<StaffDetail>('GET', `${USER}/detail`, { token, query: { id } });
}

export async function list(server: TestServer, token: string, query: Record<string, string | number>, path = 'list') {
  return server.call<{ items: StaffListRow[]; total: number }>('GET', `${USER}/${path}`, { token, query });
}

export async function userCount(server: TestServer): Promise<number> {
  const row = await server.db.selectFrom('user').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
