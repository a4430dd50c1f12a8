/**
 * The generic calls of one declarative resource, as request handlers: list, detail, saveOrUpdate,
 * delete, the key check and (for an ordered resource) move. ./routes.ts registers them, alone or
 * beside those of a detail sharing the endpoint.
 *
 * Every write is validated with the contract's rules. An update changes what the request names:
 * a field it leaves out keeps its stored value (null or '' clears an optional one), and the rules
 * over several fields hold for the stored values merged with the request. Each unique rule of the
 * entity is checked before the save (its index decides a race); a detail's master and the fields
 * declared `fixed` are fixed once created. A detail's master and every reference must exist, a
 * dictionary-backed field must hold an enabled item of its dictionary.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Code, fieldSchema, impactCount, MAX_PAGE_SIZE, parsePaging, SEARCH_KEY_LABEL, searchLimit, text, uniqueRuleOf, validateEntity, type DeleteImpactItem, type ImpactCount, type Locale } from '../../contract';
import { lookupComparison, lookupError, lookupValue } from '../../contract/lookup';
import { maskRecord } from '../../contract/masking';
import { ORDER_PARAM, SORT_PARAM } from '../../contract/paging';
import { endpointOf, fixedFieldsOf, hasAction, IN_USE_FLAG, lookupFieldsOf, sortableFieldsOf, type ResourceDefinition } from '../../resources/define';
import type { Grants } from '../auth/grants';
import { DEFAULT_LOOKUP_POLICY, type LookupPolicy } from '../config';
import type { Database } from '../db/schema';
import { isUniqueViolation } from '../db/uniqueViolation';
import { ApiError } from '../errors';
import { success } from '../http/envelope';
import { apiElementPath } from '../http/paths';
import { invalidParam, missingParam, optionalId, requestParams, requiredId, requiredIds, searchParam, textParam } from '../http/params';
import { fixedWhileUsedOf } from './fixedWhileUsed';
import { rangeParams } from './rangeParams';
import { closeGaps, lockMaster, nextPosition, orderSpecOf, swapWithNeighbour, type Direction } from './order';
import { contextOf, type ResourcePolicy } from './policy';
import { duplicateOf, fieldRefusal } from './refusals';
import { recordChecks, type DictionaryLookup } from './recordChecks';
import { repositoryOf, type ResourceRecord } from './repository';
import { createRevealLog } from './revealLog';
import { isStorableId } from './storableId';

export interface CrudContext {
  db: Kysely<Database>;
  /** Every declared resource (masters, details and references are looked up among them). */
  definitions: readonly ResourceDefinition[];
  dictionaries: DictionaryLookup;
  /** The resources' own rules by name (server/policies.ts, and those the app builds from its settings). */
  policies: Readonly<Record<string, ResourcePolicy>>;
  /** Who holds a resource's reveal call: their whole-value lookups are not limited (without it, everyone's are). */
  grants?: Pick<Grants, 'canCallApi'>;
  /** The budget of whole-value lookups of a caller without the reveal grant (default DEFAULT_LOOKUP_POLICY). */
  lookupPolicy?: LookupPolicy;
}

function find(definitions: readonly ResourceDefinition[], name: string, by: string): ResourceDefinition {
  const found = definitions.find((d) => d.name === name);
  if (!found) throw new Error(`Resource ${by} names the undeclared resource ${name}`);
  return found;
}

