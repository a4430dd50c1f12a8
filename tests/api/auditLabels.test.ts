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
import { TOKEN_HEADER, type ListData } from '../../contract';
import { LOCALES } from '../../contract/i18n';
import type { UserInfo } from '../../contract/session';
import { columnLabel, storedTable } from '../../resources/tableLabels';
import { isAudited, UNAUDITED_TABLES } from '../../server/audit/coverage';
import { sha256Hex } from '../../server/auth/passwords';
import { ADMIN, peerServer, startTestServer, type TestServer } from './harness';

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

  it('shows a renamed element from the next request, though the names are kept between requests', async () => {
    const rename = (name: string) => server.db.updateTable('permission').set({ name }).where('url', '=', '/param/saveOrUpdate').where('menuType', '=', 2).execute();
    await rename('保存参数');
    // Read twice, so the second answer comes from what the server keeps.
    for (let i = 0; i < 2; i++) expect((await auditRows('/param/saveOrUpdate', 'en-US'))[0]).toMatchObject({ routeName: 'Parameters · 保存参数' });
    await rename('存参');
    expect((await auditRows('/param/saveOrUpdate', 'en-US'))[0]).toMatchObject({ routeName: 'Parameters · 存参' });
    expect((await auditRows('/param/saveOrUpdate'))[0]).toMatchObject({ routeName: '参数配置 · 存参' });
    // Back to the seeded name: read in the caller's language again.
    await rename('保存');
    expect((await auditRows('/param/saveOrUpdate', 'en-US'))[0]).toMatchObject({ routeName: 'Parameters · Save' });
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

// PostgreSQL only: two servers share the database (SQLite is one process).
if (process.env.TEST_DATABASE_URL) {
  describe('a logged call on a second server sharing the PostgreSQL database', () => {
    it('shows, on a second server, an element renamed through the first, from its next request (it had kept the old name)', async () => {
      const { app: peer, close } = await peerServer(server);
      try {
        const peerName = async () => {
          const answer = await peer.inject({ method: 'GET', url: '/base/admin/auditLog/list', query: { route: '/base/admin/param/saveOrUpdate', pageNo: '1', pageSize: '20' }, headers: { [TOKEN_HEADER]: admin, 'accept-language': 'en-US' } });
          return (answer.json() as { data: ListData<{ routeName?: string }> }).data.items[0]?.routeName;
        };
        expect(await peerName()).toBe('Parameters · Save');
        // Renamed by the other server's database handle: the write bumps the grants version the second server reads with the session.
        await server.db.updateTable('permission').set({ name: '保存一个参数' }).where('url', '=', '/param/saveOrUpdate').where('menuType', '=', 2).execute();
        expect(await peerName()).toBe('Parameters · 保存一个参数');
      } finally {
        await close();
      }
    });
  });
}

describe('the caller’s own session', () => {
  it('is the one /user/info names, among the online sessions', async () => {
    const info = (await server.call<UserInfo>('GET', '/base/admin/user/info', { token: admin })).body.data;
    expect(info.sessionId).toEqual(expect.any(Number));
    const online = (await server.call<ListData<{ id: number; userId: number }>>('GET', '/base/admin/onlineSession/list', { token: admin, query: { pageNo: 1, pageSize: 100 } })).body.data.items;
    expect(online.find((s) => s.id === info.sessionId)?.userId).toBe(info.id);
  });
});
