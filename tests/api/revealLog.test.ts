/**
 * Reveal oversight (second security review, L5 and the reveal-log half of M2): the reveal log names
 * accounts (id and login code) rather than display names alone, and it is listable across
 * customers, by staff member, customer, kind and time, on a monitoring screen of its own. Rows
 * written before migration 0014 keep working.
 */
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, validateEntity, type Entity, type Fields, type ListData } from '../../contract';
import { revealLogResource } from '../../resources/customer/definition';
import { createRepository } from '../../server/crud/repository';
import { currentSchema } from '../../server/db/database';
import { migrateToLatest, migrations } from '../../server/db/migrations';
import { SUPPORT_ROLE_KEY } from '../../server/db/demoCustomers';
import { ADMIN, freshDatabase, startTestServer, type TestServer } from './harness';

type Row = Record<string, unknown> & { id: number };

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer({ demo: true });
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await server?.close();
});

const REVEALER_APIS = ['/customer/list', '/customer/detail', '/customer/reveal', '/customer/bank/list', '/customer/bank/reveal'];
const get = <T>(token: string, path: string, query: Record<string, string | number> = {}) => server.call<T>('GET', `/base/admin${path}`, { token, query });
const customerIds = async () => (await server.db.selectFrom('customer' as never).select('id' as never).orderBy('id' as never).limit(4).execute()).map((r) => (r as Row).id);
const bankOf = async (userId: number) => ((await server.db.selectFrom('customer_bank' as never).select('id' as never).where('userId' as never, '=', userId as never).executeTakeFirstOrThrow()) as Row).id;