export function crudHandlers({ db, definitions, dictionaries, policies, grants, lookupPolicy = DEFAULT_LOOKUP_POLICY }: CrudContext, definition: ResourceDefinition) {
  const repository = repositoryOf(db, definitions, definition);
  const policy = policies[definition.name];
  const { entity, keyCheck, parent, deletable } = definition;
  const master = parent && find(definitions, parent.resource, definition.name);
  const order = orderSpecOf(definition, master?.table);
  const details = definitions.filter((d) => d.parent?.resource === definition.name).map((d) => ({ definition: d, repository: repositoryOf(db, definitions, d) }));
  const checks = recordChecks(db, definitions, definition, dictionaries);
  // A keyword searched in every searched field is bounded by the longest of them.
  const searchKeyLimit = Math.max(...definition.search.map((name) => searchLimit(entity.fields[name]!)));
  /** Fields that identify a record, and those declared `fixed`: never changed by an update. */
  const fixedFields = fixedFieldsOf(definition);
  /** Fields fixed while other rows name the record (`fixedWhileUsed`). */
  const usage = fixedWhileUsedOf(db, definition, repository);

  /**
   * The key check's scope: the other fields of the unique rule whose key is checked (a role key per
   * app, an item value per dictionary), each required and read with its own rule (1001
   * otherwise); undefined when a value can name no record.
   */
  function scopeOf(params: Record<string, unknown>, locale: Locale): Record<string, unknown> | undefined {
    const rule = keyCheck && uniqueRuleOf(entity, keyCheck.param);
    const scope: Record<string, unknown> = {};
    for (const within of rule?.fields.slice(0, -1) ?? []) {
      if (textParam(params[within]) === undefined) throw fieldRefusal(entity, within, 'required', locale);
      const parsed = fieldSchema(entity.fields[within]!, locale).safeParse(params[within]);
      if (!parsed.success) throw fieldRefusal(entity, within, 'choice', locale);
      if (checks.referenceFields.has(within) && !isStorableId(parsed.data as number)) return undefined;
      scope[within] = parsed.data;
    }
    return scope;
  }

  async function insert(values: Record<string, unknown>, locale: Locale): Promise<number> {
    if (!order) return repository.insert(values);
    const masterId = values[order.masterField] as number;
    return db.transaction().execute(async (trx) => {
      // New rows go last; the master's lock makes concurrent adds take turns.
      if (!(await lockMaster(trx, order, masterId))) throw fieldRefusal(entity, order.masterField, 'choice', locale);
      return repository.insert({ ...values, [order.field]: await nextPosition(trx, order, masterId) }, trx);
    });
  }

  async function save(request: FastifyRequest) {
    const { locale } = request;
    const params = requestParams(request);
    const id = optionalId(params.id, locale);
    // One call serves both: the action it is used for must be one the resource has.
    if (!hasAction(definition, id === undefined ? 'create' : 'edit')) throw new ApiError(Code.FORBIDDEN);
    const existing = id === undefined ? undefined : await repository.findById(id);
    if (id !== undefined && !existing) throw new ApiError(Code.NOT_FOUND);

    const validation = validateEntity(entity, existing ? { ...existing, ...params } : params, locale);
    if (!validation.ok) throw new ApiError(Code.VALIDATION_FAILED, validation.message, { fields: validation.fields });
    // Absent optional values are stored as null; the position is the server's.
    const values: Record<string, unknown> = Object.fromEntries(Object.keys(entity.fields).map((name) => [name, (validation.value as Record<string, unknown>)[name] ?? null]));
    if (order) values[order.field] = existing ? existing[order.field] : null;
    for (const field of existing ? fixedFields : []) {
      if (existing![field] !== values[field]) throw fieldRefusal(entity, field, 'readOnly', locale);
    }
    const unknown = await checks.unknownChoice(values, existing);
    if (unknown !== undefined) throw fieldRefusal(entity, unknown, 'choice', locale);
    await policy?.beforeSave?.(db, { id, values, existing }, contextOf(request));
    const taken = await checks.takenRule(values, id);
    if (taken) throw duplicateOf(taken, locale);

    try {
      // An update writes only the fields it names: a field it leaves out is not written back as
      // read a moment ago (a save racing a move or a switch would undo it), nor is the position.
      const named = Object.fromEntries(Object.entries(values).filter(([name]) => name in params && name !== order?.field));
      let savedId: number | undefined;
      if (id === undefined || !existing) savedId = await insert(values, locale);
      else {
        const isGuarded = usage !== undefined && usage.changes(existing, named);
        const isUpdated = isGuarded ? await usage.updateUnlessUsed(id, named, existing, locale) : await repository.update(id, named);
        savedId = isUpdated ? id : undefined;
      }
      const saved = savedId === undefined ? undefined : await repository.findById(savedId);
      if (!saved) throw new ApiError(Code.NOT_FOUND);
      return success(request, saved);
    } catch (error) {
      // Two saves of the same key at once: the unique index decides, and the rule now taken speaks.
      if (entity.unique.length && isUniqueViolation(error)) throw duplicateOf((await checks.takenRule(values, id)) ?? entity.unique[0]!, locale);
      throw error;
    }
  }

  /** Deletes all the ids, with their details, in one transaction; or nothing (1004 when one is missing). */
  async function remove(request: FastifyRequest) {
    if (!hasAction(definition, 'delete')) throw new ApiError(Code.FORBIDDEN);
    const ids = requiredIds(requestParams(request).ids, request.locale);
    const context = contextOf(request);
    const outcome = await db.transaction().execute(async (trx) => {
      const found = await repository.findMany(ids, trx);
      if (found.length !== ids.length) return 'missing';
      if (deletable && found.some((row) => !deletable.values.some((v) => String(v) === String(row[deletable.field])))) {
        throw new ApiError(Code.CONFLICT, deletable.refusal);
      }
      const masters = order ? [...new Set(found.map((row) => row[order.masterField] as number))].sort((a, b) => a - b) : [];
      for (const masterId of masters) await lockMaster(trx, order!, masterId);
      await policy?.beforeDelete?.(trx, ids, context);
      for (const detail of details) await detail.repository.deleteWhereIn(detail.definition.parent!.field, ids, trx);
      await repository.delete(ids, trx);
      for (const masterId of masters) await closeGaps(trx, order!, masterId);
      return 'deleted';
    });
    if (outcome === 'missing') throw new ApiError(Code.NOT_FOUND);
    return success(request, null);
  }

  /**
   * What deleting the ids would take with it, for the delete's confirmation: each record's name,
   * its details' count, what its policy adds, and the refusal the delete would meet (a row the
   * definition keeps, or the policy's). A read: nothing is locked or written.
   */
  async function deleteImpact(request: FastifyRequest) {
    if (!hasAction(definition, 'delete')) throw new ApiError(Code.FORBIDDEN);
    const ids = requiredIds(requestParams(request).ids, request.locale);
    const found = await repository.findMany(ids);
    if (found.length !== ids.length) throw new ApiError(Code.NOT_FOUND);
    const detailCounts = await Promise.all(details.map(async (detail) => ({ title: detail.definition.title, byId: await detail.repository.countByField(detail.definition.parent!.field, ids) })));
    const added = (await policy?.deleteImpact?.(db, ids, contextOf(request))) ?? new Map();
    const items = ids.map((id): DeleteImpactItem => {
      const row = found.find((record) => record.id === id)!;
      const label = definition.labelField ? row[definition.labelField] : undefined;
      const counts: ImpactCount[] = [
        ...detailCounts.map(({ title, byId }) => impactCount(byId.get(id) ?? 0, text(`其下 {count} 条${title['zh-CN']}将一并删除`, `${title['en-US']} deleted with it: {count}`))),
        ...(added.get(id)?.counts ?? []),
      ].filter((count) => count.count > 0);
      const isKept = deletable && !deletable.values.some((v) => String(v) === String(row[deletable.field]));
      const refusal = isKept ? deletable.refusal : added.get(id)?.refusal;
      return { id, label: label === undefined || label === null ? null : String(label), counts, ...(refusal ? { refusal } : {}) };
    });
    return success(request, { items });
  }

  /** Swaps a row of an ordered resource with its neighbour (`direction` up or down); `moved` false at either end. */
  async function move(request: FastifyRequest) {
    const { locale } = request;
    const params = requestParams(request);
    const id = requiredId(params.id, locale);
    const direction = textParam(params.direction);
    if (direction === undefined) throw missingParam('direction', locale);
    if (direction !== 'up' && direction !== 'down') throw invalidParam('direction', locale);
    const before = await repository.findById(id);
    if (!before) throw new ApiError(Code.NOT_FOUND);
    if (!order || !hasAction(definition, 'edit')) throw new ApiError(Code.FORBIDDEN);
    const masterId = before[order.masterField] as number;
    const moved = await db.transaction().execute(async (trx) => {
      await lockMaster(trx, order, masterId);
      // Read again under the lock: another move may have changed the position meanwhile.
      const row = await repository.findById(id, trx);
      if (!row) throw new ApiError(Code.NOT_FOUND);
      return swapWithNeighbour(trx, order, { id, masterId, position: Number(row[order.field]) }, direction as Direction);
    });
    return success(request, { moved });
  }

  /** Personal data leaves masked; only `reveal` answers it as stored. */
  const privacy = definition.privacy;
  const masked = privacy?.masked;
  const conceal = <R extends Record<string, unknown>>(record: R): R => (masked ? maskRecord(record, masked) : record);
  const revealLog = privacy && createRevealLog(db, definition, find(definitions, privacy.log.resource, definition.name), privacy.log, lookupPolicy);
  const lookupFields = lookupFieldsOf(definition);
  const revealPath = apiElementPath(`${endpointOf(definition)}/reveal`);

  /** Whether the caller holds this resource's reveal call (then lookups tell them nothing new). */
  async function mayReveal(request: FastifyRequest): Promise<boolean> {
    const caller = request.caller;
    return caller !== null && grants !== undefined && (await grants.canCallApi(caller.userId, revealPath, caller.grantsVersion));
  }

  /** The whole-value lookups the request asks for, normalised; a part of a value is refused (1001). */
  function lookupsOf(params: Record<string, unknown>, locale: Locale) {
    return lookupFields.flatMap(({ field, kind }) => {
      const typed = textParam(params[field]);
      if (typed === undefined) return [];
      const error = lookupError(kind, typed, entity.fields[field]!.label, locale);
      if (error !== undefined) throw new ApiError(Code.VALIDATION_FAILED, error, { fields: { [field]: error } });
      const value = lookupValue(kind, typed)!;
      return [{ field, comparison: lookupComparison(value), value }];
    });
  }

  /** The columns a list may be ordered by (the definition's `sortable` ones): the allowlist of `sort`. */
  const sortable = new Set(sortableFieldsOf(definition));

  /**
   * The order asked for: `sort` must name a sortable column and `order` be asc or desc (default
   * asc); anything else is refused (1001 naming the parameter) rather than quietly ignored.
   */
  function sortOf(params: Record<string, unknown>, locale: Locale): { field: string; direction: 'asc' | 'desc' } | undefined {
    const field = textParam(params[SORT_PARAM]);
    const direction = textParam(params[ORDER_PARAM]);
    if (direction !== undefined && direction !== 'asc' && direction !== 'desc') throw invalidParam(ORDER_PARAM, locale);
    if (field === undefined) return undefined;
    if (!sortable.has(field)) throw invalidParam(SORT_PARAM, locale);
    return { field, direction: direction ?? 'asc' };
  }

  /**
   * The list's `ids` (the console's labels of the references on a page): absent, or at most
   * MAX_PAGE_SIZE storable ids (1001 naming `ids` otherwise). They narrow the list, never widen it.
   */
  function idsOf(params: Record<string, unknown>, locale: Locale): number[] | undefined {
    if (params.ids === undefined) return undefined;
    const ids = requiredIds(params.ids, locale);
    if (ids.length > MAX_PAGE_SIZE || !ids.every(isStorableId)) throw invalidParam('ids', locale);
    return ids;
  }

  async function list(request: FastifyRequest) {
    const params = requestParams(request);
    // A list only ever read by its owner (a customer's bank rows) must name the owner.
    for (const name of definition.requiredFilters ?? []) {
      const field = entity.fields[name];
      if (field?.rule.kind === 'reference') requiredId(params[name], request.locale, name);
      else if (textParam(params[name]) === undefined) throw missingParam(name, request.locale);
    }
    const filters: Record<string, string> = {};
    for (const name of definition.search) {
      const value = searchParam(params[name], name, searchLimit(entity.fields[name]!), entity.fields[name]!.label, request.locale);
      if (value !== undefined) filters[name] = value;
    }
    const exact: Record<string, string> = {};
    for (const name of [...(definition.filters ?? []), ...(definition.requiredFilters ?? []), ...(parent ? [parent.field] : [])]) {
      const value = textParam(params[name]);
      if (value !== undefined) exact[name] = value;
    }
    const searchKey = definition.search.length ? searchParam(params.searchKey, 'searchKey', searchKeyLimit, SEARCH_KEY_LABEL, request.locale) : undefined;
    const ranges = rangeParams(definition, params, request.locale);
    const sort = sortOf(params, request.locale);
    const lookups = lookupsOf(params, request.locale);
    // Recorded (and, without the reveal grant, counted against the budget) before anything is read.
    const logged = revealLog && lookups.length ? await revealLog.lookup(request.caller, lookups.map((l) => l.field), !(await mayReveal(request))) : [];
    const conditions = policy?.listConditions?.(contextOf(request));
    const ids = idsOf(params, request.locale);
    // Named records come in one page whatever the paging (they are at most a page's worth).
    const paging = ids ? { page: 1, size: MAX_PAGE_SIZE } : parsePaging(params);
    const page = await repository.list({ paging, filters, exact, searchKey, ranges, lookups, conditions, ids, sort });
    if (revealLog && logged.length) await revealLog.settle(logged, page);
    const items = masked ? page.items.map(conceal) : page.items;
    return success(request, { ...page, items: policy?.present ? await policy.present(db, items, contextOf(request)) : items });
  }

  /** The record with its declared groups of fields beside them (`detailGroups`). */
  function withGroups(record: ResourceRecord): ResourceRecord {
    const groups = Object.entries(definition.detailGroups ?? {});
    const nested = groups.map(([name, fields]) => [name, Object.fromEntries(fields.map((field) => [field, record[field] ?? null]))]);
    return { ...record, ...Object.fromEntries(nested) };
  }

  async function detail(request: FastifyRequest) {
    const record = await repository.findById(requiredId(requestParams(request).id, request.locale));
    if (!record) throw new ApiError(Code.NOT_FOUND);
    // Whether the form may still change the fields fixed while the record is in use.
    const inUse = usage ? { [IN_USE_FLAG]: await usage.isUsed(record.id) } : {};
    const [shown] = policy?.present ? await policy.present(db, [conceal(record)], contextOf(request)) : [conceal(record)];
    return success(request, { ...withGroups(shown!), ...inUse });
  }

  /** One record unmasked (the guard has checked the reveal grant), recorded before it is answered. */
  async function reveal(request: FastifyRequest) {
    if (!revealLog) throw new ApiError(Code.FORBIDDEN);
    const record = await repository.findById(requiredId(requestParams(request).id, request.locale));
    if (!record) throw new ApiError(Code.NOT_FOUND);
    await revealLog.reveal(request.caller, record);
    return success(request, withGroups(record));
  }

  async function checkKey(request: FastifyRequest) {
    if (!keyCheck) throw new ApiError(Code.FORBIDDEN);
    const params = requestParams(request);
    const value = textParam(params[keyCheck.param]);
    if (value === undefined) throw missingParam(keyCheck.param, request.locale);
    const id = optionalId(params.id, request.locale);
    const scope = scopeOf(params, request.locale);
    const ownerId = scope && (await repository.findIdBy(keyCheck.param, value, scope));
    return success(request, ownerId === undefined || ownerId === id);
  }

  return { definition, repository, list, detail, save, remove, deleteImpact, move, checkKey, reveal };
}

export type CrudHandlers = ReturnType<typeof crudHandlers>;
