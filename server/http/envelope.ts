import type { FastifyRequest } from 'fastify';
import { Code, codeMessages, type Envelope } from '../../contract';

/** The success envelope in the caller's locale. */
export function success<T>(request: FastifyRequest, data: T): Envelope<T> {
  return { code: Code.OK, msg: codeMessages[Code.OK][request.locale], data };
}
