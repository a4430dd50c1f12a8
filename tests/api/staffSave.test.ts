/**
 * /user/saveOrUpdate, /user/detail and /user/valid/telephone: every staff rule of the contract is
 * enforced by the server, a refused save stores nothing, phone and code are unique, the code is
 * fixed once created, roles are saved with the record or not at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, idCardCheckCharacter, todayText } from '../../contract';
import { ADMIN, startTestServer, type TestServer } from './harness';
import { create, detail, save, staffInput, USER, userCount, validCard } from './staffFixtures';

let server: TestServer;
let admin: string;
let officeId: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
  ({ id: officeId } = await server.db
    .insertInto('office')
    .values({ type: 1, parentId: 0, name: '研发部', remark: null, createTime: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow());
});
afterAll(async () => {
  await server?.close();
});

const tomorrow = todayText(new Date(Date.now() + 24 * 60 * 60 * 1000));
const card17 = validCard(7).slice(0, 17);
const wrongCheck = card17 + (validCard(7)[17] === '0' ? '1' : '0');

/** [what, field named in the answer, overrides of a valid record] */
const INVALID: Array<[string, string, Record<string, unknown>]> = [
  ['phone not starting 13/14/15/17/18/19', 'telephone', { telephone: '12800000001' }],
  ['phone of 10 digits', 'telephone', { telephone: '1380000001' }],
  ['phone missing', 'telephone', { telephone: '' }],
  ['emergency phone malformed', 'crashPhone', { crashPhone: '0571-8888888' }],
  ['email shorter than 6', 'email', { email: 'a@b.c' }],
  ['email longer than 32', 'email', { email: `${'x'.repeat(25)}@example.com` }],
  ['email without @', 'email', { email: 'someone.example.com' }],
  ['ID card of 16 digits', 'card', { card: '3301061990010112' }],
  ['ID card with a letter other than X', 'card', { card: `${card17}Y` }],
  ['ID card with a wrong check digit', 'card', { card: wrongCheck }],
  ['birthday after today', 'birthday', { birthday: tomorrow }],
  ['birthday 2001-02-29', 'birthday', { birthday: '2001-02-29' }],
  ['graduation after today', 'graduatedTime', { graduatedTime: tomorrow }],
  ['nation 57', 'nation', { nation: '57' }],
  ['education 8', 'education', { education: 8 }],
  ['marriage status 5', 'marriageStatus', { marriageStatus: 5 }],
  ['sex 3', 'sex', { sex: 3 }],
  ['position missing (SPEC §5: a required text of at most 30)', 'position', { position: '' }],
  ['position of 31 characters', 'position', { position: '职'.repeat(31) }],
  ['grade missing (SPEC §5: a required text of at most 15)', 'grade', { grade: undefined }],
  ['grade of 16 characters', 'grade', { grade: 'P'.repeat(16) }],
  ['census city outside its province', 'censusCity', { censusCity: '440100', censusArea: '440103' }],
  ['census district outside its city', 'censusArea', { censusArea: '330203' }],
  ['live province unknown', 'liveProvince', { liveProvince: '990000' }],
  ['live district missing', 'liveArea', { liveArea: undefined }],
  ['name missing', 'name', { name: undefined }],
  ['name longer than 20', 'name', { name: '名'.repeat(21) }],
  ['school missing', 'graduatedSchool', { graduatedSchool: ' ' }],
  ['emergency contact missing', 'crashName', { crashName: undefined }],
  ['census address longer than 100', 'censusAddress', { censusAddress: 'x'.repeat(101) }],
  ['code with a space', 'code', { code: 'E 1' }],
  ['status 2', 'isEnable', { isEnable: '2' }],
  ['department that does not exist', 'officeId', { officeId: 987654 }],
];

