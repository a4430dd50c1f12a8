/**
 * The generic calls of one declarative resource, as request handlers: list, detail, saveOrUpdate,
 * delete and what a delete would take with it (deleteImpact). This core knows no resource and no
 * family of resources: what a definition's key serving one family adds, and a resource's own
 * policy, arrive as features (./feature.ts: the hooks and the order they run in; ./features: one
 * module each), which may add calls of their own. ./routes.ts registers both, alone or beside
 * those of a detail sharing the endpoint.
 *
 * Every write is validated with the contract's rules. An update changes what the request names:
 * a field it leaves out keeps its stored value (null or '' clears an optional one), and the rules
 * over several fields hold for the stored values merged with the request. Each unique rule of the
 * entity is checked before the save (its index decides a race); a detail's master and the fields
 * declared `fixed` are fixed once created. A detail's master and every reference must exist, a
 * dictionary-backed field must hold an enabled item of its dictionary.
 *
 * An editable resource's records carry their `version` (contract/recordVersion.ts). An update
 * naming the version it was read at is written only while the record still holds it (checked
 * first, and again by the update's own statement): otherwise 1012 with the record as it stands.
 * An update naming none is written whatever happened since (the platform's other clients).
 */
import type { FastifyRequest } from 'fastify';
import { Code, impactCount, MAX_PAGE_SIZE, parsePaging, SEARCH_KEY_LABEL, searchLimit, text, validateEntity, type DeleteImpactItem, type ImpactCount, type Locale, type Text } from '../../contract';
import { ORDER_PARAM, SORT_PARAM } from '../../contract/paging';
import { VERSION_FIELD, versionOf } from '../../contract/recordVersion';
import { fixedFieldsOf, hasAction, isVersioned, sortableFieldsOf, type ResourceDefinition } from '../../resources/define';
import { isUniqueViolation } from '../db/uniqueViolation';
import { ApiError } from '../errors';
import { success } from '../http/envelope';
import { invalidParam, optionalId, requestParams, requiredId, requiredIds, searchParam, textParam } from '../http/params';
import { contextOf, type CallContext, type CrudContext, type CrudCore, type CrudFeature, type DeleteImpactPart, type ListPart, type ListRead } from './feature';
import { targetIds, type MatchResolver } from './bulkMatch';
import { bulkUpdater } from './bulkUpdate';
import { FEATURES } from './features';
import { rangeParams } from './rangeParams';
import { duplicateOf, fieldRefusal } from './refusals';
import { recordChecks } from './recordChecks';
import { repositoryOf, type ListCondition, type ResourceRecord } from './repository';
import { isStorableId } from './storableId';

/** Whether a validated value is the one stored (a cleared optional value and NULL alike; tags by their elements). */
function isSameValue(value: unknown, stored: unknown): boolean {
  const text = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
  return text(value) === text(stored);
}

