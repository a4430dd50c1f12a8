import type { HttpError } from '@refinedev/core';
import { ApiError } from '../http';

/**
 * Any failure → Refine's HttpError: `message` is the server's msg (or the client's own text when
 * no answer came), `statusCode` the envelope code, and `errors` the per-field messages of a
 * validation failure so antd forms put them under their fields.
 */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof ApiError) {
    return {
      message: error.message,
      statusCode: error.code,
      ...(error.fields ? { errors: error.fields } : {}),
      code: error.code,
      data: error.data,
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { message, statusCode: -1 };
}
