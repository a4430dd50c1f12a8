/** Headers every answer carries; API answers are never cached and, being data, may load and frame nothing. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath, pathOf } from './paths';

export async function securityHeaders(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('x-content-type-options', 'nosniff');
  reply.header('x-frame-options', 'DENY');
  reply.header('referrer-policy', 'no-referrer');
  if (isApiPath(pathOf(request.url))) {
    reply.header('cache-control', 'no-store');
    reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
  }
}
