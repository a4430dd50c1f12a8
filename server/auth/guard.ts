/**
 * The one guard of everything under /base/admin: token → session → user → (for `permission`
 * routes) the route's API element must be granted to one of the caller's enabled roles.
 * Runs before the body is parsed, so a refused request does nothing at all.
 */
import type { FastifyRequest } from 'fastify';
import { API_PREFIX, Code, TOKEN_HEADER } from '../../contract';
import { ApiError } from '../errors';
import { accessOf, type Caller } from '../http/requestContext';
import type { Grants } from './grants';
import type { SessionStore } from './tokens';

/** The token from the `access_token` header, or the `token` query parameter the platform also uses. */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers[TOKEN_HEADER];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  if (fromHeader?.trim()) return fromHeader.trim();
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.token;
  return typeof fromQuery === 'string' && fromQuery.trim() ? fromQuery.trim() : undefined;
}

export function createGuard(sessions: SessionStore, grants: Grants) {
  /** Resolves the caller or throws 1002 (no/unknown token) or 1007 (ended session). */
  async function authenticate(request: FastifyRequest): Promise<Caller> {
    const token = tokenOf(request);
    if (!token) throw new ApiError(Code.NO_TOKEN);
    const found = await sessions.lookup(token);
    if (found.status === 'unknown') throw new ApiError(Code.NO_TOKEN);
    if (found.status === 'ended') throw new ApiError(Code.TOKEN_EXPIRED);
    return found.session;
  }

  /** onRequest hook of the /base/admin scope. */
  async function guard(request: FastifyRequest): Promise<void> {
    const access = accessOf(request);
    if (access === 'public') return;
    const caller = await authenticate(request);
    request.caller = caller;
    if (access === 'session') return;
    if (caller.mustChangePassword) throw new ApiError(Code.PASSWORD_CHANGE_REQUIRED);
    const path = request.routeOptions.url?.slice(API_PREFIX.length) ?? '';
    if (!(await grants.canCallApi(caller.userId, path))) throw new ApiError(Code.FORBIDDEN);
  }

  return { authenticate, guard };
}

export type Guard = ReturnType<typeof createGuard>;
