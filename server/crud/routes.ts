/**
 * The generic calls of the declarative resources at one endpoint (/base/admin/<name> unless the
 * definition names another): list, detail, saveOrUpdate, delete with what it would take along
 * (deleteImpact), the key check and, for an ordered resource, move. Only the declared actions'
 * calls exist (`definition.actions`): a read-only resource has list and detail alone.
 *
 * A master and its detail may share an endpoint, as the platform's dictionaries do (`/dic/list`
 * with parentId 0 lists dictionaries, with a dictionary's id its items). A request is then the
 * detail's when it names a master in the detail's parent field, or (detail, save with an id,
 * delete, move) when its ids are the detail's rows; otherwise the master's.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DELETE_IMPACT_PATH, hasAction, type ResourceDefinition } from '../../resources/define';
import { requestParams, requiredId, requiredIds, optionalId, textParam } from '../http/params';
import { crudHandlers, type CrudContext, type CrudHandlers } from './handlers';

type Handler = (request: FastifyRequest) => Promise<unknown>;

/** Whether a parent field names a master at all (0, blank or absent: the request is the master's). */
function namesMaster(value: unknown): boolean {
  const text = textParam(value);
  return text !== undefined && text !== '0';
}

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
    const ids = requiredIds(requestParams(request).ids, request.locale);
    return (await detail.repository.findMany(ids)).length === ids.length ? detail : master;
  };
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
    move: async (request) => (await byId(request)).move(request),
    checkKey: (request) => byParent(request).checkKey(request),
    reveal: (request) => master.reveal(request),
  } satisfies Record<string, Handler | readonly CrudHandlers[]>;
}

/** Registers the calls of the definitions sharing one endpoint; register with that endpoint as prefix. */
export function crudRoutes(context: CrudContext, group: readonly ResourceDefinition[]) {
  const handlers = dispatcher(group.map((definition) => crudHandlers(context, definition)));
  const someHas = (test: (definition: ResourceDefinition) => boolean) => group.some(test);

  return async function register(app: FastifyInstance): Promise<void> {
    app.route({ method: ['GET', 'POST'], url: '/list', handler: handlers.list });
    app.get('/detail', handlers.detail);
    const isWritable = someHas((d) => hasAction(d, 'create') || hasAction(d, 'edit'));
    if (isWritable) app.post('/saveOrUpdate', { config: { writes: true } }, handlers.save);
    if (someHas((d) => hasAction(d, 'delete'))) {
      app.route({ method: ['GET', 'POST'], url: '/delete', config: { writes: true }, handler: handlers.remove });
      // What a delete takes with it, read by its confirmation: granted with the delete button.
      app.route({ method: ['GET', 'POST'], url: `/${DELETE_IMPACT_PATH}`, handler: handlers.deleteImpact });
    }
    if (someHas((d) => d.order !== undefined && hasAction(d, 'edit'))) app.post('/move', { config: { writes: true } }, handlers.move);
    const keyPaths = new Set(group.flatMap((d) => (d.keyCheck && isWritable ? [d.keyCheck.path] : [])));
    for (const path of keyPaths) app.get(`/${path}`, handlers.checkKey);
    if (someHas((d) => d.privacy !== undefined)) app.route({ method: ['GET', 'POST'], url: '/reveal', config: { writes: true }, handler: handlers.reveal });
  };
}
