import type { FastifyRequest } from 'fastify';
import { Code, codeMessages, type Envelope, type Text } from '../../contract';

/** The success envelope in the caller's locale. */
export function success<T>(request: FastifyRequest, data: T): Envelope<T> {
  return { code: Code.OK, msg: codeMessages[Code.OK][request.locale], data };
}

/** A success that says what happened (shown to the user as the server's message). */
export function successSaying<T>(request: FastifyRequest, data: T, msg: Text): Envelope<T> {
  return { code: Code.OK, msg: msg[request.locale], data };
}
