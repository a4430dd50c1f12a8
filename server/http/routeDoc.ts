/**
 * What a route accepts, said where it is registered (`config: { doc }`) so the API document
 * (server/openapi/document.ts) and the handler share one schema. A route with no `doc` is still in
 * the document (path, access, granting element, codes) but with no parameters and an empty example;
 * tests/api/openapi.test.ts sends that example and fails if the route refuses it as malformed.
 */
import { z } from 'zod';
import { Code } from '../../contract/codes';
import { entitySchema } from '../../contract/validation';
import type { Entity } from '../../contract/entity';
import { VERSION_FIELD } from '../../contract/recordVersion';
import { MAX_IDS } from './params';
import type { RouteAccess } from './requestContext';

export interface RouteDoc {
  /**
   * The parameters, as the platform sends them: in the query string or the JSON body (the body
   * wins, server/http/params.ts requestParams). The document lists them as query parameters of a
   * GET (so there a zod object) and as the JSON body of a POST.
   */
  params?: z.ZodType;
  /** Query parameters read beside a non-JSON body (an .xlsx upload's `dryRun`). */
  query?: z.ZodObject;
  /**
   * The body is a file's bytes, not JSON: its media type, and the sibling GET call (same folder of
   * the path) that answers a file this call takes: the document's example body.
   */
  fileBody?: { type: string; exampleFrom: string };
  /** Codes beyond those every operation may answer (1004 for a record that is not there, 1005, 1011, 1012). */
  codes?: readonly number[];
  /** A well-formed request: what the document shows and the test sends (ids naming no record are fine). */
  example?: Record<string, unknown>;
}

/** A registered route as the API document reads it (server/app.ts RouteSummary holds these fields). */
export interface DocumentedRoute {
  method: string;
  url: string;
  access: RouteAccess;
  doc?: RouteDoc;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    doc?: RouteDoc;
  }
}

/**
 * The id and id-list parameters as server/http/params.ts reads them (requiredId / requiredIds):
 * described for the document; the helpers stay the check.
 */
export const idParam = z.union([z.int().positive(), z.string().regex(/^\d{1,15}$/)]).describe('a record id');
export const idsParam = z.union([z.string().regex(/^\d{1,15}(,\d{1,15})*$/), z.array(z.int().positive()).min(1).max(MAX_IDS)]).describe(`ids, comma separated or an array, at most ${MAX_IDS}`);
/** A made-up id: well formed, naming no record (answered 1004, or an empty list). */
export const EXAMPLE_ID = 987654;

export const idDoc: RouteDoc = { params: z.object({ id: idParam }), example: { id: EXAMPLE_ID }, codes: [Code.NOT_FOUND] };
export const idsDoc: RouteDoc = { params: z.object({ ids: idsParam }), example: { ids: String(EXAMPLE_ID) }, codes: [Code.NOT_FOUND] };

/** A doc of named parameters (a zod shape) with its example. */
export function paramsDoc(shape: z.ZodRawShape, example: Record<string, unknown>, codes: readonly number[] = []): RouteDoc {
  return { params: z.object(shape), example, codes };
}

/**
 * A save-or-update call of an entity's record: a new one (the entity's schema, which its
 * validateEntity checks with) or an update of the fields it names, by `id` (and the version read).
 */
export function recordSaveDoc(entity: Entity, codes: readonly number[] = []): RouteDoc {
  const fields = entitySchema(entity) as unknown as z.ZodObject;
  const update = fields.partial().extend({ id: idParam, [VERSION_FIELD]: idParam.optional().describe('the version the edit was read at') });
  // Create first: its required fields are what a body without `id` must have.
  return { params: z.union([fields, update]), example: { id: EXAMPLE_ID }, codes: [Code.NOT_FOUND, Code.DUPLICATE, ...codes] };
}

/** A save that checks the whole entity whether it creates or updates (`id` names the record to update). */
export function wholeSaveDoc(entity: Entity, example: Record<string, unknown>, codes: readonly number[] = []): RouteDoc {
  const fields = entitySchema(entity) as unknown as z.ZodObject;
  return { params: fields.extend({ id: idParam.optional(), [VERSION_FIELD]: idParam.optional().describe('the version the edit was read at') }), example, codes: [Code.NOT_FOUND, Code.DUPLICATE, Code.STALE_VERSION, ...codes] };
}
