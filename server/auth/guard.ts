/**
 * The one guard of every API route (every prefix of contract API_PREFIXES): token →
 * session → user → (for `permission` routes) the route's API element must be granted to one of
 * the caller's enabled roles. Registered once at the root, so a route added anywhere inherits it.
 * Runs before the body is parsed, so a refused request does nothing at all.
 */
import type { FastifyRequest } from 'fastify';
import { Code, TOKEN_HEADER } from '../../contract';
import { ApiError } from '../errors';
import { apiElementPath, isGuardedPath } from '../http/paths';
import { accessOf, type Caller } from '../http/requestContext';
import type { Grants } from './grants';
import type { SessionStore } from './tokens';

/**
 * The token from the `access_token` header or, on a route that accepts it (the platform's
 * handoff check GET /user/info?token=…), the `token` query parameter. Anywhere else a token in
 * an address (logs, history, referrers) opens nothing.
 */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers[TOKEN_HEADER];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  if (fromHeader?.trim()) return fromHeader.trim();
  if (!request.routeOptions.config?.acceptsQueryToken) return undefined;
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.token;
  return typeof fromQuery === 'string' && fromQuery.trim() ? fromQuery.trim() : undefined;
}

export function createGuard(sessions: SessionStore, grants: Grants) {
  /** Resolves the caller or throws 1002 (no/unknown token) or 1007 (ended session). */
  async function authenticate(request: FastifyRequest): Promise<Caller> {
    const token = tokenOf(request);
    if (!token) throw new ApiError(Code.NO_TOKEN);
    const found = await sessions.lookup(token, { withScope: request.routeOptions.config?.readsStaffScope === true });
    if (found.status === 'unknown') throw new ApiError(Code.NO_TOKEN);
    if (found.status === 'ended') throw new ApiError(Code.TOKEN_EXPIRED);
    return found.session;
  }

  /** The root onRequest hook; routes outside the guarded prefixes (health, pages, assets) pass. */
  async function guard(request: FastifyRequest): Promise<void> {
    const route = request.routeOptions.url;
    if (route === undefined || !isGuardedPath(route)) return;
    const access = accessOf(request);
    if (access === 'public') return;
    const caller = await authenticate(request);
    request.caller = caller;
    if (access === 'session') return;
    if (caller.mustChangePassword) throw new ApiError(Code.PASSWORD_CHANGE_REQUIRED);
    if (!(await grants.canCallApi(caller.userId, apiElementPath(route), caller.grantsVersion))) throw new ApiError(Code.FORBIDDEN);
  }

  return { authenticate, guard };
}

export type Guard = ReturnType<typeof createGuard>;
