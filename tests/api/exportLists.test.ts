/**
 * The exports of the lists beside the declared ones and the person list: the UA list (at its
 * definition's `exportPath`, beside the parser's regexes.yaml), the organisation screen's members
 * and the two summaries' tables. Each writes what its filters select, every page, headed in the
 * caller's language; each is a grant of its own; each is a row of the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, staffEntity, TeamType } from '../../contract';
import { uaEntity } from '../../contract/entities/ua';
import { XLSX_TYPE } from '../../contract/exportFile';
import { exportPageSize } from '../../server/export/sendExport';
import { STATISTICS_EXPORT_PAGE } from '../../server/statistics/statisticsExport';
import { ADMIN, startTestServer, type TestServer } from './harness';
import { exportCall, readSheet } from './exportFiles';
import { staffInput } from './staffFixtures';

// 2026-03-15 12:30 in Asia/Shanghai: the summaries' months and the media period's default.
const NOW = Date.UTC(2026, 2, 15, 4, 30);
const ENGLISH = 'en-US' as const;

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer({ statisticsClock: { timeZone: 'Asia/Shanghai', now: () => NOW } });
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

/** The export as the console asks it, in `locale`. */
async function exportIn(locale: string, url: string, params: Record<string, string | number> = {}, token = admin) {
  const query = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const answer = await server.app.inject({ method: 'GET', url, query, headers: { access_token: token, 'accept-language': locale } });
  expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
  expect(answer.headers['content-type']).toBe(XLSX_TYPE);
  return readSheet(answer.rawPayload);
}

const lastAudit = async () => server.db.selectFrom('auditLog').selectAll().where('action', '=', 'export').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();

/** A caller granted only `apis`: refused the export named, then granted it alone and answered a file. */
async function isItsOwnGrant(code: string, listApi: string, exportApi: string, url: string, params: Record<string, string | number> = {}) {
  await server.createUser({ code: `${code}L`, password: 'Lister#2024', apis: [listApi] });
  const lister = await server.tokenFor(`${code}L`, 'Lister#2024');
  expect((await exportCall(server, lister, url, params)).envelope?.code).toBe(Code.FORBIDDEN);
  await server.createUser({ code: `${code}X`, password: 'Exporter#2024', apis: [exportApi] });
  const exporter = await server.tokenFor(`${code}X`, 'Exporter#2024');
  expect((await exportCall(server, exporter, url, params)).status).toBe(200);
}

describe('the UA list’s export', () => {
  const URL = '/v2/ua/exportXlsx';
  beforeAll(async () => {
    const rows = Array.from({ length: 620 }, (_, i) => ({ uaMessage: `ExportAgent/${String(i).padStart(3, '0')}${i === 3 ? ' =cmd' : ''}`, uaStatus: i % 2 === 0 ? '1' : '0', parserType: i % 2 === 0 ? 'ua,os' : null }));
    for (let i = 0; i < rows.length; i += 200) await server.db.insertInto('uaRecord' as never).values(rows.slice(i, i + 200) as never).execute();
  });

  it('writes what the filter selects across pages, headed and labelled in the caller’s language, beside the parser’s regexes.yaml', async () => {
    const { rows, hasFormula } = await exportIn(ENGLISH, URL, { uaMessage: 'ExportAgent/', uaStatus: '1', columns: 'uaMessage,uaStatus,parserType' });
    expect(rows[0]).toEqual([uaEntity.fields.uaMessage.label[ENGLISH], 'Status', 'Match type']);
    expect(rows).toHaveLength(311);
    expect(rows.slice(1).every((row) => row[1] === 'Processed' && String(row[0]).startsWith('ExportAgent/'))).toBe(true);
    expect(hasFormula).toBe(false);
    expect((await exportIn('zh-CN', URL, { uaMessage: 'ExportAgent/', uaStatus: '0', columns: 'uaStatus' })).rows.slice(1).every((row) => row[0] === '未处理')).toBe(true);

    const audit = await lastAudit();
    expect(audit).toMatchObject({ tableName: 'ua_record', route: URL, userCode: 'admin' });
    expect(JSON.parse(audit.changes!)).toEqual({ filter: [null, { uaMessage: 'ExportAgent/', uaStatus: '0' }], columns: [null, ['uaStatus']], rows: [null, 310] });

    // The parser's rule set keeps its path.
    const yaml = await server.app.inject({ method: 'GET', url: '/v2/ua/export', headers: { access_token: admin } });
    expect(yaml.statusCode).toBe(200);
    expect(yaml.body).toContain('user_agent_parsers');
  });

  it('is a grant of its own: ua:export', async () => {
    await isItsOwnGrant('uaexp', '/v2/ua/list', URL, URL);
  });
});

