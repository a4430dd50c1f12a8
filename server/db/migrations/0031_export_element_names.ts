/**
 * Every list's export element was seeded as 导出UA规则 (the UA rules' export's name), so the
 * permission tree and the audit log's calls called the audit log's or the parameters' export
 * "Export UA rules". Such elements still under that seeded name are named 导出; a name an
 * administrator typed, and the UA rules' own export, stay as they are. The names are written out:
 * a migration runs as it shipped, whatever the seed says later.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { MenuType } from '../../../contract';

export function exportElementNames(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`update permission set name = ${'导出'}, version = version + 1
        where menu_type = ${MenuType.API} and name = ${'导出UA规则'} and url like ${'%/export'} and url <> ${'/v2/ua/export'}`.execute(db);
    },
  };
}
