/**
 * Rules the dictionary resource adds to the generic CRUD (server/crud). Its key and its type are
 * fixed once created (the definition declares them; the core refuses a change with 1001), so a
 * system dictionary (type 1) never becomes a normal one that may be deleted. Beyond that:
 * - only a caller holding the super-admin role creates a system dictionary (1003);
 * - a dictionary that a field of a declared resource reads (`dictionaryChoice(…, dicKey)`) is
 *   never deleted, whatever its type (1011, naming it and the fields): saves of that field would
 *   be refused from then on. The list comes from the declared resources, not from a list of keys.
 */
import { Code, format, type Locale } from '../../contract';
import type { ResourceDefinition } from '../../resources/define';
import { isSuperAdmin } from '../auth/grants';
import type { CrudFeature } from '../crud/feature';
import { chunks } from '../db/chunks';
import { ApiError } from '../errors';
import { dicMessages } from './messages';

const SYSTEM = 1;

/** The fields of the definitions that read each dictionary: dicKey → [resource, field] pairs. */
export function dictionaryReaders(definitions: readonly ResourceDefinition[]): Map<string, Array<{ definition: ResourceDefinition; field: string }>> {
  const readers = new Map<string, Array<{ definition: ResourceDefinition; field: string }>>();
  for (const definition of definitions) {
    for (const [field, spec] of Object.entries(definition.entity.fields)) {
      if (!spec.dictionary) continue;
      readers.set(spec.dictionary, [...(readers.get(spec.dictionary) ?? []), { definition, field }]);
    }
  }
  return readers;
}

export function dicPolicy(definitions: readonly ResourceDefinition[]): CrudFeature {
  const readers = dictionaryReaders(definitions);
  const readerNames = (dicKey: string, locale: Locale) =>
    readers
      .get(dicKey)!
      .map(({ definition, field }) => `${definition.title[locale]} · ${definition.entity.fields[field]!.label[locale]}`)
      .join(locale === 'zh-CN' ? '、' : ', ');

  return {
    async beforeSave(db, { existing, values }, { caller, locale }) {
      if (existing || values.type !== SYSTEM) return;
      if (caller && (await isSuperAdmin(db, caller.userId))) return;
      const message = dicMessages.systemCreate[locale];
      throw new ApiError(Code.FORBIDDEN, message, { fields: { type: message } });
    },

    async beforeDelete(trx, ids, { locale }) {
      if (readers.size === 0) return;
      // In parts: a delete of every matching row may name thousands.
      for (const part of chunks(ids)) {
        const read = await trx
          .selectFrom('dic')
          .select('dicKey')
          .where('id', 'in', part)
          .where('parentId', '=', 0)
          .where('dicKey', 'in', [...readers.keys()])
          .orderBy('dicKey')
          .executeTakeFirst();
        if (read) throw new ApiError(Code.CONFLICT, format(dicMessages.readByField[locale], { dicKey: read.dicKey, fields: readerNames(read.dicKey, locale) }));
      }
    },
  };
}
