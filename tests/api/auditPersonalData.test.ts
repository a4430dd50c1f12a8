/**
 * Second review, M3: a holder of the audit screen alone (refused /user/list and /user/detail) read
 * every staff member's ID card, phones and addresses in the `changes` of each staff save. The
 * triggers now store personal columns masked (on both databases the same masks as
 * contract/personalData.ts), so a change stays visible and the value does not; rows stored before
 * are masked again by migration 0015.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type ListData } from '../../contract';
import { maskPersonal, type PersonalKind } from '../../contract/personalData';
import { remaskStoredChanges } from '../../server/audit/personalColumns';
import { ADMIN, startTestServer, type TestServer } from './harness';
import { create, save, staffInput, validCard } from './staffFixtures';

const AUDIT = '/base/admin/auditLog';
let server: TestServer;
let admin: string;
let auditor: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
  await server.createUser({ code: 'atk_audit', password: 'audit-pass-1', apis: ['/auditLog/list', '/auditLog/detail'] });
  auditor = await server.tokenFor('atk_audit', 'audit-pass-1');
});
afterAll(async () => {
  await server?.close();
});

type Row = { id: number; changes: string };
const changesOf = (row: Row) => JSON.parse(row.changes) as Record<string, [unknown, unknown]>;

async function auditRows(recordId: number, action: string): Promise<Row[]> {
  const answer = await server.call<ListData<Row>>('GET', `${AUDIT}/list`, { token: auditor, query: { tableName: 'user', recordId, action } });
  expect(answer.body.code, answer.text).toBe(Code.OK);
  return answer.body.data.items.filter((row) => String((row as unknown as { recordId: string }).recordId) === String(recordId));
}

/** Every value of `input` that the audit log must never answer as it is. */
const personal = (input: Record<string, unknown>) => ['telephone', 'card', 'email', 'crashName', 'crashPhone', 'birthday', 'censusAddress', 'liveAddress'].map((f) => String(input[f]));

describe('a staff member saved, as a holder of the audit screen alone reads it', () => {
  it('shows each personal field masked in the list and the show view, never as stored', async () => {
    const input = staffInput(42, { telephone: '17700000010', card: '320102199505013821', email: 'atk10@example.com', crashPhone: '13905712029', liveAddress: '幸福小区 2 栋 129 室' });
    const id = await create(server, admin, input);
    expect((await server.call('GET', '/base/admin/user/detail', { token: auditor, query: { id } })).body.code).toBe(Code.FORBIDDEN);

    const [inserted] = await auditRows(id, 'insert');
    const shown = await server.call<Row>('GET', `${AUDIT}/detail`, { token: auditor, query: { id: inserted!.id } });
    for (const text of [inserted!.changes, shown.body.data.changes]) for (const value of personal(input)) expect(text).not.toContain(value);
    expect(changesOf(inserted!)).toMatchObject({
      telephone: [null, '177****0010'],
      card: [null, '320102****3821'],
      email: [null, 'a***@example.com'],
      crash_phone: [null, '139****2029'],
      crash_name: [null, '******'],
      birthday: [null, '******'],
      census_address: [null, '******'],
      live_address: [null, '******'],
      // Not personal: shown as stored.
      code: [null, 'E00042'],
      name: [null, '员工42'],
    });
  });

  it('shows a changed personal field as changed, before ≠ after where the mask allows', async () => {
    const input = staffInput(43);
    const id = await create(server, admin, input);
    const changed = { ...input, id, telephone: '13912345678', card: validCard(4343), liveAddress: '另一条路 1 号' };
    expect((await save(server, admin, changed)).body.code).toBe(Code.OK);
    const [updated] = await auditRows(id, 'update');
    expect(changesOf(updated!)).toEqual({
      telephone: ['138****0043', '139****5678'],
      card: [maskPersonal('idCard', input.card), maskPersonal('idCard', changed.card)],
      live_address: ['******', '******'],
      version: [1, 2],
    });
  });

  it('masks on this database exactly as the contract masks', async () => {
    const input = staffInput(44, { email: 'x@a.cn', telephone: '15000000001' });
    const id = await create(server, admin, input);
    const [inserted] = await auditRows(id, 'insert');
    const changes = changesOf(inserted!);
    for (const [column, field, kind] of [['telephone', 'telephone', 'phone'], ['email', 'email', 'email'], ['card', 'card', 'idCard'], ['crash_phone', 'crashPhone', 'phone'], ['birthday', 'birthday', 'hidden']] as const) {
      expect(changes[column], column).toEqual([null, maskPersonal(kind, input[field])]);
    }
  });
});

describe('the database’s masks', () => {
  it('are the contract’s, for every kind, on this database', async () => {
    // Every kind, by type: a kind added to the contract fails the type-check here until it is listed.
    const every = { phone: 1, email: 1, account: 1, bankAccount: 1, taxNumber: 1, qq: 1, address: 1, personName: 1, idCard: 1, hidden: 1 } satisfies Record<PersonalKind, 1>;
    const kinds = Object.keys(every) as PersonalKind[];
    const samples = ['', ' ', '123', '13800000000', ' 13800000000 ', 'a@b.cn', '@b.cn', 'no-at-sign', 'x.y@z@w.org', '6222 0212 3456 7891 234', '91110000MA12345678', '110101199001011234', '11010119900101123X', '幸福小区 2 栋', '1234567', '123456789', '人民路 88 号', '  北京市朝阳区建国路８８号', '***', '何丽华', '何', '*丽', '上海市**'];
    for (const kind of kinds) {
      for (const value of samples) {
        const { rows } = await sql<{ masked: string | null }>`select audit_mask(${kind}, ${value}) as masked`.execute(server.db);
        expect(rows[0]!.masked, `${kind} ${JSON.stringify(value)}`).toBe(maskPersonal(kind, value));
      }
    }
  });
});

describe('rows stored before the masking', () => {
  it('are masked again, and masking twice changes nothing', async () => {
    const clear = { telephone: [null, '17700000010'], card: ['110101199001011234', '320102199505013821'], live_address: [null, '幸福小区'], name: ['甲', '乙'] };
    const row = (tableName: string) => ({ changedAt: Date.now(), requestId: 'old', userId: null, userName: 'x', method: 'POST', route: '/old', address: null, tableName, recordId: '9', action: 'update' as const, changes: JSON.stringify(clear) });
    const [staffRow, otherRow] = (await server.db.insertInto('auditLog').values([row('user'), row('param')]).returning('id').execute()).map((r) => r.id) as [number, number];
    await remaskStoredChanges(server.db);
    await remaskStoredChanges(server.db);
    const read = async (id: number) => JSON.parse((await server.db.selectFrom('auditLog').select('changes').where('id', '=', id).executeTakeFirstOrThrow()).changes ?? '{}') as unknown;
    expect(await read(staffRow)).toEqual({ telephone: [null, '177****0010'], card: ['110101****1234', '320102****3821'], live_address: [null, '******'], name: ['甲', '乙'] });
    // Another table's columns of the same names are not the staff table's.
    expect(await read(otherRow)).toEqual(clear);
  });
});