describe('the organisation screen’s member export', () => {
  const URL = '/base/admin/office/export/user';
  let departmentId: number;
  let groupId: number;
  let supervisorCode: string;
  beforeAll(async () => {
    departmentId = (await server.db.insertInto('office').values({ type: 1, parentId: 0, name: '导出部', remark: null, createTime: Date.now() }).returning('id').executeTakeFirstOrThrow()).id;
    groupId = (await server.db.insertInto('office').values({ type: 2, parentId: departmentId, name: '导出组', remark: null, createTime: Date.now() }).returning('id').executeTakeFirstOrThrow()).id;
    // More than a page: a third in the department, a third in its group, a third elsewhere.
    const count = exportPageSize(server.db) + 160;
    const rows = Array.from({ length: count }, (_, i) => ({
      ...staffInput(50_000 + i),
      officeId: i % 3 === 0 ? departmentId : i % 3 === 1 ? groupId : null,
      passwordHash: 'unusable',
      mustChangePassword: 1,
      createTime: Date.now(),
      adminFlag: i === 3 ? 1 : 0,
    }));
    supervisorCode = String((rows[3] as Record<string, unknown>).code);
    for (let i = 0; i < rows.length; i += 200) await server.db.insertInto('user').values(rows.slice(i, i + 200) as never).execute();
  }, 60_000);

  it('writes the chosen node’s members and its groups’ as the member list shows them, in the caller’s language', async () => {
    const list = await server.call<{ total: number }>('GET', '/base/admin/user/list', { token: admin, query: { officeId: departmentId, pageSize: 1 } });
    const { rows, hasFormula } = await exportIn(ENGLISH, URL, { officeId: departmentId });
    const { name, code, telephone } = staffEntity.fields;
    expect(rows[0]).toEqual([name.label[ENGLISH], code.label[ENGLISH], telephone.label[ENGLISH], 'Organisation', 'Supervisor']);
    expect(rows).toHaveLength(list.body.data.total + 1);
    expect(list.body.data.total).toBeGreaterThan(exportPageSize(server.db) / 3);
    expect(new Set(rows.slice(1).map((row) => row[3]))).toEqual(new Set(['导出部', '导出组']));
    expect(rows.find((row) => row[1] === supervisorCode)?.[4]).toBe('Yes');
    expect(rows.filter((row) => row[4] === 'No')).toHaveLength(rows.length - 2);
    expect(hasFormula).toBe(false);

    const group = await exportIn('zh-CN', URL, { officeId: groupId, columns: 'name,adminFlag' });
    expect(group.rows[0]).toEqual(['姓名', '主管']);
    expect(group.rows.slice(1).every((row) => row[1] === '否')).toBe(true);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ tableName: 'user', route: URL, userCode: 'admin' });
    expect(JSON.parse(audit.changes!)).toEqual({ filter: [null, { officeId: String(groupId) }], columns: [null, ['name', 'adminFlag']], rows: [null, group.rows.length - 1] });
  });

  it('refuses before the file: no node, an unknown node, a column the list does not show', async () => {
    expect((await exportCall(server, admin, URL)).envelope?.code).toBe(Code.VALIDATION_FAILED);
    expect((await exportCall(server, admin, URL, { officeId: 987_654 })).envelope?.code).toBe(Code.NOT_FOUND);
    expect((await exportCall(server, admin, URL, { officeId: departmentId, columns: 'name,card' })).envelope?.code).toBe(Code.VALIDATION_FAILED);
  });

  it('is a grant of its own: officeMember:export', async () => {
    await isItsOwnGrant('ofexp', '/office/list', '/office/export/user', URL, { officeId: departmentId });
  });
});

