/** The files an import committed (table import_batch, migration 0021): the same bytes are never imported twice into one table. */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ImportReport } from '../../contract/importFile';
import type { Database } from '../db/schema';

export const digestOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The earlier commit of this file to this table: when, by whom (the account's name, null once it is gone), how many rows. */
export async function committedBatch(db: Kysely<Database>, table: string, digest: string): Promise<{ rows: number; importedBefore: NonNullable<ImportReport['importedBefore']> } | undefined> {
  const found = await db
    .selectFrom('importBatch as b')
    .leftJoin('user as u', 'u.id', 'b.userId')
    .select(['b.rows', 'b.createTime', 'u.name'])
    .where('b.tableName', '=', table)
    .where('b.digest', '=', digest)
    .executeTakeFirst();
  return found && { rows: Number(found.rows), importedBefore: { at: new Date(Number(found.createTime)).toISOString(), by: found.name ?? null } };
}

export async function recordBatch(trx: Kysely<Database>, batch: { table: string; digest: string; userId: number | null; rows: number }): Promise<void> {
  await trx.insertInto('importBatch').values({ tableName: batch.table, digest: batch.digest, userId: batch.userId, rows: batch.rows, createTime: Date.now() }).execute();
}