describe('creating and editing staff', () => {
  it('creates a member with every field, answers it in detail without password data, and edits it', async () => {
    const id = await create(server, admin, staffInput(1, { officeId }));
    const { body } = await detail(server, admin, id);
    expect(body.code).toBe(0);
    expect(body.data.userExtend).toBeNull();
    expect(body.data.roleIds).toBe('');
    expect(body.data.userCenter).toMatchObject({ id, name: '员工1', code: 'E00001', telephone: '13800000001', officeId, censusArea: '330106', isEnable: '1' });
    expect(body.data.userCenter).not.toHaveProperty('passwordHash');
    expect(body.data.userCenter).not.toHaveProperty('mustChangePassword');

    const edited = await save(server, admin, { ...staffInput(1, { officeId }), id, name: '员工一', officeId: undefined });
    expect(edited.body.code).toBe(0);
    expect(edited.body.data).toMatchObject({ id, name: '员工一', officeId: null });
    expect((await detail(server, admin, id)).body.data.userCenter.name).toBe('员工一');
  });

  it('accepts 2000-02-29 as a birthday, a 15-digit ID card and an X check character in either case', async () => {
    const withX = Array.from({ length: 100 }, (_, i) => `11010519800101${String(i).padStart(3, '0')}`).find((first17) => idCardCheckCharacter(first17) === 'X')!;
    expect((await save(server, admin, staffInput(2, { birthday: '2000-02-29', card: '330106900101123' }))).body.code).toBe(0);
    expect((await save(server, admin, staffInput(3, { card: `${withX}X` }))).body.code).toBe(0);
    expect((await save(server, admin, staffInput(8, { card: `${withX}x` }))).body.code).toBe(0);
  });

  it('refuses a new account the right to log in until its password is reset', async () => {
    const id = await create(server, admin, staffInput(4));
    const row = await server.db.selectFrom('user').select(['mustChangePassword', 'passwordHash']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.mustChangePassword).toBe(1);
    expect((await server.login('E00004', 'E00004')).body.code).toBe(Code.LOGIN_FAILED);
    expect((await server.login('E00004', '123456')).body.code).toBe(Code.LOGIN_FAILED);
  });

  it.each(INVALID)('refuses %s with 1001 on %s and stores nothing', async (_what, field, overrides) => {
    const before = await userCount(server);
    const { body } = await save(server, admin, staffInput(50, overrides));
    expect(body.code).toBe(Code.VALIDATION_FAILED);
    expect(Object.keys((body.data as unknown as { fields: object }).fields)).toContain(field);
    expect(await userCount(server)).toBe(before);
  });

  it('refuses invalid values on update too, leaving the record as it was', async () => {
    const id = await create(server, admin, staffInput(5));
    const { body } = await save(server, admin, { ...staffInput(5, { email: 'bad' }), id });
    expect(body.code).toBe(Code.VALIDATION_FAILED);
    expect((await detail(server, admin, id)).body.data.userCenter.email).toBe('staff5@example.com');
  });

  it('keeps the employee code (the login name) fixed once created, and answers 1004 for an unknown id', async () => {
    const id = await create(server, admin, staffInput(6));
    const { body } = await save(server, admin, { ...staffInput(6), id, code: 'E99999' });
    expect(body.code).toBe(Code.VALIDATION_FAILED);
    expect(body.data).toMatchObject({ fields: { code: expect.any(String) } });
    expect((await detail(server, admin, id)).body.data.userCenter.code).toBe('E00006');
    expect((await save(server, admin, { ...staffInput(7), id: 987654 })).body.code).toBe(Code.NOT_FOUND);
    expect((await detail(server, admin, 987654)).body.code).toBe(Code.NOT_FOUND);
  });
});

describe('uniqueness', () => {
  it('refuses a taken phone with 1005 on create and on update', async () => {
    const first = await create(server, admin, staffInput(10));
    const second = await create(server, admin, staffInput(11));
    const before = await userCount(server);
    const taken = await save(server, admin, staffInput(12, { telephone: '13800000010' }));
    expect(taken.body).toMatchObject({ code: Code.DUPLICATE, msg: '手机号不可以重复', data: { fields: { telephone: '手机号不可以重复' } } });
    expect(await userCount(server)).toBe(before);
    const update = await save(server, admin, { ...staffInput(11, { telephone: '13800000010' }), id: second });
    expect(update.body.code).toBe(Code.DUPLICATE);
    expect((await detail(server, admin, second)).body.data.userCenter.telephone).toBe('13800000011');
    // Saving a member with its own phone is no duplicate.
    expect((await save(server, admin, { ...staffInput(10), id: first })).body.code).toBe(0);
  });

  it('refuses a taken employee code with 1005 on code, including the admin login name', async () => {
    await create(server, admin, staffInput(13));
    const { body } = await save(server, admin, staffInput(14, { code: 'E00013' }), '');
    expect(body).toMatchObject({ code: Code.DUPLICATE, data: { fields: { code: '员工编号不可以重复' } } });
    const english = await server.call('POST', `${USER}/saveOrUpdate`, {
      token: admin,
      headers: { 'accept-language': 'en-US' },
      body: { userCenter: staffInput(15, { code: 'admin' }) },
    });
    expect(english.body).toMatchObject({ code: Code.DUPLICATE, msg: 'This employee code already exists' });
  });

  it('answers whether a phone is free, or owned by the member being edited', async () => {
    const id = await create(server, admin, staffInput(16));
    const valid = (query: Record<string, string | number>) => server.call<boolean>('GET', `${USER}/valid/telephone`, { token: admin, query });
    expect((await valid({ telephone: '13800000016' })).body.data).toBe(false);
    expect((await valid({ telephone: '13800000016', userId: id })).body.data).toBe(true);
    expect((await valid({ telephone: '13800000016', userId: id + 1000 })).body.data).toBe(false);
    expect((await valid({ telephone: '13999999999' })).body.data).toBe(true);
    expect((await valid({})).body.code).toBe(Code.VALIDATION_FAILED);
  });
});

