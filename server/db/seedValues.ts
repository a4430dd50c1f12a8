/** What the seed and the demo data store obey the same rules as user input. */
import type { Kysely } from 'kysely';
import { appEntity, validateEntity, type Entity, type FieldValues, type Fields } from '../../contract';
import type { Database, StoredValues } from './schema';

/** `input` checked against `entity`; absent optional values are stored as null. */
export function stored<F extends Fields>(entity: Entity<F>, input: unknown): StoredValues<FieldValues<F>> {
  const result = validateEntity(entity, input);
  if (!result.ok) throw new Error(`Invalid seed value: ${JSON.stringify(result.fields)}`);
  return Object.fromEntries(Object.entries(result.value).map(([k, v]) => [k, v ?? null])) as StoredValues<FieldValues<F>>;
}

/** A sub-system checked like one saved through its dialog; answers its id. */
export function insertApp(trx: Kysely<Database>, input: unknown, createTime: number) {
  return trx
    .insertInto('app')
    .values({ ...stored(appEntity, input), createTime, updateTime: createTime })
    .returning('id')
    .executeTakeFirstOrThrow();
}
