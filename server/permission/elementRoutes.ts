/**
 * The element calls under /base/admin/menu: saving a page element (menuType 1) or an API element
 * (menuType 2), a node's children of one type, and the delete.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { apiElementEntity, Code, MAX_PAGE_SIZE, MENU_TYPES, MenuType, pageElementEntity, parsePaging, type Locale, type Paging } from '../../contract';
import { PERMISSION_CALLS as P } from '../../contract/paths';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { success } from '../http/envelope';
import { callerOf } from '../http/requestContext';
import { expectedVersionOf } from '../http/staleVersion';
import { optionalId, requestParams, requiredId, textParam } from '../http/params';
import { permissionRepository } from './repository';
import { deleteHandler, FIXED_FIELD_LABELS, menuTypeOf, validated } from './requests';
import { saveNode, type NodeDraft } from './treeWrites';
import { z } from 'zod';
import { EXAMPLE_ID, idParam, idsDoc, paramsDoc, wholeSaveDoc, type RouteDoc } from '../http/routeDoc';

const ELEMENT_TYPES: readonly MenuType[] = [MenuType.PAGE_ELEMENT, MenuType.API];
const PAGING_PARAMS = ['pageNo', 'pageSize', 'page', 'size', 'limit'];

/** Paged when the caller names a page; otherwise every child (a node has few). */
function pagingOf(params: Record<string, unknown>): Paging {
  return PAGING_PARAMS.some((name) => params[name] !== undefined) ? parsePaging(params) : { page: 1, size: MAX_PAGE_SIZE };
}

function elementDraft(params: Record<string, unknown>, locale: Locale): NodeDraft {
  const menuType = menuTypeOf(params.menuType, ELEMENT_TYPES, locale);
  if (menuType === MenuType.PAGE_ELEMENT) {
    const { appId, parentId, code, name } = validated(pageElementEntity, params, locale);
    return { menuType, appId, parentId, name, code, path: '', url: '', icon: '' };
  }
  const { appId, parentId, code, name, url } = validated(apiElementEntity, params, locale);
  // The code is checked as digits; it is kept as typed, leading zeros included (the rule reads it as a number).
  return { menuType, appId, parentId, name, url, code: textParam(params.code) ?? String(code), path: '', icon: '' };
}

/** A page element (menuType 1) or an API element (menuType 2), each checked by its entity. */
const ELEMENT_SAVE_DOC: RouteDoc = {
  ...wholeSaveDoc(apiElementEntity, { id: EXAMPLE_ID, menuType: MenuType.API, appId: 1, parentId: EXAMPLE_ID, name: 'x', code: '99999', url: '/x' }),
  params: z.union([
    (wholeSaveDoc(pageElementEntity, {}).params as z.ZodObject).extend({ menuType: z.literal(MenuType.PAGE_ELEMENT) }),
    (wholeSaveDoc(apiElementEntity, {}).params as z.ZodObject).extend({ menuType: z.literal(MenuType.API) }),
  ]),
};

export function elementRoutes(db: Kysely<Database>) {
  const repo = permissionRepository(db);

  return async function register(app: FastifyInstance): Promise<void> {
    app.post(P.elementSaveOrUpdate, { config: { writes: true, doc: ELEMENT_SAVE_DOC } }, async (request) => {
      const { locale } = request;
      const params = requestParams(request);
      const id = optionalId(params.id, locale);
      return success(request, await saveNode(db, callerOf(request), elementDraft(params, locale), id, FIXED_FIELD_LABELS, locale, expectedVersionOf(params, id, locale)));
    });

    /** The children of `parentId` (of `menuType` when given), ordered by sort then id. */
    app.route({
      method: ['GET', 'POST'],
      url: P.elementList,
      config: { doc: paramsDoc({ parentId: idParam, menuType: z.union([z.int(), z.string()]).optional().describe('1 page element, 2 API element') }, { parentId: EXAMPLE_ID }, [Code.NOT_FOUND]) },
      handler: async (request) => {
        const { locale } = request;
        const params = requestParams(request);
        const parentId = requiredId(params.parentId, locale, 'parentId');
        const menuType = params.menuType === undefined || params.menuType === '' ? undefined : menuTypeOf(params.menuType, MENU_TYPES, locale);
        const parent = await repo.findNode(parentId);
        if (!parent) throw new ApiError(Code.NOT_FOUND);
        return success(request, await repo.childrenOf(parent, menuType, pagingOf(params)));
      },
    });

    app.route({ method: ['GET', 'POST'], url: P.elementDelete, config: { writes: true, doc: idsDoc }, handler: deleteHandler(db) });
  };
}
