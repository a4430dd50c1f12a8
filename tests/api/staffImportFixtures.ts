/** Rows of a person-list import file: the columns by their keys (the enable flag headed as the list's export heads it), and a valid new account per `n` (./staffFixtures.ts's values as a file holds them). */
import type { Cell } from './importFiles';
import { staffInput } from './staffFixtures';

export const STAFF_IMPORT_HEADER = [
  'code', 'name', 'telephone', 'sex', 'card', 'birthday', 'nation', 'marriageStatus', 'email', 'crashName', 'crashPhone',
  'census', 'censusAddress', 'live', 'liveAddress', 'graduatedSchool', 'specialty', 'education', 'graduatedTime',
  'officeId', 'position', 'grade', 'roles', '启用',
];

/** A valid row (choices by their labels, regions by their names); `overrides` by column key. */
export function staffImportRow(n: number, name: string, overrides: Record<string, Cell> = {}): Cell[] {
  const input = staffInput(n, { name });
  const row: Record<string, Cell> = {
    ...(input as Record<string, Cell>),
    sex: '男',
    nation: '汉族',
    marriageStatus: 'Unmarried',
    education: '本科',
    census: '浙江省 / 杭州市 / 西湖区',
    live: 'Beijing / Municipal Districts / Chaoyang District',
    officeId: null,
    roles: null,
    启用: '启用',
    ...overrides,
  };
  return STAFF_IMPORT_HEADER.map((key) => row[key] ?? null);
}
