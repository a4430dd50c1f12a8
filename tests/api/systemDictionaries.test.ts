/**
 * The dictionaries the platform relies on stay (server/dic/dicPolicy.ts): a dictionary's type is
 * fixed once created (1001), only a super-admin creates a system one (1003), and a dictionary that
 * a declared field reads (any `dictionaryChoice` of the declared resources) is never deleted,
 * whatever its type (1011, naming it). The attack of the second security review (M1) first.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, defineEntity, dictionaryChoice, requiredText, text, type Entity } from '../../contract';
import { defineResource } from '../../resources/define';
import { resourceDefinitions } from '../../resources/registry';
import { ADMIN, startTestServer, type TestServer } from './harness';
import { grantNodes, screenNodeIds } from './screenGrants';

type Row = { id: number; name: string; dicKey: string; type: number };

let server: TestServer;
let admin: string;
let dicAdmin: string;

const EN = { 'accept-language': 'en-US' };

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
  const { roleId } = await server.createUser({ code: 'dicadmin', password: 'dicadmin-pass' });
  await grantNodes(server.db, roleId, await screenNodeIds(server.db, 'dic'));
  dicAdmin = await server.tokenFor('dicadmin', 'dicadmin-pass');
});
afterAll(async () => {
  await server?.close();
});

const save = (token: string, body: Record<string, unknown>, on = server) => on.call<Row>('POST', '/base/admin/dic/saveOrUpdate', { token, body, headers: EN });
const remove = (token: string, ids: number | string, on = server) => on.call('POST', '/base/admin/dic/delete', { token, body: { ids: String(ids) }, headers: EN });
const dictionary = (dicKey: string, on = server) => on.db.selectFrom('dic').selectAll().where('parentId', '=', 0).where('dicKey', '=', dicKey).executeTakeFirst();
const itemCount = async (parentId: number, on = server) => (await on.db.selectFrom('dic').select('id').where('parentId', '=', parentId).execute()).length;

describe('the attack as found (review 2, M1)', () => {
  it('a system dictionary cannot be made normal, so it cannot be deleted in two calls', async () => {
    const businessTypes = (await dictionary('business_type'))!;
    const changed = await save(dicAdmin, { id: businessTypes.id, type: 2 });
    expect(changed.body).toMatchObject({ code: Code.VALIDATION_FAILED, data: { fields: { type: 'Type cannot be changed' } } });
    expect((await remove(dicAdmin, businessTypes.id)).body.code).toBe(Code.CONFLICT);
    expect(await dictionary('business_type')).toEqual(businessTypes);
    expect(await itemCount(businessTypes.id)).toBe(3);

    // A sub-system can still be saved with a business type.
    const app = { code: 'newapp1', name: '新系统', businessType: 1, isEnable: '1', sort: 9, address: '/new' };
    expect((await server.call('POST', '/base/admin/app/saveOrUpdate', { token: admin, body: app })).body.code).toBe(Code.OK);
  });

  it('a holder of the dictionary screen cannot create a system dictionary; a super-admin can', async () => {
    const refused = await save(dicAdmin, { name: 'atk system dic', dicKey: 'atk_sys', type: 1 });
    expect(refused.body).toMatchObject({ code: Code.FORBIDDEN, msg: 'Only a super-admin can create a system dictionary' });
    expect(await dictionary('atk_sys')).toBeUndefined();
    expect((await save(dicAdmin, { name: 'atk normal dic', dicKey: 'atk_normal', type: 2 })).body.code).toBe(Code.OK);
    expect((await save(admin, { name: 'system dic', dicKey: 'sys_new', type: 1 })).body.code).toBe(Code.OK);
  });
});

describe('fixed once created, for everyone', () => {
  it('the type, either way, and the key', async () => {
    const normal = (await save(admin, { name: 'normal', dicKey: 'normal_one', type: 2 })).body.data;
    const system = (await dictionary('sys_new'))!;
    for (const token of [admin, dicAdmin]) {
      expect((await save(token, { id: normal.id, type: 1 })).body.code).toBe(Code.VALIDATION_FAILED);
      expect((await save(token, { id: system.id, type: 2 })).body.code).toBe(Code.VALIDATION_FAILED);
      expect((await save(token, { id: normal.id, dicKey: 'renamed' })).body.code).toBe(Code.VALIDATION_FAILED);
    }
    const tradeTypes = (await dictionary('TRADE_TYPE'))!;
    expect((await save(admin, { id: tradeTypes.id, dicKey: 'TRADE' })).body.code).toBe(Code.VALIDATION_FAILED);
    expect((await save(dicAdmin, { id: normal.id, name: '改名', type: 2 })).body.code).toBe(Code.OK);
    expect(await dictionary('normal_one')).toMatchObject({ name: '改名', type: 2 });
    expect(await dictionary('TRADE_TYPE')).toEqual(tradeTypes);
  });
});

/** Every dictionary key a field of an entity module of the contract reads. */
async function contractDictionaryKeys(): Promise<string[]> {
  const folder = join(import.meta.dirname, '../../contract/entities');
  const keys = new Set<string>();
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.ts'))) {
    const module = (await import(join(folder, file))) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      const fields = (value as Partial<Entity> | null)?.fields;
      if (typeof value !== 'object' || !fields) continue;
      for (const field of Object.values(fields)) if (field.dictionary) keys.add(field.dictionary);
    }
  }
  return [...keys].sort();
}

