/**
 * Masked data is never an oracle (second security review, H1): a support user without the reveal
 * grant once recovered a customer's whole phone number in 20 list calls, and the e-mail in 115,
 * by reading `total` while growing a "contains" filter over the stored value.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type ListData } from '../../contract';
import { customerResource } from '../../resources/customer/definition';
import { resourceDefinitions } from '../../resources/registry';
import { DEFAULT_LOOKUP_POLICY } from '../../server/config';
import { SUPPORT_ROLE_KEY } from '../../server/db/demoCustomers';
import { createLogger } from '../../server/logger';
import { ADMIN, startTestServer, type TestServer } from './harness';

type Row = Record<string, unknown> & { id: number };

let server: TestServer;
let admin: string;
const logLines: string[] = [];
beforeAll(async () => {
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  server = await startTestServer({ demo: true, logger: createLogger({ level: 'info', destination }) });
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await server?.close();
});

let serial = 0;
/** A fresh account holding the seeded support role (customer screen, no reveal). */
async function supportUser(): Promise<{ token: string; userId: number }> {
  const code = `kefu${++serial}`;
  const { userId } = await server.createUser({ code, password: 'Support#2024', name: `客服${serial}` });
  const role = await server.db.selectFrom('role').select('id').where('roleKey', '=', SUPPORT_ROLE_KEY).executeTakeFirstOrThrow();
  await server.db.insertInto('userRole').values({ userId, roleId: role.id }).execute();
  return { token: await server.tokenFor(code, 'Support#2024'), userId };
}

const list = (token: string, query: Record<string, string | number>) =>
  server.call<ListData<Row>>('GET', '/base/admin/customer/list', { token, query: { page: 1, size: 1, ...query } });
/** How many customers a list call says match, or 0 when it is refused. */
const totalOf = async (token: string, query: Record<string, string | number>) => {
  const { body } = await list(token, query);
  return body.code === Code.OK ? body.data.total : 0;
};
const storedOf = async (id: number) =>
  (await server.db.selectFrom('customer' as never).selectAll().where('id' as never, '=', id as never).executeTakeFirstOrThrow()) as Row;

describe('the attack of the review, as found', () => {
  it('recovers no phone number digit by digit from the total', async () => {
    const { token } = await supportUser();
    const customer = (await list(token, { name: '何丽华' })).body.data.items[0]!;
    const stored = await storedOf(customer.id);
    const masked = String(customer.telephone);
    expect(masked).toMatch(/^\d{3}\*{4}\d{4}$/);
    let known = masked.slice(0, 3);
    for (let position = 3; position < 7; position++) {
      for (let digit = 0; digit <= 9; digit++) {
        if ((await totalOf(token, { name: '何丽华', telephone: `${known}${digit}` })) > 0) {
          known += digit;
          break;
        }
      }
    }
    const guess = `${known}${masked.slice(-4)}`;
    expect(guess).not.toBe(stored.telephone);
    // searchKey's OR over the searched fields is no way round.
    expect(await totalOf(token, { name: '何丽华', searchKey: String(stored.telephone).slice(3, 8) })).toBe(0);
  });

  it('recovers no e-mail address by growing it from the visible domain', async () => {
    const { token } = await supportUser();
    const customer = (await list(token, { name: '何丽华' })).body.data.items[0]!;
    const stored = await storedOf(customer.id);
    let known = String(customer.email).slice(String(customer.email).indexOf('@'));
    for (let grown = true; grown; ) {
      grown = false;
      for (const c of 'abcdefghijklmnopqrstuvwxyz0123456789._-') {
        if ((await totalOf(token, { name: '何丽华', email: `${c}${known}` })) > 0) {
          known = `${c}${known}`;
          grown = true;
          break;
        }
      }
    }
    expect(known).not.toBe(stored.email);
    expect(await totalOf(token, { name: '何丽华', searchKey: String(stored.email).split('@')[0]! })).toBe(0);
  });
});

/** A customer of the demo seed with a phone and an e-mail, as stored. */
const someCustomer = async (offset = 0) =>
  (await server.db.selectFrom('customer' as never).selectAll().where('email' as never, 'is not', null).orderBy('id' as never).offset(offset).limit(1).executeTakeFirstOrThrow()) as Row;
const lookupRows = (staffId: number) =>
  server.db.selectFrom('customer_reveal' as never).selectAll().where('staffId' as never, '=', staffId as never).where('kind' as never, '=', 'lookup' as never).orderBy('id' as never).execute() as Promise<Row[]>;

describe('masked fields in the list', () => {
  it('are never "contains" filters: a part of a phone or an address is refused with 1001 saying a whole value is needed', async () => {
    const { token } = await supportUser();
    for (const [field, part] of [['telephone', '1928'], ['telephone', '6532'], ['email', 'he35'], ['email', 'mail.example.cn']] as const) {
      const { body } = await server.call('GET', '/base/admin/customer/list', { token, query: { [field]: part }, headers: { 'accept-language': 'en-US' } });
      expect(body.code, `${field}=${part}`).toBe(Code.VALIDATION_FAILED);
      expect(body.msg).toMatch(/whole/);
    }
    // Refused by their form alone: nothing was looked up, nothing counted.
    expect(await lookupRows((await server.db.selectFrom('user').select('id').where('code', '=', `kefu${serial}`).executeTakeFirstOrThrow()).id)).toEqual([]);
  });

  it('are not part of searchKey: a phone, its digits or an e-mail match nothing, the name still does', async () => {
    const { token } = await supportUser();
    const stored = await someCustomer();
    for (const key of [String(stored.telephone), String(stored.telephone).slice(2, 9), String(stored.email), String(stored.email).split('@')[0]!]) {
      expect(await totalOf(token, { searchKey: key }), key).toBe(0);
    }
    expect(await totalOf(token, { searchKey: String(stored.name) })).toBeGreaterThan(0);
  });
});

