/**
 * SEED=demo: the demo rows a definition ships (`demo.rows`), inserted once, in their order, each
 * checked as a save checks it: the entity's rules, then ../crud/recordChecks.ts (the records it
 * names, its dictionary values, its unique keys). A row breaking one stops the seed with the resource, the row and the field.
 */
import type { Kysely } from 'kysely';
import { validateEntity } from '../../contract';
import type { ResourceDefinition } from '../../resources/define';
import { nextPosition, orderSpecOf } from '../crud/positions';
import { recordChecks } from '../crud/recordChecks';
import { repositoryOf } from '../crud/repository';
import { createDictionaries } from '../dic/dictionaries';
import type { Database } from './schema';

type Dynamic = Kysely<Record<string, Record<string, unknown>>>;

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
  const checks = recordChecks(trx, definitions, d, dictionaries);
  for (const [index, row] of ((await d.demo?.rows()) ?? []).entries()) {
    const refuse = (why: string): never => {
      throw new Error(`Demo row ${index + 1} of ${d.name} ${why}: ${JSON.stringify(row)}`);
    };
    const checked = validateEntity(d.entity, row);
    if (!checked.ok) refuse(`breaks its rules ${JSON.stringify(checked.fields)}`);
    const valid = checked.ok ? (checked.value as Record<string, unknown>) : {};
    const values = Object.fromEntries(Object.keys(d.entity.fields).map((name) => [name, valid[name] ?? null]));
    const unknown = await checks.unknownChoice(values);
    if (unknown !== undefined) refuse(`names no record or enabled item in ${unknown}`);
    const taken = await checks.takenRule(values);
    if (taken) refuse(`repeats the key ${taken.fields.join(' + ')}`);
    if (order) values[order.field] = await nextPosition(trx, order, values[order.masterField] as number);
    await repository.insert(values, trx);
  }
}