describe('a dictionary a declared field reads is never deleted', () => {
  it('whatever its type: every key a field of the contract reads, as an old database may hold it as normal', async () => {
    const keys = await contractDictionaryKeys();
    expect(keys).toEqual(['TRADE_TYPE', 'business_type']);
    for (const dicKey of keys) {
      const stored = (await dictionary(dicKey))!;
      await server.db.updateTable('dic').set({ type: 2 }).where('id', '=', stored.id).execute();
      for (const token of [admin, dicAdmin]) {
        const answer = await remove(token, stored.id);
        expect(answer.body.code).toBe(Code.CONFLICT);
        expect(answer.body.msg).toContain(dicKey);
      }
      expect(await dictionary(dicKey)).toEqual({ ...stored, type: 2 });
      expect(await itemCount(stored.id)).toBeGreaterThan(0);
    }
    const businessTypes = (await dictionary('business_type'))!;
    expect((await remove(admin, businessTypes.id)).body.msg).toBe('The dictionary business_type is read by Sub-systems · Business type: it cannot be deleted');
  });

  it('the list follows the declared resources: a field added later protects its dictionary at once', async () => {
    const gadget = defineResource({
      name: 'gadget',
      table: 'gadget',
      entity: defineEntity({ fields: { name: requiredText(text('名称', 'Name'), 20), colour: dictionaryChoice(text('颜色', 'Colour'), 'colour') } }),
      title: text('小工具', 'Gadgets'),
      paging: 'page',
      search: [],
      sort: [],
      columns: [{ field: 'name' }],
      form: [{ field: 'name' }],
    });
    const other = await startTestServer({ definitions: [...resourceDefinitions, gadget] });
    try {
      const token = await other.tokenFor(ADMIN.username, ADMIN.password);
      const colour = (await save(token, { name: '颜色', dicKey: 'colour', type: 2 }, other)).body.data;
      const spare = (await save(token, { name: '备用', dicKey: 'spare', type: 2 }, other)).body.data;
      const answer = await remove(token, colour.id, other);
      expect(answer.body).toMatchObject({ code: Code.CONFLICT, msg: 'The dictionary colour is read by Gadgets · Colour: it cannot be deleted' });
      expect(await dictionary('colour', other)).toBeDefined();
      // All or nothing: a list naming it deletes none.
      expect((await remove(token, `${spare.id},${colour.id}`, other)).body.code).toBe(Code.CONFLICT);
      expect(await dictionary('spare', other)).toBeDefined();
      expect((await remove(token, spare.id, other)).body.code).toBe(Code.OK);
    } finally {
      await other.close();
    }
  });
});