export function crudHandlers(crud: CrudContext, definition: ResourceDefinition) {
  const { db, definitions, dictionaries } = crud;
  const repository = repositoryOf(db, definitions, definition);
  const features: CrudFeature[] = FEATURES.flatMap((feature) => feature({ ...crud, repository }, definition) ?? []);
  // The rows of list, detail and export: on a replica when a feature says so (./features/replicaReads.ts).
  const readsFrom = features.find((feature) => feature.readsFrom)?.readsFrom;
  const reads = readsFrom ? repositoryOf(readsFrom, definitions, definition) : repository;
  const { entity, parent } = definition;
  const details = definitions.filter((d) => d.parent?.resource === definition.name).map((d) => ({ definition: d, repository: repositoryOf(db, definitions, d) }));
  const checks = recordChecks(db, definitions, definition, dictionaries);
  // A keyword searched in every searched field is bounded by the longest of them.
  const searchKeyLimit = Math.max(...definition.search.map((name) => searchLimit(entity.fields[name]!)));
  /** Fields that identify a record, and those declared `fixed`: never changed by an update. */
  const fixedFields = fixedFieldsOf(definition);
  /** Fields the server keeps (a feature's `serverFields`): never taken from a request, never written by an update. */
  const serverFields = new Set(features.flatMap((feature) => feature.serverFields ?? []));

  async function presentAs(rows: readonly ResourceRecord[], context: CallContext): Promise<ResourceRecord[]> {
    let shown = [...rows];
    for (const feature of features) if (feature.present) shown = await feature.present(db, shown, context);
    return shown;
  }

  const present = (rows: readonly ResourceRecord[], request: FastifyRequest) => presentAs(rows, contextOf(request));

  /** A single record as every single-record answer carries it. */
  function shapeRecord(record: ResourceRecord): ResourceRecord {
    return features.reduce((shaped, feature) => feature.shapeRecord?.(shaped) ?? shaped, record);
  }

  async function insert(values: Record<string, unknown>, locale: Locale): Promise<number> {
    const placing = features.find((feature) => feature.insert);
    return placing ? placing.insert!(values, locale) : repository.insert(values);
  }

  async function update(id: number, named: Record<string, unknown>, existing: ResourceRecord, locale: Locale, expectedVersion: number | undefined): Promise<boolean> {
    for (const feature of features) {
      const guarded = feature.update?.(id, named, existing, locale, expectedVersion);
      if (guarded) return guarded;
    }
    return repository.update(id, named, undefined, expectedVersion);
  }

  /** The refusal of a save read at an older version: 1012 with the record as the caller may read it. */
  async function staleSave(current: ResourceRecord, request: FastifyRequest): Promise<ApiError> {
    const [shown] = await present([current], request);
    return new ApiError(Code.STALE_VERSION, undefined, { current: shapeRecord(shown!) });
  }

  /**
   * The values a save of `params` stores (on the stored record `existing` when it updates `id`),
   * after every check a save makes; throws the refusal otherwise. The save and the bulk update ask it.
   */
  async function checkedValues(params: Record<string, unknown>, id: number | undefined, existing: ResourceRecord | undefined, context: CallContext): Promise<Record<string, unknown>> {
    const { locale } = context;
    const validation = validateEntity(entity, existing ? { ...existing, ...params } : params, locale);
    if (!validation.ok) throw new ApiError(Code.VALIDATION_FAILED, validation.message, { fields: validation.fields });
    // Absent optional values are stored as null; the server's own fields keep what is stored.
    const values: Record<string, unknown> = Object.fromEntries(Object.keys(entity.fields).map((name) => [name, (validation.value as Record<string, unknown>)[name] ?? null]));
    for (const field of serverFields) values[field] = existing ? existing[field] : null;
    for (const field of existing ? fixedFields : []) {
      if (existing![field] !== values[field]) throw fieldRefusal(entity, field, 'readOnly', locale);
    }
    const unknown = await checks.unknownChoice(values, existing);
    if (unknown !== undefined) throw fieldRefusal(entity, unknown, 'choice', locale);
    for (const feature of features) await feature.beforeSave?.(db, { id, values, existing }, context);
    const taken = await checks.takenRule(values, id);
    if (taken) throw duplicateOf(taken, locale);
    return values;
  }

  /** A save of `params` as /saveOrUpdate asks it (a revert replays an edit through here too). */
  async function saveParams(request: FastifyRequest, params: Record<string, unknown>) {
    const { locale } = request;
    const id = optionalId(params.id, locale);
    // One call serves both: the action it is used for must be one the resource has.
    if (!hasAction(definition, id === undefined ? 'create' : 'edit')) throw new ApiError(Code.FORBIDDEN);
    // The version the edit was read at, if it says (a new record has none to name).
    const expectedVersion = id !== undefined && isVersioned(definition) ? optionalId(params[VERSION_FIELD], locale, VERSION_FIELD) : undefined;
    const existing = id === undefined ? undefined : await repository.findById(id);
    if (id !== undefined && !existing) throw new ApiError(Code.NOT_FOUND);
    // Changed since it was read: the user compares before anything else is said of their values.
    if (existing && expectedVersion !== undefined && versionOf(existing) !== expectedVersion) throw await staleSave(existing, request);
    const values = await checkedValues(params, id, existing, contextOf(request));

    try {
      // An update writes only the fields it names and changes: a field it leaves out or sends as
      // stored is not written back as read a moment ago (a save racing a switch or a feature's own
      // write would undo it), nor is a server's field.
      const named = Object.fromEntries(Object.entries(values).filter(([name]) => name in params && !serverFields.has(name) && !isSameValue(values[name], existing?.[name])));
      let savedId: number | undefined;
      if (id === undefined || !existing) savedId = await insert(values, locale);
      // Nothing changed: nothing is written, and the version (and update time) stay.
      else if (Object.keys(named).length === 0) savedId = id;
      else if (await update(id, named, existing, locale, expectedVersion)) savedId = id;
      else {
        // Not written: the record is gone, or another save took its version since the check above.
        const current = expectedVersion === undefined ? undefined : await repository.findById(id);
        if (current) throw await staleSave(current, request);
      }
      const saved = savedId === undefined ? undefined : await repository.findById(savedId);
      if (!saved) throw new ApiError(Code.NOT_FOUND);
      return saved;
    } catch (error) {
      // Two saves of the same key at once: the unique index decides, and the rule now taken speaks.
      if (entity.unique.length && isUniqueViolation(error)) throw duplicateOf((await checks.takenRule(values, id)) ?? entity.unique[0]!, locale);
      throw error;
    }
  }

  const save = async (request: FastifyRequest) => success(request, await saveParams(request, requestParams(request)));

  /** Deletes all the ids, with their details, in one transaction; or nothing (1004 when one is missing). */
  async function remove(request: FastifyRequest) {
    if (!hasAction(definition, 'delete')) throw new ApiError(Code.FORBIDDEN);
    const ids = await bulkIds(request, (value) => requiredIds(value, request.locale));
    const context = contextOf(request);
    const outcome = await db.transaction().execute(async (trx) => {
      const found = await repository.findMany(ids, trx);
      if (found.length !== ids.length) return 'missing';
      for (const feature of features) await feature.beforeDelete?.(trx, ids, context, found);
      for (const detail of details) await detail.repository.deleteWhereIn(detail.definition.parent!.field, ids, trx);
      await repository.delete(ids, trx);
      for (const feature of features) await feature.afterDelete?.(trx, ids, context, found);
      return 'deleted';
    });
    if (outcome === 'missing') throw new ApiError(Code.NOT_FOUND);
    return success(request, null);
  }

  /**
   * What deleting the ids would take with it, for the delete's confirmation: each record's name,
   * its details' count, what the features add, and the refusal the delete would meet (the first
   * feature's). A read: nothing is locked or written.
   */
  async function deleteImpact(request: FastifyRequest) {
    if (!hasAction(definition, 'delete')) throw new ApiError(Code.FORBIDDEN);
    const ids = requiredIds(requestParams(request).ids, request.locale);
    const found = await repository.findMany(ids);
    if (found.length !== ids.length) throw new ApiError(Code.NOT_FOUND);
    const detailCounts = await Promise.all(details.map(async (detail) => ({ title: detail.definition.title, byId: await detail.repository.countByField(detail.definition.parent!.field, ids) })));
    const added: Array<ReadonlyMap<number, DeleteImpactPart>> = [];
    for (const feature of features) if (feature.deleteImpact) added.push(await feature.deleteImpact(db, ids, contextOf(request), found));
    const items = ids.map((id): DeleteImpactItem => {
      const row = found.find((record) => record.id === id)!;
      const label = definition.labelField ? row[definition.labelField] : undefined;
      const counts: ImpactCount[] = [
        ...detailCounts.map(({ title, byId }) => impactCount(byId.get(id) ?? 0, text(`其下 {count} 条${title['zh-CN']}将一并删除`, `${title['en-US']} deleted with it: {count}`))),
        ...added.flatMap((parts) => parts.get(id)?.counts ?? []),
      ].filter((count) => count.count > 0);
      const refusal: Text | undefined = added.map((parts) => parts.get(id)?.refusal).find((said) => said !== undefined);
      return { id, label: label === undefined || label === null ? null : String(label), counts, ...(refusal ? { refusal } : {}) };
    });
    return success(request, { items });
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

  /** The features' conditions on every row this caller may read (./feature.ts, `readConditions`). */
  async function readConditions(context: CallContext): Promise<ListCondition[]> {
    const all: ListCondition[] = [];
    for (const feature of features) if (feature.readConditions) all.push(...(await feature.readConditions(db, context)));
    return all;
  }

  /**
   * The list's query as `params` ask it (filters, exact values, ranges, order, the features'
   * parts), without its paging; the features' checks and records run here (a lookup is recorded).
   */
  async function listQueryFrom(params: Record<string, unknown>, context: CallContext): Promise<ListRead> {
    const { locale } = context;
    for (const feature of features) feature.checkList?.(params, context);
    const filters: Record<string, string> = {};
    for (const name of definition.search) {
      const value = searchParam(params[name], name, searchLimit(entity.fields[name]!), entity.fields[name]!.label, locale);
      if (value !== undefined) filters[name] = value;
    }
    const exact: Record<string, string> = {};
    for (const name of [...(definition.filters ?? []), ...(parent ? [parent.field] : [])]) {
      const value = textParam(params[name]);
      if (value !== undefined) exact[name] = value;
    }
    const searchKey = definition.search.length ? searchParam(params.searchKey, 'searchKey', searchKeyLimit, SEARCH_KEY_LABEL, locale) : undefined;
    const ranges = rangeParams(definition, params, locale);
    const sort = sortOf(params, locale);
    const parts: ListPart[] = [];
    for (const feature of features) {
      const part = await feature.list?.(db, params, context);
      if (part) parts.push(part);
    }
    const ids = idsOf(params, locale);
    const readable = await readConditions(context);
    const bounds = parts.flatMap((part) => (part.totalUpTo === undefined ? [] : [part.totalUpTo]));
    const reached = parts.find((part) => part.reached)?.reached;
    const query = {
      filters,
      exact: Object.assign(exact, ...parts.map((part) => part.exact ?? {})),
      searchKey,
      ranges,
      lookups: parts.flatMap((part) => part.lookups ?? []),
      conditions: [...readable, ...parts.flatMap((part) => part.conditions ?? [])],
      ids,
      sort,
      ...(bounds.length ? { totalUpTo: Math.min(...bounds) } : {}),
      ...(reached ? { reached } : {}),
    };
    return { query, settle: async (page) => { for (const part of parts) await part.settle?.(page); } };
  }

  const listQueryOf = (request: FastifyRequest) => listQueryFrom(requestParams(request), contextOf(request));

  /**
   * The rows a bulk call's match selects, read by the list's own query (its checks, required
   * filters and the features' narrowing; a lookup is recorded as the list records it).
   */
  function matchResolver(context: CallContext): MatchResolver {
    return async (match, limit) => {
      const { query, settle } = await listQueryFrom(match, context);
      const ids = await repository.matchingIds(query, limit);
      const total = ids.length < limit ? ids.length : await repository.count(query);
      await settle({ items: total === 1 ? await repository.findMany(ids) : [], total });
      return { ids, total: async () => total };
    };
  }

  /** The ids a bulk call names, or those its match selects (./bulkMatch.ts). */
  const bulkIds = (request: FastifyRequest, byIds: (value: unknown) => number[]) => targetIds(requestParams(request), request.locale, matchResolver(contextOf(request)), byIds);

  async function list(request: FastifyRequest) {
    const { query, settle } = await listQueryOf(request);
    // Named records come in one page whatever the paging (they are at most a page's worth).
    const paging = query.ids ? { page: 1, size: MAX_PAGE_SIZE } : parsePaging(requestParams(request));
    const page = await reads.list({ ...query, paging });
    await settle(page);
    return success(request, { ...page, items: await present(page.items, request) });
  }

  async function detail(request: FastifyRequest) {
    const id = requiredId(requestParams(request).id, request.locale);
    const record = await reads.findById(id);
    if (!record) throw new ApiError(Code.NOT_FOUND);
    const readable = await readConditions(contextOf(request));
    if (readable.length > 0 && (await reads.count({ filters: {}, conditions: readable, ids: [id] })) === 0) throw new ApiError(Code.FORBIDDEN);
    const [shown] = await present([record], request);
    let answer = shapeRecord(shown!);
    for (const feature of features) if (feature.detailExtras) answer = { ...answer, ...(await feature.detailExtras(record)) };
    return success(request, answer);
  }

  const bulkUpdate = bulkUpdater({ db, definition, repository, checkedValues, bulkIds });
  const core: CrudCore = {
    repository,
    reads,
    shapeRecord,
    listQueryOf,
    present: presentAs,
    async exportAccess(context) {
      for (const feature of features) {
        const access = await feature.exportAccess?.(context);
        if (access) return access;
      }
      return { isRevealed: false };
    },
    checkNew: (params, context) => checkedValues(params, undefined, undefined, context),
    save: saveParams,
    serverFields,
  };
  const routes = features.flatMap((feature) => feature.routes ?? []);
  const readsStaffScope = features.some((feature) => feature.readsStaffScope === true);
  return { definition, repository, list, detail, save, remove, deleteImpact, bulkUpdate, routes, core, readsStaffScope };
}

export type CrudHandlers = ReturnType<typeof crudHandlers>;
