/**
 * Organisation calls under /base/admin, at the paths of contract/paths.ts (SPEC §7 Offices): the tree, one node, saving and
 * deleting nodes (treeWrites.ts), and moving staff in and out with their supervisor flag
 * (memberWrites.ts, under the staff screens' account rule), and the members as .xlsx
 * (memberExport.ts). Each sits behind its API element of
 * the officeMember or office screen (resources/office/screens.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Code, format, officeEntity, officeParentError, ruleMessages, validateEntity, type Locale } from '../../contract';
import { OFFICE_CALLS as O } from '../../contract/paths';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { success } from '../http/envelope';
import { optionalId, requestParams, requiredId, requiredIds } from '../http/params';
import { callerOf } from '../http/requestContext';
import { createStaffList } from '../staff/listQuery';
import { memberExporter } from './memberExport';
import { expectedVersionOf } from '../http/staleVersion';
import { addMembers, removeMembers, setSupervisor } from './memberWrites';
import { officeMessages } from './messages';
import { officeRepository } from './repository';
import { officeTree } from './tree';
import { deleteOffices, saveOffice, type OfficeDraft } from './treeWrites';
import { z } from 'zod';
import { EXAMPLE_ID, idDoc, idParam, idsDoc, idsParam, paramsDoc, wholeSaveDoc, type RouteDoc } from '../http/routeDoc';

/** The node's fields under the contract's rules, or 1001 with the first message per field (the parent rule included). */
function validatedDraft(params: Record<string, unknown>, locale: Locale): OfficeDraft {
  const validation = validateEntity(officeEntity, params, locale);
  const parentError = officeParentError(params, locale);
  if (validation.ok && !parentError) return validation.value;
  const fields = { ...(parentError ? { parentId: parentError } : {}), ...(validation.ok ? {} : validation.fields) };
  throw new ApiError(Code.VALIDATION_FAILED, validation.ok ? parentError : validation.message, { fields });
}

/** `adminFlag`: 1 or 0 ("1" and 1 alike), else 1001. */
function adminFlagOf(value: unknown, locale: Locale): 0 | 1 {
  const label = officeMessages.adminFlagLabel[locale];
  const refuse = (message: string) => new ApiError(Code.VALIDATION_FAILED, message, { fields: { adminFlag: message } });
  if (value === undefined || value === null || value === '') throw refuse(format(ruleMessages.requiredSelect[locale], { label }));
  const text = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
  if (text === '1') return 1;
  if (text === '0') return 0;
  throw refuse(format(ruleMessages.choice[locale], { label }));
}

export function officeRoutes(db: Kysely<Database>) {
  const repo = officeRepository(db);
  const both = ['GET', 'POST'] as const;
  const exportMembers = memberExporter(db, createStaffList(db));

  return async function register(app: FastifyInstance): Promise<void> {
    app.route({ method: [...both], url: O.list, handler: async (request) => success(request, officeTree(await repo.all())) });

    app.get(O.detail, { config: { doc: idDoc } }, async (request) => {
      const node = await repo.findNode(requiredId(requestParams(request).id, request.locale));
      if (!node) throw new ApiError(Code.NOT_FOUND, officeMessages.officeMissing);
      return success(request, node);
    });

    app.post(O.saveOrUpdate, { config: { writes: true, doc: wholeSaveDoc(officeEntity, { id: EXAMPLE_ID, type: 1, name: 'x' }, [Code.FORBIDDEN, Code.CONFLICT]) } }, async (request) => {
      const { locale } = request;
      const params = requestParams(request);
      const id = optionalId(params.id, locale);
      const expectedVersion = expectedVersionOf(params, id, locale);
      return success(request, await saveOffice(db, validatedDraft(params, locale), id, locale, expectedVersion));
    });

    app.route({
      method: [...both],
      url: O.delete,
      config: { writes: true, doc: idsDoc },
      handler: async (request) => {
        const deleted = await deleteOffices(db, callerOf(request), requiredIds(requestParams(request).ids, request.locale));
        if (deleted === undefined) throw new ApiError(Code.NOT_FOUND, officeMessages.officeMissing);
        return success(request, { deleted });
      },
    });

    const memberRoute = (url: string, doc: RouteDoc, handler: (request: FastifyRequest, params: Record<string, unknown>) => Promise<number>) =>
      app.route({ method: [...both], url, config: { writes: true, doc }, handler: async (request) => success(request, { updated: await handler(request, requestParams(request)) }) });

    memberRoute(O.addUser, paramsDoc({ officeId: idParam, ids: idsParam }, { officeId: EXAMPLE_ID, ids: String(EXAMPLE_ID) }, [Code.NOT_FOUND]), (request, params) => {
      const officeId = requiredId(params.officeId, request.locale, 'officeId');
      return addMembers(db, callerOf(request), officeId, requiredIds(params.ids, request.locale), request.locale);
    });
    memberRoute(O.removeUser, idsDoc, (request, params) => removeMembers(db, callerOf(request), requiredIds(params.ids, request.locale), request.locale));
    memberRoute(O.updateAdminFlag, paramsDoc({ ids: idsParam, adminFlag: z.union([z.literal([0, 1]), z.enum(['0', '1'])]) }, { ids: String(EXAMPLE_ID), adminFlag: 1 }, [Code.NOT_FOUND]), (request, params) => {
      const ids = requiredIds(params.ids, request.locale);
      return setSupervisor(db, callerOf(request), ids, adminFlagOf(params.adminFlag, request.locale), request.locale);
    });

    // The chosen node's members as a streamed .xlsx; it writes its own audit row (server/export).
    app.route({ method: [...both], url: O.exportUser, config: { writes: true, unaudited: true, doc: paramsDoc({ officeId: idParam, columns: z.string().optional().describe('column keys, comma separated') }, { officeId: EXAMPLE_ID }, [Code.NOT_FOUND]) }, handler: exportMembers });
  };
}
