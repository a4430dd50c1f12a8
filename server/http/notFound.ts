/**
 * Requests that match no route. Below a guarded prefix the caller must be authenticated first, so
 * anonymous callers cannot enumerate routes (1002); an authenticated caller gets 1003.
 * Other page requests get the console (when built); everything else 1004.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '../../contract';
import type { Guard } from '../auth/guard';
import { ApiError } from '../errors';
import { isPageRequest, sendConsolePage, type ConsoleSite } from '../web/consoleSite';
import { isGuardedPath, pathOf } from './paths';

export function notFoundHandler(guard: Guard, site: ConsoleSite | undefined) {
  return async function handleNotFound(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    if (isGuardedPath(pathOf(request.url))) {
      await guard.authenticate(request);
      throw new ApiError(Code.FORBIDDEN);
    }
    if (site && isPageRequest(request)) return sendConsolePage(site, reply);
    throw new ApiError(Code.NOT_FOUND);
  };
}
