/**
 * Live lists on one server: the event stream route (GET /base/admin/live/events, a session
 * suffices: each event is filtered by the caller's grants), the publishing of every successful
 * write (after it has answered: what its audit rows say it wrote) and the bus between servers.
 * contract/live.ts is the wire contract.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { Code } from '../../contract';
import { LIVE_PATHS } from '../../contract/live';
import type { ResourceDefinition } from '../../resources/define';
import type { Grants } from '../auth/grants';
import type { SessionStore } from '../auth/tokens';
import type { Database } from '../db/schema';
import { versionReader } from '../db/versionCounter';
import { ApiError } from '../errors';
import { callerOf } from '../http/requestContext';
import { createLiveBus } from './bus';
import { liveChangesOf, writtenBy } from './changes';
import { liveMessages } from './messages';
import { liveResources } from './resources';
import { liveStreams } from './streams';

export interface LiveOptions {
  db: Kysely<Database>;
  sessions: SessionStore;
  grants: Grants;
  definitions: readonly ResourceDefinition[];
  onError(error: unknown, what: string): void;
}

export function createLive({ db, sessions, grants, definitions, onError }: LiveOptions) {
  const resources = liveResources(definitions);
  const streams = liveStreams({
    liveSessions: (ids) => sessions.liveSessions(ids),
    canCall: (userId, path, version) => grants.canCallApi(userId, path, version),
    grantsVersion: versionReader(db, 'grantsVersion'),
    listCallOf: resources.listCallOf,
    onError: (error) => onError(error, 'delivering live changes failed'),
  });
  const bus = createLiveBus(db, {
    deliver: (changes) => void streams.deliver(changes),
    lost: (error) => {
      onError(error, 'the live bus lost its connection; open streams are closed to refetch');
      streams.closeAll();
    },
  });

  /** After an audited write has answered: what it changed, told to every server. */
  async function publishWrites(request: FastifyRequest): Promise<void> {
    try {
      const changes = liveChangesOf(await writtenBy(db, String(request.id)), resources);
      if (changes.length) await bus.publish(changes);
    } catch (error) {
      onError(error, 'publishing live changes failed');
    }
  }

  /** onRoute: an audited writing route publishes after each answer; no other route pays for it. */
  function publishWritesOf(route: RouteOptions): void {
    if (route.config?.writes !== true || route.config.unaudited === true) return;
    const hooks = route.onResponse === undefined ? [] : Array.isArray(route.onResponse) ? route.onResponse : [route.onResponse];
    route.onResponse = [...hooks, publishWrites];
  }

  async function routes(app: FastifyInstance): Promise<void> {
    app.get(LIVE_PATHS.events, { config: { access: 'session', doc: { codes: [Code.TOO_MANY_ATTEMPTS] } } }, async (request, reply) => {
      const caller = callerOf(request);
      const kept = Object.entries(reply.getHeaders()).flatMap(([name, value]) => (value === undefined ? [] : [[name, Array.isArray(value) ? value : String(value)] as const]));
      const head = { ...Object.fromEntries(kept), 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' };
      // HEAD: the stream's head alone.
      if (request.method === 'HEAD') return reply.headers(head).send();
      if (streams.isFull()) throw new ApiError(Code.TOO_MANY_ATTEMPTS, liveMessages.serverFull);
      await bus.ready();
      reply.hijack();
      reply.raw.writeHead(200, head);
      streams.open(caller, reply.raw);
    });
    // Before the server waits for open requests to end: streams never would.
    app.addHook('preClose', async () => streams.closeAll());
    app.addHook('onClose', async () => bus.close());
  }

  return { publishWritesOf, routes, streams };
}
