/**
 * A record's history and the revert of one of its edits (contract/history.ts), for every editable
 * resource unless `history: false`: `<endpoint>/history?id&pageNo&pageSize` lists its audit rows
 * newest first; `<endpoint>/revert {id, auditId, version?}` restores the fields that edit changed,
 * replayed as an edit through the core's own save (validation, unique keys, policies, the record
 * version), so a revert can do nothing an edit by the same caller could not. Hence the caller must
 * also hold the resource's save (1003 otherwise).
 *
 * Restorable are the form's fields, less the save's fixed and server fields, masked personal
 * ones (the log holds no value to restore) and `history.fixed` (a role's switch).
 */
import { z } from 'zod';
import { Code } from '../../../contract';
import { HISTORY_PATHS } from '../../../contract/history';
import { VERSION_FIELD, versionOf } from '../../../contract/recordVersion';
import { decodeTags } from '../../../contract/tags';
import { endpointOf, fixedFieldsOf, hasHistory, historyFixedOf } from '../../../resources/define';
import { ApiError } from '../../errors';
import { success } from '../../http/envelope';
import { apiElementPath } from '../../http/paths';
import { optionalId, requestParams, requiredId } from '../../http/params';
import { EXAMPLE_ID, idParam } from '../../http/routeDoc';
import { historyPage, revertValues, type HistorySubject } from '../../history/recordHistory';
import type { CrudCore, FeatureFactory } from '../feature';

export const history: FeatureFactory = ({ db, grants }, definition) => {
  if (!hasHistory(definition)) return undefined;
  const { entity } = definition;
  const savePath = apiElementPath(`${endpointOf(definition)}/saveOrUpdate`);
  const kept = new Set([...fixedFieldsOf(definition), ...historyFixedOf(definition), ...Object.keys(definition.privacy?.masked ?? {})]);

  function subjectOf(core: CrudCore): HistorySubject {
    const restorable = new Set(definition.form.map((spec) => spec.field).filter((field) => !kept.has(field) && !core.serverFields.has(field)));
    return {
      db,
      table: definition.table,
      restorable,
      // Tags are logged as their stored JSON text; the save takes their array.
      decode: (field, value) => (entity.fields[field]?.rule.kind === 'tags' && typeof value === 'string' ? decodeTags(value) : value),
    };
  }

  async function recordOf(core: CrudCore, id: number) {
    const record = await core.repository.findById(id);
    if (!record) throw new ApiError(Code.NOT_FOUND);
    return record;
  }

  return {
    routes: [
      {
        method: 'GET',
        url: HISTORY_PATHS.history,
        answeredBy: 'record',
        doc: { params: z.object({ id: idParam, pageNo: z.coerce.number().int().positive().optional(), pageSize: z.coerce.number().int().positive().optional() }), example: { id: EXAMPLE_ID }, codes: [Code.NOT_FOUND] },
        async handler(request, core) {
          const params = requestParams(request);
          const record = await recordOf(core, requiredId(params.id, request.locale));
          return success(request, await historyPage(subjectOf(core), record, params, request.locale));
        },
      },
      {
        method: 'POST',
        url: HISTORY_PATHS.revert,
        writes: true,
        answeredBy: 'record',
        doc: {
          params: z.object({ id: idParam, auditId: idParam.describe('the audit row of the edit to revert'), [VERSION_FIELD]: idParam.optional().describe('the record version the history was read at') }),
          example: { id: EXAMPLE_ID, auditId: EXAMPLE_ID },
          codes: [Code.VALIDATION_FAILED, Code.FORBIDDEN, Code.NOT_FOUND, Code.CONFLICT, Code.STALE_VERSION],
        },
        async handler(request, core) {
          const { locale, caller } = request;
          const params = requestParams(request);
          const id = requiredId(params.id, locale);
          const auditId = requiredId(params.auditId, locale, 'auditId');
          const version = optionalId(params[VERSION_FIELD], locale, VERSION_FIELD);
          const record = await recordOf(core, id);
          // A revert is an edit: only for a caller who may edit.
          if (!caller || !grants || !(await grants.canCallApi(caller.userId, savePath, caller.grantsVersion))) throw new ApiError(Code.FORBIDDEN);
          const values = await revertValues(subjectOf(core), record, auditId);
          // As the edit form would send it: the restored fields at the version read (the current one unless told).
          const saved = await core.save(request, { ...values, id, [VERSION_FIELD]: version ?? versionOf(record) });
          return success(request, saved);
        },
      },
    ],
  };
};
