/**
 * An import's body is the file's bytes (Content-Type XLSX_TYPE, or application/octet-stream): the
 * parser keeps them as a Buffer, only in the scope of the import routes, and a body past
 * IMPORT_LIMITS.bytes is refused with the envelope saying the bound (not Fastify's bare 413).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code, format, type Locale } from '../../contract';
import { XLSX_TYPE } from '../../contract/exportFile';
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '../../contract/importFile';
import { ApiError, errorHandler } from '../errors';
import { z } from 'zod';
import { IMPORT_DRY_RUN_PARAM, IMPORT_TEMPLATE_PATH } from '../../contract/importFile';
import type { RouteDoc } from '../http/routeDoc';

export const FILE_TYPES = [XLSX_TYPE, 'application/octet-stream'];

export const tooLarge = (locale: Locale) => new ApiError(Code.PAYLOAD_TOO_LARGE, format(IMPORT_MESSAGES.tooLarge[locale], { max: IMPORT_LIMITS.bytes / (1024 * 1024) }));

/** Call in an encapsulated scope holding only the import routes; give each of them `IMPORT_ROUTE_OPTIONS`. */
export function acceptFileBodies(scope: FastifyInstance): void {
  scope.addContentTypeParser(FILE_TYPES, { parseAs: 'buffer', bodyLimit: IMPORT_LIMITS.bytes }, (_request, body, done) => done(null, body));
  scope.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const isTooLarge = (error as FastifyError | undefined)?.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || (error as FastifyError | undefined)?.statusCode === 413;
    return errorHandler(isTooLarge ? tooLarge(request.locale) : error, request, reply);
  });
}

export const IMPORT_ROUTE_OPTIONS = { bodyLimit: IMPORT_LIMITS.bytes } as const;

/** An import's doc: the file (the call's own template is one it takes), and `dryRun` to check without writing. */
export const IMPORT_DOC: RouteDoc = {
  query: z.object({ [IMPORT_DRY_RUN_PARAM]: z.union([z.literal([0, 1]), z.enum(['0', '1', 'true', 'false'])]).optional().describe('1: check the rows, write nothing') }),
  fileBody: { type: XLSX_TYPE, exampleFrom: IMPORT_TEMPLATE_PATH },
  example: { [IMPORT_DRY_RUN_PARAM]: 1 },
  codes: [Code.PAYLOAD_TOO_LARGE],
};

/** The uploaded bytes, or the refusal of a request carrying none (a form, JSON, nothing). */
export function fileBytes(request: FastifyRequest): Buffer {
  if (Buffer.isBuffer(request.body) && request.body.length > 0) return request.body;
  throw new ApiError(Code.VALIDATION_FAILED, IMPORT_MESSAGES.notXlsx[request.locale]);
}
