/** A record named in a cell by its name (a department, a sub-system): found when exactly one record has it. */
import type { Kysely } from 'kysely';
import { format, type Locale, type Text } from '../../contract';
import type { Database } from '../db/schema';
import { MESSAGES, type Parsed } from './columns';

/** Parses a name to the id of the one record of `table` whose `nameColumn` holds it (cached per import). */
export function recordByName(db: Kysely<Database>, table: string, nameColumn: string, label: Text) {
  const found = new Map<string, Promise<number[]>>();
  const idsNamed = (name: string) => {
    let ids = found.get(name);
    if (!ids) {
      ids = (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
        .selectFrom(table)
        .select('id')
        .where(nameColumn, '=', name)
        .limit(2)
        .execute()
        .then((rows) => rows.map((row) => Number(row.id)));
      found.set(name, ids);
    }
    return ids;
  };
  return async (cell: string, locale: Locale): Promise<Parsed> => {
    const ids = await idsNamed(cell);
    if (ids.length === 1) return { value: ids[0] };
    return { problem: format((ids.length ? MESSAGES.manyRecords : MESSAGES.noRecord)[locale], { name: cell, label: label[locale] }) };
  };
}
