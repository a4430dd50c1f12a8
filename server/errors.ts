/**
 * Errors are values with codes: handlers throw ApiError, and one handler turns every error into the
 * envelope with a meaningful HTTP status. Clients never see stack traces or internal messages.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Code, codeMessages, type Envelope, type Locale, type Text } from '../contract';
import { isUniqueViolation } from './db/uniqueViolation';

export class ApiError extends Error {
  constructor(
    readonly code: Code,
    /** Overrides the code's standard message; a Text is shown in the caller's locale. */
    readonly msg?: Text | string,
    readonly data: unknown = null,
  ) {
    super(`API error ${code}`);
    this.name = 'ApiError';
  }
}

const STATUS_BY_CODE: Record<Code, number> = {
  [Code.OK]: 200,
  [Code.BAD_REQUEST]: 400,
  [Code.VALIDATION_FAILED]: 400,
  [Code.NO_TOKEN]: 401,
  [Code.FORBIDDEN]: 403,
  [Code.NOT_FOUND]: 404,
  [Code.DUPLICATE]: 409,
  [Code.LOGIN_FAILED]: 400,
  [Code.TOKEN_EXPIRED]: 401,
  [Code.PASSWORD_CHANGE_REQUIRED]: 403,
  [Code.TOO_MANY_ATTEMPTS]: 429,
  [Code.PAYLOAD_TOO_LARGE]: 413,
  [Code.CONFLICT]: 409,
  [Code.STALE_VERSION]: 409,
  [Code.INTERNAL_ERROR]: 500,
};

export function httpStatusOf(code: Code): number {
  return STATUS_BY_CODE[code];
}

export function envelopeOf(error: ApiError, locale: Locale): Envelope {
  const msg = error.msg === undefined ? codeMessages[error.code][locale] : typeof error.msg === 'string' ? error.msg : error.msg[locale];
  return { code: error.code, msg, data: error.data };
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as FastifyError).code === 'string' && (error as FastifyError).code.startsWith('FST_');
}

/** Maps anything thrown to an ApiError and its status; `internal` marks errors worth logging. */
export function classify(error: unknown): { apiError: ApiError; status: number; internal: boolean } {
  if (error instanceof ApiError) return { apiError: error, status: httpStatusOf(error.code), internal: false };
  if (isFastifyError(error) && error.statusCode !== undefined && error.statusCode < 500) {
    // Body parsing and protocol errors (malformed JSON, unsupported media type, body too large).
    const code = error.statusCode === 413 ? Code.PAYLOAD_TOO_LARGE : Code.BAD_REQUEST;
    return { apiError: new ApiError(code), status: error.statusCode, internal: false };
  }
  if (isUniqueViolation(error)) return { apiError: new ApiError(Code.DUPLICATE), status: 409, internal: false };
  return { apiError: new ApiError(Code.INTERNAL_ERROR), status: 500, internal: true };
}

export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const { apiError, status, internal } = classify(error);
  if (internal) request.log.error({ err: error }, 'request failed');
  return reply.status(status).send(envelopeOf(apiError, request.locale));
}
