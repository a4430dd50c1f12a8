/** SEED=demo: three departments with two groups each, and 30 valid staff spread over the groups. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CENSUS_REGION, LIVE_REGION, staffEntity, validateEntity } from '../../contract';
import { loadRegions, indexRegions, regionPathError } from '../../contract/regions';
import { ADMIN, startTestServer, type TestServer } from './harness';
import { detail, list } from './staffFixtures';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer({ demo: true });
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await server?.close();
});

it('seeds departments with groups and staff whose every field passes the rules', async () => {
  const offices = await server.db.selectFrom('office').select(['id', 'type', 'parentId']).execute();
  expect(offices.filter((o) => o.type === 1)).toHaveLength(3);
  expect(offices.filter((o) => o.type === 2)).toHaveLength(6);

  const { body } = await list(server, admin, { pageSize: 100 });
  const staff = body.data.items.filter((row) => row.code !== 'admin');
  expect(staff).toHaveLength(30);
  expect(staff.every((row) => row.officeName !== null && row.censusRegionName !== null)).toBe(true);
  expect(staff.filter((row) => row.adminFlag === 1)).toHaveLength(6);

  const regions = indexRegions(await loadRegions());
  for (const row of staff) {
    const { userCenter } = (await detail(server, admin, row.id)).body.data;
    expect(validateEntity(staffEntity, userCenter).ok, row.name).toBe(true);
    for (const fields of [CENSUS_REGION, LIVE_REGION]) {
      expect(regionPathError(regions, fields.map((f) => userCenter[f]) as [string, string, string]), row.name).toBeUndefined();
    }
  }
  expect((await server.login('D1001', 'D1001')).body.code).not.toBe(0);
});
