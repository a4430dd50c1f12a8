/**
 * Dashboard answers kept while the statistics version (migration 0009) stands still: a repeated
 * call costs one primary-key read. Keys include the calendar day, so "today" moves at midnight
 * on its own. Bounded: past MAX_ENTRIES the cache starts afresh.
 *
 * The version is read from the database the answers are read from. With a read replica
 * (README, *A read replica*) both are read on one connection, so from one server: a version read
 * from the primary beside rows from a lagging replica (or the primary a replica fell back to)
 * would keep stale rows under a new version.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { versionReader } from '../db/versionCounter';

const MAX_ENTRIES = 2000;

type Compute<T> = (on: Kysely<Database>, version: number) => Promise<T>;

/**
 * `db`: where the answers are read; `pinned`: read each answer and its version on one connection
 * of `db` (a replica's handle, whose connections may go to the replica or the primary).
 */
export function createAnswerCache(db: Kysely<Database>, { pinned = false }: { pinned?: boolean } = {}) {
  const answers = new Map<string, { version: number; value: unknown }>();
  const version = versionReader(db, 'statisticsVersion');

  async function answer<T>(key: string, on: Kysely<Database>, compute: Compute<T>): Promise<T> {
    // Read first: a write landing meanwhile moves it, and the next call computes again.
    const current = await version(on);
    const hit = answers.get(key);
    if (hit && hit.version === current) return hit.value as T;
    const value = await compute(on, current);
    if (answers.size >= MAX_ENTRIES) answers.clear();
    answers.set(key, { version: current, value });
    return value;
  }

  /**
   * The answer kept under `key` at the current version, or `compute`d on `on` (the database to read
   * it from), given the version read there (what the answer's parts may be kept under).
   */
  return function cached<T>(key: string, compute: Compute<T>): Promise<T> {
    return pinned ? db.connection().execute((on) => answer(key, on, compute)) : answer(key, db, compute);
  };
}
