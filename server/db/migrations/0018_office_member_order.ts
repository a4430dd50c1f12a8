/**
 * PostgreSQL: the staff of an office newest first, from the index. Filtering by a department
 * reads the staff of the department and of every group under it (`office_id in (…)`), newest
 * first, one page. Over (office_id) alone PostgreSQL walked the whole staff table backwards by id
 * and dropped the rows of other offices (about 2,000 rows read per page of 10 out of 100,000, and
 * more on every later page); over (office_id, id) it reads just the office's ids from the index
 * and sorts those. The new index also serves every lookup by office_id alone, so it replaces the
 * old one. SQLite needs nothing: its index on office_id already holds the rowid, which is the id.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';

export function officeMemberOrder(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`create index user_office_id_id_idx on "user" (office_id, id)`.execute(db);
      await sql`drop index user_office_id_idx`.execute(db);
    },
  };
}
