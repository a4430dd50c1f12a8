/**
 * /user/filterList, the add-member picker's candidate search, answers only what the picker shows
 * (name, code, phone, department) and what it needs to pick (id, department id, row number): no ID
 * card, emergency contact, addresses or other personal details.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type StaffPickerRow } from '../../contract';
import { ADMIN, startTestServer, type TestServer } from './harness';
import { create, list, staffInput, validCard } from './staffFixtures';

let server: TestServer;
let admin: string;
let officeId: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
  officeId = (await server.db.insertInto('office').values({ type: 1, parentId: 0, name: '研发部', remark: null, createTime: Date.now() }).returning('id').executeTakeFirstOrThrow()).id;
  await create(server, admin, staffInput(41, { name: '候选人', officeId }));
});
afterAll(async () => {
  await server?.close();
});

describe('the add-member picker’s candidates', () => {
  it('carry exactly what the picker shows and needs, nothing personal', async () => {
    const { body } = await list(server, admin, { searchKey: '候选' }, 'filterList');
    expect(body.code).toBe(Code.OK);
    expect(body.data.total).toBe(1);
    const row = body.data.items[0] as unknown as StaffPickerRow;
    expect(row).toEqual({ id: expect.any(Number), idx: 1, name: '候选人', code: 'E00041', telephone: '13800000041', officeId, officeName: '研发部' });
    const text = JSON.stringify(body);
    for (const secret of [validCard(41), '李四', '13900000000', '文三路', '建国路', 'staff41@example.com', '1990-05-17']) expect(text).not.toContain(secret);
  });
});