describe('a whole-value lookup', () => {
  it('finds the customer by the whole phone or e-mail, however it is typed, and only by the whole value', async () => {
    const { token } = await supportUser();
    const stored = await someCustomer(3);
    const phone = String(stored.telephone);
    const spaced = `+86 ${phone.slice(0, 3)}-${phone.slice(3, 7)} ${phone.slice(7)}`;
    const queries: Array<Record<string, string>> = [{ telephone: phone }, { telephone: spaced }, { email: `  ${String(stored.email).toUpperCase()} ` }, { telephone: phone, email: String(stored.email) }];
    for (const query of queries) {
      const { body } = await list(token, { ...query, size: 10 });
      expect(body.code, JSON.stringify(query)).toBe(Code.OK);
      expect(body.data.items.map((c) => c.id)).toContain(stored.id);
      expect(body.data.items.every((c) => String(c.telephone).includes('*'))).toBe(true);
    }
    // A whole value that is not the customer's: a neighbour number, another address on the domain.
    const neighbour = `${phone.slice(0, 10)}${(Number(phone.slice(10)) + 1) % 10}`;
    expect(await totalOf(token, { name: String(stored.name), telephone: neighbour })).toBe(0);
    expect(await totalOf(token, { email: `x${String(stored.email)}` })).toBe(0);
  });

  it('is recorded in the reveal log as a lookup: who, when, which field, what it matched, never the value', async () => {
    const { token, userId } = await supportUser();
    const stored = await someCustomer(5);
    const before = Date.now();
    await list(token, { telephone: String(stored.telephone) });
    await list(token, { email: 'nobody.at.all@example.org' });
    const rows = await lookupRows(userId);
    expect(rows).toMatchObject([
      { kind: 'lookup', staffId: userId, staffCode: `kefu${serial}`, staffName: `客服${serial}`, resource: 'customer', field: 'telephone', matches: 1, userId: stored.id, recordId: null },
      { kind: 'lookup', staffId: userId, field: 'email', matches: 0, userId: null },
    ]);
    expect(Number(rows[0]!.revealedAt)).toBeGreaterThanOrEqual(before);
    const all = JSON.stringify(await server.db.selectFrom('customer_reveal' as never).selectAll().execute());
    expect(all).not.toContain(String(stored.telephone));
    expect(all).not.toContain('nobody.at.all');
  });

  it(`is limited to ${DEFAULT_LOOKUP_POLICY.maxPerCaller} per caller in ${DEFAULT_LOOKUP_POLICY.windowMs / 60_000} minutes without the reveal grant (1009), also after a restart`, async () => {
    const { token, userId } = await supportUser();
    const other = await supportUser();
    const stored = await someCustomer(7);
    for (let i = 0; i < DEFAULT_LOOKUP_POLICY.maxPerCaller; i++) expect((await list(token, { telephone: String(stored.telephone) })).body.code).toBe(Code.OK);
    const refused = await server.call('GET', '/base/admin/customer/list', { token, query: { telephone: String(stored.telephone) }, headers: { 'accept-language': 'en-US' } });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: Code.TOO_MANY_ATTEMPTS, msg: 'Too many exact lookups: at most 20 every 15 minutes; please try again later' });
    // The refused lookup is on record too, with nothing matched.
    expect((await lookupRows(userId)).at(-1)).toMatchObject({ field: 'telephone', matches: null });
    // Other searches, other callers and holders of the reveal grant go on.
    expect((await list(token, { name: String(stored.name) })).body.code).toBe(Code.OK);
    expect((await list(other.token, { telephone: String(stored.telephone) })).body.code).toBe(Code.OK);
    for (let i = 0; i <= DEFAULT_LOOKUP_POLICY.maxPerCaller; i++) expect((await list(admin, { email: String(stored.email) })).body.code).toBe(Code.OK);
    // Stored in the database: a restarted server (or another one on it) still refuses.
    await server.restart();
    expect((await list(token, { email: String(stored.email) })).body.code).toBe(Code.TOO_MANY_ATTEMPTS);
    // Once the window has passed, the budget is back.
    const past = Date.now() - DEFAULT_LOOKUP_POLICY.windowMs - 1000;
    await server.db.updateTable('customer_reveal' as never).set({ revealedAt: past } as never).where('staffId' as never, '=', userId as never).execute();
    expect((await list(token, { telephone: String(stored.telephone) })).body.code).toBe(Code.OK);
  });
});

describe('the access log', () => {
  it('never holds a searched masked value, by GET or by POST', async () => {
    const { token } = await supportUser();
    const stored = await someCustomer(9);
    await list(token, { telephone: String(stored.telephone), email: String(stored.email) });
    await server.call('POST', '/base/admin/customer/list', { token, body: { telephone: String(stored.telephone) } });
    await list(token, { telephone: '1928' });
    const log = logLines.join('');
    expect(log).toContain('/base/admin/customer/list?');
    expect(log).toContain('telephone=[redacted]');
    expect(log).not.toContain(String(stored.telephone));
    expect(log).not.toContain(encodeURIComponent(String(stored.email)));
    expect(log).not.toContain('1928&');
  });
});

describe('a definition that searches a masked field', () => {
  it('is refused at start-up, naming the resource and the field', async () => {
    const leaky = { ...customerResource, search: [...customerResource.search, 'telephone'] };
    const definitions = resourceDefinitions.map((d) => (d.name === leaky.name ? leaky : d));
    await expect(startTestServer({ definitions })).rejects.toThrow(/Resource customer: field telephone is masked \(privacy\.masked\), so it cannot be a "contains" search/);
  });
});
