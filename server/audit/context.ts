/**
 * Who is writing: a route that may write (registered with `config: { writes: true }`) runs its handler inside its
 * request's audit context, which the database's audit triggers read while it writes (SQLite: the
 * function `audit_context()`, PostgreSQL: the setting `audit.context`). Writes outside any such
 * handler (migrations, seed, start-up, prune jobs) have none and are not audited, except those a
 * background job makes as a named system call (`runAsSystemCall`: the sweep of ended role links).
 *
 * Only while a writing handler runs is the AsyncLocalStorage enabled: enabled, Node 20 runs a hook
 * on every promise of the process, which cost a read-only list a third of its speed.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

export interface AuditContext {
  /** When the request arrived (epoch ms): every row it writes carries this time. */
  at: number;
  requestId: string;
  userId: number | null;
  /** The account's login code (fixed once created): names who wrote, where the display name may be anyone's. */
  userCode: string | null;
  userName: string | null;
  method: string;
  /** The route as registered (`/base/admin/param/saveOrUpdate`), never the address with its query. */
  route: string;
  address: string;
}

const storage = new AsyncLocalStorage<string>();

/** The current request's context as the JSON text the triggers read, or undefined outside a request. */
export function currentAuditContext(): string | undefined {
  return storage.getStore();
}

/** Who is writing, as this request's rows record it (also for a row written after its handler returned: an export's). */
export function auditContextOf(request: FastifyRequest): AuditContext {
  return {
    at: Date.now(),
    requestId: String(request.id),
    userId: request.caller?.userId ?? null,
    userCode: request.caller?.code ?? null,
    userName: request.caller?.name ?? null,
    method: request.method,
    route: request.routeOptions.url ?? request.url.split('?')[0]!,
    address: request.ip,
  };
}

let writing = 0;

/** Wraps the handler of a route that may write so it runs inside its request's context. */
export function auditWrites(route: RouteOptions): void {
  if (route.config?.writes !== true) return;
  const handler = route.handler;
  route.handler = async function auditedHandler(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
    writing++;
    try {
      return await storage.run(JSON.stringify(auditContextOf(request)), () => handler.call(this, request, reply));
    } finally {
      if (--writing === 0) storage.disable();
    }
  };
}

/** The method recorded for a system call's rows: no request made them. */
export const SYSTEM_METHOD = 'SYSTEM';

/**
 * Runs `write` as the server's own call `route` (no account, no address): the rows it writes are
 * audited under that call, so the log says what the server changed by itself and when.
 */
export async function runAsSystemCall<T>(route: string, write: () => Promise<T>, at = Date.now()): Promise<T> {
  const context: AuditContext = { at, requestId: randomUUID(), userId: null, userCode: null, userName: null, method: SYSTEM_METHOD, route, address: '' };
  writing++;
  try {
    return await storage.run(JSON.stringify(context), write);
  } finally {
    if (--writing === 0) storage.disable();
  }
}
