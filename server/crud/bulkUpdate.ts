/**
 * `<endpoint>/bulkUpdate {ids, values}`: one value per field set on several records of a resource
 * (the fields `bulkFieldsOf` allows: its switches and its `bulk` list). Each record is checked
 * exactly as a single save of those values would be (the core's `checkedValues`: the entity's
 * rules on stored ⊕ sent, fixed fields, unknown choices, the features' and the policy's
 * beforeSave, unique rules). Any refusal and nothing is written: the answer lists every refused
 * record with what its save would have said. Otherwise all are written in one transaction, each
 * update an audited row of its own. Instead of ids the call may send `{match, expected}`: every row
 * the list's filters select (./bulkMatch.ts), then checked and written as those ids would be.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { BULK_REFUSED, Code, format, MAX_PAGE_SIZE, type BulkRefusal } from '../../contract';
import { bulkFieldsOf, type ResourceDefinition } from '../../resources/define';
import type { Database } from '../db/schema';
import { ApiError, envelopeOf } from '../errors';
import { success } from '../http/envelope';
import { invalidParam, missingParam, requestParams, requiredIds } from '../http/params';
import { contextOf, type CallContext } from './feature';
import type { Repository, ResourceRecord } from './repository';

interface BulkParts {
  db: Kysely<Database>;
  definition: ResourceDefinition;
  repository: Repository;
  checkedValues(params: Record<string, unknown>, id: number, existing: ResourceRecord, context: CallContext): Promise<Record<string, unknown>>;
  /** The ids the call names, or those its match selects (./bulkMatch.ts), read with `byIds` otherwise. */
  bulkIds(request: FastifyRequest, byIds: (value: unknown) => number[]): Promise<number[]>;
}

export function bulkUpdater({ db, definition, repository, checkedValues, bulkIds }: BulkParts) {
  const settable = new Set(bulkFieldsOf(definition));

  /** The values to set: a non-empty object naming only settable fields (1001 naming `values` otherwise). */
  function valuesOf(value: unknown, request: FastifyRequest): Record<string, unknown> {
    if (value === undefined || value === null) throw missingParam('values', request.locale);
    const isObject = typeof value === 'object' && !Array.isArray(value);
    const names = isObject ? Object.keys(value) : [];
    if (names.length === 0 || !names.every((name) => settable.has(name))) throw invalidParam('values', request.locale);
    return value as Record<string, unknown>;
  }

  return async function bulkUpdate(request: FastifyRequest) {
    const params = requestParams(request);
    // Chosen rows: at most a page's worth; every matching row: at most MAX_BULK_MATCH (./bulkMatch.ts).
    const ids = await bulkIds(request, (value) => {
      const named = requiredIds(value, request.locale);
      if (named.length > MAX_PAGE_SIZE) throw invalidParam('ids', request.locale);
      return named;
    });
    const found = new Map((await repository.findMany(ids)).map((row) => [row.id, row]));
    // Ids naming none of its records first (as a master sharing the endpoint answers them), then whether it has the call.
    if (found.size !== ids.length) throw new ApiError(Code.NOT_FOUND);
    if (settable.size === 0) throw new ApiError(Code.FORBIDDEN);
    const values = valuesOf(params.values, request);

    const context = contextOf(request);
    const refused: BulkRefusal[] = [];
    const written = new Map<number, Record<string, unknown>>();
    for (const id of ids) {
      const existing = found.get(id)!;
      try {
        const checked = await checkedValues({ ...values }, id, existing, context);
        written.set(id, Object.fromEntries(Object.keys(values).map((name) => [name, checked[name]])));
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const label = definition.labelField ? existing[definition.labelField] : undefined;
        refused.push({ id, label: label === undefined || label === null ? null : String(label), code: error.code, message: envelopeOf(error, request.locale).msg });
      }
    }
    if (refused.length) {
      // The refusals' own code when they agree (all 1003, say), else a plain validation refusal.
      const code = refused.every((r) => r.code === refused[0]!.code) ? (refused[0]!.code as Code) : Code.VALIDATION_FAILED;
      throw new ApiError(code, format(BULK_REFUSED[request.locale], { count: refused.length }), { refused });
    }

    await db.transaction().execute(async (trx) => {
      for (const [id, named] of written) {
        // Deleted since it was checked: nothing of the batch stays.
        if (!(await repository.update(id, named, trx))) throw new ApiError(Code.NOT_FOUND);
      }
    });
    return success(request, { updated: written.size });
  };
}
