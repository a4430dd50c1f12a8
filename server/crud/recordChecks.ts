/**
 * What a record must meet beyond its entity's rules before it is stored, read from the database:
 * every record it names exists (a detail's master among the master's own rows), every
 * dictionary-backed value is an enabled item, and no other record holds a unique rule's values.
 * The save call (./handlers.ts) and the demo seed (server/db/declaredDemo.ts) ask the same checks.
 */
import type { Kysely } from 'kysely';
import type { UniqueRule } from '../../contract';
import type { ResourceDefinition } from '../../resources/define';
import type { Database } from '../db/schema';
import { repositoryOf } from './repository';

/** The enabled item values of a dictionary (server/dic keeps them cached by the dictionary version). */
export interface DictionaryLookup {
  enabledValues(dicKey: string): Promise<ReadonlySet<string>>;
  /** Every item's name by its value (switched-off ones too: a stored value keeps its name), for exports. */
  labels?(dicKey: string): Promise<ReadonlyMap<string, string>>;
}

type Values = Readonly<Record<string, unknown>>;

export function recordChecks(db: Kysely<Database>, definitions: readonly ResourceDefinition[], definition: ResourceDefinition, dictionaries: DictionaryLookup) {
  const named = (resource: string) => {
    const found = definitions.find((d) => d.name === resource);
    if (!found) throw new Error(`Resource ${definition.name} names the undeclared resource ${resource}`);
    return repositoryOf(db, definitions, found);
  };
  // A detail's master is a reference like any other.
  const references = [
    ...Object.entries(definition.references ?? {}).flatMap(([field, spec]) => (spec ? [[field, spec.resource] as const] : [])),
    ...(definition.parent ? [[definition.parent.field, definition.parent.resource] as const] : []),
  ].map(([field, resource]) => [field, named(resource)] as const);
  const isTags = (name: string) => definition.entity.fields[name]?.rule.kind === 'tags';
  const dictionaryFields = Object.entries(definition.entity.fields).flatMap(([name, field]) => (field.dictionary ? [[name, field.dictionary] as const] : []));
  /** A tags field's values (an array once validated), as text to compare with items and with what the record held. */
  const tagTexts = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);
  const repository = repositoryOf(db, definitions, definition);

  return {
    /** The fields holding another record's id. */
    referenceFields: new Set(references.map(([field]) => field)),

    /**
     * The first field naming no existing record, or holding no enabled item of its dictionary (a
     * record keeps a dictionary value it already had: `existing`).
     */
    async unknownChoice(values: Values, existing?: Values): Promise<string | undefined> {
      for (const [field, target] of references) {
        const value = values[field];
        if (value === null || value === undefined) continue;
        if (isTags(field)) {
          // Every id names a record, read in one bounded call (a tags field holds at most TAGS_MAX_LIMIT).
          const ids = Array.isArray(value) ? (value as number[]) : [];
          if ((await target.findMany(ids)).length !== new Set(ids).size) return field;
          continue;
        }
        if (!(typeof value === 'number' && (await target.findById(value)))) return field;
      }
      for (const [field, dicKey] of dictionaryFields) {
        const value = values[field];
        if (value === null || value === undefined) continue;
        if (isTags(field)) {
          // Each value an enabled item, or one the record already held (switched off since).
          const held = new Set(tagTexts(existing?.[field]));
          const enabled = await dictionaries.enabledValues(dicKey);
          if (tagTexts(value).some((item) => !held.has(item) && !enabled.has(item))) return field;
          continue;
        }
        if (existing && String(existing[field]) === String(value)) continue;
        if (!(await dictionaries.enabledValues(dicKey)).has(String(value))) return field;
      }
      return undefined;
    },

    /** The first unique rule another record (not `id`) already holds these values of. */
    async takenRule(values: Values, id?: number): Promise<UniqueRule | undefined> {
      for (const rule of definition.entity.unique) {
        const key = rule.fields[rule.fields.length - 1]!;
        const scope = Object.fromEntries(rule.fields.slice(0, -1).map((name) => [name, values[name]]));
        const ownerId = await repository.findIdBy(key, values[key], scope);
        if (ownerId !== undefined && ownerId !== id) return rule;
      }
      return undefined;
    },
  };
}
