/**
 * Migration 0015 on a database that ran the earlier ones: rows written before it name their
 * account's code (taken from their user id, fixed once created), and the staff personal data they
 * hold in clear is masked (second review, M2 and M3).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('migration 0015 over rows stored before it', () => {
  it('names their accounts and masks their personal data', async () => {
    const { db } = server;
    // Back to the shape before 0015, with rows as the earlier triggers wrote them (0028 has replaced its indexes).
    await sql`drop index if exists audit_log_user_id_idx`.execute(db);
    await sql`drop index if exists audit_log_user_code_idx`.execute(db);
    await sql`drop index if exists audit_log_user_code_changed_idx`.execute(db);
    await sql`alter table audit_log drop column user_code`.execute(db);
    await sql`delete from kysely_migration where name = '0015_audit_accounts'`.execute(db);
    const admin = (await db.selectFrom('user').select('id').where('code', '=', ADMIN.username).executeTakeFirstOrThrow()).id;
    const clear = JSON.stringify({ telephone: [null, '17700000010'], card: [null, '320102199505013821'], live_address: [null, '幸福小区 2 栋'], code: [null, 'E1'] });
    // Times inside the kept window: PostgreSQL keeps the log in monthly partitions of such months (0029).
    const at = Date.now() - 60_000;
    await sql`insert into audit_log (changed_at, request_id, user_id, user_name, method, route, address, table_name, record_id, action, changes)
      values (${at}, 'old', ${admin}, '超级管理员', 'POST', '/base/admin/user/saveOrUpdate', null, 'user', '5', 'insert', ${clear}),
             (${at + 1}, 'old', null, null, 'POST', '/x', null, 'param', '1', 'update', '{"value":["a","b"]}')`.execute(db);

    await server.restart();

    const rows = await db.selectFrom('auditLog').select(['userId', 'userCode', 'tableName', 'changes']).where('requestId', '=', 'old').orderBy('changedAt').execute();
    expect(rows.map((r) => [r.userCode, r.tableName, JSON.parse(r.changes ?? '{}')])).toEqual([
      ['admin', 'user', { telephone: [null, '177****0010'], card: [null, '320102****3821'], live_address: [null, '******'], code: [null, 'E1'] }],
      [null, 'param', { value: ['a', 'b'] }],
    ]);
  });
});
