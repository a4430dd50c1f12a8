/**
 * What the generic calls of one endpoint accept, for the API document (server/openapi): built from
 * the definitions sharing it, as ./routes.ts registers the calls. A record's fields are the
 * entity's own schema (contract validateEntity checks a save with it); the id and paging parameters
 * are described as server/http/params.ts and contract/paging.ts read them.
 */
import { z } from 'zod';
import { Code, MAX_PAGE_NO, MAX_PAGE_SIZE, pagingParams } from '../../contract';
import { ORDER_PARAM, SORT_PARAM } from '../../contract/paging';
import { RANGE_FROM, RANGE_TO } from '../../contract/ranges';
import { bulkFieldsOf, type ResourceDefinition } from '../../resources/define';
import { EXAMPLE_ID, idParam, idsDoc, idsParam, recordSaveDoc, type RouteDoc } from '../http/routeDoc';

const pageNumber = (max: number) => z.union([z.int().min(1).max(max), z.string().regex(/^\d{1,9}$/)]);

/** The master of an endpoint's group: the definition no other in it is the detail of. */
export function masterOf(group: readonly ResourceDefinition[]): ResourceDefinition {
  return group.find((d) => !group.some((other) => other.name === d.parent?.resource)) ?? group[0]!;
}

function listDoc(master: ResourceDefinition): RouteDoc {
  const paging = Object.keys(pagingParams(master.paging, 1, 1));
  const shape: Record<string, z.ZodType> = {
    [paging[0]!]: pageNumber(MAX_PAGE_NO).optional().describe('page, from 1'),
    [paging[1]!]: pageNumber(MAX_PAGE_SIZE).optional().describe(`rows per page, at most ${MAX_PAGE_SIZE}`),
    [SORT_PARAM]: z.string().optional().describe('a sortable column'),
    [ORDER_PARAM]: z.enum(['asc', 'desc']).optional(),
  };
  for (const field of master.search) shape[field] = z.string().optional().describe('contains');
  for (const field of master.ranges ?? []) {
    shape[`${field}${RANGE_FROM}`] = z.union([z.string(), z.number()]).optional().describe('from (inclusive)');
    shape[`${field}${RANGE_TO}`] = z.union([z.string(), z.number()]).optional().describe('to (inclusive)');
  }
  for (const field of master.requiredFilters ?? []) shape[field] = idParam;
  const example = { ...pagingParams(master.paging, 1, 10), ...Object.fromEntries((master.requiredFilters ?? []).map((field) => [field, EXAMPLE_ID])) };
  return { params: z.object(shape), example };
}

function saveDoc(master: ResourceDefinition): RouteDoc {
  return recordSaveDoc(master.entity, [Code.CONFLICT, Code.STALE_VERSION]);
}

function bulkDoc(group: readonly ResourceDefinition[]): RouteDoc {
  const fields = [...new Set(group.flatMap(bulkFieldsOf))];
  const values = z.object(Object.fromEntries(fields.map((f) => [f, z.unknown().optional()])));
  return { params: z.object({ ids: idsParam, values }), example: { ids: String(EXAMPLE_ID), values: fields[0] ? { [fields[0]]: null } : {} }, codes: [Code.NOT_FOUND] };
}

/** The generic calls' docs of an endpoint's group, by the url ./routes.ts registers them at. */
export function crudDocs(group: readonly ResourceDefinition[]) {
  const master = masterOf(group);
  return { list: listDoc(master), detail: { params: z.object({ id: idParam }), example: { id: EXAMPLE_ID }, codes: [Code.NOT_FOUND] }, save: saveDoc(master), ids: idsDoc, bulk: bulkDoc(group) } satisfies Record<string, RouteDoc>;
}
