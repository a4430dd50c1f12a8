/**
 * Personal data (`privacy`): the masked fields leave the server masked in every list and detail;
 * `<endpoint>/reveal?id=` answers one record as stored (the guard has checked the reveal grant),
 * recorded in the reveal log before it is answered (../revealLog.ts). The fields in `lookup` may be
 * found by their whole normalised value, never a part (1001): each lookup is recorded before
 * anything is read and, for a caller without the reveal grant, counted against a budget (1009
 * past it); once the page is read the log says what it matched. An export (./exporting.ts) masks
 * them too, unless the caller holds the reveal grant: then it is recorded as one reveal of all its rows.
 */
import { Code, type Locale } from '../../../contract';
import { lookupComparison, lookupError, lookupValue } from '../../../contract/lookup';
import { maskRecord } from '../../../contract/masking';
import { endpointOf, lookupFieldsOf } from '../../../resources/define';
import { DEFAULT_LOOKUP_POLICY } from '../../config';
import { ApiError } from '../../errors';
import { success } from '../../http/envelope';
import { apiElementPath } from '../../http/paths';
import { requestParams, requiredId, textParam } from '../../http/params';
import type { Caller } from '../../http/requestContext';
import { declaredNamed, type FeatureFactory } from '../feature';
import { createRevealLog } from '../revealLog';
import { idDoc } from '../../http/routeDoc';

export const privacy: FeatureFactory = ({ db, definitions, grants, lookupPolicy = DEFAULT_LOOKUP_POLICY, repository }, definition) => {
  const spec = definition.privacy;
  if (!spec) return undefined;
  const { entity } = definition;
  const revealLog = createRevealLog(db, definition, declaredNamed(definitions, spec.log.resource, definition.name), spec.log, lookupPolicy);
  const lookupFields = lookupFieldsOf(definition);
  const revealPath = apiElementPath(`${endpointOf(definition)}/reveal`);

  /** Whether the caller holds this resource's reveal call (then lookups tell them nothing new). */
  async function mayReveal(caller: Caller | null): Promise<boolean> {
    return caller !== null && grants !== undefined && (await grants.canCallApi(caller.userId, revealPath, caller.grantsVersion));
  }

  /** The whole-value lookups the request asks for, normalised; a part of a value is refused (1001). */
  function lookupsOf(params: Readonly<Record<string, unknown>>, locale: Locale) {
    return lookupFields.flatMap(({ field, kind }) => {
      const typed = textParam(params[field]);
      if (typed === undefined) return [];
      const error = lookupError(kind, typed, entity.fields[field]!.label, locale);
      if (error !== undefined) throw new ApiError(Code.VALIDATION_FAILED, error, { fields: { [field]: error } });
      const value = lookupValue(kind, typed)!;
      return [{ field, comparison: lookupComparison(value), value }];
    });
  }

  return {
    async list(_db, params, { caller, locale }) {
      const lookups = lookupsOf(params, locale);
      if (lookups.length === 0) return undefined;
      // Recorded (and, without the reveal grant, counted against the budget) before anything is read.
      const logged = await revealLog.lookup(
        caller,
        lookups.map((l) => l.field),
        !(await mayReveal(caller)),
      );
      return { lookups, settle: (page) => revealLog.settle(logged, page) };
    },

    present: async (_db, rows, { isRevealed }) => (isRevealed ? [...rows] : rows.map((row) => maskRecord(row, spec.masked))),

    // A holder of the reveal grant exports the data as stored; the export is recorded as a reveal.
    async exportAccess({ caller }) {
      if (!(await mayReveal(caller))) return { isRevealed: false };
      return { isRevealed: true, settle: (rows) => revealLog.exported(caller, rows) };
    },

    routes: [
      {
        method: ['GET', 'POST'],
        url: '/reveal',
        doc: idDoc,
        writes: true,
        unaudited: true,
        answeredBy: 'master',
        async handler(request, core) {
          const record = await repository.findById(requiredId(requestParams(request).id, request.locale));
          if (!record) throw new ApiError(Code.NOT_FOUND);
          await revealLog.reveal(request.caller, record);
          return success(request, core.shapeRecord(record));
        },
      },
    ],
  };
};
