/** What the server attaches to every request, and the per-route access level the guard reads. */
import type { FastifyRequest } from 'fastify';
import type { Locale } from '../../contract';

/**
 * Who may call a route: anyone (`public`), anyone with a valid session (`session`), or only a
 * caller granted the route's API element (`permission`, the default).
 */
export type RouteAccess = 'public' | 'session' | 'permission';

/** The authenticated caller of a request. */
export interface Caller {
  userId: number;
  name: string;
  code: string;
  sessionId: number;
  mustChangePassword: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    locale: Locale;
    caller: Caller | null;
  }
}

export function accessOf(request: FastifyRequest): RouteAccess {
  return request.routeOptions.config.access ?? 'permission';
}