describe('the summaries’ exports', () => {
  const SUMMARY = '/base/admin/staffSummary/export';
  const MEDIA = '/base/admin/mediaStats/export';
  const OWNERS = STATISTICS_EXPORT_PAGE + 20;
  beforeAll(async () => {
    const { id: teamId } = await server.db.insertInto('team').values({ name: '导出商务组', teamType: TeamType.business }).returning('id').executeTakeFirstOrThrow();
    const staff: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { id } = await server.db
        .insertInto('user')
        .values({ code: `bizexp${i}`, name: `商务导出${i}`, passwordHash: 'unused', isEnable: '1', mustChangePassword: 0, createTime: NOW })
        .returning('id')
        .executeTakeFirstOrThrow();
      staff.push(id);
      await server.db.insertInto('teamMember').values({ teamId, userId: id }).execute();
    }
    const revenue = staff.flatMap((adminId, i) => [
      { adminId, month: '2026-03', amount: i + 1.5 },
      { adminId, month: '2026-02', amount: 100 },
    ]);
    expect((await server.call('POST', '/base/admin/statistics/ingest', { token: admin, body: { revenue } })).body.code).toBe(Code.OK);

    const owners = Array.from({ length: OWNERS }, (_, i) => ({ userName: `流量主${String(i).padStart(3, '0')}`, mediaAdminId: null, serviceId: 21 }));
    const ids: number[] = [];
    for (let i = 0; i < owners.length; i += 200) ids.push(...(await server.db.insertInto('siteUser').values(owners.slice(i, i + 200)).returning('id').execute()).map((row) => row.id));
    const traffic = ids.flatMap((siteUserId, i) => [
      { siteUserId, hour: '2026-03-02 10', count: i + 1 },
      { siteUserId, hour: '2026-02-20 10', count: 5 },
    ]);
    expect((await server.call('POST', '/base/admin/statistics/ingest', { token: admin, body: { traffic } })).body.code).toBe(Code.OK);
  }, 60_000);

  it('the staff summary: every row the table pages through, amounts in yuan as numbers, headed in the caller’s language', async () => {
    const list = (await server.call<{ items: Array<{ adminName: string; currentMonthTotal: number; lastMonthTotal: number; historyTotal: number }>; total: number }>('GET', '/base/admin/staffSummary/list', { token: admin, query: { page: 1, size: 300 } })).body.data;
    const { rows } = await exportIn(ENGLISH, SUMMARY);
    expect(rows[0]).toEqual(['Staff name', 'This month', 'Last month', 'History total']);
    expect(rows.slice(1)).toEqual(list.items.map((row) => [row.adminName, row.currentMonthTotal, row.lastMonthTotal, row.historyTotal]));
    expect(rows.find((row) => row[0] === '商务导出1')).toEqual(['商务导出1', 2.5, 100, 102.5]);
    expect((await exportIn('zh-CN', SUMMARY, { columns: 'adminName,historyTotal' })).rows[0]).toEqual(['人员名称', '历史总计']);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ tableName: 'revenue_month', route: SUMMARY, userCode: 'admin' });
    expect(JSON.parse(audit.changes!)).toEqual({ filter: [null, {}], columns: [null, ['adminName', 'historyTotal']], rows: [null, list.total] });
  });

  it('media statistics: the period’s traffic per owner across pages, in the order asked, headed in the caller’s language', async () => {
    const { rows } = await exportIn(ENGLISH, MEDIA, { startDate: '2026-03-01', endDate: '2026-03-10', order: 'asc' });
    expect(rows[0]).toEqual(['Traffic owner', 'Media staff', 'Traffic']);
    const ours = rows.slice(1).filter((row) => String(row[0]).startsWith('流量主'));
    expect(ours).toHaveLength(OWNERS);
    expect(ours[0]).toEqual(['流量主000', null, 1]);
    expect(ours[OWNERS - 1]).toEqual([`流量主${OWNERS - 1}`, null, OWNERS]);
    // February: five each; this month by default (the list's own default period).
    const february = await exportIn('zh-CN', MEDIA, { startDate: '2026-02-01', endDate: '2026-02-28', columns: 'traffic,userName' });
    expect(february.rows[0]).toEqual(['流量', '流量主']);
    expect(february.rows.slice(1).filter((row) => String(row[1]).startsWith('流量主')).every((row) => row[0] === 5)).toBe(true);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ tableName: 'site_user', route: MEDIA, userCode: 'admin' });
    expect(JSON.parse(audit.changes!)).toEqual({ filter: [null, { startDate: '2026-02-01', endDate: '2026-02-28' }], columns: [null, ['traffic', 'userName']], rows: [null, february.rows.length - 1] });
    expect((await exportIn(ENGLISH, MEDIA, {})).rows.filter((row) => String(row[0]).startsWith('流量主'))).toHaveLength(OWNERS);
  });

  it('refuses a period the list refuses, before the file', async () => {
    const answer = await exportCall(server, admin, MEDIA, { startDate: '2026-03-02', endDate: '2026-03-01' });
    expect(answer.envelope?.code).toBe(Code.VALIDATION_FAILED);
  });

  it('are grants of their own: staffSummary:export, mediaStats:export', async () => {
    await isItsOwnGrant('sumexp', '/staffSummary/list', '/staffSummary/export', SUMMARY);
    await isItsOwnGrant('medexp', '/mediaStats/list', '/mediaStats/export', MEDIA);
  });
});

