/**
 * A dictionary's items, as `/dic/ListByKey` answers them and as saves of dictionary-backed fields
 * are checked against (enabled ones only). Kept in memory and trusted only while the database's `dic_version`
 * (migration 0006, moved by triggers on every write to `dic`) is the one they were read at: a write
 * through any server sharing the database shows at the very next read, at the cost of one
 * primary-key read per call.
 */
import type { Kysely } from 'kysely';
import type { DictionaryEntry } from '../../contract';
import type { DictionaryLookup } from '../crud/recordChecks';
import type { Database } from '../db/schema';
import { versionReader } from '../db/versionCounter';

/** Dictionaries kept; the least recently read go first beyond this. */
const CACHED_DICTIONARIES = 200;

/** An item as kept: with its switch, so the console can still name a value that is switched off. */
export type StoredEntry = DictionaryEntry & { openStatus: number };

export interface Dictionaries extends DictionaryLookup {
  /** The current dictionary version. */
  version(): Promise<number>;
  /** Every item of the dictionary with this key, in order (none when there is no such dictionary). */
  items(dicKey: string): Promise<{ version: number; items: StoredEntry[] }>;
}

export function createDictionaries(db: Kysely<Database>): Dictionaries {
  let cachedAt = -1;
  const cache = new Map<string, StoredEntry[]>();

  const version = versionReader(db, 'dicVersion');

  async function read(dicKey: string): Promise<StoredEntry[]> {
    return db
      .selectFrom('dic as item')
      .innerJoin('dic as d', 'd.id', 'item.parentId')
      .select(['item.name', 'item.dicKey', 'item.sortNum', 'item.openStatus'])
      .where('d.parentId', '=', 0)
      .where('d.dicKey', '=', dicKey)
      .orderBy('item.sortNum')
      .orderBy('item.id')
      .execute() as Promise<StoredEntry[]>;
  }

  async function items(dicKey: string) {
    // The version first: a write landing meanwhile moves it, and the next call reads again.
    const current = await version();
    if (current !== cachedAt) {
      cache.clear();
      cachedAt = current;
    }
    let entries = cache.get(dicKey);
    if (!entries) entries = await read(dicKey);
    cache.delete(dicKey);
    cache.set(dicKey, entries);
    if (cache.size > CACHED_DICTIONARIES) cache.delete(cache.keys().next().value!);
    return { version: current, items: entries };
  }

  return {
    version,
    items,
    async labels(dicKey) {
      return new Map((await items(dicKey)).items.map((item) => [item.dicKey, item.name]));
    },
    async enabledValues(dicKey) {
      return new Set((await items(dicKey)).items.filter((item) => item.openStatus === 1).map((item) => item.dicKey));
    },
  };
}
