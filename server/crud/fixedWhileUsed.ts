/**
 * Fields a record keeps while other rows name it (definition `fixedWhileUsed`, e.g. a sub-system's
 * menu reading once its tree has nodes): whether a record is in use, and the update that changes
 * such a field only while it is not.
 *
 * The decision is taken under the record's row lock (a no-op update), inside the update's
 * transaction. The writers of the using table take the same lock before they add a row (the menu
 * tree's writes lock their app: server/permission/repository.ts `lockApp`), so on PostgreSQL a
 * node saved at the same moment either commits first and is counted here, or waits and then reads
 * the new value. SQLite runs one write transaction at a time anyway.
 */
import type { Kysely } from 'kysely';
import { Code, type Locale } from '../../contract';
import type { FixedWhileUsedSpec, ResourceDefinition } from '../../resources/define';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import type { DynamicDatabase, Repository, ResourceRecord } from './repository';
import { isStorableId } from './storableId';

const dynamic = (db: Kysely<Database>) => db as unknown as Kysely<DynamicDatabase>;

export interface FixedWhileUsed {
  /** Whether a row of the using table names the record. */
  isUsed(id: number, on?: Kysely<Database>): Promise<boolean>;
  /** Whether `named` (an update's written values) changes one of the fields against `existing`. */
  changes(existing: ResourceRecord, named: Readonly<Record<string, unknown>>): boolean;
  /** Writes `named` unless the record is in use (1001 on the first field changed, saying the reason). */
  updateUnlessUsed(id: number, named: Record<string, unknown>, existing: ResourceRecord, locale: Locale): Promise<boolean>;
}

export function fixedWhileUsedOf(db: Kysely<Database>, definition: ResourceDefinition, repository: Repository): FixedWhileUsed | undefined {
  const spec: FixedWhileUsedSpec | undefined = definition.fixedWhileUsed;
  if (!spec) return undefined;
  const changed = (existing: ResourceRecord, named: Readonly<Record<string, unknown>>) =>
    spec.fields.filter((field) => field in named && String(named[field] ?? '') !== String(existing[field] ?? ''));

  async function isUsed(id: number, on: Kysely<Database> = db): Promise<boolean> {
    if (!isStorableId(id)) return false;
    const row = await dynamic(on).selectFrom(spec!.table).select('id').where(spec!.column, '=', id).limit(1).executeTakeFirst();
    return row !== undefined;
  }

  return {
    isUsed,
    changes: (existing, named) => changed(existing, named).length > 0,
    updateUnlessUsed(id, named, existing, locale) {
      return db.transaction().execute(async (trx) => {
        await dynamic(trx)
          .updateTable(definition.table)
          .set((eb) => ({ id: eb.ref('id') }))
          .where('id', '=', id)
          .execute();
        if (await isUsed(id, trx)) {
          const field = changed(existing, named)[0]!;
          const message = spec.reason[locale];
          throw new ApiError(Code.VALIDATION_FAILED, message, { fields: { [field]: message } });
        }
        return repository.update(id, named, trx);
      });
    },
  };
}
