/**
 * Refusals that Fastify and Node answer before any route or hook runs, in the envelope and the
 * caller's language like every other answer: a path that is not a valid URL (`/param/%`), a
 * path parameter past maxParamLength, and requests the HTTP parser refuses (a request line and
 * headers past Node's 16 KB, a malformed request, a timeout).
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Code, localeFromHeader, type Locale } from '../../contract';
import { ApiError, envelopeOf } from '../errors';

/** Fastify's `frameworkErrors`: router errors (FST_ERR_BAD_URL 400, FST_ERR_MAX_PARAM_LENGTH 414). */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const locale = localeFromHeader(request.headers['accept-language']);
  const status = error.statusCode ?? 500;
  const code = status === 414 ? Code.PAYLOAD_TOO_LARGE : status < 500 ? Code.BAD_REQUEST : Code.INTERNAL_ERROR;
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  void reply.status(status).send(envelopeOf(new ApiError(code), locale));
}

/** The Accept-Language header of a request the parser gave up on, when its bytes reached us. */
function localeOfRawRequest(raw: unknown): Locale {
  if (!Buffer.isBuffer(raw)) return localeFromHeader(undefined);
  const match = /\r\naccept-language:[ \t]*([^\r\n]*)/i.exec(raw.toString('latin1'));
  return localeFromHeader(match?.[1]);
}

interface ClientError extends Error {
  code?: string;
  rawPacket?: unknown;
}

/** Fastify's `clientErrorHandler`: answers on the socket itself (there is no request), then closes it. */
export function clientErrorHandler(error: ClientError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code] =
    error.code === 'HPE_HEADER_OVERFLOW' || error.code === 'HPE_URI_TOO_LONG'
      ? [431, Code.PAYLOAD_TOO_LARGE]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, Code.BAD_REQUEST]
        : [400, Code.BAD_REQUEST];
  const body = JSON.stringify(envelopeOf(new ApiError(code), localeOfRawRequest(error.rawPacket)));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
