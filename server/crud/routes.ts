/**
 * The generic calls of the declarative resources at one endpoint (/base/admin/<name> unless the
 * definition names another): list, detail, saveOrUpdate, delete with what it would take along
 * (deleteImpact), and the calls the resources' features add (./feature.ts: a key check, move,
 * reveal…), each saying whether it writes. Only the declared actions' calls exist
 * (`definition.actions`): a read-only resource has list and detail alone.
 *
 * A master and its detail may share an endpoint, as the platform's dictionaries do (`/dic/list`
 * with parentId 0 lists dictionaries, with a dictionary's id its items). A request is then the
 * detail's when it names a master in the detail's parent field, or (detail, save with an id,
 * delete, a feature's record call such as move) when its ids are the detail's rows; otherwise the
 * master's; a delete or bulk update on every row a filter matches is the detail's when its match
 * names a master in the parent field. A feature's call asked of the one of them without it is refused (1003; 1004 first when
 * a record call's id names none of its records).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { crudDocs } from './routeDocs';
import { Code } from '../../contract';
import { BULK_UPDATE_PATH, bulkFieldsOf, DELETE_IMPACT_PATH, hasAction, type ResourceDefinition } from '../../resources/define';
import { ApiError } from '../errors';
import { acceptFileBodies, IMPORT_ROUTE_OPTIONS } from '../import/fileBody';
import { requestParams, requiredId, requiredIds, optionalId, textParam } from '../http/params';
import { isMatchCall, matchParams } from './bulkMatch';
import type { CrudContext, FeatureRoute } from './feature';
import { crudHandlers, type CrudHandlers } from './handlers';

type Handler = (request: FastifyRequest) => Promise<unknown>;

/** Whether a parent field names a master at all (0, blank or absent: the request is the master's). */
function namesMaster(value: unknown): boolean {
  const text = textParam(value);
  return text !== undefined && text !== '0';
}

/** A feature route's identity at the endpoint. */
const routeKey = (route: FeatureRoute) => `${[route.method].flat().join(',')} ${route.url}`;