describe('a database seeded before these exports', () => {
  const ELEMENTS = [
    ['ua:export', '/v2/ua/exportXlsx'],
    ['officeMember:export', '/office/export/user'],
    ['staffSummary:export', '/staffSummary/export'],
    ['mediaStats:export', '/mediaStats/export'],
  ] as const;

  it('gains their page elements and API elements at the next start, granted to the super-admin', async () => {
    const appId = (await server.db.selectFrom('app').select('id').where('code', '=', 'base').executeTakeFirstOrThrow()).id;
    const elements = () => server.db.selectFrom('permission').select(['id', 'code']).where('appId', '=', appId).where('code', 'in', ELEMENTS.map(([code]) => code)).execute();
    const ids = (await elements()).map((row) => row.id);
    expect(ids).toHaveLength(ELEMENTS.length);
    const apis = (await server.db.selectFrom('permission').select('id').where('parentId', 'in', ids).execute()).map((row) => row.id);
    await server.db.deleteFrom('rolePermission').where('permissionId', 'in', [...ids, ...apis]).execute();
    await server.db.deleteFrom('permission').where('id', 'in', [...ids, ...apis]).execute();
    expect((await exportCall(server, admin, '/base/admin/staffSummary/export')).envelope?.code).toBe(Code.FORBIDDEN);

    const result = await server.restart();
    expect(result.reconciled.added.map((group) => group.code).sort()).toEqual(ELEMENTS.map(([code]) => code).sort());
    const superAdmin = await server.db.selectFrom('role').select('id').where('roleKey', '=', 'superAdmin').executeTakeFirstOrThrow();
    for (const element of await elements()) {
      const api = await server.db.selectFrom('permission').select(['id', 'url']).where('parentId', '=', element.id).executeTakeFirstOrThrow();
      expect(api.url).toBe(ELEMENTS.find(([code]) => code === element.code)![1]);
      const granted = await server.db.selectFrom('rolePermission').select('permissionId').where('roleId', '=', superAdmin.id).where('permissionId', 'in', [element.id, api.id]).execute();
      expect(granted, element.code).toHaveLength(2);
    }
    expect((await exportCall(server, admin, '/base/admin/staffSummary/export')).status).toBe(200);
  });
});
