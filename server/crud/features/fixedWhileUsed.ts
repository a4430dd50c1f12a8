/**
 * Fields a record keeps while other rows name it (definition `fixedWhileUsed`, e.g. a sub-system's
 * menu reading once its tree has nodes): the detail answers whether the record is in use
 * (IN_USE_FLAG, for the form to show the fields read-only), and an update changing such a field is
 * written only while it is not (1001 on the first field changed, saying the reason).
 *
 * The decision is taken under the record's row lock (a no-op update), inside the update's
 * transaction. The writers of the using table take the same lock before they add a row (the menu
 * tree's writes lock their app: server/permission/repository.ts `lockApp`), so on PostgreSQL a
 * node saved at the same moment either commits first and is counted here, or waits and then reads
 * the new value. SQLite runs one write transaction at a time anyway.
 */
import type { Kysely } from 'kysely';
import { Code } from '../../../contract';
import { IN_USE_FLAG, type FixedWhileUsedSpec } from '../../../resources/define';
import type { Database } from '../../db/schema';
import { ApiError } from '../../errors';
import type { FeatureFactory } from '../feature';
import type { DynamicDatabase, ResourceRecord } from '../repository';
import { isStorableId } from '../storableId';

const dynamic = (db: Kysely<Database>) => db as unknown as Kysely<DynamicDatabase>;

export const fixedWhileUsed: FeatureFactory = ({ db, repository }, definition) => {
  const spec: FixedWhileUsedSpec | undefined = definition.fixedWhileUsed;
  if (!spec) return undefined;
  /** The fields `named` (an update's written values) changes against `existing`. */
  const changed = (existing: ResourceRecord, named: Readonly<Record<string, unknown>>) =>
    spec.fields.filter((field) => field in named && String(named[field] ?? '') !== String(existing[field] ?? ''));

  /** Whether a row of the using table names the record. */
  async function isUsed(id: number, on: Kysely<Database> = db): Promise<boolean> {
    if (!isStorableId(id)) return false;
    const row = await dynamic(on).selectFrom(spec!.table).select('id').where(spec!.column, '=', id).limit(1).executeTakeFirst();
    return row !== undefined;
  }

  return {
    detailExtras: async (record) => ({ [IN_USE_FLAG]: await isUsed(record.id) }),

    update(id, named, existing, locale, expectedVersion) {
      // An update leaving the fields as they are is the core's to write.
      if (changed(existing, named).length === 0) return undefined;
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
        return repository.update(id, named, trx, expectedVersion);
      });
    },
  };
};