/** The one handler set, or the master's and its detail's told apart per request. */
function dispatcher(handlers: readonly CrudHandlers[]) {
  const detail = handlers.find((h) => handlers.some((other) => other !== h && other.definition.name === h.definition.parent?.resource));
  const master = handlers.find((h) => h !== detail);
  if (!master || handlers.length > 2 || (handlers.length === 2 && !detail)) {
    throw new Error(`Resources ${handlers.map((h) => h.definition.name).join(', ')} share an endpoint, but only a master and its detail may`);
  }
  const byParent = (request: FastifyRequest) => (detail && namesMaster(requestParams(request)[detail.definition.parent!.field]) ? detail : master);
  const byId = async (request: FastifyRequest) => {
    const id = optionalId(requestParams(request).id, request.locale);
    return detail && id !== undefined && (await detail.repository.findById(id)) ? detail : master;
  };
  const byIds = async (request: FastifyRequest) => {
    if (!detail) return master;
    // A call on every matching row is the resource's whose list the match reads (its parent field, as /list tells them apart).
    const params = requestParams(request);
    if (isMatchCall(params)) return namesMaster(matchParams(params.match, request.locale)[detail.definition.parent!.field]) ? detail : master;
    const ids = requiredIds(params.ids, request.locale);
    return (await detail.repository.findMany(ids)).length === ids.length ? detail : master;
  };

  /** A feature's call: the resource it is asked of answers it if it has it, or refuses. */
  function featureHandler(route: FeatureRoute): (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> {
    const key = routeKey(route);
    return async (request, reply) => {
      route.checkParams?.(request);
      const chosen = route.answeredBy === 'record' ? await byId(request) : route.answeredBy === 'parent' ? byParent(request) : master!;
      const own = chosen.routes.find((r) => routeKey(r) === key);
      if (own) return own.handler(request, chosen.core, reply);
      if (route.answeredBy === 'record' && !(await chosen.repository.findById(requiredId(requestParams(request).id, request.locale)))) throw new ApiError(Code.NOT_FOUND);
      throw new ApiError(Code.FORBIDDEN);
    };
  }

  /** The features' calls at this endpoint, once each (a master and its detail may both have one). */
  const featureRoutes = [...new Map(handlers.flatMap((h) => h.routes).map((route) => [routeKey(route), route])).values()].map((route) => ({ route, handler: featureHandler(route) }));

  return {
    all: handlers,
    list: (request) => byParent(request).list(request),
    detail: async (request) => {
      requiredId(requestParams(request).id, request.locale);
      return (await byId(request)).detail(request);
    },
    // A new record names its master (or not); an update is the detail's when its id is.
    save: async (request) => (optionalId(requestParams(request).id, request.locale) === undefined ? byParent(request) : await byId(request)).save(request),
    remove: async (request) => (await byIds(request)).remove(request),
    deleteImpact: async (request) => (await byIds(request)).deleteImpact(request),
    bulkUpdate: async (request) => (await byIds(request)).bulkUpdate(request),
    featureRoutes,
  } satisfies Record<string, Handler | readonly unknown[]>;
}

/** Registers the calls of the definitions sharing one endpoint; register with that endpoint as prefix. */
export function crudRoutes(context: CrudContext, group: readonly ResourceDefinition[]) {
  const handlers = dispatcher(group.map((definition) => crudHandlers(context, definition)));
  const someHas = (test: (definition: ResourceDefinition) => boolean) => group.some(test);

  return async function register(app: FastifyInstance): Promise<void> {
    const docs = crudDocs(group);
    // A list reading the caller's data scope has it read with the session (./feature.ts, readsStaffScope).
    const readsStaffScope = handlers.all.some((h) => h.readsStaffScope);
    app.route({ method: ['GET', 'POST'], url: '/list', config: { doc: docs.list, ...(readsStaffScope ? { readsStaffScope } : {}) }, handler: handlers.list });
    app.get('/detail', { config: { doc: docs.detail } }, handlers.detail);
    const isWritable = someHas((d) => hasAction(d, 'create') || hasAction(d, 'edit'));
    if (isWritable) app.post('/saveOrUpdate', { config: { writes: true, doc: docs.save } }, handlers.save);
    if (someHas((d) => hasAction(d, 'delete'))) {
      app.route({ method: ['GET', 'POST'], url: '/delete', config: { writes: true, doc: docs.ids }, handler: handlers.remove });
      // What a delete takes with it, read by its confirmation: granted with the delete button.
      app.route({ method: ['GET', 'POST'], url: `/${DELETE_IMPACT_PATH}`, config: { doc: docs.ids }, handler: handlers.deleteImpact });
    }
    // Selected rows set to one value: granted by its own page element (`bulkEdit`), audited per row.
    if (someHas((d) => bulkFieldsOf(d).length > 0)) app.post(`/${BULK_UPDATE_PATH}`, { config: { writes: true, doc: docs.bulk } }, handlers.bulkUpdate);
    for (const { route, handler } of handlers.featureRoutes.filter(({ route }) => !route.fileBody)) {
      app.route({ method: route.method, url: route.url, config: { writes: route.writes === true, unaudited: route.unaudited === true, doc: route.doc }, handler });
    }
    // Calls taking a file's bytes: in a scope of their own, so no other call parses a body as bytes.
    const fileRoutes = handlers.featureRoutes.filter(({ route }) => route.fileBody);
    if (fileRoutes.length) {
      await app.register(async (scope) => {
        acceptFileBodies(scope);
        for (const { route, handler } of fileRoutes) {
          scope.route({ method: route.method, url: route.url, ...IMPORT_ROUTE_OPTIONS, config: { writes: route.writes === true, unaudited: route.unaudited === true, doc: route.doc }, handler });
        }
      });
    }
  };
}
