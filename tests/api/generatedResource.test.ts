/**
 * A resource using every field type, the cells and the rules of the declarative core, added to a
 * database that already runs without it (as a team adds one to a live console): its table equals
 * the one a fresh database gets, its saves keep every rule, and the authorization matrix, the audit
 * coverage and the seed tree cover it from its definition alone. On both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  after,
  choice,
  Code,
  commaJoined,
  date,
  dateTime,
  decimal,
  defineEntity,
  dictionaryChoice,
  digits,
  digitText,
  email,
  mobilePhone,
  money,
  optionalDate,
  optionalDateTime,
  optionalDecimal,
  optionalMoney,
  optionalReference,
  optionalTags,
  optionalText,
  reference,
  requiredText,
  requiredWhen,
  tags as tagsOf,
  text,
  type ListData,
} from '../../contract';
import { BUSINESS_TYPE_DICTIONARY } from '../../contract/dictionaries';
import { defineResource, type ResourceDefinition } from '../../resources/define';
import { resourceDefinitions } from '../../resources/registry';
import { tableColumns, tableIndexes } from '../../server/db/schemaIntrospection';
import { declaredMatrixRows } from './declaredRows';
import { declaredTreeProblems } from './declaredTree';
import { runDeclaredWrites } from './declaredWrites';
import { ADMIN, handleOf, startTestServer, type TestServer } from './harness';
import { caseOf, matrixCallers } from './matrixCallers';
import { CALLERS } from './matrixTypes';

const ON_OFF = [
  { value: '1', label: text('启用', 'On') },
  { value: '0', label: text('停用', 'Off') },
] as const;

const everything = defineResource({
  name: 'everything',
  table: 'everything',
  entity: defineEntity({
    fields: {
      code: requiredText(text('编号', 'Code'), 20),
      shelf: optionalText(text('货架', 'Shelf'), 20),
      quantity: digits(text('数量', 'Quantity'), 6),
      batch: digitText(text('批次', 'Batch'), 8),
      isEnable: choice(text('状态', 'Status'), ON_OFF, '1'),
      businessType: dictionaryChoice(text('业务类型', 'Business type'), BUSINESS_TYPE_DICTIONARY.dicKey, 'integer'),
      appId: reference(text('子系统', 'Sub-system')),
      roleId: optionalReference(text('角色', 'Role')),
      startsOn: date(text('开始日期', 'Starts on')),
      endsOn: optionalDate(text('结束日期', 'Ends on')),
      openedAt: dateTime(text('开放时间', 'Opens at')),
      closedAt: optionalDateTime(text('关闭时间', 'Closes at')),
      unitPrice: money(text('单价', 'Unit price')),
      deposit: optionalMoney(text('押金', 'Deposit')),
      weightKg: decimal(text('重量', 'Weight'), { scale: 3 }),
      volume: optionalDecimal(text('体积', 'Volume'), { scale: 2 }),
      contact: email(text('邮箱', 'Email')),
      phone: mobilePhone(text('手机号', 'Mobile')),
      tags: commaJoined(text('标签', 'Tags'), 3, 10),
      closeReason: optionalText(text('关闭原因', 'Reason for closing'), 50),
      businessTypes: tagsOf(text('业务范围', 'Businesses'), { dictionary: BUSINESS_TYPE_DICTIONARY.dicKey, max: 3 }),
      roleIds: optionalTags(text('适用角色', 'Roles'), { reference: true }),
    },
    unique: [
      { fields: ['code'], duplicate: text('编号重复', 'Code taken') },
      { fields: ['shelf', 'batch'], duplicate: text('该货架已有这个批次', 'This batch is already on the shelf') },
    ],
    rules: [after('endsOn', 'startsOn', { orEqual: true }), after('closedAt', 'openedAt'), requiredWhen('closeReason', { field: 'isEnable', values: ['0'] })],
  }),
  title: text('全部类型', 'Every type'),
  menu: { navigation: 'tools', sort: 97, icon: 'experiment', path: '/tools/everything' },
  labelField: 'code',
  paging: 'page',
  timestamps: true,
  fixed: ['code'],
  keyCheck: { path: 'validateCode', param: 'code' },
  references: { appId: { resource: 'app', labelField: 'name' }, roleId: { resource: 'role', labelField: 'name' }, roleIds: { resource: 'role', labelField: 'name' } },
  search: ['code', 'shelf'],
  filters: ['isEnable', 'appId', 'businessTypes', 'roleIds'],
  ranges: ['openedAt', 'startsOn', 'unitPrice'],
  sort: [['startsOn', 'desc']],
  columns: [
    { field: 'code', sortable: true },
    { field: 'isEnable', cell: 'switch' },
    { field: 'businessType' },
    { field: 'appId' },
    { field: 'startsOn', sortable: true },
    { field: 'openedAt' },
    { field: 'unitPrice', sortable: true },
    { field: 'weightKg' },
    { field: 'businessTypes' },
    { field: 'roleIds' },
    { key: 'total', label: text('合计', 'Total'), cell: 'lineTotal' },
    { field: 'updateTime', sortable: true },
  ],
  form: [
    { field: 'code' },
    { field: 'shelf' },
    { field: 'batch' },
    { field: 'quantity' },
    { field: 'isEnable', widget: 'radio' },
    { field: 'businessType' },
    { field: 'appId' },
    { field: 'roleId' },
    { field: 'startsOn', to: 'endsOn' },
    { field: 'openedAt', to: 'closedAt' },
    { field: 'unitPrice' },
    { field: 'deposit' },
    { field: 'weightKg' },
    { field: 'volume' },
    { field: 'contact' },
    { field: 'phone' },
    { field: 'tags', widget: 'slots', slots: { count: 3, label: 'tag' } },
    { field: 'closeReason', widget: 'textarea' },
    { field: 'businessTypes' },
    { field: 'roleIds' },
  ],
});

let server: TestServer;
let token: string;
let appId: number;

const DEFINITIONS: readonly ResourceDefinition[] = [...resourceDefinitions, everything];

beforeAll(async () => {
  // The console runs without it first; the resource arrives with a restart.
  server = await startTestServer({ demo: true });
  await server.restart({ definitions: DEFINITIONS });
  token = await server.tokenFor(ADMIN.username, ADMIN.password);
  appId = (await server.db.selectFrom('app').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await server?.close();
});

const save = (body: Record<string, unknown>) => server.call<Record<string, unknown>>('POST', '/base/admin/everything/saveOrUpdate', { token, body });
const record = (extra: Record<string, unknown> = {}) => ({
  code: 'E1',
  shelf: 'A',
  batch: '0042',
  quantity: 3,
  isEnable: '1',
  businessType: 1,
  appId,
  startsOn: '2026-03-01',
  openedAt: Date.UTC(2026, 2, 1, 8),
  unitPrice: 1999,
  weightKg: 1500,
  contact: 'ops@example.com',
  phone: '13800000000',
  businessTypes: ['1'],
  ...extra,
});

describe('a resource of every field type, added to a running database', () => {
  it('has the table a fresh database gets', async () => {
    const fresh = await startTestServer({ definitions: DEFINITIONS });
    try {
      expect(await tableColumns(handleOf(server), everything.table)).toEqual(await tableColumns(handleOf(fresh), everything.table));
      expect(await tableIndexes(handleOf(server), everything.table)).toEqual(await tableIndexes(handleOf(fresh), everything.table));
    } finally {
      await fresh.close();
    }
  });

  it('stores every type exactly as sent, and answers it back', async () => {
    const answer = await save(record({ endsOn: '2026-03-31', closedAt: Date.UTC(2026, 2, 31), deposit: 5000, volume: 125, tags: 'a,b', roleId: null }));
    expect(answer.body.code, answer.text).toBe(Code.OK);
    expect(answer.body.data).toMatchObject({ batch: '0042', unitPrice: 1999, weightKg: 1500, deposit: 5000, volume: 125, startsOn: '2026-03-01', endsOn: '2026-03-31', tags: 'a,b' });
  });

  it('keeps each rule: over several fields, both unique keys, the fixed code', async () => {
    const endsFirst = await save(record({ code: 'E2', batch: '7', endsOn: '2026-02-01' }));
    expect(endsFirst.body.code).toBe(Code.VALIDATION_FAILED);
    expect(endsFirst.body.data).toMatchObject({ fields: { endsOn: expect.stringContaining('结束日期') } });
    expect((await save(record({ code: 'E2', batch: '7', isEnable: '0' }))).body.code).toBe(Code.VALIDATION_FAILED);
    expect((await save(record({ code: 'E1', batch: '8' }))).body.code).toBe(Code.DUPLICATE);
    expect((await save(record({ code: 'E3' }))).body.code).toBe(Code.DUPLICATE);
    // The same batch on no shelf, twice: an empty shelf is a value too.
    expect((await save(record({ code: 'E4', shelf: null, batch: '9' }))).body.code).toBe(Code.OK);
    expect((await save(record({ code: 'E5', shelf: null, batch: '9' }))).body.code).toBe(Code.DUPLICATE);
    const { items } = (await server.call<ListData<{ id: number; code: string }>>('GET', '/base/admin/everything/list', { token, query: { code: 'E4' } })).body.data;
    expect((await save({ id: items[0]!.id, code: 'E4b' })).body.code).toBe(Code.VALIDATION_FAILED);
    // A switch saves one field of a row, its other rules still kept (closing needs a reason).
    expect((await save({ id: items[0]!.id, isEnable: '0' })).body.code).toBe(Code.VALIDATION_FAILED);
    expect((await save({ id: items[0]!.id, isEnable: '0', closeReason: '停产' })).body.code).toBe(Code.OK);
  });

  it('keeps tags sorted and once each, refuses an unknown one, and finds a row by one of them', async () => {
    const roleId = (await server.db.selectFrom('role').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const saved = await save(record({ code: 'T1', batch: '21', businessTypes: ['2', '1', '2'], roleIds: [roleId] }));
    expect(saved.body.code, saved.text).toBe(Code.OK);
    expect(saved.body.data).toMatchObject({ businessTypes: ['1', '2'], roleIds: [roleId] });
    expect((await save(record({ code: 'T2', batch: '22', businessTypes: ['12'] }))).body).toMatchObject({ code: Code.VALIDATION_FAILED, data: { fields: { businessTypes: expect.any(String) } } });
    expect((await save(record({ code: 'T2', batch: '22', roleIds: [roleId, 999_999] }))).body).toMatchObject({ code: Code.VALIDATION_FAILED, data: { fields: { roleIds: expect.any(String) } } });
    const codes = async (query: Record<string, string | number>) =>
      (await server.call<ListData<{ code: string }>>('GET', '/base/admin/everything/list', { token, query })).body.data.items.map((row) => row.code).sort();
    expect(await codes({ businessTypes: '2' })).toEqual(['T1']);
    expect(await codes({ roleIds: roleId })).toEqual(['T1']);
  });

  it('ranges over a day and an amount take the bounds as the fields hold them', async () => {
    const codes = async (query: Record<string, string | number>) => {
      const { body } = await server.call<ListData<{ code: string }>>('GET', '/base/admin/everything/list', { token, query });
      expect(body.code, JSON.stringify(body)).toBe(Code.OK);
      return body.data.items.map((row) => row.code).sort();
    };
    await save(record({ code: 'R1', batch: '31', startsOn: '2030-05-01', unitPrice: 5000 }));
    expect(await codes({ startsOnFrom: '2030-05-01', startsOnTo: '2030-05-01' })).toEqual(['R1']);
    expect(await codes({ startsOnFrom: '2030-01-01', unitPriceTo: 4999 })).toEqual([]);
    const bad = await server.call('GET', '/base/admin/everything/list', { token, query: { unitPriceFrom: '49.99' } });
    expect(bad.body).toMatchObject({ code: Code.VALIDATION_FAILED, data: { fields: { unitPriceFrom: expect.any(String) } } });
  });

  it('sorts on the server by its sortable columns only', async () => {
    const sorted = (await server.call<ListData<{ unitPrice: number }>>('GET', '/base/admin/everything/list', { token, query: { sort: 'unitPrice', order: 'desc' } })).body;
    expect(sorted.code).toBe(Code.OK);
    expect((await server.call('GET', '/base/admin/everything/list', { token, query: { sort: 'contact', order: 'desc' } })).body.code).toBe(Code.VALIDATION_FAILED);
  });

  it('is covered by the matrix, the audit coverage and the seed tree with no row written for it', async () => {
    const callers = await matrixCallers(server);
    for (const row of declaredMatrixRows([everything])) for (const caller of CALLERS) await callers.check(caseOf(row), caller);
    expect(await declaredTreeProblems(server.db, DEFINITIONS)).toEqual([]);
    const seen: string[] = [];
    await runDeclaredWrites(server, token, [everything], async ({ definition, route, url, answer }) => {
      expect(answer.body.code, `${route}: ${answer.text}`).toBe(0);
      const audited = await server.db.selectFrom('auditLog').select('tableName').where('route', '=', url).execute();
      expect(audited.map((row) => row.tableName), route).toContain(definition.table);
      seen.push(route);
    });
    // Its switch is set in bulk too, as the list's check boxes offer; an edit is reverted from its history.
    expect(seen).toEqual(['POST /everything/saveOrUpdate', 'POST /everything/bulkUpdate', 'POST /everything/saveOrUpdate', 'POST /everything/revert', 'POST /everything/delete']);
  });
});
