/**
 * A declared resource's bulkUpdate and delete on every row its list's filters select
 * (`{match, expected}`, server/crud/bulkMatch.ts): the rows are the ones the list itself would
 * show the caller (its required filters, a master's and a detail's own rows), the caller confirms
 * their count, more than MAX_BULK_MATCH are refused, and the call then goes on as with those ids:
 * all or none. On both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_MATCH_MESSAGES, choice, Code, defineEntity, format, MAX_BULK_MATCH, requiredText, text, type BulkUpdated, type ListData } from '../../contract';
import { defineResource, type ResourceDefinition } from '../../resources/define';
import { resourceDefinitions } from '../../resources/registry';
import { insertApp } from '../../server/db/seedValues';
import { ADMIN, startTestServer, type TestServer } from './harness';

/** A list only ever read by its owner, as the customers' lists are: `owner` is a required filter. */
const note = defineResource({
  name: 'matchNote',
  table: 'match_note',
  entity: defineEntity({
    fields: {
      owner: requiredText(text('归属', 'Owner'), 20),
      title: requiredText(text('标题', 'Title'), 20),
      isEnable: choice(text('状态', 'Status'), [{ value: '1', label: text('启用', 'On') }, { value: '0', label: text('停用', 'Off') }], '1'),
    },
  }),
  title: text('匹配便签', 'Match notes'),
  menu: { navigation: 'tools', sort: 98, icon: 'experiment', path: '/tools/matchNote' },
  labelField: 'title',
  paging: 'page',
  search: ['title'],
  requiredFilters: ['owner'],
  sort: [],
  columns: [{ field: 'owner' }, { field: 'title' }, { field: 'isEnable', cell: 'switch' }],
  form: [{ field: 'owner' }, { field: 'title' }, { field: 'isEnable', widget: 'radio' }],
});
const DEFINITIONS: readonly ResourceDefinition[] = [...resourceDefinitions, note];

let server: TestServer;
let token: string;
let baseId: number;

