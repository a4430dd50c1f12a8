/**
 * The reveal log (`customer_reveal`) names accounts and records lookups (second security review,
 * H1 and L5):
 * - `staff_id` and `staff_code` beside the name (empty for rows written before: only the name was
 *   kept then);
 * - `kind` ('reveal', or 'lookup': a whole-value search of a masked field), with the `field` looked
 *   up and how many records it `matches`; a lookup names no record and, unless it matched exactly
 *   one, no customer, so `user_id` and `record_id` may now be empty;
 * - `revealed_at` in epoch milliseconds, read from the old `reveal_time` text (written in the
 *   server's local time), so the log is ranged and ordered like the other logs; `reveal_time` goes.
 * Indexes: per customer and per staff member, newest first, and by time alone (the oversight list).
 * SQLite cannot make a column nullable: the table is rebuilt there, its ids kept.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { columnTypes } from '../columnTypes';

const TABLE = 'customer_reveal';
const NEXT = 'customer_reveal_next';

interface OldRow {
  id: number;
  userId: number;
  staffName: string;
  resource: string;
  recordId: number;
  revealTime: string;
}

/** 'YYYY-MM-DD HH:mm:ss' in this server's local time (as 0008's rows were written) → epoch ms. */
export function revealTimeToInstant(value: string): number {
  const parts = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value.trim());
  if (!parts) return 0;
  const [year, month, day, hour, minute, second] = parts.slice(1).map(Number) as [number, number, number, number, number, number];
  return new Date(year, month - 1, day, hour, minute, second).getTime();
}

const ROWS_PER_INSERT = 200;

export function revealLogAccounts(dialect: DialectName): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      const dynamic = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      const old = (await dynamic.selectFrom(TABLE).selectAll().orderBy('id').execute()) as unknown as OldRow[];
      if (dialect === 'postgres') {
        await sql.raw(`alter table ${TABLE} alter column user_id drop not null, alter column record_id drop not null`).execute(db);
        await db.schema
          .alterTable(TABLE)
          .addColumn('kind', t.text(10))
          .addColumn('staffId', t.bigint)
          .addColumn('staffCode', t.text(50))
          .addColumn('field', t.text(30))
          .addColumn('matches', t.bigint)
          .addColumn('revealedAt', t.bigint)
          .execute();
        for (const row of old) {
          await dynamic.updateTable(TABLE).set({ kind: 'reveal', revealedAt: revealTimeToInstant(row.revealTime) }).where('id', '=', row.id).execute();
        }
        await sql.raw(`alter table ${TABLE} alter column kind set not null, alter column revealed_at set not null, drop column reveal_time`).execute(db);
        await db.schema.dropIndex(`${TABLE}_user_idx`).execute();
      } else {
        await db.schema
          .createTable(NEXT)
          .addColumn('id', t.idType, t.idColumn)
          .addColumn('kind', t.text(10), (col) => col.notNull())
          .addColumn('userId', t.bigint)
          .addColumn('staffId', t.bigint)
          .addColumn('staffCode', t.text(50))
          .addColumn('staffName', t.text(50), (col) => col.notNull())
          .addColumn('resource', t.text(30), (col) => col.notNull())
          .addColumn('recordId', t.bigint)
          .addColumn('field', t.text(30))
          .addColumn('matches', t.bigint)
          .addColumn('revealedAt', t.bigint, (col) => col.notNull())
          .execute();
        const rows = old.map((row) => ({
          id: row.id,
          kind: 'reveal',
          userId: row.userId,
          staffName: row.staffName,
          resource: row.resource,
          recordId: row.recordId,
          revealedAt: revealTimeToInstant(row.revealTime),
        }));
        for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) await dynamic.insertInto(NEXT).values(rows.slice(i, i + ROWS_PER_INSERT)).execute();
        await db.schema.dropTable(TABLE).execute();
        await db.schema.alterTable(NEXT).renameTo(TABLE).execute();
      }
      await db.schema.createIndex(`${TABLE}_user_idx`).on(TABLE).columns(['userId', 'revealedAt']).execute();
      await db.schema.createIndex(`${TABLE}_staff_idx`).on(TABLE).columns(['staffId', 'kind', 'revealedAt']).execute();
      await db.schema.createIndex(`${TABLE}_time_idx`).on(TABLE).columns(['revealedAt']).execute();
    },
  };
}
