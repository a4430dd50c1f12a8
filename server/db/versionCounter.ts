/**
 * Reads one of the version counters (schema.ts VersionCounters). Caches across the server trust
 * a kept answer only while its counter stands still, so the read runs on nearly every request:
 * it is built once.
 */
import type { Kysely } from 'kysely';
import { preparedQuery } from './preparedQuery';
import type { Database, VersionCounters } from './schema';

export function versionReader(db: Kysely<Database>, counter: keyof VersionCounters): (on?: Kysely<Database>) => Promise<number> {
  const read = preparedQuery(db, () => db.selectFrom(counter).select('version').where('id', '=', 1));
  // PostgreSQL answers bigint as text unless the pool's parser is set; Number() covers both.
  // `on`: a transaction or a single connection of `db` (default `db` itself).
  return async (on?: Kysely<Database>) => Number((await read.takeFirst({}, { executor: on }))?.version ?? 0);
}