beforeAll(async () => {
  server = await startTestServer({ definitions: DEFINITIONS });
  token = await server.tokenFor(ADMIN.username, ADMIN.password);
  baseId = (await server.db.selectFrom('app').select('id').where('code', '=', 'base').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await server?.close();
});

const post = <T = BulkUpdated>(path: string, body: Record<string, unknown>) => server.call<T>('POST', `/base/admin/${path}`, { token, body });
const lastAuditId = async () => Number((await server.db.selectFrom('auditLog').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0);

async function role(roleKey: string, name: string): Promise<number> {
  const { body } = await post<{ id: number }>('role/saveOrUpdate', { sortNum: 5, roleKey, name, appId: baseId, roleType: 2, isEnable: '1' });
  expect(body.code, JSON.stringify(body)).toBe(Code.OK);
  return body.data.id;
}

async function roleStates(ids: readonly number[]): Promise<string[]> {
  const rows = await server.db.selectFrom('role').select(['id', 'isEnable']).where('id', 'in', ids).orderBy('id').execute();
  return rows.map((row) => String(row.isEnable));
}

describe('bulkUpdate on every matching row', () => {
  it('sets exactly the rows the filter selects, paging aside, each audited', async () => {
    const matching = [await role('matchA1', '匹配角色一'), await role('matchA2', '匹配角色二'), await role('matchA3', '匹配角色三')];
    const other = await role('matchB1', '其他角色');
    const mark = await lastAuditId();
    const { body } = await post('role/bulkUpdate', { match: { name: '匹配角色', pageNo: 1, pageSize: 1 }, expected: 3, values: { isEnable: '0' } });
    expect(body).toMatchObject({ code: Code.OK, data: { updated: 3 } });
    expect(await roleStates([...matching, other])).toEqual(['0', '0', '0', '1']);
    const audited = await server.db.selectFrom('auditLog').select('recordId').where('id', '>', mark).where('tableName', '=', 'role').execute();
    expect(audited.map((row) => Number(row.recordId)).sort((a, b) => a - b)).toEqual(matching);
  });

  it('refuses a count other than the one confirmed, and writes nothing', async () => {
    const ids = [await role('matchC1', '变动角色一'), await role('matchC2', '变动角色二')];
    const { body } = await post<{ count: number }>('role/bulkUpdate', { match: { name: '变动角色' }, expected: 1, values: { isEnable: '0' } });
    expect(body.code).toBe(Code.VALIDATION_FAILED);
    expect(body.msg).toBe(format(BULK_MATCH_MESSAGES.changed['zh-CN'], { count: 2, expected: 1 }));
    expect(body.data.count).toBe(2);
    expect(await roleStates(ids)).toEqual(['1', '1']);
    // Neither ids and a match together, nor a match without the count confirmed.
    const both = await post('role/bulkUpdate', { ids, match: { name: '变动角色' }, expected: 2, values: { isEnable: '0' } });
    expect([both.body.code, both.body.msg]).toEqual([Code.VALIDATION_FAILED, BULK_MATCH_MESSAGES.idsAndMatch['zh-CN']]);
    expect((await post('role/bulkUpdate', { match: { name: '变动角色' }, values: { isEnable: '0' } })).body.code).toBe(Code.VALIDATION_FAILED);
    expect((await post('role/bulkUpdate', { match: { name: '变动角色' }, expected: 'two', values: { isEnable: '0' } })).body.code).toBe(Code.VALIDATION_FAILED);
    // A filter the list refuses is refused the same way.
    expect((await post('role/bulkUpdate', { match: { sort: 'nope' }, expected: 2, values: { isEnable: '0' } })).body.code).toBe(Code.VALIDATION_FAILED);
    expect(await roleStates(ids)).toEqual(['1', '1']);
  });

  it('reaches only what the list would show: its required filters, and a detail’s own rows', async () => {
    const rows = [['甲', '便签一'], ['甲', '便签二'], ['乙', '便签三']].map(([owner, title]) => ({ owner: owner!, title: title!, isEnable: '1' }));
    for (const row of rows) expect((await post('matchNote/saveOrUpdate', row)).body.code).toBe(Code.OK);
    const states = async () => (await server.db.selectFrom('match_note' as never).select(['owner' as never, 'isEnable' as never]).orderBy('id' as never).execute()).map((row) => `${(row as { owner: string }).owner}${(row as { isEnable: string }).isEnable}`);
    // Without the owner the list is refused, and so is the match.
    const list = await server.call('GET', '/base/admin/matchNote/list', { token });
    const noOwner = await post('matchNote/bulkUpdate', { match: { title: '便签' }, expected: 3, values: { isEnable: '0' } });
    expect([noOwner.body.code, noOwner.body.msg]).toEqual([list.body.code, list.body.msg]);
    expect(list.body.code).toBe(Code.VALIDATION_FAILED);
    expect((await post('matchNote/bulkUpdate', { match: { owner: '甲' }, expected: 2, values: { isEnable: '0' } })).body.code).toBe(Code.OK);
    expect(await states()).toEqual(['甲0', '甲0', '乙1']);
    expect((await post('matchNote/delete', { match: { owner: '乙' }, expected: 1 })).body.code).toBe(Code.OK);
    expect(await states()).toEqual(['甲0', '甲0']);

    // Dictionary items share the dictionaries' table and endpoint: a match on the items names their dictionary.
    const dic = async (name: string, dicKey: string) => (await post<{ id: number }>('dic/saveOrUpdate', { name, dicKey, type: 2 })).body.data.id;
    const [first, second] = [await dic('范围字典', 'scope_first'), await dic('另一字典', 'scope_second')];
    for (const [parentId, name] of [[first, '范围项一'], [second, '范围项二'], [second, '范围项三']] as const) {
      expect((await post('dic/saveOrUpdate', { parentId, name, dicKey: name })).body.code).toBe(Code.OK);
    }
    const items = async (parentId: number) => (await server.call<ListData<{ openStatus: number }>>('GET', '/base/admin/dic/list', { token, query: { parentId } })).body.data.items;
    const off = (await items(second))[0]!.openStatus === 1 ? 0 : 1;
    expect((await post('dic/bulkUpdate', { match: { parentId: second }, expected: 2, values: { openStatus: off } })).body.code).toBe(Code.OK);
    expect((await items(second)).map((item) => item.openStatus)).toEqual([off, off]);
    expect((await items(first)).map((item) => item.openStatus)).not.toContain(off);
    // The dictionaries' own list holds no items: a name an item shares matches the dictionary alone.
    expect((await post('dic/delete', { match: { name: '范围' }, expected: 1 })).body.code).toBe(Code.OK);
    expect(await items(second)).toHaveLength(2);
    expect((await server.db.selectFrom('dic').select('id').where('id', '=', first).execute())).toEqual([]);
  });
});

describe('delete of every matching row', () => {
  it('keeps every row when one of them may not be deleted', async () => {
    const now = Date.now();
    const apps = [];
    for (const n of [1, 2, 3]) apps.push((await insertApp(server.db, { code: `match-app-${n}`, name: `匹配子系统${n}`, businessType: 1, isEnable: '1', sort: 9, address: `/match${n}` }, now)).id);
    // One of them has a role: deleting it would leave the role orphaned.
    await server.db.insertInto('role').values({ sortNum: 1, roleKey: 'matchAppRole', name: '占用', appId: apps[1]!, roleType: 2, isEnable: '1', description: null }).execute();
    const { body } = await post('app/delete', { match: { name: '匹配子系统' }, expected: 3 });
    expect(body.code).toBe(Code.CONFLICT);
    expect(await server.db.selectFrom('app').select('id').where('id', 'in', apps).execute()).toHaveLength(3);
  });

  it(`refuses more than ${MAX_BULK_MATCH} rows, and deletes ${MAX_BULK_MATCH} in one go`, async () => {
    const rows = Array.from({ length: MAX_BULK_MATCH + 1 }, (_, i) => ({ sortNum: i + 1, paramKey: `many.${String(i).padStart(5, '0')}`, value: `v${i}`, remark: null, spareParam: null }));
    for (let i = 0; i < rows.length; i += 500) await server.db.insertInto('param').values(rows.slice(i, i + 500)).execute();
    const count = async () => Number((await server.db.selectFrom('param').select((eb) => eb.fn.countAll().as('n')).where('paramKey', 'like', 'many.%').executeTakeFirstOrThrow()).n);

    const tooMany = await post<{ count: number }>('param/delete', { match: { paramKey: 'many.' }, expected: MAX_BULK_MATCH + 1 });
    expect(tooMany.body.code).toBe(Code.VALIDATION_FAILED);
    expect(tooMany.body.msg).toBe(format(BULK_MATCH_MESSAGES.tooMany['zh-CN'], { count: MAX_BULK_MATCH + 1, max: MAX_BULK_MATCH }));
    expect(tooMany.body.data.count).toBe(MAX_BULK_MATCH + 1);
    expect(await count()).toBe(MAX_BULK_MATCH + 1);

    await server.db.deleteFrom('param').where('paramKey', '=', 'many.00000').execute();
    const mark = await lastAuditId();
    const { body } = await post('param/delete', { match: { paramKey: 'many.' }, expected: MAX_BULK_MATCH });
    expect(body.code, JSON.stringify(body)).toBe(Code.OK);
    expect(await count()).toBe(0);
    const audited = await server.db.selectFrom('auditLog').select((eb) => eb.fn.countAll().as('n')).where('id', '>', mark).where('tableName', '=', 'param').where('action', '=', 'delete').executeTakeFirstOrThrow();
    expect(Number(audited.n)).toBe(MAX_BULK_MATCH);
  }, 120_000);
});