describe('the reveal log across customers (系统监控)', () => {
  it('lists everything one staff member revealed or looked up, by account, customer, kind and time', async () => {
    const started = Date.now();
    const a = await server.createUser({ code: 'reveal_a', password: 'Reveal#2024', apis: REVEALER_APIS, name: '客服甲' });
    await server.createUser({ code: 'reveal_b', password: 'Reveal#2024', apis: REVEALER_APIS, name: '客服乙' });
    const [tokenA, tokenB] = [await server.tokenFor('reveal_a', 'Reveal#2024'), await server.tokenFor('reveal_b', 'Reveal#2024')];
    const [c1, c2, c3, c4] = (await customerIds()) as [number, number, number, number];
    for (const id of [c1, c2]) expect((await get(tokenA, '/customer/reveal', { id })).body.code).toBe(Code.OK);
    expect((await get(tokenA, '/customer/bank/reveal', { id: await bankOf(c3) })).body.code).toBe(Code.OK);
    expect((await get(tokenB, '/customer/reveal', { id: c4 })).body.code).toBe(Code.OK);
    const phone = ((await server.db.selectFrom('customer' as never).select('telephone' as never).where('id' as never, '=', c2 as never).executeTakeFirstOrThrow()) as Row).telephone;
    expect((await get(tokenA, '/customer/list', { telephone: String(phone) })).body.code).toBe(Code.OK);

    const byStaff = (await get<ListData<Row>>(admin, '/revealLog/list', { staffId: a.userId, size: 100 })).body.data;
    expect(byStaff.total).toBe(4);
    // Each row naming the account and the customer, newest first.
    expect(byStaff.items.map((r) => [r.kind, r.resource, r.userId])).toEqual(
      expect.arrayContaining([
        ['lookup', 'customer', c2],
        ['reveal', 'customerBank', c3],
        ['reveal', 'customer', c2],
        ['reveal', 'customer', c1],
      ]),
    );
    const times = byStaff.items.map((r) => Number(r.revealedAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(byStaff.items.every((r) => r.staffCode === 'reveal_a' && r.staffName === '客服甲')).toBe(true);
    expect((await get<ListData<Row>>(admin, '/revealLog/list', { staffCode: 'reveal_b' })).body.data.items.map((r) => r.userId)).toEqual([c4]);
    expect((await get<ListData<Row>>(admin, '/revealLog/list', { userId: c2, size: 100 })).body.data.items.map((r) => r.kind).sort()).toEqual(['lookup', 'reveal']);
    expect((await get<ListData<Row>>(admin, '/revealLog/list', { kind: 'lookup', staffId: a.userId })).body.data).toMatchObject({ total: 1, items: [{ field: 'telephone', matches: 1 }] });
    const inRange = (await get<ListData<Row>>(admin, '/revealLog/list', { revealedAtFrom: started, revealedAtTo: Date.now(), size: 100 })).body.data;
    expect(inRange.total).toBe(5);
    expect((await get<ListData<Row>>(admin, '/revealLog/list', { revealedAtTo: started - 1 })).body.data.total).toBe(0);
    // The customer's own tab keeps working.
    expect((await get<ListData<Row>>(admin, '/customer/revealLog/list', { userId: c1 })).body.data.items).toMatchObject([{ kind: 'reveal', staffCode: 'reveal_a' }]);
  });

  it('tells accounts apart whatever they are called: a renamed member keeps their code, a namesake has another', async () => {
    const spoofer = await server.createUser({ code: 'spoofer', password: 'Reveal#2024', apis: REVEALER_APIS, name: '超级管理员' });
    const token = await server.tokenFor('spoofer', 'Reveal#2024');
    const [c1] = (await customerIds()) as [number];
    expect((await get(token, '/customer/reveal', { id: c1 })).body.code).toBe(Code.OK);
    expect((await get(admin, '/customer/reveal', { id: c1 })).body.code).toBe(Code.OK);
    const rows = (await get<ListData<Row>>(admin, '/revealLog/list', { staffName: '超级管理员', size: 100 })).body.data.items;
    const adminId = (await server.db.selectFrom('user').select('id').where('code', '=', ADMIN.username).executeTakeFirstOrThrow()).id;
    expect(rows.map((r) => [r.staffName, r.staffCode, r.staffId])).toEqual(
      expect.arrayContaining([
        ['超级管理员', ADMIN.username, adminId],
        ['超级管理员', 'spoofer', spoofer.userId],
      ]),
    );
    await server.db.updateTable('user').set({ name: '改名后' }).where('id', '=', spoofer.userId).execute();
    const renamed = await server.tokenFor('spoofer', 'Reveal#2024');
    expect((await get(renamed, '/customer/reveal', { id: c1 })).body.code).toBe(Code.OK);
    expect((await get<ListData<Row>>(admin, '/revealLog/list', { staffCode: 'spoofer' })).body.data.items.map((r) => r.staffName).sort()).toEqual(['改名后', '超级管理员'].sort());
  });

  it('is a grant of its own: the monitoring element lists it, the support role and the customer reveal do not', async () => {
    await server.createUser({ code: 'overseer', password: 'Reveal#2024', apis: ['/revealLog/list', '/revealLog/detail'] });
    const overseer = await server.tokenFor('overseer', 'Reveal#2024');
    const listed = await get<ListData<Row>>(overseer, '/revealLog/list');
    expect(listed.body.code).toBe(Code.OK);
    expect(listed.body.data.total).toBeGreaterThan(0);
    expect((await get<Row>(overseer, '/revealLog/detail', { id: listed.body.data.items[0]!.id })).body.data).toMatchObject({ staffCode: expect.any(String) });
    expect((await get(overseer, '/customer/reveal', { id: 1 })).body.code).toBe(Code.FORBIDDEN);
    const { userId } = await server.createUser({ code: 'kefu_log', password: 'Support#2024' });
    const role = await server.db.selectFrom('role').select('id').where('roleKey', '=', SUPPORT_ROLE_KEY).executeTakeFirstOrThrow();
    await server.db.insertInto('userRole').values({ userId, roleId: role.id }).execute();
    const support = await server.tokenFor('kefu_log', 'Support#2024');
    expect((await get(support, '/revealLog/list')).body.code).toBe(Code.FORBIDDEN);
    const revealer = await server.tokenFor('reveal_a', 'Reveal#2024');
    expect((await get(revealer, '/revealLog/list')).body.code).toBe(Code.FORBIDDEN);
    // The screen sits under 系统监控 with its own page element.
    const node = await server.db.selectFrom('permission').select(['code', 'path']).where('url', '=', 'revealLog').executeTakeFirstOrThrow();
    expect(node).toMatchObject({ path: '/monitor/reveal' });
    expect(await server.db.selectFrom('permission').select('code').where('code', '=', 'revealLog:list').executeTakeFirst()).toBeDefined();
  });
});

describe('migration 0014', () => {
  it('keeps the reveal rows written before it: the time read as written, the account left empty', async () => {
    const { handle, dispose } = await freshDatabase();
    try {
      const migrator = new Migrator({
        db: handle.db,
        provider: { getMigrations: async () => migrations(handle.dialect) },
        migrationTableSchema: await currentSchema(handle),
        allowUnorderedMigrations: true,
      });
      expect((await migrator.migrateTo('0013_version_lock_order')).error).toBeUndefined();
      await sql`insert into customer_reveal (user_id, staff_name, resource, record_id, reveal_time) values (7, '旧客服', 'customerBank', 70, '2026-03-04 05:06:07')`.execute(handle.db);
      await migrateToLatest(handle);
      const page = await createRepository(handle.db, revealLogResource).list({ paging: { page: 1, size: 10 }, filters: {}, exact: { userId: '7' } });
      expect(page.items).toEqual([
        { id: 1, kind: 'reveal', userId: 7, staffId: null, staffCode: null, staffName: '旧客服', resource: 'customerBank', recordId: 70, field: null, matches: null, revealedAt: new Date(2026, 2, 4, 5, 6, 7).getTime() },
      ]);
      expect(validateEntity(revealLogResource.entity as Entity<Fields>, page.items[0]!).ok).toBe(true);
      // New rows go after the old ones.
      await sql`insert into customer_reveal (kind, staff_name, resource, revealed_at) values ('lookup', '新客服', 'customer', 1)`.execute(handle.db);
      expect((await createRepository(handle.db, revealLogResource).list({ paging: { page: 1, size: 10 }, filters: {} })).items.map((r) => r.id)).toEqual([1, 2]);
    } finally {
      await handle.close();
      await dispose();
    }
  });
});
