/**
 * The generic calls of a declarative resource, under /base/admin/<name>: list, detail,
 * saveOrUpdate, delete and the key check. Every write is validated with the contract's rules.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Code, format, parsePaging, ruleMessages, validateEntity, type Locale } from '../../contract';
import type { ResourceDefinition } from '../../resources/define';
import type { Database } from '../db/schema';
import { isUniqueViolation } from '../db/uniqueViolation';
import { ApiError } from '../errors';
import { success } from '../http/envelope';
import { missingParam, optionalId, requestParams, requiredId, requiredIds, textParam } from '../http/params';
import { resourcePolicies } from './policies';
import { createRepository } from './repository';

export function crudRoutes(db: Kysely<Database>, definition: ResourceDefinition) {
  const repository = createRepository(db, definition);
  const policy = resourcePolicies[definition.name];
  const { entity } = definition;

  function duplicate(locale: Locale): ApiError {
    const unique = entity.unique!;
    const message = unique.duplicate[locale];
    return new ApiError(Code.DUPLICATE, message, { fields: { [unique.field]: message } });
  }

  function keyReadOnly(field: string, locale: Locale): ApiError {
    const label = entity.fields[field]?.label[locale] ?? field;
    const message = format(ruleMessages.readOnly[locale], { label });
    return new ApiError(Code.VALIDATION_FAILED, message, { fields: { [field]: message } });
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
    if (id !== undefined) {
      const existing = await repository.findById(id);
      if (!existing) throw new ApiError(Code.NOT_FOUND);
      if (unique && existing[unique] !== values[unique]) throw keyReadOnly(unique, locale);
    }
    if (unique) {
      const ownerId = await repository.findIdBy(unique, values[unique]);
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
        const list = await repository.list({ paging: parsePaging(params), filters, searchKey: textParam(params.searchKey) });
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
        const outcome = await repository.deleteMany(ids, policy?.beforeDelete);
        if (outcome === 'missing') throw new ApiError(Code.NOT_FOUND);
        return success(request, null);
      },
    });

    const keyCheck = definition.keyCheck;
    if (keyCheck) {
      app.get(`/${keyCheck.path}`, async (request) => {
        const params = requestParams(request);
        const value = textParam(params[keyCheck.param]);
        if (value === undefined) throw missingParam(keyCheck.param, request.locale);
        const id = optionalId(params.id, request.locale);
        const ownerId = await repository.findIdBy(keyCheck.param, value);
        return success(request, ownerId === undefined || ownerId === id);
      });
    }
  };
}
