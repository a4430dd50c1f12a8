/**
 * Dashboard answers kept while the statistics version (migration 0009) stands still: a repeated
 * call costs one primary-key read. Keys include the calendar day, so "today" moves at midnight
 * on its own. Bounded: past MAX_ENTRIES the cache starts afresh.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { versionReader } from '../db/versionCounter';

const MAX_ENTRIES = 2000;

export function createAnswerCache(db: Kysely<Database>) {
  const answers = new Map<string, { version: number; value: unknown }>();
  const version = versionReader(db, 'statisticsVersion');

  return async function cached<T>(key: string, compute: () => Promise<T>): Promise<T> {
    // Read first: a write landing meanwhile moves it, and the next call computes again.
    const current = await version();
    const hit = answers.get(key);
    if (hit && hit.version === current) return hit.value as T;
    const value = await compute();
    if (answers.size >= MAX_ENTRIES) answers.clear();
    answers.set(key, { version: current, value });
    return value;
  };
}
