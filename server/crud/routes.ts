/**
 * The generic calls of a declarative resource, under /base/admin/<name>: list, detail,
 * saveOrUpdate, delete and the key check. Every write is validated with the contract's rules.
 * A key unique within another field (`entity.unique.within`) is unique per value of that field:
 * saves and the key check compare only among records sharing it, and both fields are fixed on
 * update. `definition.filters` fields filter the list by exact value.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Code, format, parsePaging, ruleMessages, validateEntity, type Locale, type RuleMessage } from '../../contract';
import type { ResourceDefinition } from '../../resources/define';
import { findResource } from '../../resources/registry';
import type { Database } from '../db/schema';
import { isUniqueViolation } from '../db/uniqueViolation';
import { ApiError } from '../errors';
import { success } from '../http/envelope';
import { missingParam, optionalId, requestParams, requiredId, requiredIds, textParam } from '../http/params';
import { contextOf, resourcePolicies } from './policies';
import { createRepository } from './repository';
import { isStorableId } from './storableId';

export function crudRoutes(db: Kysely<Database>, definition: ResourceDefinition) {
  const repository = createRepository(db, definition);
  const policy = resourcePolicies[definition.name];
  const { entity, keyCheck } = definition;
  const references = Object.entries(definition.references ?? {}).flatMap(([field, spec]) => {
    const target = spec && findResource(spec.resource);
    if (!target) throw new Error(`Resource ${definition.name}: ${field} references the undeclared resource ${spec?.resource}`);
    return [[field, createRepository(db, target)] as const];
  });

  function duplicate(locale: Locale): ApiError {
    const unique = entity.unique!;
    const message = unique.duplicate[locale];
    return new ApiError(Code.DUPLICATE, message, { fields: { [unique.field]: message } });
  }

  /** 1001 on one field, with the rule message `rule` naming the field's label. */
  function fieldRefusal(field: string, rule: RuleMessage, locale: Locale): ApiError {
    const label = entity.fields[field]?.label[locale] ?? field;
    const message = format(ruleMessages[rule][locale], { label });
    return new ApiError(Code.VALIDATION_FAILED, message, { fields: { [field]: message } });
  }

  /** Every reference field names an existing record of its resource (1001 on the field otherwise). */
  async function checkReferences(values: Record<string, unknown>, locale: Locale): Promise<void> {
    for (const [field, target] of references) {
      const value = values[field];
      if (value === null || value === undefined) continue;
      const found = typeof value === 'number' && (await target.findById(value));
      if (!found) throw fieldRefusal(field, 'choice', locale);
    }
  }

  /**
   * The key check's scope: for a key unique within another field (`unique.within`, e.g. a role key
   * per app), that field's value, required and read with the field's own rule (1001 otherwise);
   * undefined when that value can name no record.
   */
  function scopeOf(params: Record<string, unknown>, locale: Locale): Record<string, unknown> | undefined {
    const within = entity.unique?.field === keyCheck?.param ? entity.unique?.within : undefined;
    if (!within) return {};
    if (textParam(params[within]) === undefined) throw fieldRefusal(within, 'required', locale);
    const parsed = entity.fields[within]!.schema(locale).safeParse(params[within]);
    if (!parsed.success) throw fieldRefusal(within, 'choice', locale);
    // A reference beyond the stored id range names no record: the key is free there.
    if (references.some(([field]) => field === within) && !isStorableId(parsed.data as number)) return undefined;
    return { [within]: parsed.data };
  }

  async function save(request: FastifyRequest) {
    const { locale } = request;
    const params = requestParams(request);
    const id = optionalId(params.id, locale);
    const validation = validateEntity(entity, params, locale);
    if (!validation.ok) throw new ApiError(Code.VALIDATION_FAILED, validation.message, { fields: validation.fields });
    // Absent optional values are stored as null, so an update can clear them.
    const values = Object.fromEntries(Object.keys(entity.fields).map((name) => [name, (validation.value as Record<string, unknown>)[name] ?? null]));

    const unique = entity.unique?.field;
    const within = entity.unique?.within;
    const existing = id === undefined ? undefined : await repository.findById(id);
    if (id !== undefined) {
      if (!existing) throw new ApiError(Code.NOT_FOUND);
      // The key, and the value it is unique within, identify the record: fixed once created.
      for (const field of [unique, within]) {
        if (field && existing[field] !== values[field]) throw fieldRefusal(field, 'readOnly', locale);
      }
    }
    await checkReferences(values, locale);
    await policy?.beforeSave?.(db, { id, values, existing }, contextOf(request));
    if (unique) {
      const ownerId = await repository.findIdBy(unique, values[unique], within ? { [within]: values[within] } : {});
      if (ownerId !== undefined && ownerId !== id) throw duplicate(locale);
    }

    try {
      const saved = id === undefined ? await repository.create(values) : await repository.update(id, values);
      if (!saved) throw new ApiError(Code.NOT_FOUND);
      return success(request, saved);
    } catch (error) {
      // Two saves of the same key at once: the unique index decides.
      if (unique && isUniqueViolation(error)) throw duplicate(locale);
      throw error;
    }
  }

  return async function register(app: FastifyInstance): Promise<void> {
    app.route({
      method: ['GET', 'POST'],
      url: '/list',
      handler: async (request) => {
        const params = requestParams(request);
        const filters: Record<string, string> = {};
        for (const name of definition.search) {
          const value = textParam(params[name]);
          if (value !== undefined) filters[name] = value;
        }
        const exact: Record<string, string> = {};
        for (const name of definition.filters ?? []) {
          const value = textParam(params[name]);
          if (value !== undefined) exact[name] = value;
        }
        const list = await repository.list({ paging: parsePaging(params), filters, exact, searchKey: textParam(params.searchKey) });
        return success(request, list);
      },
    });

    app.get('/detail', async (request) => {
      const id = requiredId(requestParams(request).id, request.locale);
      const record = await repository.findById(id);
      if (!record) throw new ApiError(Code.NOT_FOUND);
      return success(request, record);
    });

    app.post('/saveOrUpdate', save);

    app.route({
      method: ['GET', 'POST'],
      url: '/delete',
      handler: async (request) => {
        const ids = requiredIds(requestParams(request).ids, request.locale);
        const beforeDelete = policy?.beforeDelete;
        const context = contextOf(request);
        const outcome = await repository.deleteMany(ids, beforeDelete && ((trx, found) => beforeDelete(trx, found, context)));
        if (outcome === 'missing') throw new ApiError(Code.NOT_FOUND);
        return success(request, null);
      },
    });

    if (keyCheck) {
      app.get(`/${keyCheck.path}`, async (request) => {
        const params = requestParams(request);
        const value = textParam(params[keyCheck.param]);
        if (value === undefined) throw missingParam(keyCheck.param, request.locale);
        const id = optionalId(params.id, request.locale);
        const scope = scopeOf(params, request.locale);
        const ownerId = scope && (await repository.findIdBy(keyCheck.param, value, scope));
        return success(request, ownerId === undefined || ownerId === id);
      });
    }
  };
}
