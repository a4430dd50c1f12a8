/**
 * SEED=demo: the demo rows a definition ships (`demo.rows`), inserted once, in their order, each
 * checked as a save checks it: the entity's rules, the records it names, its dictionary values and
 * its unique key. A row breaking one stops the seed with the resource, the row and the field.
 */
import type { Kysely } from 'kysely';
import { validateEntity } from '../../contract';
import type { ResourceDefinition } from '../../resources/define';
import { nextPosition, orderSpecOf } from '../crud/order';
import { createRepository } from '../crud/repository';
import { createDictionaries } from '../dic/dictionaries';
import type { Database } from './schema';

type Dynamic = Kysely<Record<string, Record<string, unknown>>>;

function repositoryOf(trx: Kysely<Database>, definitions: readonly ResourceDefinition[], d: ResourceDefinition) {
  const master = d.parent && definitions.find((m) => m.name === d.parent!.resource);
  return createRepository(trx, d, { notScope: master?.table === d.table ? master.scope : undefined });
}

/** Whether the resource has rows of its own (its scope's, where it shares a table). */
export async function hasDemoRows(trx: Kysely<Database>, d: ResourceDefinition): Promise<boolean> {
  let query = (trx as unknown as Dynamic).selectFrom(d.table).select('id');
  for (const [name, value] of Object.entries(d.scope ?? {})) query = query.where(name, '=', value);
  return (await query.limit(1).execute()).length > 0;
}

export async function insertDemoRows(trx: Kysely<Database>, d: ResourceDefinition, definitions: readonly ResourceDefinition[]): Promise<void> {
  const repository = repositoryOf(trx, definitions, d);
  const dictionaries = createDictionaries(trx);
  const master = d.parent && definitions.find((m) => m.name === d.parent!.resource);
  const order = orderSpecOf(d, master?.table);
  const references = [
    ...Object.entries(d.references ?? {}).flatMap(([field, spec]) => (spec ? [[field, spec.resource] as const] : [])),
    ...(d.parent ? [[d.parent.field, d.parent.resource] as const] : []),
  ];
  for (const [index, row] of ((await d.demo?.rows()) ?? []).entries()) {
    const refuse = (why: string): never => {
      throw new Error(`Demo row ${index + 1} of ${d.name} ${why}: ${JSON.stringify(row)}`);
    };
    const checked = validateEntity(d.entity, row);
    if (!checked.ok) refuse(`breaks its rules ${JSON.stringify(checked.fields)}`);
    const valid = checked.ok ? (checked.value as Record<string, unknown>) : {};
    const values = Object.fromEntries(Object.keys(d.entity.fields).map((name) => [name, valid[name] ?? null]));
    for (const [field, resource] of references) {
      const target = definitions.find((t) => t.name === resource);
      const id = values[field];
      if (id !== null && !(target && typeof id === 'number' && (await repositoryOf(trx, definitions, target).findById(id, trx)))) refuse(`names no ${resource} in ${field}`);
    }
    for (const [field, spec] of Object.entries(d.entity.fields)) {
      if (spec.dictionary && values[field] !== null && !(await dictionaries.enabledValues(spec.dictionary)).has(String(values[field]))) refuse(`holds no item of ${spec.dictionary} in ${field}`);
    }
    for (const { fields } of d.entity.unique) {
      const key = fields[fields.length - 1]!;
      const scope = Object.fromEntries(fields.slice(0, -1).map((field) => [field, values[field]]));
      if ((await repository.findIdBy(key, values[key], scope)) !== undefined) refuse(`repeats the key ${fields.join(' + ')}`);
    }
    if (order) values[order.field] = await nextPosition(trx, order, values[order.masterField] as number);
    await repository.insert(values, trx);
  }
}
