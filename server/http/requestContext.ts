/** What the server attaches to every request, and the per-route access level the guard reads. */
import type { FastifyRequest } from 'fastify';
import { Code, type Locale } from '../../contract';
import { ApiError } from '../errors';
import type { StaffScope } from '../scope/dataScope';

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
  /** The grants version read with the session: the guard checks the route against it. */
  grantsVersion: number;
  /** The caller's data scope, read with the session on a route that asks for it (`readsStaffScope`). */
  staffScope?: StaffScope;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** The token may also come as the `token` query parameter (the platform's handoff check, /user/info only). */
    acceptsQueryToken?: boolean;
    /**
     * The handler reads the caller's data scope: the guard reads it in its session statement
     * (Caller.staffScope), one statement (a round trip on PostgreSQL) fewer per request.
     */
    readsStaffScope?: boolean;
    /**
     * The route may write: its handler runs in its request's audit context (server/audit/context.ts).
     * tests/api/auditCoverage.test.ts proves a route that writes says so.
     */
    writes?: boolean;
    /**
     * It writes only tables the audit log leaves out (server/audit/coverage.ts UNAUDITED_TABLES:
     * sessions, handoff codes and reveals have logs of their own; a user's display preferences grant
     * nothing), so the audit coverage expects no rows of it.
     */
    unaudited?: boolean;
  }
  interface FastifyRequest {
    locale: Locale;
    caller: Caller | null;
  }
}

export function accessOf(request: FastifyRequest): RouteAccess {
  return request.routeOptions.config.access ?? 'permission';
}

/** The caller the guard resolved; 1002 if a route without a session ever asks. */
export function callerOf(request: Pick<FastifyRequest, 'caller'>): Caller {
  if (!request.caller) throw new ApiError(Code.NO_TOKEN);
  return request.caller;
}