describe('roles saved with the record', () => {
  it('applies roleIds and answers them in detail', async () => {
    const { roleId: a } = await server.createUser({ code: 'ownerA', password: 'owner-pass' });
    const { roleId: b } = await server.createUser({ code: 'ownerB', password: 'owner-pass' });
    const id = await create(server, admin, staffInput(20), `${b},${a}`);
    expect((await detail(server, admin, id)).body.data.roleIds).toBe([a, b].sort((x, y) => x - y).join(','));
    expect((await save(server, admin, { ...staffInput(20), id }, `${a}`)).body.code).toBe(0);
    expect((await detail(server, admin, id)).body.data.roleIds).toBe(`${a}`);
  });

  it('refuses malformed or unknown roleIds with 1001 on roleIds and stores nothing', async () => {
    const before = await userCount(server);
    for (const roleIds of ['a,b', '1;2', '987654']) {
      const { body } = await save(server, admin, staffInput(21), roleIds);
      expect(body.code, roleIds).toBe(Code.VALIDATION_FAILED);
      expect(body.data, roleIds).toMatchObject({ fields: { roleIds: expect.any(String) } });
    }
    expect(await userCount(server)).toBe(before);
  });

  it('stores nothing when the role change is refused: neither the account nor its edit', async () => {
    // A manager allowed to save staff, holding one role; the super-admin role is beyond it.
    const apis = ['/user/saveOrUpdate', '/user/detail'];
    const { roleId: own } = await server.createUser({ code: 'manager', password: 'manager-pass', apis });
    const token = await server.tokenFor('manager', 'manager-pass');
    const superAdmin = (await server.db.selectFrom('role').select('id').where('roleKey', '=', 'superAdmin').executeTakeFirstOrThrow()).id;
    const before = await userCount(server);
    expect((await save(server, token, staffInput(22), `${superAdmin}`)).body.code).toBe(Code.FORBIDDEN);
    expect(await userCount(server)).toBe(before);

    const id = await create(server, token, staffInput(23), `${own}`);
    const refused = await save(server, token, { ...staffInput(23), id, name: '改名' }, `${own},${superAdmin}`);
    expect(refused.body.code).toBe(Code.FORBIDDEN);
    const after = (await detail(server, admin, id)).body.data;
    expect(after.userCenter.name).toBe('员工23');
    expect(after.roleIds).toBe(`${own}`);
  });

  it('lets a member edit their own record with unchanged roles, and refuses changing their own roles', async () => {
    const { userId, roleId } = await server.createUser({ code: 'E00024', password: 'self-pass', apis: ['/user/saveOrUpdate'] });
    await server.db.updateTable('user').set(staffInput(24) as never).where('id', '=', userId).execute();
    const token = await server.tokenFor('E00024', 'self-pass');
    expect((await save(server, token, { ...staffInput(24), id: userId, position: '组长' }, `${roleId}`)).body.code).toBe(0);
    expect((await save(server, token, { ...staffInput(24), id: userId }, '')).body.code).toBe(Code.FORBIDDEN);
    const row = await server.db.selectFrom('user').select('position').where('id', '=', userId).executeTakeFirstOrThrow();
    expect(row.position).toBe('组长');
  });
});
