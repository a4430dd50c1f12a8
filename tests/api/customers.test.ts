/**
 * Support staff's customer views: read-only lists paged by the server, related lists by userId,
 * personal data masked unless the caller holds reveal, and every reveal recorded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type ListData } from '../../contract';
import { DEMO_CUSTOMER_COUNT, SUPPORT_ROLE_KEY } from '../../server/db/demoCustomers';
import { ADMIN, startTestServer, type TestServer } from './harness';

type Row = Record<string, unknown> & { id: number };

let server: TestServer;
let admin: string;
let support: string;
beforeAll(async () => {
  server = await startTestServer({ demo: true });
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
  const { userId } = await server.createUser({ code: 'kefu01', password: 'Support#2024', apis: [], name: '客服小周' });
  const role = await server.db.selectFrom('role').select('id').where('roleKey', '=', SUPPORT_ROLE_KEY).executeTakeFirstOrThrow();
  await server.db.insertInto('userRole').values({ userId, roleId: role.id }).execute();
  support = await server.tokenFor('kefu01', 'Support#2024');
});
afterAll(async () => {
  await server?.close();
});

const get = <T>(token: string, path: string, query: Record<string, string | number> = {}) => server.call<T>('GET', `/base/admin${path}`, { token, query });
const firstCustomer = async () => (await get<ListData<Row>>(admin, '/customer/list', { page: 1, size: 1 })).body.data.items[0]!;

describe('the customer list', () => {
  it('pages all seeded customers and searches name and company', async () => {
    const page = (await get<ListData<Row>>(support, '/customer/list', { page: 2, size: 20 })).body.data;
    expect(page.total).toBe(DEMO_CUSTOMER_COUNT);
    expect(page.items).toHaveLength(20);
    const byCompany = (await get<ListData<Row>>(support, '/customer/list', { companyName: '科技', size: 100 })).body.data;
    expect(byCompany.total).toBeGreaterThan(0);
    expect(byCompany.items.every((c) => String(c.companyName).includes('科技'))).toBe(true);
    const individuals = (await get<ListData<Row>>(support, '/customer/list', { userType: 2, size: 100 })).body.data;
    expect(individuals.items.every((c) => c.userType === 2 && c.companyName === null)).toBe(true);
    const disabled = (await get<ListData<Row>>(support, '/customer/list', { isEnable: '0', size: 100 })).body.data;
    expect(disabled.total).toBeGreaterThan(0);
    expect(disabled.items.every((c) => c.isEnable === '0')).toBe(true);
  });

  it('has no write calls, even for the super-admin', async () => {
    expect((await server.call('POST', '/base/admin/customer/saveOrUpdate', { token: admin, body: { name: 'x' } })).body.code).toBe(Code.FORBIDDEN);
    expect((await server.call('GET', '/base/admin/customer/delete', { token: admin, query: { ids: 1 } })).body.code).toBe(Code.FORBIDDEN);
  });
});

describe('the related lists', () => {
  for (const list of ['bank', 'address', 'invoice'] as const) {
    it(`/customer/${list}/list pages one customer's rows and refuses a missing or non-numeric userId`, async () => {
      const customer = await firstCustomer();
      const all = (await get<ListData<Row>>(support, `/customer/${list}/list`, { userId: customer.id, page: 1, size: 100 })).body.data;
      expect(all.total).toBeGreaterThan(0);
      expect(all.items.every((row) => row.userId === customer.id)).toBe(true);
      const pages = await Promise.all(
        Array.from({ length: all.total }, (_, i) => get<ListData<Row>>(support, `/customer/${list}/list`, { userId: customer.id, page: i + 1, size: 1 })),
      );
      expect(pages.map((p) => p.body.data.items[0]!.id)).toEqual(all.items.map((row) => row.id));
      for (const query of [{}, { userId: 'abc' }, { userId: '1 or 1=1' }] as Array<Record<string, string>>) {
        const answer = await get(support, `/customer/${list}/list`, query);
        expect(answer.body.code).toBe(Code.VALIDATION_FAILED);
      }
    });
  }
});

describe('personal data', () => {
  it('reaches support staff masked in the list, the detail and the related lists', async () => {
    const customer = (await get<ListData<Row>>(support, '/customer/list', { userType: 1, size: 1 })).body.data.items[0]!;
    const stored = await server.db.selectFrom('customer' as never).selectAll().where('id' as never, '=', customer.id as never).executeTakeFirstOrThrow() as Row;
    expect(customer.telephone).toMatch(/^1\d{2}\*{4}\d{4}$/);
    expect(customer.telephone).not.toBe(stored.telephone);
    expect(customer.email).toMatch(/^.\*\*\*@/);
    const detail = (await get<Row>(support, '/customer/detail', { id: customer.id })).body.data;
    expect(detail.bankCode).toMatch(/^\d{4} \*{4} \*{4} \d{4}$/);
    expect(detail.taxRegisterCode).toMatch(/^.{4}\*+.{4}$/);
    expect(JSON.stringify(detail)).not.toContain(String(stored.bankCode));
    expect(JSON.stringify(detail)).not.toContain(String(stored.telephone));
    // SPEC §3's two halves, as the platform's clients read them.
    expect(detail.userCenter).toMatchObject({ name: stored.name, companyName: stored.companyName, telephone: customer.telephone });
    expect(detail.userExtend).toMatchObject({ bankCode: detail.bankCode, taxRegisterCode: detail.taxRegisterCode, payee: stored.payee });
    expect(Object.keys(detail.userExtend as object)).not.toContain('name');
    const banks = (await get<ListData<Row>>(support, '/customer/bank/list', { userId: customer.id })).body.data.items;
    expect(banks.every((row) => /^\d{4} \*{4} \*{4} \d{4}$/.test(String(row.payAccount)))).toBe(true);
  });

  it('includes QQ, street addresses and recipients: masked everywhere but in the reveal', async () => {
    const customer = (await get<ListData<Row>>(support, '/customer/list', { userType: 1, size: 1 })).body.data.items[0]!;
    const stored = await server.db.selectFrom('customer' as never).selectAll().where('id' as never, '=', customer.id as never).executeTakeFirstOrThrow() as Row;
    const detail = (await get<Row>(support, '/customer/detail', { id: customer.id })).body.data;
    expect(detail).toMatchObject({ qq: expect.stringMatching(/^\d{2}\*{4}\d{2}$/), address: expect.stringMatching(/^\D{1,4}\*{4}$/), recipient: expect.stringMatching(/^.\*\*$/) });
    expect(detail.userCenter).toMatchObject({ qq: detail.qq, address: detail.address });
    for (const field of ['qq', 'address']) expect(JSON.stringify(detail), field).not.toContain(String(stored[field]));
    expect(detail.recipient).not.toBe(stored.recipient);
    const addresses = (await get<ListData<Row>>(support, '/customer/address/list', { userId: customer.id })).body.data.items;
    expect(addresses.length).toBeGreaterThan(0);
    for (const row of addresses) expect(row).toMatchObject({ recipients: expect.stringMatching(/^.\*\*$/), receiveAddress: expect.stringMatching(/\*{4}$/) });
    expect(JSON.stringify(addresses)).not.toMatch(/\d+号/);
    const invoices = (await get<ListData<Row>>(support, '/customer/invoice/list', { userId: customer.id })).body.data.items;
    expect(JSON.stringify(invoices)).not.toContain(String(stored.address));
    // The reveal, for a holder of the grant, answers them as stored.
    expect((await get<Row>(admin, '/customer/reveal', { id: customer.id })).body.data).toMatchObject({ qq: stored.qq, address: stored.address, recipient: stored.recipient });
    await server.db.deleteFrom('customer_reveal' as never).execute();
  });

  it('is refused to support staff on reveal (1003), and nothing is recorded', async () => {
    const customer = await firstCustomer();
    expect((await get(support, '/customer/reveal', { id: customer.id })).body.code).toBe(Code.FORBIDDEN);
    expect((await get(support, '/customer/bank/reveal', { id: 1 })).body.code).toBe(Code.FORBIDDEN);
    expect((await get(support, '/customer/revealLog/list', { userId: customer.id })).body.code).toBe(Code.FORBIDDEN);
    const log = await server.db.selectFrom('customer_reveal' as never).selectAll().execute();
    expect(log).toHaveLength(0);
  });

  it('is revealed to a holder of the grant, one record at a time, and each reveal is recorded', async () => {
    const customer = await firstCustomer();
    const stored = await server.db.selectFrom('customer' as never).selectAll().where('id' as never, '=', customer.id as never).executeTakeFirstOrThrow() as Row;
    const revealed = (await get<Row>(admin, '/customer/reveal', { id: customer.id })).body.data;
    expect(revealed.telephone).toBe(stored.telephone);
    expect(revealed.bankCode).toBe(stored.bankCode);
    const bank = (await get<ListData<Row>>(admin, '/customer/bank/list', { userId: customer.id })).body.data.items[0]!;
    const bankRevealed = (await get<Row>(admin, '/customer/bank/reveal', { id: bank.id })).body.data;
    expect(bankRevealed.payAccount).not.toContain('*');

    const log = (await get<ListData<Row>>(admin, '/customer/revealLog/list', { userId: customer.id })).body.data;
    expect(log.total).toBe(2);
    expect(log.items.map((r) => r.resource).sort()).toEqual(['customer', 'customerBank']);
    // The account, not only the name it had then (a name is neither unique nor fixed).
    const adminId = (await server.db.selectFrom('user').select('id').where('code', '=', ADMIN.username).executeTakeFirstOrThrow()).id;
    for (const row of log.items) expect(row).toMatchObject({ kind: 'reveal', staffId: adminId, staffCode: ADMIN.username, staffName: '超级管理员', userId: customer.id });
    expect(log.items.every((r) => typeof r.revealedAt === 'number' && Math.abs(Date.now() - Number(r.revealedAt)) < 60_000)).toBe(true);
    // The detail stays masked after a reveal: a reveal answers once, it grants nothing.
    expect((await get<Row>(admin, '/customer/detail', { id: customer.id })).body.data.telephone).toContain('*');
  });
});

describe('the support role', () => {
  it('holds the customer screen and nothing else beyond home', async () => {
    const answer = await get<Array<{ code: string; child?: unknown[] }>>(support, '/workbench/apps');
    expect(answer.body.code).toBe(0);
    expect((await get(support, '/user/list', { pageSize: 1 })).body.code).toBe(Code.FORBIDDEN);
    expect((await get(support, '/app/list', { pageNo: 1 })).body.code).toBe(0);
    expect((await get(support, '/param/list', { page: 1 })).body.code).toBe(Code.FORBIDDEN);
  });
});
