/**
 * What the audit log and online users show beside the stored names (issue 20, items 16 and 17),
 * on both databases:
 * - every table the audit log records, and every column of it, has a name in both languages
 *   (resources/tableLabels.ts), read from the database itself, so a table or column added later
 *   without a label fails here;
 * - a logged call answers the name the permission tree gives it (`参数配置 · 保存`), in the
 *   caller's language, and keeps its path; a session call (sign in) is named too;
 * - /user/info answers the caller's session, the id online users lists it under.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListData } from '../../contract';
import { LOCALES } from '../../contract/i18n';
import type { UserInfo } from '../../contract/session';
import { columnLabel, storedTable } from '../../resources/tableLabels';
import { isAudited, UNAUDITED_TABLES } from '../../server/audit/coverage';
import { sha256Hex } from '../../server/auth/passwords';
import { ADMIN, startTestServer, type TestServer } from './harness';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await server?.close();
});

/** The tables of the server's database (its own schema on PostgreSQL) with their columns, as stored. */
async function storedTables(): Promise<Array<{ name: string; columns: string[] }>> {
  const db = server.db.withoutPlugins();
  const schema = server.dialect === 'postgres' ? (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]!.name : undefined;
  const tables = await db.introspection.getTables();
  return tables.filter((t) => !t.isView && (schema === undefined || t.schema === schema)).map((t) => ({ name: t.name, columns: t.columns.map((c) => c.name) }));
}

describe('the names of stored tables and columns', () => {
  it('has one, in both languages, for every table the audit log records and each of its columns', async () => {
    // Besides the audited tables, the three whose writes the server notes itself.
    const noted = new Set(['session', 'traffic_hour', 'revenue_month']);
    const shown = (await storedTables()).filter((t) => isAudited(t.name) || noted.has(t.name));
    expect(shown.length).toBeGreaterThan(20);
    const missing: string[] = [];
    for (const table of shown) {
      if (!storedTable(table.name)) missing.push(table.name);
      for (const column of table.columns) for (const locale of LOCALES) if (columnLabel(table.name, column, locale) === undefined) missing.push(`${table.name}.${column} (${locale})`);
      // A join table's key is read as whose and which: its key columns are declared.
      if (!table.columns.includes('id') && !storedTable(table.name)?.key?.every((c) => table.columns.includes(c))) missing.push(`${table.name} key`);
    }
    expect(missing).toEqual([]);
    expect([...noted].every((name) => UNAUDITED_TABLES.has(name))).toBe(true);
  });
});

describe('a logged call', () => {
  type Row = { route: string; routeName?: string; tableName: string; id: number };
  // The call by its whole path: the list's filter is exact (README "Years of audit and login rows").
  const auditRows = async (route: string, locale?: string) =>
    (await server.call<ListData<Row>>('GET', '/base/admin/auditLog/list', { token: admin, query: { route: `/base/admin${route}`, pageNo: 1, pageSize: 20 }, headers: locale ? { 'accept-language': locale } : {} })).body.data.items;

  it('is named by its API element in the permission tree, after its screen, in the caller’s language', async () => {
    expect((await server.call('POST', '/base/admin/param/saveOrUpdate', { token: admin, body: { sortNum: 1, paramKey: 'labels.call', value: 'v' } })).body.code).toBe(0);
    const [row] = await auditRows('/param/saveOrUpdate');
    expect(row).toMatchObject({ route: '/base/admin/param/saveOrUpdate', routeName: '参数配置 · 保存', tableName: 'param' });
    expect((await auditRows('/param/saveOrUpdate', 'en-US'))[0]).toMatchObject({ routeName: 'Parameters · Save' });
    const detail = await server.call<Row>('GET', '/base/admin/auditLog/detail', { token: admin, query: { id: row!.id } });
    expect(detail.body.data.routeName).toBe('参数配置 · 保存');
  });

  it('keeps a name an administrator gave the element, as typed', async () => {
    await server.db.updateTable('permission').set({ name: '保存参数' }).where('url', '=', '/param/saveOrUpdate').where('menuType', '=', 2).execute();
    expect((await auditRows('/param/saveOrUpdate', 'en-US'))[0]).toMatchObject({ routeName: 'Parameters · 保存参数' });
  });

  it('names the session’s own calls, which no element grants', async () => {
    await server.createUser({ code: 'labels_pwd', password: 'labels-pass-1' });
    const token = await server.tokenFor('labels_pwd', 'labels-pass-1');
    const changed = await server.call('POST', '/base/admin/user/changePwd', { token, body: { oldPwd: sha256Hex('labels-pass-1'), newPwd: sha256Hex('labels-pass-2') } });
    expect(changed.body.code).toBe(0);
    expect((await auditRows('/user/changePwd'))[0]).toMatchObject({ routeName: '修改密码', tableName: 'user' });
    expect((await auditRows('/user/changePwd', 'en-US'))[0]).toMatchObject({ routeName: 'Change password' });
  });
});

describe('the caller’s own session', () => {
  it('is the one /user/info names, among the online sessions', async () => {
    const info = (await server.call<UserInfo>('GET', '/base/admin/user/info', { token: admin })).body.data;
    expect(info.sessionId).toEqual(expect.any(Number));
    const online = (await server.call<ListData<{ id: number; userId: number }>>('GET', '/base/admin/onlineSession/list', { token: admin, query: { pageNo: 1, pageSize: 100 } })).body.data.items;
    expect(online.find((s) => s.id === info.sessionId)?.userId).toBe(info.id);
  });
});
